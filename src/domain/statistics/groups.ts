// Splitting a numeric column by a grouping column's values (rows where either is empty are left out), and the
// rank sums the rank tests share.
import { type Cell, type ColumnData, completeRows, levelsOf } from './cells.ts';
import { averageRanks } from './ranks.ts';

export interface Groups {
  levels: Cell[];
  /** The numbers of each level, in level order. */
  values: number[][];
}

export function splitByGroup(column: ColumnData, group: ColumnData): Groups {
  const rows = completeRows([column.values, group.values], [true, false]);
  const levels = levelsOf(rows.map((i) => group.values[i]));
  const index = new Map(levels.map((v, i) => [v, i]));
  const values = levels.map((): number[] => []);
  for (const i of rows) values[index.get(group.values[i])!].push(column.values[i] as number);
  return { levels, values };
}

/** Each group's rank sum in the pooled ranking, and the tie groups of the pooled values. */
export function rankSums(values: readonly number[][]): { sums: number[]; tieSizes: number[]; n: number } {
  const pooled = values.flat();
  const { ranks, tieSizes } = averageRanks(pooled);
  const sums: number[] = [];
  let at = 0;
  for (const g of values) {
    let s = 0;
    for (let k = 0; k < g.length; k++) s += ranks[at + k];
    sums.push(s);
    at += g.length;
  }
  return { sums, tieSizes, n: pooled.length };
}
