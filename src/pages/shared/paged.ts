// A list paged on the server (page/page_size of the route schemas).
import { useCallback, useMemo, useState } from 'react';
import { useRepeatableEffect } from '../../app/ui/hooks';

export const PAGE_SIZE = 10;

/**
 * A server-paged list: the page shown, its rows and total. `load` fetches a page (a useCallback over what it
 * reads); `deps` are what else means the list changed (something written elsewhere). A new `load` or new
 * `deps` start again at page 1.
 */
export function usePagedList<Row>(
  load: (page: number) => Promise<{ rows: Row[]; total: number }>,
  deps: readonly unknown[] = [],
): {
  rows: Row[];
  total: number;
  page: number;
  setPage: (page: number) => void;
  loading: boolean;
  error: unknown;
  reload: () => void;
} {
  // The page asked for, of this list: a request for another list (new load or deps) reads as its page 1.
  const depsKey = JSON.stringify(deps);
  const first = useMemo(() => ({ load, depsKey, page: 1 }), [load, depsKey]);
  const [asked, setAsked] = useState(first);
  const request = asked.load === load && asked.depsKey === depsKey ? asked : first;
  const setPage = useCallback(
    (page: number) =>
      setAsked((a) => {
        const current = a.load === load && a.depsKey === depsKey ? a : first;
        return current.page === page ? current : { load, depsKey, page };
      }),
    [load, depsKey, first],
  );
  const [data, setData] = useState<{ rows: Row[]; total: number }>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);

  const run = useCallback(() => {
    let live = true;
    setLoading(true);
    request.load(request.page).then(
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
  }, [request]);
  const reload = useRepeatableEffect(run);

  return { ...data, page: request.page, setPage, loading, error, reload };
}
