// One parameter's field, by type: native selects, radio buttons and check boxes in fieldsets, a list box, text
// boxes, number boxes that keep what is typed, dates by their date type, a chart's points, and the nested
// fieldsets of object and list parameters. Each control carries its label, its messages (aria-describedby,
// aria-invalid) and the required mark; problems show under the field once it is left.
import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import type { DataModelParameter } from '../../src/generated/types/entities';
import type { DocPath } from '../../src/domain/data-model/document';
import { dateTypeOf, type ChartPoint, type RecordValues } from '../../src/domain/data-model/record';
import type { Lang } from '../../src/domain/language';
import { DateInput } from '../../src/app/ui';
import { useForm, type FieldMessage } from './context';
import { ChartField } from './ChartField';
import { labelOf, numberText, optionLabel, parseNumber, pathKey, unitText } from './values';

/** The parameters of a list (a group's, an object's, a list row's) that are shown for these values. */
export function ParameterList({ list, path, row }: { list: readonly DataModelParameter[]; path: DocPath; row?: RecordValues }) {
  const { compiled, values } = useForm();
  return (
    <div className="record-form__fields">
      {list
        .filter((p) => compiled.shown(p.code, values, row))
        .map((p) => (
          <ParameterField key={p.code} parameter={p} path={[...path, p.code]} row={row} />
        ))}
    </div>
  );
}

const WIDE = new Set(['textarea', 'sentence', 'checkbox', 'radiogroup', 'object', 'list', 'chart']);

export function ParameterField({ parameter: p, path, row }: { parameter: DataModelParameter; path: DocPath; row?: RecordValues }) {
  const form = useForm();
  const value = valueAt(form.values, path);
  switch (p.type) {
    case 'object':
      return <ObjectField parameter={p} path={path} row={row} />;
    case 'list':
      return <ListField parameter={p} path={path} value={value} />;
    case 'chart':
      return <ChartField parameter={p} path={path} value={value as ChartPoint[] | undefined} />;
    default:
      return <SimpleField parameter={p} path={path} value={value} />;
  }
}

/** The value at a path of the record. */
export function valueAt(values: RecordValues, path: DocPath): unknown {
  let v: unknown = values;
  for (const k of path) v = v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined;
  return v;
}

/** Ids of a field's messages and the attributes its controls carry. */
export function useFieldIds(path: DocPath, messages: FieldMessage[], extra: (string | undefined)[] = []) {
  const { idOf } = useForm();
  const id = idOf(path);
  const errors = messages.filter((m) => m.severity === 'error');
  const warnings = messages.filter((m) => m.severity === 'warning');
  const errorId = `${id}-error`;
  const warningId = `${id}-warning`;
  const describedBy = [...extra, errors.length ? errorId : undefined, warnings.length ? warningId : undefined].filter(Boolean).join(' ') || undefined;
  return { id, errors, warnings, errorId, warningId, describedBy, invalid: errors.length > 0 || undefined };
}

export function Messages({ errors, warnings, errorId, warningId }: { errors: FieldMessage[]; warnings: FieldMessage[]; errorId: string; warningId: string }) {
  const { t } = useForm();
  return (
    <>
      {errors.length > 0 && (
        <p id={errorId} className="field__error">
          {errors.map((m) => m.text).join(' ')}
        </p>
      )}
      {warnings.length > 0 && (
        <p id={warningId} className="field__warning">
          <strong>{t('recording.warning')}</strong> {warnings.map((m) => m.text).join(' ')}
        </p>
      )}
    </>
  );
}

export const RequiredMark = ({ required }: { required?: boolean }) =>
  required ? (
    <span className="field__required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;

/** Leaving the whole field (not moving between its own controls) marks it touched. */
export function useLeave(path: DocPath) {
  const { touch } = useForm();
  return (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) touch(path);
  };
}

/** The limits of a number or a date, said before anything is typed. */
function hintOf(p: DataModelParameter, t: ReturnType<typeof useForm>['t'], lang: Lang): string | undefined {
  const parts: string[] = [];
  if (p.type === 'integer' || p.type === 'float') {
    const n = (x: number) => numberText(x, lang);
    if (p.min_limit !== undefined && p.max_limit !== undefined) parts.push(t('recording.between', { min: n(p.min_limit), max: n(p.max_limit) }));
    else if (p.min_limit !== undefined) parts.push(t('recording.atLeast', { min: n(p.min_limit) }));
    else if (p.max_limit !== undefined) parts.push(t('recording.atMost', { max: n(p.max_limit) }));
    if (p.type === 'integer') parts.push(t('recording.wholeNumber'));
    else if (p.max_decimal !== undefined) parts.push(t('recording.decimals', { count: p.max_decimal }));
    const text = parts.join(', ');
    return text ? text.charAt(0).toLocaleUpperCase(lang) + text.slice(1) : undefined;
  }
  if (p.type === 'date') {
    if (p.permitted_date_range === 'today_and_before') return t('recording.todayOrBefore');
    if (p.permitted_date_range === 'today_and_after') return t('recording.todayOrAfter');
  }
  return undefined;
}

/** A field of one value: label (or legend), control, hint, counter, unit and messages. */
function SimpleField({ parameter: p, path, value }: { parameter: DataModelParameter; path: DocPath; value: unknown }) {
  const form = useForm();
  const { t, lang, readOnly } = form;
  const messages = form.messagesAt(path);
  const label = labelOf(p, lang);
  const unit = p.type === 'integer' || p.type === 'float' ? unitText(p) : undefined;
  const hint = hintOf(p, t, lang);
  const counted = (p.type === 'textarea' || p.type === 'sentence') && p.max_length !== undefined;
  const baseId = form.idOf(path);
  const hintId = hint ? `${baseId}-hint` : undefined;
  const unitId = unit ? `${baseId}-unit` : undefined;
  const counterId = counted ? `${baseId}-count` : undefined;
  const ids = useFieldIds(path, messages, [hintId, unitId, counterId]);
  const leave = useLeave(path);
  const set = (v: unknown) => form.set(path, v);
  const common = {
    id: ids.id,
    'aria-invalid': ids.invalid,
    'aria-describedby': ids.describedBy,
    'aria-required': p.required || undefined,
  };
  const options = p.option_list ?? [];
  const grouped = p.type === 'radiogroup' || p.type === 'checkbox';
  const wide = WIDE.has(p.type) || (grouped && options.length > 3);

  let control: ReactNode;
  switch (p.type) {
    case 'select':
      control = (
        <select {...common} className="field__input" value={typeof value === 'string' ? value : ''} disabled={readOnly} onChange={(e) => set(e.target.value || undefined)}>
          <option value="">{t('recording.choose')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {optionLabel(o, lang)}
            </option>
          ))}
        </select>
      );
      break;
    case 'listbox':
      control = (
        <select
          {...common}
          className="field__input dm-listbox"
          size={Math.max(2, Math.min(options.length, 6))}
          value={typeof value === 'string' ? value : ''}
          disabled={readOnly}
          onChange={(e) => set(e.target.value || undefined)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {optionLabel(o, lang)}
            </option>
          ))}
        </select>
      );
      break;
    case 'radiogroup':
    case 'checkbox': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      control = (
        <div className="record-form__choices dm-choices">
          {options.map((o, i) => {
            const optionId = i === 0 ? ids.id : `${ids.id}-${i}`;
            const checked = p.type === 'radiogroup' ? value === o.value : chosen.includes(o.value);
            return (
              <label key={o.value} className="record-form__choice dm-choice" htmlFor={optionId}>
                <input
                  id={optionId}
                  type={p.type === 'radiogroup' ? 'radio' : 'checkbox'}
                  name={`${ids.id}-choice`}
                  value={o.value}
                  checked={checked}
                  disabled={readOnly}
                  required={p.type === 'radiogroup' && p.required ? true : undefined}
                  aria-invalid={ids.invalid}
                  aria-describedby={ids.describedBy}
                  onChange={(e) => {
                    if (p.type === 'radiogroup') set(o.value);
                    else {
                      const next = e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value);
                      // In the options' order, as the check-box list reads.
                      set(next.length ? options.map((x) => x.value).filter((v) => next.includes(v)) : undefined);
                    }
                  }}
                />
                <span>{optionLabel(o, lang)}</span>
              </label>
            );
          })}
        </div>
      );
      break;
    }
    case 'textarea':
    case 'sentence':
      control = (
        <textarea
          {...common}
          className="field__input"
          rows={p.type === 'sentence' ? 2 : 4}
          readOnly={readOnly}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => set(e.target.value || undefined)}
        />
      );
      break;
    case 'integer':
    case 'float':
      control = <NumberBox common={common} integer={p.type === 'integer'} value={value} lang={lang} readOnly={readOnly} onValue={set} />;
      break;
    case 'date':
      control = <DateField common={common} parameter={p} value={value} lang={lang} onValue={set} />;
      break;
    default: {
      // text and anatomy (with its options offered as suggestions)
      const listId = p.type === 'anatomy' && options.length ? `${ids.id}-list` : undefined;
      control = (
        <>
          <input
            {...common}
            type="text"
            className="field__input"
            readOnly={readOnly}
            list={listId}
            autoComplete="off"
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => set(e.target.value || undefined)}
          />
          {listId && (
            <datalist id={listId}>
              {options.map((o) => (
                <option key={o.value} value={optionLabel(o, lang)} />
              ))}
            </datalist>
          )}
        </>
      );
    }
  }

  const length = typeof value === 'string' ? [...value].length : 0;
  const body = (
    <>
      {unit ? (
        <div className="dm-with-unit">
          {control}
          <span id={unitId} className="dm-unit">
            {unit}
          </span>
        </div>
      ) : (
        control
      )}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {counted && (
        <p id={counterId} className={`field__hint dm-counter${length > p.max_length! ? ' dm-counter--over' : ''}`}>
          {t('recording.characters', { count: length, max: p.max_length })}
        </p>
      )}
      <Messages errors={ids.errors} warnings={ids.warnings} errorId={ids.errorId} warningId={ids.warningId} />
    </>
  );

  if (grouped)
    return (
      <fieldset
        className={`fieldset field dm-field${wide ? ' field--full' : ''}`}
        onBlur={leave}
        data-path={pathKey(path)}
      >
        <legend className="field__label">
          {label}
          <RequiredMark required={p.required} />
        </legend>
        {body}
      </fieldset>
    );
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the focus leaving the field's own controls (a date and its time are one field), not an interaction of the box
    <div className={`field dm-field${wide ? ' field--full' : ''}`} onBlur={leave} data-path={pathKey(path)}>
      <label htmlFor={ids.id} className="field__label">
        {label}
        <RequiredMark required={p.required} />
      </label>
      {body}
    </div>
  );
}

type Common = { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; 'aria-required'?: boolean };

/**
 * A number typed as text: what is typed stays in the box ("12." while the decimals follow; "72,5" with a Turkish
 * comma) and the record gets the number it reads as, or the text when it reads as none (the check says so).
 */
export function NumberBox({
  common,
  integer,
  value,
  lang,
  readOnly,
  onValue,
  className = 'field__input',
}: {
  common: Common;
  integer: boolean;
  value: unknown;
  lang: Lang;
  readOnly: boolean;
  onValue: (v: unknown) => void;
  className?: string;
}) {
  const [text, setText] = useState(() => numberText(value, lang));
  const sent = useRef<unknown>(value);
  // A value set from outside (a loaded record, a removed row) is shown anew; our own echo is not.
  useEffect(() => {
    if (value !== sent.current) setText(numberText(value, lang));
    sent.current = value;
  }, [value, lang]);
  return (
    <input
      {...common}
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      className={className}
      readOnly={readOnly}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const next = parseNumber(e.target.value);
        sent.current = next;
        onValue(next);
      }}
    />
  );
}

/** Today in UTC as YYYY-MM-DD (the check's "today"). */
const todayIso = () => new Date().toISOString().slice(0, 10);

/** A date by its date type: a year as four digits, a month as the browser's month field, a day as the page's date box, a day and time as both. */
function DateField({ common, parameter: p, value, lang, onValue }: { common: Common; parameter: DataModelParameter; value: unknown; lang: Lang; onValue: (v: unknown) => void }) {
  const { readOnly, t } = useForm();
  const text = typeof value === 'string' ? value : '';
  const type = dateTypeOf(p);
  const today = todayIso();
  const range = p.permitted_date_range;
  const bound = (slice: number) => ({
    min: range === 'today_and_after' ? today.slice(0, slice) : undefined,
    max: range === 'today_and_before' ? today.slice(0, slice) : undefined,
  });
  const put = (v: string) => onValue(v.trim() ? v : undefined);
  switch (type) {
    case 'year':
      return (
        <input
          {...common}
          type="text"
          inputMode="numeric"
          maxLength={4}
          placeholder={t('recording.yearHint')}
          autoComplete="off"
          className="field__input dm-year"
          readOnly={readOnly}
          value={text}
          onChange={(e) => put(e.target.value.trim())}
        />
      );
    case 'year_month':
      return <input {...common} type="month" {...bound(7)} className="field__input dm-month" readOnly={readOnly} value={text} onChange={(e) => put(e.target.value)} />;
    case 'datetime': {
      const [day = '', time = ''] = text.split('T');
      const join = (d: string, tm: string) => put(d || tm ? `${d}${tm ? `T${tm}` : ''}` : '');
      return (
        <div className="dm-datetime">
          <DateInput {...common} dateLang={lang} className="field__input dm-date" readOnly={readOnly} value={day} onValue={(d) => join(d, time)} />
          <input
            type="time"
            id={`${common.id}-time`}
            aria-label={t('recording.time')}
            aria-invalid={common['aria-invalid']}
            aria-describedby={common['aria-describedby']}
            className="field__input dm-time"
            readOnly={readOnly}
            value={time}
            onChange={(e) => join(day, e.target.value)}
          />
        </div>
      );
    }
    default:
      return <DateInput {...common} dateLang={lang} className="field__input dm-date" readOnly={readOnly} value={text} onValue={put} />;
  }
}

/** An object: its sub-parameters in a fieldset of their own. */
function ObjectField({ parameter: p, path, row }: { parameter: DataModelParameter; path: DocPath; row?: RecordValues }) {
  const form = useForm();
  const ids = useFieldIds(path, form.messagesAt(path));
  return (
    <fieldset className="fieldset field--full record-form__group dm-object" id={ids.id} aria-describedby={ids.describedBy} data-path={pathKey(path)}>
      <legend className="field__label">
        {labelOf(p, form.lang)}
        <RequiredMark required={p.required} />
      </legend>
      <Messages errors={ids.errors} warnings={ids.warnings} errorId={ids.errorId} warningId={ids.warningId} />
      <ParameterList list={p.parameter_list ?? []} path={path} row={row} />
    </fieldset>
  );
}

/** Stable keys for rows that are added and removed here (a row's own boxes keep what they hold). */
function useRowKeys(length: number) {
  const keys = useRef<number[]>([]);
  const next = useRef(0);
  while (keys.current.length < length) keys.current.push(next.current++);
  if (keys.current.length > length) keys.current.length = length;
  return {
    keys: keys.current,
    removed: (i: number) => keys.current.splice(i, 1),
  };
}

/** A list: one row of its sub-parameters per entry, rows added and removed with buttons. */
function ListField({ parameter: p, path, value }: { parameter: DataModelParameter; path: DocPath; value: unknown }) {
  const form = useForm();
  const { t, lang, readOnly } = form;
  const rows = Array.isArray(value) ? (value as RecordValues[]) : [];
  const { keys, removed } = useRowKeys(rows.length);
  const ids = useFieldIds(path, form.messagesAt(path));
  const label = labelOf(p, lang);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    if (focusRow.current === null) return;
    const at = focusRow.current;
    focusRow.current = null;
    document.getElementById(`${ids.id}-row-${at}`)?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  });
  return (
    <fieldset className="fieldset field--full record-form__array dm-list" id={ids.id} aria-describedby={ids.describedBy} data-path={pathKey(path)}>
      <legend className="field__label">
        {label}
        <RequiredMark required={p.required} />
      </legend>
      <Messages errors={ids.errors} warnings={ids.warnings} errorId={ids.errorId} warningId={ids.warningId} />
      {rows.length === 0 && <p className="field__hint">{t('recording.noRows')}</p>}
      {rows.map((row, i) => (
        <fieldset key={keys[i]} id={`${ids.id}-row-${i}`} className="fieldset dm-row" aria-label={`${label}: ${t('recording.row', { n: i + 1 })}`}>
          <div className="dm-row__head">
            <span className="dm-row__title">{t('recording.row', { n: i + 1 })}</span>
            {!readOnly && (
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={t('recording.removeRow', { n: i + 1 })}
                onClick={() => {
                  removed(i);
                  const next = rows.filter((_, j) => j !== i);
                  form.set(path, next.length ? next : undefined);
                  addRef.current?.focus();
                }}
              >
                {t('recording.removeRowShort')}
              </button>
            )}
          </div>
          <ParameterList list={p.parameter_list ?? []} path={[...path, i]} row={row && typeof row === 'object' ? row : {}} />
        </fieldset>
      ))}
      {!readOnly && (
        <div>
          <button
            ref={addRef}
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              focusRow.current = rows.length;
              form.set(path, [...rows, {}]);
            }}
          >
            {t('recording.addRow')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
