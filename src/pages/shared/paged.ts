// A list paged on the server (page/page_size of the route schemas).
import { useCallback, useEffect, useState } from 'react';

export const PAGE_SIZE = 10;

/** A server-paged list: the page shown, its rows and total, reloaded when `page` or `deps` change. */
export function usePagedList<Row>(
  load: (page: number) => Promise<{ rows: Row[]; total: number }>,
  deps: readonly unknown[],
): {
  rows: Row[];
  total: number;
  page: number;
  setPage: (page: number) => void;
  loading: boolean;
  error: unknown;
  reload: () => void;
} {
  // A filter change (deps) starts again at page 1.
  const depsKey = JSON.stringify(deps);
  const [paging, setPaging] = useState({ key: depsKey, page: 1 });
  const page = paging.key === depsKey ? paging.page : 1;
  const setPage = useCallback((next: number) => setPaging({ key: depsKey, page: next }), [depsKey]);
  const [data, setData] = useState<{ rows: Row[]; total: number }>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    load(page).then(
      (d) => {
        if (!live) return;
        setData(d);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setError(e);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
    // `load` is rebuilt every render; depsKey names what it reads.
  }, [page, tick, depsKey]);

  return { ...data, page, setPage, loading, error, reload: useCallback(() => setTick((n) => n + 1), []) };
}

