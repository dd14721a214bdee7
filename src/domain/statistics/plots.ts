// What the pages draw: a histogram (Sturges' rule, at most 50 equal-width bins), a Tukey box (whiskers at the
// furthest values within 1.5 IQR, at most 100 outliers, the most extreme) and up to 1,000 scatter points (an
// even sample in row order, so a 100,000-row scatter stays light).
import type { StatsBox, StatsHistogram } from '../../generated/types/entities.ts';
import { quantile } from './quantiles.ts';

const MAX_BINS = 50;
const MAX_OUTLIERS = 100;
const MAX_POINTS = 1000;

export function histogram(sorted: Float64Array): StatsHistogram {
  const n = sorted.length;
  if (n === 0) return { bin_list: [] };
  const min = sorted[0];
  const max = sorted[n - 1];
  if (min === max) return { bin_list: [{ from: min, to: max, count: n }] };
  const k = Math.min(MAX_BINS, Math.ceil(Math.log2(n) + 1));
  const width = (max - min) / k;
  const counts = new Array<number>(k).fill(0);
  for (const v of sorted) counts[Math.min(k - 1, Math.floor((v - min) / width))]++;
  return { bin_list: counts.map((count, i) => ({ from: min + i * width, to: i === k - 1 ? max : min + (i + 1) * width, count })) };
}

export function box(sorted: Float64Array): StatsBox | null {
  const n = sorted.length;
  if (n === 0) return null;
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const fence = 1.5 * (q3 - q1);
  const inside = sorted.filter((v) => v >= q1 - fence && v <= q3 + fence);
  const median = quantile(sorted, 0.5);
  const outliers = sorted.filter((v) => v < q1 - fence || v > q3 + fence);
  const kept = [...outliers]
    .sort((a, b) => Math.abs(b - median) - Math.abs(a - median))
    .slice(0, MAX_OUTLIERS)
    .sort((a, b) => a - b);
  return { lower_whisker: inside[0], q1, median, q3, upper_whisker: inside[inside.length - 1], outlier_list: kept };
}

/** At most MAX_POINTS [x, y] pairs, evenly spread over the rows. */
export function samplePoints(xs: readonly number[], ys: readonly number[]): number[][] {
  const n = xs.length;
  const step = Math.max(1, n / MAX_POINTS);
  const points: number[][] = [];
  for (let i = 0; i < n && points.length < MAX_POINTS; i++) {
    const row = Math.floor(i * step);
    if (row >= n) break;
    points.push([xs[row], ys[row]]);
  }
  return points;
}
