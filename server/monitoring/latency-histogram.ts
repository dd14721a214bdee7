// The fixed latency buckets every measurement uses (the Prometheus histogram, the per-minute counts in the
// database) and the percentiles the speed-monitoring page shows, estimated from summed bucket counts.

/** Upper bounds of the buckets in milliseconds; one more bucket holds everything slower. */
export const BUCKET_BOUNDS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;
export const BUCKET_COUNT = BUCKET_BOUNDS_MS.length + 1;

/** The index of the bucket a duration falls in (a bound belongs to its own bucket, as Prometheus' `le`). */
export function bucketOf(ms: number): number {
  let i = 0;
  while (i < BUCKET_BOUNDS_MS.length && ms > BUCKET_BOUNDS_MS[i]) i++;
  return i;
}

/**
 * The q-quantile (0 < q ≤ 1) of the calls counted in `buckets`, interpolated linearly within the bucket that
 * holds it (as Prometheus' histogram_quantile): an estimate within that bucket's bounds. The slowest call seen
 * (`maxMs`) caps the estimate, and is the upper end of the last, open bucket. 0 when nothing was counted.
 */
export function percentileMs(buckets: readonly number[], q: number, maxMs: number): number {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  const target = q * total;
  let before = 0;
  for (let i = 0; i < buckets.length; i++) {
    const count = buckets[i];
    if (count > 0 && before + count >= target) {
      const lower = i === 0 ? 0 : BUCKET_BOUNDS_MS[i - 1];
      const upper = Math.max(lower, Math.min(i < BUCKET_BOUNDS_MS.length ? BUCKET_BOUNDS_MS[i] : maxMs, maxMs));
      return lower + ((upper - lower) * (target - before)) / count;
    }
    before += count;
  }
  return maxMs;
}
