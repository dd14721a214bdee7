// One page of the list from the server (or every record when the route does not page), in tree order when
// the screen has a tree; the whole query page by page for exports.
import { useCallback, useMemo, useState } from 'react';
import { useRepeatableEffect } from '../../../src/app/ui';
import { routeInput, valueAt, type JsonSchema, type ResolvedScreen } from '../../../src/domain/screen';
import { callRoute } from '../context';
import { EXPORT_MAX_ROWS } from './export';
import { treeOrder } from './tree';
import { listRouteShape, type ListQuery } from './useListQuery';

export type Row = Record<string, unknown>;
const EXPORT_PAGE = 100;

/** A filter's text (from the address) as the route input's type. */
function typedFilter(schema: JsonSchema | undefined, value: string): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (type === 'integer' || type === 'number') return Number(value);
  if (type === 'boolean') return value === 'true';
  return value;
}

/** The parameters as one value per content, so effects follow what they hold, not a new object per render. */
export function useStableParams(params: Record<string, string | undefined>): Record<string, string | undefined> {
  const key = JSON.stringify(params);
  return useMemo(() => JSON.parse(key) as Record<string, string | undefined>, [key]);
}

export function useListData(screen: ResolvedScreen, params: Record<string, string | undefined>, query: ListQuery) {
  const list = screen.list!;
  const listRoute = screen.route_table[screen.routes.list!];
  const { request, paged, maxPageSize } = useMemo(() => listRouteShape(screen), [screen]);
  const [data, setData] = useState<{ rows: Row[]; total: number; loaded: boolean }>({ rows: [], total: 0, loaded: false });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);

  const inputFor = useCallback(
    (q: ListQuery): Record<string, unknown> => {
      const input: Record<string, unknown> = { ...routeInput(listRoute, params), ...(paged ? { page: q.page, page_size: q.pageSize } : {}) };
      if (q.sort && request.sort) input.sort = q.sort;
      if (q.search.trim() && request.search) input.search = q.search.trim();
      for (const [k, v] of Object.entries(q.filters)) input[k] = typedFilter(request[k], v);
      return input;
    },
    [listRoute, params, paged, request],
  );
  const recordsOf = useCallback(
    (answer: Record<string, unknown>): Row[] => ((answer[list.items] as unknown[]) ?? []).map((item) => (list.item_record ? valueAt(item, list.item_record) : item) as Row),
    [list.items, list.item_record],
  );

  const load = useCallback(() => {
    const controller = new AbortController();
    setLoading(true);
    callRoute(listRoute, inputFor(query), { signal: controller.signal }).then(
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
  }, [listRoute, inputFor, query, recordsOf, paged]);
  const reload = useRepeatableEffect(load);
  /** Puts a write's answer (the whole list) in place of a reload. */
  const replaceRows = useCallback((rows: Row[]) => setData({ rows, total: rows.length, loaded: true }), []);

  // Tree order: children after their parent, indented (list.tree).
  const tree = list.tree;
  const ordered = useMemo(() => (tree ? treeOrder(data.rows, tree) : null), [data.rows, tree]);
  const rows = useMemo(() => (ordered ? ordered.map((o) => o.row) : data.rows), [ordered, data.rows]);
  const depths = useMemo(() => new Map(ordered?.map((o) => [o.row, o.depth])), [ordered]);
  const depthOf = useCallback((row: Row) => depths.get(row) ?? 0, [depths]);

  /** Every record of the query (up to EXPORT_MAX_ROWS), page by page. */
  const fetchAll = useCallback(async (): Promise<Row[]> => {
    if (!paged) return rows.slice(0, EXPORT_MAX_ROWS);
    const all: Row[] = [];
    const pageSize = Math.min(EXPORT_PAGE, maxPageSize);
    for (let page = 1; all.length < EXPORT_MAX_ROWS; page++) {
      const answer = await callRoute(listRoute, inputFor({ ...query, page, pageSize }));
      const batch = recordsOf(answer);
      all.push(...batch);
      if (batch.length < pageSize || all.length >= Number(answer.total ?? 0)) break;
    }
    return all.slice(0, EXPORT_MAX_ROWS);
  }, [paged, rows, listRoute, inputFor, query, recordsOf, maxPageSize]);

  return {
    /** The unordered rows as the server answered them (tree helpers need them). */
    serverRows: data.rows,
    rows,
    total: data.total,
    loaded: data.loaded,
    paged,
    pageCount: paged ? Math.max(1, Math.ceil(data.total / query.pageSize)) : 1,
    /** A row's depth in tree order (0 without a tree). */
    depthOf,
    loading,
    error,
    reload,
    replaceRows,
    recordsOf,
    fetchAll,
  };
}
