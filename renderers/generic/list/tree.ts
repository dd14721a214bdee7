// A list in tree order (a screen's `list.tree`) and moving a record among its siblings (`list.reorder`), without
// React: the list controller and the unit tests use them.
import type { ListTree } from '../../../src/domain/screen';

export type TreeRow = Record<string, unknown>;

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** Siblings by position, ties by key. */
const bySiblingOrder = (tree: ListTree) => (a: TreeRow, b: TreeRow) => Number(a[tree.position] ?? 0) - Number(b[tree.position] ?? 0) || text(a[tree.key]).localeCompare(text(b[tree.key]));

/**
 * Rows in tree order: each row's children right after it, one level deeper. A row whose parent is not in
 * the list (a built-in page, or none) is a root; roots are grouped by parent, then by position.
 */
export function treeOrder<R extends TreeRow>(rows: readonly R[], tree: ListTree): { row: R; depth: number }[] {
  const keys = new Set(rows.map((r) => text(r[tree.key])));
  const order = bySiblingOrder(tree);
  const out: { row: R; depth: number }[] = [];
  const seen = new Set<string>();
  const visit = (row: R, depth: number) => {
    const key = text(row[tree.key]);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ row, depth });
    for (const c of rows.filter((r) => text(r[tree.parent]) === key).sort(order)) visit(c, depth + 1);
  };
  const roots = rows
    .filter((r) => !text(r[tree.parent]) || !keys.has(text(r[tree.parent])))
    .sort((a, b) => text(a[tree.parent]).localeCompare(text(b[tree.parent])) || order(a, b));
  for (const r of roots) visit(r, 0);
  // A cycle (never from the server, which refuses one) would hide rows: they come last, flat.
  for (const row of rows) if (!seen.has(text(row[tree.key]))) out.push({ row, depth: 0 });
  return out;
}

/** Where a row stands among its siblings: whether it can move up (-1) or down (+1). */
export function siblingEnds<R extends TreeRow>(rows: readonly R[], tree: ListTree): Map<R, { first: boolean; last: boolean }> {
  const groups = new Map<string, R[]>();
  for (const r of rows) groups.set(text(r[tree.parent]), [...(groups.get(text(r[tree.parent])) ?? []), r]);
  const ends = new Map<R, { first: boolean; last: boolean }>();
  for (const group of groups.values()) {
    const sorted = [...group].sort(bySiblingOrder(tree));
    for (const [i, r] of sorted.entries()) ends.set(r, { first: i === 0, last: i === sorted.length - 1 });
  }
  return ends;
}

/**
 * The rows whose position changes when `row` moves one place up (-1) or down (+1) among its siblings, with
 * their new positions; null at an end. Distinct positions: the two swap theirs. Ties: the group is numbered
 * again in the new order, ten apart, and only the rows whose number changes are returned.
 */
export function moveItems<R extends TreeRow>(rows: readonly R[], row: R, step: -1 | 1, tree: ListTree, idOf: (r: R) => string): { row: R; position: number }[] | null {
  const parent = text(row[tree.parent]);
  const siblings = rows.filter((r) => text(r[tree.parent]) === parent).sort(bySiblingOrder(tree));
  const i = siblings.findIndex((r) => idOf(r) === idOf(row));
  const j = i + step;
  if (i < 0 || j < 0 || j >= siblings.length) return null;
  const order = [...siblings];
  [order[i], order[j]] = [order[j], order[i]];
  const positionOf = (r: R) => Number(r[tree.position] ?? 0);
  const distinct = new Set(siblings.map(positionOf)).size === siblings.length;
  const positions = distinct ? siblings.map(positionOf) : order.map((_r, k) => Math.min((k + 1) * 10, 10_000));
  return order.map((r, k) => ({ row: r, position: positions[k] })).filter((item) => item.position !== positionOf(item.row));
}

/** The reorder route's items: each item field by name from its row, the position field the new position. */
export function reorderItems<R extends TreeRow>(moved: readonly { row: R; position: number }[], itemFields: readonly string[], tree: ListTree): Record<string, unknown>[] {
  return moved.map(({ row, position }) => Object.fromEntries(itemFields.map((f) => [f, f === tree.position ? position : row[f]]).filter(([, v]) => v !== undefined && v !== null)));
}
