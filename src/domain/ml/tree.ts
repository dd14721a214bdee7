// CART decision trees: binary splits "column ≤ threshold" chosen by the largest impurity decrease — Gini for
// classes, variance for numbers — grown until the depth limit, a node too small to give two leaves of the minimum
// size, or a pure node. The random forest grows the same trees on bootstrap samples with a random subset of the
// columns tried at each split.
import { shares, type Learner, type Problem } from './learner.ts';

/** A split node, or a leaf: class counts (classification) or `[mean]` (regression). */
export type TreeNode = { f: number; t: number; l: TreeNode; r: TreeNode } | { v: number[] };

export interface TreeLimits {
  maxDepth: number;
  minLeaf: number;
  /** Columns tried at each split (all when absent). */
  featuresPerSplit?: number;
}

export const TREE_LIMITS: TreeLimits = { maxDepth: 10, minLeaf: 3 };

/** Gini impurity 1 − Σ p² of class counts. */
export function gini(counts: ArrayLike<number>): number {
  let n = 0;
  let sq = 0;
  for (let k = 0; k < counts.length; k++) {
    n += counts[k];
    sq += counts[k] * counts[k];
  }
  return n ? 1 - sq / (n * n) : 0;
}

interface Grow {
  x: number[][];
  y: number[];
  classCount: number;
  limits: TreeLimits;
  random: () => number;
  width: number;
  /** Impurity decrease (weighted by rows) per column, summed over the splits. */
  importance: number[];
}

/** n × impurity of the rows (Gini for classes, the sum of squared deviations for numbers). */
function weightedImpurity(g: Grow, rows: number[]): number {
  if (g.classCount) {
    const counts = new Float64Array(g.classCount);
    for (const i of rows) counts[g.y[i]]++;
    return rows.length * gini(counts);
  }
  let s = 0;
  let s2 = 0;
  for (const i of rows) {
    s += g.y[i];
    s2 += g.y[i] * g.y[i];
  }
  return Math.max(0, s2 - (s * s) / rows.length);
}

function leaf(g: Grow, rows: number[]): TreeNode {
  if (g.classCount) {
    const counts = new Array<number>(g.classCount).fill(0);
    for (const i of rows) counts[g.y[i]]++;
    return { v: counts };
  }
  return { v: [rows.reduce((s, i) => s + g.y[i], 0) / rows.length] };
}

/** The columns tried at a split: all, or a random subset of featuresPerSplit. */
function candidates(g: Grow): number[] {
  const all = Array.from({ length: g.width }, (_, j) => j);
  const m = g.limits.featuresPerSplit;
  if (!m || m >= g.width) return all;
  for (let i = 0; i < m; i++) {
    const j = i + Math.floor(g.random() * (g.width - i));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all.slice(0, m).sort((a, b) => a - b);
}

/** The best split of `rows` on column f: the smallest weighted impurity of the two sides, with its threshold. */
function bestSplitOn(g: Grow, rows: number[], f: number): { impurity: number; threshold: number } | undefined {
  const sorted = [...rows].sort((a, b) => g.x[a][f] - g.x[b][f]);
  const n = sorted.length;
  const { minLeaf } = g.limits;
  let best: { impurity: number; threshold: number } | undefined;
  if (g.classCount) {
    const left = new Float64Array(g.classCount);
    const right = new Float64Array(g.classCount);
    for (const i of sorted) right[g.y[i]]++;
    for (let k = 0; k < n - 1; k++) {
      const c = g.y[sorted[k]];
      left[c]++;
      right[c]--;
      const here = g.x[sorted[k]][f];
      const next = g.x[sorted[k + 1]][f];
      if (here === next || k + 1 < minLeaf || n - k - 1 < minLeaf) continue;
      const impurity = (k + 1) * gini(left) + (n - k - 1) * gini(right);
      if (!best || impurity < best.impurity - 1e-12) best = { impurity, threshold: (here + next) / 2 };
    }
    return best;
  }
  let ls = 0;
  let ls2 = 0;
  let rs = 0;
  let rs2 = 0;
  for (const i of sorted) {
    rs += g.y[i];
    rs2 += g.y[i] * g.y[i];
  }
  for (let k = 0; k < n - 1; k++) {
    const v = g.y[sorted[k]];
    ls += v;
    ls2 += v * v;
    rs -= v;
    rs2 -= v * v;
    const here = g.x[sorted[k]][f];
    const next = g.x[sorted[k + 1]][f];
    if (here === next || k + 1 < minLeaf || n - k - 1 < minLeaf) continue;
    const impurity = Math.max(0, ls2 - (ls * ls) / (k + 1)) + Math.max(0, rs2 - (rs * rs) / (n - k - 1));
    if (!best || impurity < best.impurity - 1e-12) best = { impurity, threshold: (here + next) / 2 };
  }
  return best;
}

function grow(g: Grow, rows: number[], depth: number): TreeNode {
  const impurity = weightedImpurity(g, rows);
  if (depth >= g.limits.maxDepth || rows.length < 2 * g.limits.minLeaf || impurity <= 1e-12) return leaf(g, rows);
  let best: { f: number; impurity: number; threshold: number } | undefined;
  for (const f of candidates(g)) {
    const split = bestSplitOn(g, rows, f);
    if (split && (!best || split.impurity < best.impurity - 1e-12)) best = { f, ...split };
  }
  if (!best || impurity - best.impurity <= 1e-12) return leaf(g, rows);
  g.importance[best.f] += impurity - best.impurity;
  const { f, threshold } = best;
  return {
    f,
    t: threshold,
    l: grow(
      g,
      rows.filter((i) => g.x[i][f] <= threshold),
      depth + 1,
    ),
    r: grow(
      g,
      rows.filter((i) => g.x[i][f] > threshold),
      depth + 1,
    ),
  };
}

/** Grows one tree on the listed rows; answers it with the impurity decrease of each column. */
export function growTree(x: number[][], y: number[], rows: number[], problem: Problem, limits: TreeLimits): { root: TreeNode; importance: number[] } {
  const g: Grow = { x, y, classCount: problem.task === 'classification' ? problem.classCount : 0, limits, random: problem.random, width: problem.encoding.width, importance: new Array<number>(problem.encoding.width).fill(0) };
  return { root: grow(g, rows, 0), importance: g.importance };
}

/** The leaf an encoded row reaches. */
export function leafOf(node: TreeNode, row: number[]): number[] {
  let at = node;
  while (!('v' in at)) at = row[at.f] <= at.t ? at.l : at.r;
  return at.v;
}

/** A leaf's answer: class probabilities from its counts, or its mean. */
export function leafAnswer(v: number[], task: Problem['task']): number[] {
  if (task === 'regression') return v;
  const n = v.reduce((s, c) => s + c, 0);
  return v.map((c) => c / n);
}

export interface TreeFit {
  root: TreeNode;
  importance: number[];
}

export const decisionTree: Learner<TreeFit> = {
  fit(x, y, problem) {
    const fit = growTree(
      x,
      y,
      x.map((_, i) => i),
      problem,
      TREE_LIMITS,
    );
    problem.progress(1);
    return fit;
  },
  predict: (fit, row, problem) => leafAnswer(leafOf(fit.root, row), problem.task),
  importance: (fit) => shares(fit.importance),
};
