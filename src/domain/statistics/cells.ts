// Cells as the dataset reader gives them, and the helpers every analysis shares: which cells are numbers, the
// order of values (numbers ascending, then text alphabetically; false before true), and figures that JSON can
// carry (NaN and ±Infinity become null).
import type { AnalysisColumnType } from '../../generated/types/entities.ts';

export type Cell = number | string | boolean | null;

/** One column's values in row order, as the analyses take them. */
export interface ColumnData {
  column_id: string;
  column_type: AnalysisColumnType;
  values: Cell[];
}

export const isNumber = (v: Cell): v is number => typeof v === 'number' && Number.isFinite(v);

/** A figure, or null when it is not a finite number. */
export const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

const collator = new Intl.Collator('en');
const kind = (v: Cell): number => (typeof v === 'boolean' ? 0 : typeof v === 'number' ? 1 : 2);

/** Value order: yes/no first (false, true), then numbers ascending, then text alphabetically. */
export function compareCells(a: Cell, b: Cell): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const k = kind(a) - kind(b);
  if (k) return k;
  if (typeof a === 'string') return collator.compare(a, b as string);
  return Number(a) - Number(b);
}

/** The distinct non-empty values of a column, in value order. */
export function levelsOf(values: readonly Cell[]): Cell[] {
  const seen = new Set<Cell>();
  for (const v of values) if (v !== null) seen.add(v);
  return [...seen].sort(compareCells);
}

/** The indices of the rows where every one of the columns has a value (listwise deletion). */
export function completeRows(columns: readonly (readonly Cell[])[], numeric: readonly boolean[]): number[] {
  const rows: number[] = [];
  const n = columns[0]?.length ?? 0;
  for (let i = 0; i < n; i++) if (columns.every((c, j) => (numeric[j] ? isNumber(c[i]) : c[i] !== null))) rows.push(i);
  return rows;
}
