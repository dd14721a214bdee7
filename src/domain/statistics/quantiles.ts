// Quantiles of sorted values by R's default (type 7, as jamovi and JASP): h = (n − 1)p, interpolated linearly.
export function quantile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** A sorted copy (Float64Array sorts numerically and fast, 100,000 values in a few milliseconds). */
export const sortedCopy = (values: readonly number[]): Float64Array => Float64Array.from(values).sort();
