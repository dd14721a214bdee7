// Frequency tables as jamovi prints them: count, % of all rows, valid % (missing left out) and cumulative valid %,
// levels in value order with the missing row last; at most 200 levels listed, level_count counts them all.
import type { FrequencyResult } from '../../generated/types/entities.ts';
import { type Cell, type ColumnData, compareCells } from './cells.ts';

const MAX_LEVELS = 200;

/** How many times each non-empty value occurs, and how many cells are empty. */
function countValues(values: readonly Cell[]): { counts: Map<Cell, number>; missing: number } {
  const counts = new Map<Cell, number>();
  let missing = 0;
  for (const v of values) {
    if (v === null) missing++;
    else counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return { counts, missing };
}

type Variable = FrequencyResult['variable_list'][number];

function frequencyTable(column_id: string, values: readonly Cell[]): Variable {
  const { counts, missing } = countValues(values);
  const total = values.length;
  const n = total - missing;
  const levels = [...counts.keys()].sort(compareCells);
  let cumulative = 0;
  const level_list: Variable['level_list'] = [];
  for (const value of levels.slice(0, MAX_LEVELS)) {
    const count = counts.get(value)!;
    cumulative += count;
    level_list.push({ value, count, percent: (100 * count) / total, valid_percent: (100 * count) / n, cumulative_percent: (100 * cumulative) / n });
  }
  if (missing) level_list.push({ value: null, count: missing, percent: (100 * missing) / total, valid_percent: null, cumulative_percent: null });
  return { column_id, n, missing, level_list, level_count: levels.length };
}

export const frequencies = (columns: readonly ColumnData[]): FrequencyResult => ({
  variable_list: columns.map((c) => frequencyTable(c.column_id, c.values)),
});
