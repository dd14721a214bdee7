// A dataset column's summary (the analysis_column entity's `results`): how many values it has and how many are
// missing, and for numbers the mean, median, sample standard deviation and range, for categories and yes/no the
// counts of each value, most frequent first. Computed when a project is saved and when a column changes.
import { cellAs, type Cell, type ColumnType } from './dataset-columns';

export interface ColumnSummary {
  count: number;
  missing_count: number;
  mean?: number;
  median?: number;
  standard_deviation?: number;
  minimum?: number;
  maximum?: number;
  category_list?: { value: string; count: number }[];
}

/** Categories kept in a summary (the entity's limit). */
const CATEGORY_LIMIT = 1000;
const CATEGORY_TEXT = 200;

export function summariseColumn(cells: readonly Cell[], type: ColumnType): ColumnSummary {
  const values = cells.map((c) => cellAs(c, type)).filter((c): c is Exclude<Cell, null> => c !== null);
  const base = { count: values.length, missing_count: cells.length - values.length };
  if (type === 'numeric') return values.length ? { ...base, ...numberSummary(values as number[]) } : base;
  if (type === 'categorical' || type === 'boolean') {
    const counts = new Map<string, number>();
    for (const v of values) counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
    const category_list = [...counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'tr'))
      .slice(0, CATEGORY_LIMIT)
      .map(([value, count]) => ({ value: value.slice(0, CATEGORY_TEXT), count }));
    return { ...base, category_list };
  }
  return base;
}

/** The largest figure a summary holds (the entity's bound); beyond it a figure is left out rather than rounded. */
const FIGURE_LIMIT = 1e15;

function numberSummary(xs: number[]): Omit<ColumnSummary, 'count' | 'missing_count'> {
  const sorted = [...xs].sort((a, b) => a - b);
  const n = sorted.length;
  const mean = sorted.reduce((s, x) => s + x, 0) / n;
  const median = n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  const squares = sorted.reduce((s, x) => s + (x - mean) ** 2, 0);
  const figures = { mean, median, standard_deviation: n > 1 ? Math.sqrt(squares / (n - 1)) : Number.NaN, minimum: sorted[0], maximum: sorted[n - 1] };
  return Object.fromEntries(Object.entries(figures).filter(([, v]) => Number.isFinite(v) && Math.abs(v) <= FIGURE_LIMIT));
}
