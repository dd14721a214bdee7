// k-nearest neighbours (k = 5) on standardized columns, Euclidean distance. Classes: the most votes among the k
// nearest, a tie going to the tied class whose member is nearest; the probabilities are the vote shares. Numbers:
// the neighbours' mean. The model keeps its training rows; at most MAX_KEPT_NUMBERS numbers of them (a seeded
// sample beyond that), so that a stored model stays a few megabytes.
import { standardize, standardizer, type Learner } from './learner.ts';
import { shuffledIndexes } from './random.ts';

export const K_NEIGHBOURS = 5;
export const MAX_KEPT_NUMBERS = 300_000;

export interface KnnFit {
  mean: number[];
  sd: number[];
  rows: number[][];
  targets: number[];
}

/** 6 significant digits: standardized values need no more, and the stored model is half the size. */
const compact = (v: number) => Number(v.toPrecision(6));

export const kNearestNeighbors: Learner<KnnFit> = {
  fit(x, y, problem) {
    const width = problem.encoding.width;
    const scale = standardizer(x, width);
    const room = Math.max(K_NEIGHBOURS, Math.floor(MAX_KEPT_NUMBERS / Math.max(1, width)));
    const kept = x.length <= room ? x.map((_, i) => i) : shuffledIndexes(x.length, problem.random).slice(0, room).sort((a, b) => a - b);
    problem.progress(1);
    return { mean: scale.mean, sd: scale.sd, rows: kept.map((i) => standardize(x[i], scale).map(compact)), targets: kept.map((i) => y[i]) };
  },
  predict(fit, row, problem) {
    const z = standardize(row, fit);
    const k = Math.min(K_NEIGHBOURS, fit.rows.length);
    // The k nearest so far, nearest first (k is small: an insertion beats sorting every distance).
    const near: { d: number; i: number }[] = [];
    fit.rows.forEach((r, i) => {
      let d = 0;
      for (let j = 0; j < z.length; j++) d += (r[j] - z[j]) ** 2;
      if (near.length === k && d >= near[k - 1].d) return;
      let at = near.length === k ? k - 1 : near.length;
      while (at > 0 && near[at - 1].d > d) at--;
      near.splice(at, 0, { d, i });
      if (near.length > k) near.pop();
    });
    if (problem.task === 'regression') return [near.reduce((s, n) => s + fit.targets[n.i], 0) / near.length];
    const votes = new Array<number>(problem.classCount).fill(0);
    for (const n of near) votes[fit.targets[n.i]]++;
    const most = Math.max(...votes);
    // A tie of votes goes to the tied class with the nearest member: the others tied lose a negligible share, so
    // the most probable class is the answer.
    const winner = fit.targets[near.find((n) => votes[fit.targets[n.i]] === most)!.i];
    return votes.map((v, c) => (v === most && c !== winner ? v - 1e-9 : v) / near.length);
  },
};
