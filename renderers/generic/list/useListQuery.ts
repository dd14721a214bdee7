// The list's query (page, page size, sort, search, filters) kept in the address, so back/forward and links
// restore it; the typed search follows the address after a pause; filters apply together.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { JsonSchema, ResolvedScreen } from '../../../src/domain/screen';

export interface ListQuery {
  page: number;
  pageSize: number;
  sort: string;
  search: string;
  filters: Record<string, string>;
}

/** Query-string names of the list's own state (filters use their route input names). */
export const QUERY_KEYS = { page: 'page', pageSize: 'size', sort: 'sort', search: 'q' } as const;
export const SEARCH_DEBOUNCE_MS = 350;

/** What the list route's input allows: paging (a route without page and page_size answers every record at once), sizes, the default sort. */
export function listRouteShape(screen: ResolvedScreen) {
  const list = screen.list!;
  const request: Record<string, JsonSchema> = screen.route_table[screen.routes.list!].request.properties ?? {};
  const maxPageSize = (request.page_size?.maximum as number | undefined) ?? 100;
  return {
    request,
    paged: Boolean(request.page && request.page_size),
    maxPageSize,
    defaultPageSize: Math.min(list.page_size ?? (request.page_size?.default as number | undefined) ?? 20, maxPageSize),
    defaultSort: list.sort ?? ((request.sort?.default as string | undefined) || ''),
  };
}

export function useListQuery(screen: ResolvedScreen) {
  const list = screen.list!;
  const [searchParams, setSearchParams] = useSearchParams();
  const { request, maxPageSize, defaultPageSize, defaultSort } = useMemo(() => listRouteShape(screen), [screen]);
  const filterNames = useMemo(() => (list.filters ?? []).map((f) => f.field), [list.filters]);
  const query: ListQuery = useMemo(() => {
    const size = Number(searchParams.get(QUERY_KEYS.pageSize));
    const filters: Record<string, string> = {};
    for (const f of filterNames) {
      const v = searchParams.get(f);
      if (v) filters[f] = v;
    }
    return {
      page: Math.max(1, Number(searchParams.get(QUERY_KEYS.page)) || 1),
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

  // Search as you type: the address follows the draft after a pause (and the draft follows the address).
  const [searchDraft, setSearchDraft] = useState(query.search);
  const lastSearch = useRef(query.search);
  useEffect(() => {
    if (query.search !== lastSearch.current) {
      lastSearch.current = query.search;
      setSearchDraft(query.search);
    }
  }, [query.search]);
  const searchMin = (request.search?.minLength as number | undefined) ?? 1;
  useEffect(() => {
    const typed = searchDraft.trim();
    if (typed === query.search.trim() || (typed && typed.length < searchMin)) return;
    const timer = setTimeout(() => {
      lastSearch.current = typed;
      update({ [QUERY_KEYS.search]: typed || null });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchDraft, query.search, searchMin, update]);

  return {
    query,
    searchDraft,
    setSearchDraft,
    searchMin,
    setPage: (page: number) => update({ [QUERY_KEYS.page]: page > 1 ? page : null }, false),
    setPageSize: (size: number) => update({ [QUERY_KEYS.pageSize]: size === defaultPageSize ? null : size }),
    pageSizes: [...new Set([defaultPageSize, 20, 50, 100])].filter((n) => n <= maxPageSize).sort((a, b) => a - b),
    /** Sorts by the key: ascending first, then toggles. */
    toggleSort: (key: string) => update({ [QUERY_KEYS.sort]: query.sort === key ? `-${key}` : key }),
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
  };
}
