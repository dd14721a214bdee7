// What every algorithm is to the training: fitted on encoded rows, it answers for an encoded row either the
// probability of each class (classification) or one predicted number (regression).
import type { Encoding } from './encoding.ts';

export interface Problem {
  task: 'classification' | 'regression';
  /** Classification: how many classes (targets are their indexes 0…classCount-1). */
  classCount: number;
  encoding: Encoding;
  random: () => number;
  /** Reports the share of the fitting done (0–1). */
  progress: (share: number) => void;
}

export interface Learner<F> {
  /** Fits on encoded rows `x` with targets `y` (class indexes, or numbers). */
  fit(x: number[][], y: number[], problem: Problem): F;
  /** Class probabilities (classification) or `[value]` (regression) for one encoded row. */
  predict(fit: F, row: number[], problem: Pick<Problem, 'task' | 'classCount' | 'encoding'>): number[];
  /** Importance per encoded column when the algorithm has its own measure (else it is measured by permutation). */
  importance?(fit: F, width: number): number[];
}

/** Column means and standard deviations of `x` (a constant column gets 1, so it scales to zeros). */
export function standardizer(x: number[][], width: number): { mean: number[]; sd: number[] } {
  const mean = new Array<number>(width).fill(0);
  const sd = new Array<number>(width).fill(0);
  for (const row of x) for (let j = 0; j < width; j++) mean[j] += row[j] / x.length;
  for (const row of x) for (let j = 0; j < width; j++) sd[j] += (row[j] - mean[j]) ** 2 / x.length;
  return { mean, sd: sd.map((v) => (v > 1e-24 ? Math.sqrt(v) : 1)) };
}

export const standardize = (row: number[], s: { mean: number[]; sd: number[] }): number[] => row.map((v, j) => (v - s.mean[j]) / s.sd[j]);

/** Shares that sum to 1 (all zeros stay zeros). */
export function shares(values: number[]): number[] {
  const sum = values.reduce((s, v) => s + v, 0);
  return sum > 0 ? values.map((v) => v / sum) : values;
}
