// Pearson's r with its t-based p, Spearman's ρ on average ranks with p as R's cor.test(method = 'spearman',
// exact = FALSE) (the t approximation on ρ), the least-squares line of y on x, and scatter points; each pair
// uses the rows where both columns have a number.
import type { CorrelationResult } from '../../generated/types/entities.ts';
import { type ColumnData, completeRows, finite } from './cells.ts';
import { tTwoSidedP } from './distributions.ts';
import { samplePoints } from './plots.ts';
import { averageRanks } from './ranks.ts';

/** r and the two-sided p of H0: ρ = 0 (t = r·√((n − 2)/(1 − r²)), n − 2 df). */
function pearson(xs: ArrayLike<number>, ys: ArrayLike<number>): { r: number | null; p: number | null; slope: number | null; intercept: number | null } {
  const n = xs.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i];
    my += ys[i];
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i] - mx;
    const dy = ys[i] - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  const slope = sxx > 0 ? sxy / sxx : Number.NaN;
  const r = n > 1 && sxx > 0 && syy > 0 ? Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy))) : Number.NaN;
  const df = n - 2;
  const p = df > 0 && Number.isFinite(r) ? (Math.abs(r) === 1 ? 0 : tTwoSidedP(r * Math.sqrt(df / (1 - r * r)), df)) : Number.NaN;
  return { r: finite(r), p: finite(p), slope: finite(slope), intercept: finite(my - slope * mx) };
}

type Pair = CorrelationResult['pair_list'][number];

function correlate(x: ColumnData, y: ColumnData): Pair {
  const rows = completeRows([x.values, y.values], [true, true]);
  const xs = rows.map((i) => x.values[i] as number);
  const ys = rows.map((i) => y.values[i] as number);
  const linear = pearson(xs, ys);
  const ranked = pearson(averageRanks(xs).ranks, averageRanks(ys).ranks);
  return {
    x_column_id: x.column_id,
    y_column_id: y.column_id,
    n: rows.length,
    pearson_r: linear.r,
    pearson_p: linear.p,
    spearman_rho: ranked.r,
    spearman_p: ranked.p,
    slope: linear.slope,
    intercept: linear.intercept,
    point_list: samplePoints(xs, ys),
  };
}

/** Every pair of the columns, in column order. */
export function correlations(columns: readonly ColumnData[]): CorrelationResult {
  const pair_list: Pair[] = [];
  for (let i = 0; i < columns.length; i++) for (let j = i + 1; j < columns.length; j++) pair_list.push(correlate(columns[i], columns[j]));
  return { pair_list };
}
