// The list controller (react-admin's useListController, headless): the query (page, page size, sort,
// search, filters) kept in the address so back/forward and links restore it, one server page at a time (or
// every record at once when the route does not page), tree order and moving a record among its siblings,
// selection, the user's column choice, row and bulk actions, exports. It knows nothing about markup.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../src/api/errors';
import { useAccess, useActiveLabel, usePages } from '../../../src/app/router/hooks';
import { labelOf, routeInput, schemaAt, valueAt, type JsonSchema, type ListColumn, type ResolvedScreen, type ScreenAction } from '../../../src/domain/screen';
import { cellFor, fillText, recordName, type CellContext, type CellRenderer } from '../cells';
import { actionApplies, callRoute, mayCall, mayRun, pageFor, useScreenLinks, useUserIds } from '../context';
import { afterWrite } from '../effects';
import { downloadCsv, downloadExcel, EXPORT_MAX_ROWS } from './export';
import { moveItems, reorderItems, siblingEnds, treeOrder } from './tree';

export type Row = Record<string, unknown>;

export interface Column {
  field: string;
  label: string;
  sort?: string;
  hidden: boolean;
  schema: JsonSchema | undefined;
  cell: CellRenderer;
  /** The text of an empty value ('' unless the screen names one). */
  empty: string;
}

export interface ListQuery {
  page: number;
  pageSize: number;
  sort: string;
  search: string;
  filters: Record<string, string>;
}

export interface ActionOutcome {
  kind: 'success' | 'error';
  text: string;
}

/** Query-string names of the list's own state (filters use their route input names). */
export const QUERY_KEYS = { page: 'page', pageSize: 'size', sort: 'sort', search: 'q' } as const;
export const SEARCH_DEBOUNCE_MS = 350;
const EXPORT_PAGE = 100;

const storageKey = (user: string, screen: string) => `sema.columns.${user}.${screen}`;

function readColumns(key: string): string[] | null {
  try {
    const v = JSON.parse(window.localStorage.getItem(key) ?? 'null');
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null;
  } catch {
    return null;
  }
}

function writeColumns(key: string, fields: string[] | null): void {
  try {
    if (fields) window.localStorage.setItem(key, JSON.stringify(fields));
    else window.localStorage.removeItem(key);
  } catch {
    // Blocked storage: the choice lasts until the page is left.
  }
}

/** A filter's text (from the address) as the route input's type. */
function typedFilter(schema: JsonSchema | undefined, value: string): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (type === 'integer' || type === 'number') return Number(value);
  if (type === 'boolean') return value === 'true';
  return value;
}

export function useListScreen(screen: ResolvedScreen, params: Record<string, string | undefined>) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const access = useAccess();
  const pages = usePages();
  const links = useScreenLinks();
  const { prefKey } = useUserIds();
  const [searchParams, setSearchParams] = useSearchParams();
  const list = screen.list!;
  const listRoute = screen.route_table[screen.routes.list!];
  const request = listRoute.request.properties ?? {};
  /** A route without page and page_size answers every record at once (a tree needs them all). */
  const paged = Boolean(request.page && request.page_size);
  const maxPageSize = (request.page_size?.maximum as number | undefined) ?? 100;
  const defaultPageSize = Math.min(list.page_size ?? (request.page_size?.default as number | undefined) ?? 20, maxPageSize);
  const defaultSort = list.sort ?? ((request.sort?.default as string | undefined) || '');

  // --- The query, from the address.
  const filterNames = useMemo(() => (list.filters ?? []).map((f) => f.field), [list.filters]);
  const query: ListQuery = useMemo(() => {
    const page = Math.max(1, Number(searchParams.get(QUERY_KEYS.page)) || 1);
    const size = Number(searchParams.get(QUERY_KEYS.pageSize));
    const filters: Record<string, string> = {};
    for (const f of filterNames) {
      const v = searchParams.get(f);
      if (v) filters[f] = v;
    }
    return {
      page,
      pageSize: size >= 1 && size <= maxPageSize ? size : defaultPageSize,
      sort: searchParams.get(QUERY_KEYS.sort) ?? defaultSort,
      search: list.search ? (searchParams.get(QUERY_KEYS.search) ?? '') : '',
      filters,
    };
  }, [searchParams, filterNames, maxPageSize, defaultPageSize, defaultSort, list.search]);

  const update = useCallback(
    (changes: Record<string, string | number | null>, resetPage = true) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, String(v));
          }
          if (resetPage && !('page' in changes)) next.delete(QUERY_KEYS.page);
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  // --- One page from the server.
  const [data, setData] = useState<{ rows: Row[]; total: number; loaded: boolean }>({ rows: [], total: 0, loaded: false });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);
  const paramKey = JSON.stringify(params);
  const queryKey = JSON.stringify(query);

  const baseInput = useCallback(
    (q: ListQuery): Record<string, unknown> => {
      const input: Record<string, unknown> = { ...routeInput(listRoute, params), ...(paged ? { page: q.page, page_size: q.pageSize } : {}) };
      if (q.sort && request.sort) input.sort = q.sort;
      if (q.search.trim() && request.search) input.search = q.search.trim();
      for (const [k, v] of Object.entries(q.filters)) input[k] = typedFilter(request[k], v);
      return input;
    },
    // params and request are stable per screen; paramKey names params' content.
    [listRoute, paramKey],
  );

  const recordsOf = useCallback(
    (answer: Record<string, unknown>): Row[] => ((answer[list.items] as unknown[]) ?? []).map((item) => (list.item_record ? valueAt(item, list.item_record) : item) as Row),
    [list.items, list.item_record],
  );

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    callRoute(listRoute, baseInput(query), { signal: controller.signal }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        const rows = recordsOf(answer);
        setData({ rows, total: paged ? Number(answer.total ?? rows.length) : rows.length, loaded: true });
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        setError(e);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [queryKey, paramKey, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  const pageCount = paged ? Math.max(1, Math.ceil(data.total / query.pageSize)) : 1;

  // --- Tree order: children after their parent, indented (list.tree).
  const tree = list.tree;
  const ordered = useMemo(() => (tree ? treeOrder(data.rows, tree) : null), [data.rows, tree]);
  const rows = useMemo(() => (ordered ? ordered.map((o) => o.row) : data.rows), [ordered, data.rows]);
  const depths = useMemo(() => new Map(ordered?.map((o) => [o.row, o.depth])), [ordered]);
  const depthOf = useCallback((row: Row) => depths.get(row) ?? 0, [depths]);

  // --- Columns: labels, cells, the user's choice (per user and screen).
  const entityProps = screen.entity_schema.properties ?? {};
  const filterSchemas = useMemo(
    () =>
      (list.filters ?? []).map((f) => ({
        field: f.field,
        label: labelOf(f.label ?? (request[f.field]?.['x-label'] as never) ?? entityProps[f.field]?.['x-label'], lang, f.field),
        hint: f.hint ? labelOf(f.hint, lang) : undefined,
        schema: request[f.field],
        notBefore: f.not_before,
      })),
    [list.filters, request, entityProps, lang],
  );
  const columns: Column[] = useMemo(
    () =>
      list.columns.map((c: ListColumn) => {
        const schema = schemaAt(screen.entity_schema, c.field);
        return {
          field: c.field,
          label: labelOf(c.label ?? schema?.['x-label'], lang, c.field),
          sort: c.sort,
          hidden: Boolean(c.hidden),
          schema,
          cell: cellFor(schema, c.field.split('.').pop()!, screen.entity_schema, c.cell),
          empty: c.empty ? labelOf(c.empty, lang) : '',
        };
      }),
    [list.columns, lang, screen],
  );
  const columnKey = storageKey(prefKey, screen.id);
  const [chosen, setChosen] = useState<string[] | null>(() => readColumns(columnKey));
  useEffect(() => setChosen(readColumns(columnKey)), [columnKey]);
  const visibleColumns = useMemo(() => {
    const known = new Set(columns.map((c) => c.field));
    const pick = chosen?.filter((f) => known.has(f));
    const shown = pick?.length ? columns.filter((c) => pick.includes(c.field)) : columns.filter((c) => !c.hidden);
    return shown.length ? shown : columns.slice(0, 1);
  }, [columns, chosen]);
  const toggleColumn = useCallback(
    (field: string) => {
      const current = visibleColumns.map((c) => c.field);
      const next = current.includes(field) ? current.filter((f) => f !== field) : columns.map((c) => c.field).filter((f) => f === field || current.includes(f));
      if (next.length === 0) return;
      setChosen(next);
      writeColumns(columnKey, next);
    },
    [visibleColumns, columns, columnKey],
  );
  const resetColumns = useCallback(() => {
    setChosen(null);
    writeColumns(columnKey, null);
  }, [columnKey]);

  // --- Selection (kept across pages, cleared when the query's filters change).
  const [selected, setSelected] = useState<Map<string, Row>>(() => new Map());
  const selectionScope = JSON.stringify([query.search, query.filters, query.sort, query.pageSize, paramKey]);
  useEffect(() => setSelected(new Map()), [selectionScope]);
  const idOf = useCallback((row: Row) => String(row[screen.key] ?? ''), [screen.key]);
  const toggleRow = useCallback(
    (row: Row) =>
      setSelected((prev) => {
        const next = new Map(prev);
        const id = idOf(row);
        if (next.has(id)) next.delete(id);
        else next.set(id, row);
        return next;
      }),
    [idOf],
  );
  const pageSelected = rows.length > 0 && rows.every((r) => selected.has(idOf(r)));
  const togglePage = useCallback(
    () =>
      setSelected((prev) => {
        const next = new Map(prev);
        const all = rows.every((r) => next.has(idOf(r)));
        for (const r of rows) {
          if (all) next.delete(idOf(r));
          else next.set(idOf(r), r);
        }
        return next;
      }),
    [rows, idOf],
  );
  const clearSelection = useCallback(() => setSelected(new Map()), []);

  // --- Permissions and links.
  const recordPage = pageFor(pages, screen.id, 'record', access);
  const canOpen = Boolean(recordPage) && mayCall(screen.routes.get ? screen.route_table[screen.routes.get] : undefined, access);
  const canCreate = Boolean(recordPage) && mayCall(screen.routes.new ? screen.route_table[screen.routes.new] : undefined, access);
  const linkValues = useMemo(() => ({ ...params }), [paramKey]);
  const recordLink = useCallback(
    (row: Row): string | null => (canOpen ? links({ screen: screen.id, view: 'record' }, { ...linkValues, ...row }) : null),
    [canOpen, links, screen.id, linkValues],
  );
  const newLink = canCreate ? links({ screen: screen.id, view: 'record' }, linkValues, false) : null;
  const rowActions = useMemo(() => (list.row_actions ?? []).filter((a) => mayRun(screen, a, access)), [list.row_actions, screen, access]);
  const bulkActions = useMemo(() => (list.bulk_actions ?? []).filter((a) => mayRun(screen, a, access)), [list.bulk_actions, screen, access]);
  const actionLink = useCallback(
    (action: ScreenAction, row: Row): string | null => (action.open ? links(action.open, { ...linkValues, ...row }) : null),
    [links, linkValues],
  );
  /** The row's actions that apply to it (its `when`), with their link for navigations. */
  const actionsFor = useCallback(
    (row: Row) =>
      rowActions
        .filter((a) => actionApplies(a, row))
        .map((a) => ({ action: a, href: a.open ? actionLink(a, row) : null }))
        .filter((x) => x.action.route || x.href),
    [rowActions, actionLink],
  );

  // --- Running actions.
  const [running, setRunning] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const errorText = (e: unknown) => (e instanceof ApiError ? e.status_message : t('common.unexpected'));
  const cellContext: CellContext = useMemo(() => ({ lang, t, pages }), [lang, t, pages]);
  /** An action's confirm or done text with the row's fields ({{field}}) and name ({{label}}). */
  const actionText = useCallback(
    (text: ScreenAction['done'] | undefined, row: Row | undefined): string => fillText(labelOf(text, lang), screen, row, cellContext),
    [lang, screen, cellContext],
  );
  const runAction = useCallback(
    async (action: ScreenAction, rows: Row[]): Promise<void> => {
      const route = action.route ? screen.route_table[action.route] : undefined;
      if (!route) return;
      const targets = rows.filter((r) => actionApplies(action, r));
      setRunning(action.id);
      setOutcome(null);
      let done = 0;
      const failures: unknown[] = [];
      for (const row of targets) {
        try {
          await callRoute(route, routeInput(route, params, row));
          done += 1;
        } catch (e) {
          failures.push(e);
        }
      }
      setRunning(null);
      if (done > 0 && route.effect === 'write') afterWrite(screen, { kind: 'action' });
      const label = labelOf(action.label, lang);
      if (rows.length === 1 && failures.length === 0) setOutcome({ kind: 'success', text: actionText(action.done, rows[0]) || t('screen.actionDone', { action: label }) });
      else if (rows.length === 1) setOutcome({ kind: 'error', text: errorText(failures[0]) });
      else if (failures.length === 0) setOutcome({ kind: 'success', text: t('screen.bulkDone', { action: label, count: done }) });
      else setOutcome({ kind: 'error', text: t('screen.bulkPartly', { action: label, done, failed: failures.length, reason: errorText(failures[0]) }) });
      if (rows.length > 1 && failures.length === 0) clearSelection();
      reload();
    },
    [screen, paramKey, lang, reload, clearSelection, actionText],
  );

  // --- Moving a record among its siblings (list.reorder), all moved records in one call.
  const reorderRoute = list.reorder ? screen.route_table[list.reorder.route] : undefined;
  const canReorder = Boolean(tree && reorderRoute && mayCall(reorderRoute, access));
  const ends = useMemo(() => (tree && canReorder ? siblingEnds(data.rows, tree) : null), [data.rows, tree, canReorder]);
  const canMove = useCallback((row: Row, step: -1 | 1) => Boolean(ends && !(step < 0 ? ends.get(row)?.first : ends.get(row)?.last)), [ends]);
  const move = useCallback(
    async (row: Row, step: -1 | 1): Promise<void> => {
      if (!tree || !reorderRoute || !list.reorder || running) return;
      const moved = moveItems(data.rows, row, step, tree, idOf);
      if (!moved?.length) return;
      const itemSchema = reorderRoute.request.properties?.[list.reorder.items]?.items;
      const items = reorderItems(moved, Object.keys(itemSchema?.properties ?? {}), tree);
      const name = recordName(screen, row, cellContext);
      setRunning('reorder');
      setOutcome(null);
      try {
        const answer = await callRoute(reorderRoute, { ...routeInput(reorderRoute, params), [list.reorder.items]: items });
        const fresh = answer[list.items];
        if (Array.isArray(fresh)) setData({ rows: recordsOf(answer), total: fresh.length, loaded: true });
        else reload();
        afterWrite(screen, { kind: 'reorder', answer });
        setOutcome({ kind: 'success', text: t(step < 0 ? 'screen.movedUp' : 'screen.movedDown', { name }) });
      } catch (e) {
        setOutcome({ kind: 'error', text: errorText(e) });
        reload();
      } finally {
        setRunning(null);
      }
    },
    [tree, reorderRoute, list.reorder, list.items, running, data.rows, idOf, screen, cellContext, paramKey, recordsOf, reload],
  );

  // --- Exports of the whole query (every page, up to EXPORT_MAX_ROWS).
  const [exporting, setExporting] = useState<'csv' | 'excel' | null>(null);
  const fetchAll = useCallback(async (): Promise<Row[]> => {
    if (!paged) return rows.slice(0, EXPORT_MAX_ROWS);
    const all: Row[] = [];
    const pageSize = Math.min(EXPORT_PAGE, maxPageSize);
    for (let page = 1; all.length < EXPORT_MAX_ROWS; page++) {
      const answer = await callRoute(listRoute, baseInput({ ...query, page, pageSize }));
      const batch = recordsOf(answer);
      all.push(...batch);
      if (batch.length < pageSize || all.length >= Number(answer.total ?? 0)) break;
    }
    return all.slice(0, EXPORT_MAX_ROWS);
  }, [paged, rows, listRoute, baseInput, query, recordsOf, maxPageSize]);
  const cellText = useCallback((row: Row, c: Column) => c.cell.text(valueAt(row, c.field), row, c.schema ?? {}, cellContext) || c.empty, [cellContext]);
  const exportAs = useCallback(
    async (kind: 'csv' | 'excel') => {
      setExporting(kind);
      setOutcome(null);
      try {
        const all = await fetchAll();
        const table = all.map((r) => visibleColumns.map((c) => cellText(r, c)));
        const title = labelOf(screen.title, lang, screen.id);
        if (kind === 'csv') downloadCsv(title, visibleColumns.map((c) => c.label), table);
        else await downloadExcel(title, visibleColumns.map((c) => ({ key: c.field, label: c.label })), table);
        setOutcome({ kind: 'success', text: t('screen.exported', { count: all.length }) });
      } catch (e) {
        setOutcome({ kind: 'error', text: errorText(e) });
      } finally {
        setExporting(null);
      }
    },
    [fetchAll, visibleColumns, cellText, screen, lang],
  );

  // --- Search as you type (debounced); filters applied together.
  const [searchDraft, setSearchDraft] = useState(query.search);
  const lastSearch = useRef(query.search);
  useEffect(() => {
    if (query.search !== lastSearch.current) {
      lastSearch.current = query.search;
      setSearchDraft(query.search);
    }
  }, [query.search]);
  useEffect(() => {
    if (searchDraft.trim() === query.search.trim()) return;
    const min = (request.search?.minLength as number | undefined) ?? 1;
    if (searchDraft.trim() && searchDraft.trim().length < min) return;
    const timer = setTimeout(() => {
      lastSearch.current = searchDraft.trim();
      update({ [QUERY_KEYS.search]: searchDraft.trim() || null });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchDraft]);

  return {
    screen,
    query,
    rows,
    total: data.total,
    loaded: data.loaded,
    paged,
    pageCount,
    /** A row's depth in tree order (0 without a tree). */
    depthOf,
    canReorder,
    canMove,
    move,
    actionText,
    loading,
    error,
    reload,
    setPage: (page: number) => update({ [QUERY_KEYS.page]: page > 1 ? page : null }, false),
    setPageSize: (size: number) => update({ [QUERY_KEYS.pageSize]: size === defaultPageSize ? null : size }),
    pageSizes: [...new Set([defaultPageSize, 20, 50, 100])].filter((n) => n <= maxPageSize).sort((a, b) => a - b),
    /** Sorts by the key: ascending first, then toggles. */
    toggleSort: (key: string) => update({ [QUERY_KEYS.sort]: query.sort === key ? `-${key}` : key }),
    searchDraft,
    setSearchDraft,
    filterSchemas,
    searchHint: list.search_hint ? labelOf(list.search_hint, lang) : undefined,
    /** Applies the filters and the typed search together (one change of the address). */
    applyFilters: (values: Record<string, string>) => {
      lastSearch.current = searchDraft.trim();
      update({ ...Object.fromEntries(filterNames.map((f) => [f, values[f] || null])), ...(list.search ? { [QUERY_KEYS.search]: searchDraft.trim() || null } : {}) });
    },
    clearFilters: () => {
      setSearchDraft('');
      lastSearch.current = '';
      update({ ...Object.fromEntries(filterNames.map((f) => [f, null])), [QUERY_KEYS.search]: null });
    },
    filtered: Boolean(query.search) || Object.keys(query.filters).length > 0,
    columns,
    visibleColumns,
    toggleColumn,
    resetColumns,
    cellText,
    idOf,
    selected,
    toggleRow,
    pageSelected,
    togglePage,
    clearSelection,
    recordLink,
    newLink,
    actionsFor,
    /** Whether any row can offer something (an action or a move): else the list has no actions column. */
    hasRowActions: rowActions.length > 0 || canReorder,
    bulkActions,
    runAction,
    running,
    outcome,
    clearOutcome: () => setOutcome(null),
    /** Excel comes from the server (/table/to/excel, token): only for a signed-in user. */
    exports: (list.export ?? []).filter((k) => k !== 'excel' || access.loggedIn),
    exportAs,
    exporting,
  };
}

export type ListController = ReturnType<typeof useListScreen>;
