// The list view of a generic screen: a thin view over useListScreen. One server page is rendered at a time
// (a table of plain text cells, no form library), so 10,000 matching records cost what 20 do; a tree list
// indents each record under its parent and offers to move it up or down among its siblings.
import { memo, useCallback, useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../../src/app/router/hooks';
import { labelOf, type JsonSchema, type ResolvedScreen, type ScreenAction } from '../../../src/domain/screen';
import { fieldErrors, type Lang } from '../../../src/domain/validation-messages';
import { ConfirmDialog, focusFirstInvalid, Notice, Pagination, SelectField, TableRegion, TextField } from '../../../src/app/ui';
import { enumLabel } from '../cells';
import { useListScreen, type Column, type ListController, type Row } from './useListScreen';
import '../generic.css';
import '../strings';

export interface ListScreenProps {
  screen: ResolvedScreen;
  params: Record<string, string | undefined>;
  /** The page's heading, which also names the table. */
  title: string;
}

export default function ListScreen({ screen, params, title }: ListScreenProps) {
  const list = useListScreen(screen, params);
  const { t } = useTranslation();
  const [pending, setPending] = useState<{ action: ScreenAction; rows: Row[] } | null>(null);
  const { runAction } = list;
  const ask = useCallback(
    (action: ScreenAction, rows: Row[]) => {
      if (action.confirm) setPending({ action, rows });
      else void runAction(action, rows);
    },
    [runAction],
  );
  const lang = useActiveLabel();
  const busyId = useId();

  return (
    <div className="screen screen--list">
      <Toolbar list={list} />
      {(list.screen.list?.search || list.filterSchemas.length > 0) && <Filters list={list} />}
      {list.outcome && (
        <Notice kind={list.outcome.kind}>
          {list.outcome.text}
        </Notice>
      )}
      {list.error ? (
        <Notice>
          <span>{errorMessage(list.error, t)}</span>{' '}
          <button type="button" className="button button--secondary button--small" onClick={list.reload}>
            {t('screen.retry')}
          </button>
        </Notice>
      ) : null}
      <p role="status" id={busyId} className="screen__status">
        {list.loading ? t('app.loading') : list.loaded ? t('common.found', { count: list.total }) : ''}
      </p>
      {list.selected.size > 0 && <BulkBar list={list} onRun={ask} />}
      {list.loaded && list.total === 0 && !list.loading && !list.error ? (
        <div className="screen__empty">
          <p>{list.filtered ? t('screen.emptyFiltered') : t('screen.empty')}</p>
          {list.filtered && (
            <button type="button" className="button button--secondary" onClick={list.clearFilters}>
              {t('common.reset')}
            </button>
          )}
        </div>
      ) : null}
      {list.rows.length > 0 && (
        <TableRegion label={title}>
          <table className="table screen__table" aria-label={title} aria-busy={list.loading || undefined} aria-describedby={busyId}>
            <thead>
              <tr>
                {list.bulkActions.length > 0 && (
                  <th scope="col" className="screen__select">
                    <input type="checkbox" aria-label={t('screen.selectAll')} checked={list.pageSelected} onChange={list.togglePage} />
                  </th>
                )}
                {list.visibleColumns.map((c) => (
                  <HeaderCell key={c.field} column={c} sort={list.query.sort} onSort={list.toggleSort} />
                ))}
                {list.hasRowActions && <th scope="col">{t('common.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <ListRow
                  key={list.idOf(row) || JSON.stringify(row)}
                  row={row}
                  keyField={list.screen.key}
                  columns={list.visibleColumns}
                  selectable={list.bulkActions.length > 0}
                  selected={list.selected.has(list.idOf(row))}
                  busy={list.running !== null}
                  lang={lang}
                  depth={list.depthOf(row)}
                  moves={list.canReorder ? { up: list.canMove(row, -1), down: list.canMove(row, 1) } : null}
                  onMove={list.move}
                  recordLink={list.recordLink}
                  cellText={list.cellText}
                  actionsFor={list.hasRowActions ? list.actionsFor : null}
                  toggleRow={list.toggleRow}
                  onRun={ask}
                />
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {list.paged && list.total > 0 && (
        <div className="screen__paging">
          {list.pageCount > 1 && <Pagination page={list.query.page} pageSize={list.query.pageSize} total={list.total} onPage={list.setPage} label={t('screen.pages', { title })} />}
          <SelectField
            label={t('screen.pageSize')}
            name="page_size"
            value={String(list.query.pageSize)}
            onValue={(v) => list.setPageSize(Number(v))}
            options={list.pageSizes.map((n) => ({ value: String(n), label: String(n) }))}
          />
        </div>
      )}
      {pending && (
        <ConfirmDialog
          title={labelOf(pending.action.label, lang)}
          confirmLabel={labelOf(pending.action.label, lang)}
          busy={list.running !== null}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            const { action, rows } = pending;
            setPending(null);
            void list.runAction(action, rows);
          }}
        >
          <p>{list.actionText(pending.action.confirm, pending.rows.length === 1 ? pending.rows[0] : undefined)}</p>
          {pending.rows.length > 1 && <p>{t('screen.selected', { count: pending.rows.length })}</p>}
        </ConfirmDialog>
      )}
    </div>
  );
}

function errorMessage(e: unknown, t: (k: string) => string): string {
  return e && typeof e === 'object' && 'status_message' in e ? String((e as { status_message: string }).status_message) : t('common.unexpected');
}

function Toolbar({ list }: { list: ListController }) {
  const { t } = useTranslation();
  return (
    <div className="screen__toolbar">
      {list.newLink && (
        <Link className="button" to={list.newLink}>
          {t('screen.new')}
        </Link>
      )}
      {list.exports.includes('csv') && (
        <button type="button" className="button button--secondary" disabled={list.exporting !== null || list.total === 0} onClick={() => void list.exportAs('csv')}>
          {list.exporting === 'csv' ? t('screen.exporting') : t('screen.exportCsv')}
        </button>
      )}
      {list.exports.includes('excel') && (
        <button type="button" className="button button--secondary" disabled={list.exporting !== null || list.total === 0} onClick={() => void list.exportAs('excel')}>
          {list.exporting === 'excel' ? t('screen.exporting') : t('screen.exportExcel')}
        </button>
      )}
      <ColumnChooser list={list} />
    </div>
  );
}

function ColumnChooser({ list }: { list: ListController }) {
  const { t } = useTranslation();
  const visible = new Set(list.visibleColumns.map((c) => c.field));
  return (
    <details className="screen__columns">
      <summary className="button button--secondary">{t('screen.columns')}</summary>
      <fieldset className="fieldset screen__columns-list">
        <legend>{t('screen.columnsLegend')}</legend>
        {list.columns.map((c) => (
          <label key={c.field} className="screen__column-choice">
            <input type="checkbox" checked={visible.has(c.field)} disabled={visible.has(c.field) && visible.size === 1} onChange={() => list.toggleColumn(c.field)} /> {c.label}
          </label>
        ))}
        <button type="button" className="button button--secondary button--small" onClick={list.resetColumns}>
          {t('screen.columnsReset')}
        </button>
      </fieldset>
    </details>
  );
}

function filterOptions(schema: JsonSchema | undefined, lang: 'tr' | 'en', t: (k: string) => string) {
  if (Array.isArray(schema?.enum)) return schema.enum.map((v) => ({ value: String(v), label: enumLabel(schema, v, lang) }));
  if (schema?.type === 'boolean')
    return [
      { value: 'true', label: t('common.yes') },
      { value: 'false', label: t('common.no') },
    ];
  return null;
}

/** Why a filter's text breaks its route input's schema (type, bounds, pattern, length), in the language; null when it fits. */
export function filterProblem(schema: JsonSchema | undefined, value: string, lang: Lang): string | null {
  if (!schema || !value) return null;
  const problem = (keyword: string, params: Record<string, unknown>) => fieldErrors([{ instancePath: '', keyword, params }], lang)[0].message;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') {
    const n = Number(value);
    if (!Number.isFinite(n) || (type === 'integer' && !Number.isInteger(n))) return problem('type', { type });
    if (typeof schema.minimum === 'number' && n < schema.minimum) return problem('minimum', { limit: schema.minimum });
    if (typeof schema.maximum === 'number' && n > schema.maximum) return problem('maximum', { limit: schema.maximum });
    return null;
  }
  if (type !== 'string') return null;
  if (typeof schema.minLength === 'number' && value.length < schema.minLength) return problem('minLength', { limit: schema.minLength });
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return problem('maxLength', { limit: schema.maxLength });
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) return problem('pattern', {});
  return null;
}

function Filters({ list }: { list: ListController }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Record<string, string>>(list.query.filters);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const applied = JSON.stringify(list.query.filters);
  useEffect(() => {
    setDraft(list.query.filters);
    setProblems({});
  }, [applied]);
  const searchMin = (list.screen.route_table[list.screen.routes.list!].request.properties?.search?.minLength as number | undefined) ?? 1;
  return (
    <form
      ref={formRef}
      className="filters"
      role="search"
      aria-label={t('common.filters')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const values = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()]));
        const found: Record<string, string> = {};
        for (const f of list.filterSchemas) {
          const problem = filterProblem(f.schema, values[f.field] ?? '', lang);
          if (problem) found[f.field] = t('screen.filterInvalid', { label: f.label, problem });
          const other = f.notBefore ? list.filterSchemas.find((o) => o.field === f.notBefore) : undefined;
          if (!problem && other && isBefore(values[f.field], values[other.field], f.schema)) found[f.field] = t('screen.filterBefore', { label: f.label, other: other.label });
        }
        setProblems(found);
        if (Object.keys(found).length > 0) {
          focusFirstInvalid(formRef.current);
          return;
        }
        list.applyFilters(values);
      }}
    >
      {list.screen.list?.search && (
        <TextField
          label={t('common.search')}
          name="q"
          type="search"
          autoComplete="off"
          maxLength={100}
          value={list.searchDraft}
          onValue={list.setSearchDraft}
          hint={[list.searchHint, searchMin > 1 ? t('screen.minSearch', { min: searchMin }) : ''].filter(Boolean).join(' ') || undefined}
        />
      )}
      {list.filterSchemas.map((f) => {
        const options = filterOptions(f.schema, lang, t);
        const value = draft[f.field] ?? '';
        const set = (v: string) => setDraft((d) => ({ ...d, [f.field]: v }));
        if (options) return <SelectField key={f.field} label={f.label} name={f.field} value={value} onValue={set} placeholder={t('common.all')} options={options} hint={f.hint} />;
        const type = f.schema?.format === 'date' ? 'date' : f.schema?.type === 'integer' || f.schema?.type === 'number' ? 'number' : 'text';
        return (
          <TextField
            key={f.field}
            label={f.label}
            name={f.field}
            type={type}
            autoComplete="off"
            value={value}
            onValue={set}
            maxLength={f.schema?.maxLength as number | undefined}
            hint={f.hint}
            error={problems[f.field]}
          />
        );
      })}
      <div className="form__actions">
        <button type="submit" className="button">
          {t('common.apply')}
        </button>
        {list.filtered && (
          <button type="button" className="button button--secondary" onClick={list.clearFilters}>
            {t('common.reset')}
          </button>
        )}
      </div>
    </form>
  );
}

function HeaderCell({ column, sort, onSort }: { column: Column; sort: string; onSort: (key: string) => void }) {
  if (!column.sort) return <th scope="col">{column.label}</th>;
  const direction = sort === column.sort ? 'ascending' : sort === `-${column.sort}` ? 'descending' : undefined;
  return (
    <th scope="col" aria-sort={direction ?? 'none'}>
      <button type="button" className="screen__sort" onClick={() => onSort(column.sort!)}>
        {column.label}
        <span aria-hidden="true" className="screen__sort-mark">
          {direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ' ↕'}
        </span>
      </button>
    </th>
  );
}

function BulkBar({ list, onRun }: { list: ListController; onRun: (action: ScreenAction, rows: Row[]) => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const rows = [...list.selected.values()];
  return (
    <div className="screen__bulk" role="region" aria-label={t('screen.bulk')}>
      <span>{t('screen.selected', { count: rows.length })}</span>
      {list.bulkActions.map((a) => {
        const applicable = rows.filter((r) => Object.entries(a.when ?? {}).every(([f, vs]) => vs.includes(r[f] as never)));
        return (
          <button key={a.id} type="button" className="button button--secondary button--small" disabled={applicable.length === 0 || list.running !== null} onClick={() => onRun(a, applicable)}>
            {labelOf(a.label, lang)} ({applicable.length})
          </button>
        );
      })}
      <button type="button" className="button button--secondary button--small" onClick={list.clearSelection}>
        {t('screen.clearSelection')}
      </button>
    </div>
  );
}

const INTERACTIVE = 'a, button, input, select, textarea, label, summary';

interface RowProps {
  row: Row;
  keyField: string;
  columns: Column[];
  selectable: boolean;
  selected: boolean;
  busy: boolean;
  lang: 'tr' | 'en';
  /** Depth in tree order (0: top level). */
  depth: number;
  /** Whether the row can move up or down among its siblings; null: the list does not reorder. */
  moves: { up: boolean; down: boolean } | null;
  onMove: ListController['move'];
  recordLink: ListController['recordLink'];
  cellText: ListController['cellText'];
  /** Null when no row offers anything: no actions cell. */
  actionsFor: ListController['actionsFor'] | null;
  toggleRow: ListController['toggleRow'];
  onRun: (action: ScreenAction, rows: Row[]) => void;
}

/** One row; re-rendered only when its own props change (stable callbacks from the controller). */
const ListRow = memo(function ListRow({ row, keyField, columns, selectable, selected, busy, lang, depth, moves, onMove, recordLink, cellText, actionsFor, toggleRow, onRun }: RowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = recordLink(row);
  const [first, ...rest] = columns;
  const name = cellText(row, first) || String(row[keyField] ?? '');
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  // The row moves in the table: the keyboard focus stays on its button (the other one when it reached an end).
  const move = async (step: -1 | 1) => {
    await onMove(row, step);
    requestAnimationFrame(() => {
      const [own, other] = step < 0 ? [upRef.current, downRef.current] : [downRef.current, upRef.current];
      (own && !own.disabled ? own : other)?.focus();
    });
  };
  const onClick = (e: MouseEvent<HTMLTableRowElement>) => {
    if (!link || (e.target as HTMLElement).closest(INTERACTIVE) || window.getSelection()?.toString()) return;
    navigate(link);
  };
  return (
    <tr className={`screen__row${selected ? ' screen__row--selected' : ''}${link ? ' screen__row--link' : ''}${depth ? ` screen__row--depth-${Math.min(depth, 4)}` : ''}`} onClick={onClick}>
      {selectable && (
        <td className="screen__select">
          <input type="checkbox" aria-label={t('screen.selectRow', { name })} checked={selected} onChange={() => toggleRow(row)} />
        </td>
      )}
      <th scope="row" className={depth ? 'screen__tree-cell' : undefined}>
        {link ? <Link to={link}>{name}</Link> : name}
      </th>
      {rest.map((c) => (
        <td key={c.field}>{cellText(row, c)}</td>
      ))}
      {actionsFor && (
        <td className="screen__actions">
          {moves && (
            <>
              <button ref={upRef} type="button" className="button button--secondary button--small screen__action" aria-label={t('screen.moveUpRow', { name })} disabled={busy || !moves.up} onClick={() => void move(-1)}>
                <span aria-hidden="true">↑</span>
              </button>
              <button ref={downRef} type="button" className="button button--secondary button--small screen__action" aria-label={t('screen.moveDownRow', { name })} disabled={busy || !moves.down} onClick={() => void move(1)}>
                <span aria-hidden="true">↓</span>
              </button>
            </>
          )}
          {actionsFor(row).map(({ action, href }) =>
            href ? (
              <Link key={action.id} to={href} className="screen__action" aria-label={`${labelOf(action.label, lang)}: ${name}`}>
                {labelOf(action.label, lang)}
              </Link>
            ) : (
              <button
                key={action.id}
                type="button"
                className={`button ${action.danger ? 'button--danger' : 'button--secondary'} button--small screen__action`}
                aria-label={`${labelOf(action.label, lang)}: ${name}`}
                disabled={busy}
                onClick={() => onRun(action, [row])}
              >
                {labelOf(action.label, lang)}
              </button>
            ),
          )}
        </td>
      )}
    </tr>
  );
});

/** Whether a filter's value comes before another's (dates as written, YYYY-MM-DD; numbers by value); empty never does. */
function isBefore(value: string | undefined, other: string | undefined, schema: { type?: unknown } | undefined): boolean {
  if (!value || !other) return false;
  return schema?.type === 'integer' || schema?.type === 'number' ? Number(value) < Number(other) : value < other;
}
