// Average ranks (ties share the mean of their positions, as R's rank()), with the sizes of the tie groups that
// the rank tests' tie corrections need.
export function averageRanks(values: readonly number[]): { ranks: Float64Array; tieSizes: number[] } {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => values[a] - values[b]);
  const ranks = new Float64Array(n);
  const tieSizes: number[] = [];
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && values[order[j + 1]] === values[order[i]]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]] = rank;
    if (j > i) tieSizes.push(j - i + 1);
    i = j + 1;
  }
  return { ranks, tieSizes };
}

/** Σ(t³ − t) over the tie groups. */
export const tieSum = (tieSizes: readonly number[]): number => tieSizes.reduce((s, t) => s + t * t * t - t, 0);
