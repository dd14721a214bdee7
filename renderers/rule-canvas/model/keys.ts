// React keys for lists that are shown, not edited (a node's summary lines, decisions, the steps of a run,
// problems): each item's own words, a repeat told apart by its count ("age", "age#2"), so a list that changes
// keeps each item's row.

export function keyed<T>(items: readonly T[], keyOf: (item: T) => string): { item: T; key: string }[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = keyOf(item);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { item, key: n === 1 ? base : `${base}#${n}` };
  });
}
