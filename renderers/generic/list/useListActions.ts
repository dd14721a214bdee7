// What the caller may do from the list: open and create records, row and bulk actions (one call per row),
// moving a record among its siblings (all moved records in one call), and the outcome to announce.
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess, useActiveLabel, usePages } from '../../../src/app/router/hooks';
import { labelOf, routeInput, type ResolvedScreen, type ScreenAction } from '../../../src/domain/screen';
import { useErrorText } from '../../../src/app/ui';
import { fillText, recordName, type CellContext } from '../cells';
import { actionApplies, callRoute, mayCall, mayRun, pageFor, useScreenLinks } from '../context';
import { afterWrite } from '../effects';
import { moveItems, reorderItems, siblingEnds } from './tree';
import type { useListData, Row } from './useListData';

export interface ActionOutcome {
  kind: 'success' | 'error';
  text: string;
}

type ListData = ReturnType<typeof useListData>;

export function useListActions(
  screen: ResolvedScreen,
  params: Record<string, string | undefined>,
  data: ListData,
  idOf: (row: Row) => string,
  cellContext: CellContext,
  onBulkDone: () => void,
) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const lang = useActiveLabel();
  const access = useAccess();
  const pages = usePages();
  const links = useScreenLinks();
  const list = screen.list!;

  // --- Permissions and links.
  const recordPage = pageFor(pages, screen.id, 'record', access);
  const canOpen = Boolean(recordPage) && mayCall(screen.routes.get ? screen.route_table[screen.routes.get] : undefined, access);
  const canCreate = Boolean(recordPage) && mayCall(screen.routes.new ? screen.route_table[screen.routes.new] : undefined, access);
  const recordLink = useCallback(
    (row: Row): string | null => (canOpen ? links({ screen: screen.id, view: 'record' }, { ...params, ...row }) : null),
    [canOpen, links, screen.id, params],
  );
  const rowActions = useMemo(() => (list.row_actions ?? []).filter((a) => mayRun(screen, a, access)), [list.row_actions, screen, access]);
  const bulkActions = useMemo(() => (list.bulk_actions ?? []).filter((a) => mayRun(screen, a, access)), [list.bulk_actions, screen, access]);
  /** The row's actions that apply to it (its `when`), with their link for navigations. */
  const actionsFor = useCallback(
    (row: Row) =>
      rowActions
        .filter((a) => actionApplies(a, row))
        .map((a) => ({ action: a, href: a.open ? links(a.open, { ...params, ...row }) : null }))
        .filter((x) => x.action.route || x.href),
    [rowActions, links, params],
  );

  // --- Running actions.
  const [running, setRunning] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const { reload, replaceRows, recordsOf, serverRows } = data;
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
      if (rows.length > 1 && failures.length === 0) onBulkDone();
      reload();
    },
    [screen, params, lang, t, errorText, reload, onBulkDone, actionText],
  );

  // --- Moving a record among its siblings (list.reorder).
  const tree = list.tree;
  const reorderRoute = list.reorder ? screen.route_table[list.reorder.route] : undefined;
  const canReorder = Boolean(tree && reorderRoute && mayCall(reorderRoute, access));
  const ends = useMemo(() => (tree && canReorder ? siblingEnds(serverRows, tree) : null), [serverRows, tree, canReorder]);
  const canMove = useCallback((row: Row, step: -1 | 1) => Boolean(ends && !(step < 0 ? ends.get(row)?.first : ends.get(row)?.last)), [ends]);
  const move = useCallback(
    async (row: Row, step: -1 | 1): Promise<void> => {
      if (!tree || !reorderRoute || !list.reorder || running) return;
      const moved = moveItems(serverRows, row, step, tree, idOf);
      if (!moved?.length) return;
      const itemSchema = reorderRoute.request.properties?.[list.reorder.items]?.items;
      const items = reorderItems(moved, Object.keys(itemSchema?.properties ?? {}), tree);
      const name = recordName(screen, row, cellContext);
      setRunning('reorder');
      setOutcome(null);
      try {
        const answer = await callRoute(reorderRoute, { ...routeInput(reorderRoute, params), [list.reorder.items]: items });
        if (Array.isArray(answer[list.items])) replaceRows(recordsOf(answer));
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
    [tree, reorderRoute, list.reorder, list.items, running, serverRows, idOf, screen, cellContext, params, t, errorText, recordsOf, replaceRows, reload],
  );

  return {
    recordLink,
    newLink: canCreate ? links({ screen: screen.id, view: 'record' }, params, false) : null,
    actionsFor,
    /** Whether any row can offer something (an action or a move): else the list has no actions column. */
    hasRowActions: rowActions.length > 0 || canReorder,
    bulkActions,
    runAction,
    actionText,
    canReorder,
    canMove,
    move,
    running,
    outcome,
    setOutcome,
  };
}
