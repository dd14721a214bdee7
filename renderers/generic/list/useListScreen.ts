// The list controller (react-admin's useListController, headless), composed of its parts: the query in the
// address (useListQuery), one server page (useListData), columns (useListColumns), selection, actions and
// exports. It knows nothing about markup.
import { useCallback, useMemo } from 'react';
import { useActiveLabel } from '../../../src/app/router/hooks';
import { labelOf, type ResolvedScreen } from '../../../src/domain/screen';
import { useListActions } from './useListActions';
import { useListColumns } from './useListColumns';
import { useListData, useStableParams, type Row } from './useListData';
import { useListExport } from './useListExport';
import { listRouteShape, useListQuery } from './useListQuery';
import { useListSelection } from './useListSelection';

export type { Row } from './useListData';
export type { Column } from './useListColumns';
export type { ListQuery } from './useListQuery';
export type { ActionOutcome } from './useListActions';
export { QUERY_KEYS, SEARCH_DEBOUNCE_MS } from './useListQuery';

export function useListScreen(screen: ResolvedScreen, rawParams: Record<string, string | undefined>) {
  const lang = useActiveLabel();
  const params = useStableParams(rawParams);
  const list = screen.list!;
  const query = useListQuery(screen);
  const data = useListData(screen, params, query.query);
  const columns = useListColumns(screen);
  const idOf = useCallback((row: Row) => String(row[screen.key] ?? ''), [screen.key]);
  const selection = useListSelection(data.rows, idOf, query.query, params);
  const actions = useListActions(screen, params, data, idOf, columns.cellContext, selection.clearSelection);
  const exports = useListExport(screen, data.fetchAll, columns.visibleColumns, columns.cellText, actions.setOutcome);
  const request = useMemo(() => listRouteShape(screen).request, [screen]);
  const filterSchemas = useMemo(() => {
    const entityProps = screen.entity_schema.properties ?? {};
    return (list.filters ?? []).map((f) => ({
      field: f.field,
      label: labelOf(f.label ?? (request[f.field]?.['x-label'] as never) ?? entityProps[f.field]?.['x-label'], lang, f.field),
      hint: f.hint ? labelOf(f.hint, lang) : undefined,
      schema: request[f.field],
      notBefore: f.not_before,
    }));
  }, [list.filters, request, screen, lang]);

  return {
    screen,
    ...query,
    ...data,
    ...columns,
    idOf,
    ...selection,
    ...actions,
    clearOutcome: () => actions.setOutcome(null),
    ...exports,
    filterSchemas,
    searchHint: list.search_hint ? labelOf(list.search_hint, lang) : undefined,
  };
}

export type ListController = ReturnType<typeof useListScreen>;
