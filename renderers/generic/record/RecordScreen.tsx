// The record view of a generic screen: a thin view over useRecordScreen. A record the user may change is an
// rjsf form (RecordForm, its own lazy chunk with @rjsf, and the form's compiled validator); one they may
// only read is a list of facts drawn with the list cells, with the get answer's related lists under it.
import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { ValidatorType } from '@rjsf/utils';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../../src/app/router/hooks';
import { loadChunk } from '../../../src/app/router/chunk';
import { labelOf, valueAt, type JsonSchema, type RelatedList, type ResolvedScreen } from '../../../src/domain/screen';
import { ConfirmDialog, Notice, TableRegion, useChosenColumns } from '../../../src/app/ui';
import { cellFor, fieldText } from '../cells';
import { TRANSLATIONS_FIELD } from '../../../src/domain/catalogue-text';
import { useScreenLinks } from '../context';
import { useRecordScreen, type RecordController, type Revealed } from './useRecordScreen';
import type { RecordFormProps } from './RecordForm';
import { formValidatorOf, loadedFormValidator } from './validator';
import '../generic.css';
import { useAppStore } from '../../../src/app/store';
import '../strings';

export interface RecordScreenProps {
  screen: ResolvedScreen;
  params: Record<string, string | undefined>;
  title: string;
  recordId?: string;
}

let loadedForm: ComponentType<RecordFormProps> | undefined;

type LoadedForm = { Form: ComponentType<RecordFormProps>; validator: ValidatorType };

/** The form and the schema's validator when both are loaded already. */
function readyForm(schema: JsonSchema | undefined): LoadedForm | undefined {
  const validator = schema && loadedFormValidator(schema);
  return loadedForm && validator ? { Form: loadedForm, validator } : undefined;
}

/** The form's chunk and the form schema's compiled validator, loaded together. */
function useRecordForm(schema: JsonSchema | undefined) {
  const [form, setForm] = useState<LoadedForm | undefined>(() => readyForm(schema));
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    setForm(readyForm(schema));
    setError(null);
    if (!schema || readyForm(schema)) return;
    let live = true;
    Promise.all([loadedForm ?? loadChunk(() => import('./RecordForm')).then((m) => (loadedForm = m.default)), formValidatorOf(schema)]).then(
      ([Form, validator]) => live && setForm({ Form, validator }),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [schema]);
  return { form, error };
}

export default function RecordScreen({ screen, params, recordId }: RecordScreenProps) {
  const record = useRecordScreen(screen, params, recordId);
  const { t } = useTranslation();
  const editable = record.canSave && Boolean(record.formSchema);
  const { form, error: formError } = useRecordForm(editable ? record.formSchema : undefined);

  let body: ReactNode;
  if (!record.canRead || (record.mode === 'new' && !record.canSave)) body = <Notice>{record.mode === 'new' ? t('screen.cannotCreate') : t('screen.cannotRead')}</Notice>;
  else if (record.loading) body = <p role="status">{t('app.loading')}</p>;
  else if (record.loadError)
    body = (
      <Notice>
        {errorText(record.loadError, t)}{' '}
        <button type="button" className="button button--secondary button--small" onClick={record.reload}>
          {t('screen.retry')}
        </button>
      </Notice>
    );
  else if (editable && form) body = <form.Form record={record} validator={form.validator} />;
  else if (editable && formError) body = <Notice>{t('screen.loadFailed')}</Notice>;
  else if (editable) body = <p role="status">{t('app.loading')}</p>;
  else body = <Facts record={record} />;

  return (
    <div className="screen screen--record">
      {record.listLink && (
        <p className="screen__back">
          <Link to={record.listLink}>{t('screen.backToList')}</Link>
        </p>
      )}
      <h2 className="screen__heading">{record.heading}</h2>
      {record.outcome && (
        <Notice kind={record.outcome.kind}>
          {record.outcome.text}
          {record.outcome.conflict && (
            <>
              {' '}
              <button type="button" className="button button--secondary button--small" onClick={record.loadLatest}>
                {t('screen.loadLatest')}
              </button>
            </>
          )}
          {record.outcome.details?.length ? (
            <ul>
              {record.outcome.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          ) : null}
        </Notice>
      )}
      {record.revealed.map((r) => (
        <RevealOnce key={r.field} item={r} onDone={() => record.hideRevealed(r.field)} />
      ))}
      {body}
      {record.answer && !record.loading && (screen.record?.related ?? []).map((rel) => <Related key={rel.items} screen={screen} related={rel} answer={record.answer!} />)}
      <LeaveGuard record={record} />
    </div>
  );
}

function errorText(e: unknown, t: (k: string) => string) {
  return e && typeof e === 'object' && 'status_message' in e ? String((e as { status_message: string }).status_message) : t('common.unexpected');
}

/** A secret of the save answer (reveal_once), this once: a copy button, a warning, and "I have saved it" to hide it. */
function RevealOnce({ item, onDone }: { item: Revealed; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);
  const ref = useRef<HTMLElement>(null);
  const id = useId();
  useEffect(() => ref.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(item.value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="section screen__reveal" aria-labelledby={id} ref={ref} tabIndex={-1}>
      <h3 id={id}>{item.label}</h3>
      <Notice kind="info">{t('screen.revealWarning')}</Notice>
      <div className="secret">
        <code>{item.value}</code>
        <button type="button" className="button" onClick={() => void copy()}>
          {t('screen.revealCopy')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('screen.revealDone')}
        </button>
      </div>
      <p role="status">{copied === null ? '' : copied ? t('screen.revealCopied') : t('screen.revealCopyFailed')}</p>
    </section>
  );
}

/** Asks before leaving a form with unsaved changes. */
function LeaveGuard({ record }: { record: RecordController }) {
  const { t } = useTranslation();
  if (record.blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog title={t('screen.unsavedTitle')} confirmLabel={t('screen.leave')} onCancel={() => record.blocker.reset?.()} onConfirm={() => record.blocker.proceed?.()}>
      <p>{t('screen.unsavedText')}</p>
    </ConfirmDialog>
  );
}

/** A record the user may only read: its fields as a definition list. */
function Facts({ record }: { record: RecordController }) {
  const { t } = useTranslation();
  const currency = useAppStore((s) => s.currency.type);
  const lang = useActiveLabel();
  const screen = record.screen;
  const rec = record.record;
  if (!rec) return <Notice kind="info">{t('screen.noRecord')}</Notice>;
  const props = screen.entity_schema.properties ?? {};
  const order = screen.record?.order?.length ? screen.record.order : Object.keys(props);
  // A record's translations are not a fact of their own: each field shows its text in the reader's language.
  const shown = order.filter((k) => k !== TRANSLATIONS_FIELD && props[k] && !props[k].writeOnly && !props[k]['x-secret'] && rec[k] !== undefined && rec[k] !== null && rec[k] !== '');
  return (
    <>
      {record.mode === 'edit' && screen.routes.edit && <p className="field__hint">{t('screen.readOnly')}</p>}
      <dl className="facts">
        {shown.map((k) => {
          const cell = cellFor(props[k], k, screen.entity_schema);
          return (
            <div key={k} className="facts__row">
              <dt>{labelOf(props[k]['x-label'], lang, k)}</dt>
              <dd>{fieldText(cell, rec, k, props[k], { lang, t, currency })}</dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}

/** An array of the get answer (a bundle's products...) as a read-only table whose rows open their record. */
function Related({ screen, related, answer }: { screen: ResolvedScreen; related: RelatedList; answer: Record<string, unknown> }) {
  const { t } = useTranslation();
  const currency = useAppStore((s) => s.currency.type);
  const lang = useActiveLabel();
  const links = useScreenLinks();
  const rows = (valueAt(answer, related.items) as Record<string, unknown>[] | undefined) ?? [];
  const entity: JsonSchema = screen.related_schemas[related.entity] ?? {};
  const props = entity.properties ?? {};
  const title = labelOf(related.title, lang);
  const columns = related.columns.map((c, i) => ({
    field: c.field,
    label: labelOf(c.label ?? props[c.field]?.['x-label'], lang, c.field),
    schema: props[c.field],
    cell: cellFor(props[c.field], c.field, entity, c.cell),
    // The first column names the row and never gives way.
    priority: i === 0 ? (1 as const) : (c.priority ?? 2),
  }));
  const region = useRef<HTMLElement>(null);
  const { shown, chooser } = useChosenColumns(region, columns, fieldOf, labelOfColumn, rows);
  const id = `related-${related.items}`;
  return (
    <section className="screen__related" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {rows.length === 0 ? (
        <p>{t('screen.empty')}</p>
      ) : (
        <>
          <div className="table-tools">{chooser}</div>
          <TableRegion label={title} ref={region}>
            <table className="table" aria-labelledby={id}>
              <thead>
                <tr>
                  {shown.map((c) => (
                    <th key={c.field} scope="col">
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const href = related.open ? links(related.open, row) : null;
                  const [first, ...rest] = shown;
                  const text = fieldText(first.cell, row, first.field, first.schema, { lang, t, currency });
                  return (
                    // Read-only records that each carry their own id: the content names the row.
                    <tr key={JSON.stringify(row)}>
                      <th scope="row">{href ? <Link to={href}>{text}</Link> : text}</th>
                      {rest.map((c) => (
                        <td key={c.field}>{fieldText(c.cell, row, c.field, c.schema, { lang, t, currency })}</td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableRegion>
        </>
      )}
    </section>
  );
}

const fieldOf = (c: { field: string }) => c.field;
const labelOfColumn = (c: { label: string }) => c.label;
