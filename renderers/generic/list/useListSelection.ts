// Rows picked for a bulk action: kept across pages, cleared when the query's filters, sort or size change.
import { useCallback, useState } from 'react';
import type { Row } from './useListData';
import type { ListQuery } from './useListQuery';

export function useListSelection(rows: Row[], idOf: (row: Row) => string, query: ListQuery, params: Record<string, string | undefined>) {
  const [selected, setSelected] = useState<Map<string, Row>>(() => new Map());
  const scope = JSON.stringify([query.search, query.filters, query.sort, query.pageSize, params]);
  const [selectedIn, setSelectedIn] = useState(scope);
  if (selectedIn !== scope) {
    setSelectedIn(scope);
    setSelected(new Map());
  }
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
  return { selected, toggleRow, pageSelected: rows.length > 0 && rows.every((r) => selected.has(idOf(r))), togglePage, clearSelection };
}
