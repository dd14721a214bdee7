// Naive Bayes: class priors times, per feature, a Gaussian density for numbers and dates or the share of the level
// among the class's rows for categories (Laplace smoothing: every level, and "another level", counted once more).
// It reads the shared encoding's groups: a category's one-hot columns give back the level (none set = another).
import { offsetsOf } from './encoding.ts';
import type { Learner } from './learner.ts';

export interface NaiveBayesFit {
  logPrior: number[];
  /** Per feature: numbers — per class [mean, variance]; categories — per class the log share of each level, the last for "another level". */
  features: ({ gaussian: [number, number][] } | { logShare: number[][] })[];
}

/** A category's level index in an encoded row (levels = "another level"). */
function levelIndex(row: number[], start: number, levels: number): number {
  for (let k = 0; k < levels; k++) if (row[start + k] === 1) return k;
  return levels;
}

export const naiveBayes: Learner<NaiveBayesFit> = {
  fit(x, y, problem) {
    const K = problem.classCount;
    const { features } = problem.encoding;
    const offsets = offsetsOf(problem.encoding);
    const byClass = Array.from({ length: K }, () => [] as number[][]);
    x.forEach((row, i) => {
      byClass[y[i]].push(row);
    });
    // Smoothing of the variances (as scikit-learn): a constant column must not give a zero variance.
    const epsilon = 1e-9 * Math.max(1e-12, ...features.map((_, f) => (features[f].kind === 'category' ? 0 : variance(x.map((r) => r[offsets[f]])))));
    const fit: NaiveBayesFit = {
      logPrior: byClass.map((rows) => Math.log((rows.length + 1) / (x.length + K))),
      features: features.map((feature, f) => {
        const at = offsets[f];
        if (feature.kind !== 'category')
          return {
            gaussian: byClass.map((rows): [number, number] => {
              // A class without training rows (it has only test rows) gets the density of all rows: its small prior decides.
              const values = (rows.length ? rows : x).map((r) => r[at]);
              const mean = values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0;
              return [mean, variance(values) + epsilon];
            }),
          };
        const levels = feature.levels!.length;
        return {
          logShare: byClass.map((rows) => {
            const counts = new Array<number>(levels + 1).fill(1);
            for (const r of rows) counts[levelIndex(r, at, levels)]++;
            return counts.map((c) => Math.log(c / (rows.length + levels + 1)));
          }),
        };
      }),
    };
    problem.progress(1);
    return fit;
  },
  predict(fit, row, problem) {
    const offsets = offsetsOf(problem.encoding);
    const logs = fit.logPrior.map((prior, k) =>
      fit.features.reduce((s, feature, f) => {
        if ('logShare' in feature) return s + feature.logShare[k][levelIndex(row, offsets[f], feature.logShare[k].length - 1)];
        const [mean, v] = feature.gaussian[k];
        return s - 0.5 * Math.log(2 * Math.PI * v) - (row[offsets[f]] - mean) ** 2 / (2 * v);
      }, prior),
    );
    const top = Math.max(...logs);
    const e = logs.map((l) => Math.exp(l - top));
    const sum = e.reduce((s, v) => s + v, 0);
    return e.map((v) => v / sum);
  },
};

function variance(values: number[]): number {
  if (!values.length) return 0;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length;
}
