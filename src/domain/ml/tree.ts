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
  /** cols[f][pos]: column f of the pos-th sampled row; ys[pos]: its target. */
  cols: Float64Array[];
  ys: Float64Array;
  classCount: number;
  limits: TreeLimits;
  random: () => number;
  width: number;
  /** Which side of the split being made each position goes (1 = left). */
  goesLeft: Uint8Array;
  /** Impurity decrease (weighted by rows) per column, summed over the splits. */
  importance: number[];
}

/** n × impurity of the positions (Gini for classes, the sum of squared deviations for numbers). */
function weightedImpurity(g: Grow, positions: Int32Array): number {
  if (g.classCount) {
    const counts = new Float64Array(g.classCount);
    for (const p of positions) counts[g.ys[p]]++;
    return positions.length * gini(counts);
  }
  let s = 0;
  let s2 = 0;
  for (const p of positions) {
    s += g.ys[p];
    s2 += g.ys[p] * g.ys[p];
  }
  return Math.max(0, s2 - (s * s) / positions.length);
}

function leaf(g: Grow, positions: Int32Array): TreeNode {
  if (g.classCount) {
    const counts = new Array<number>(g.classCount).fill(0);
    for (const p of positions) counts[g.ys[p]]++;
    return { v: counts };
  }
  let s = 0;
  for (const p of positions) s += g.ys[p];
  return { v: [s / positions.length] };
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

/** The best split on column f of a node's positions sorted by it: the smallest weighted impurity of the two sides. */
function bestSplitOn(g: Grow, sorted: Int32Array, f: number): { impurity: number; threshold: number } | undefined {
  const n = sorted.length;
  const col = g.cols[f];
  const { minLeaf } = g.limits;
  let best: { impurity: number; threshold: number } | undefined;
  const consider = (k: number, impurity: number) => {
    if (!best || impurity < best.impurity - 1e-12) best = { impurity, threshold: (col[sorted[k]] + col[sorted[k + 1]]) / 2 };
  };
  // A split after the k-th position needs a change of value there and at least minLeaf positions on each side.
  const allowed = (k: number) => k + 1 >= minLeaf && n - k - 1 >= minLeaf && col[sorted[k]] !== col[sorted[k + 1]];
  if (g.classCount) {
    const left = new Float64Array(g.classCount);
    const right = new Float64Array(g.classCount);
    for (const p of sorted) right[g.ys[p]]++;
    for (let k = 0; k < n - 1; k++) {
      const c = g.ys[sorted[k]];
      left[c]++;
      right[c]--;
      if (allowed(k)) consider(k, (k + 1) * gini(left) + (n - k - 1) * gini(right));
    }
    return best;
  }
  let ls = 0;
  let ls2 = 0;
  let rs = 0;
  let rs2 = 0;
  for (const p of sorted) {
    rs += g.ys[p];
    rs2 += g.ys[p] * g.ys[p];
  }
  for (let k = 0; k < n - 1; k++) {
    const v = g.ys[sorted[k]];
    ls += v;
    ls2 += v * v;
    rs -= v;
    rs2 -= v * v;
    if (allowed(k)) consider(k, Math.max(0, ls2 - (ls * ls) / (k + 1)) + Math.max(0, rs2 - (rs * rs) / (n - k - 1)));
  }
  return best;
}

/**
 * Grows a node from its positions, with each column's list of them in that column's order (sorted once at the root
 * and split in order at every node, so no node sorts again).
 */
function grow(g: Grow, positions: Int32Array, lists: Int32Array[], depth: number): TreeNode {
  const impurity = weightedImpurity(g, positions);
  if (!g.width || depth >= g.limits.maxDepth || positions.length < 2 * g.limits.minLeaf || impurity <= 1e-12) return leaf(g, positions);
  let best: { f: number; impurity: number; threshold: number } | undefined;
  for (const f of candidates(g)) {
    const split = bestSplitOn(g, lists[f], f);
    if (split && (!best || split.impurity < best.impurity - 1e-12)) best = { f, ...split };
  }
  if (!best || impurity - best.impurity <= 1e-12) return leaf(g, positions);
  g.importance[best.f] += impurity - best.impurity;
  const { f, threshold } = best;
  for (const p of positions) g.goesLeft[p] = g.cols[f][p] <= threshold ? 1 : 0;
  const side = (list: Int32Array, left: 0 | 1) => {
    // A plain loop: typed arrays' filter() is several times slower.
    const out = new Int32Array(list.length);
    let n = 0;
    for (const p of list) if (g.goesLeft[p] === left) out[n++] = p;
    return out.subarray(0, n);
  };
  // Both sides are taken before growing either: the children reuse goesLeft.
  const left = { positions: side(positions, 1), lists: lists.map((l) => side(l, 1)) };
  const right = { positions: side(positions, 0), lists: lists.map((l) => side(l, 0)) };
  return { f, t: threshold, l: grow(g, left.positions, left.lists, depth + 1), r: grow(g, right.positions, right.lists, depth + 1) };
}

/** Each column's row indexes of `x` in the column's order: sorted once, shared by every tree of a forest. */
export function columnOrders(x: number[][], width: number): Int32Array[] {
  return Array.from({ length: width }, (_, f) => Int32Array.from(x, (_row, i) => i).sort((a, b) => x[a][f] - x[b][f]));
}

/**
 * Grows one tree on the listed rows (a row may be listed more than once, as in a bootstrap sample); answers it with
 * each column's impurity decrease. `orders` (columnOrders of x) gives each column's order without sorting again.
 */
export function growTree(x: number[][], y: number[], rows: number[], problem: Problem, limits: TreeLimits, orders = columnOrders(x, problem.encoding.width)): { root: TreeNode; importance: number[] } {
  const width = problem.encoding.width;
  const m = rows.length;
  const cols = Array.from({ length: width }, (_, f) => Float64Array.from(rows, (r) => x[r][f]));
  const positions = Int32Array.from({ length: m }, (_, p) => p);
  const g: Grow = {
    cols,
    ys: Float64Array.from(rows, (r) => y[r]),
    classCount: problem.task === 'classification' ? problem.classCount : 0,
    limits,
    random: problem.random,
    width,
    goesLeft: new Uint8Array(m),
    importance: new Array<number>(width).fill(0),
  };
  // The positions of each row of x in the sample (a row sampled twice has two), to follow a column's order of rows.
  const first = new Int32Array(x.length + 1);
  for (const r of rows) first[r + 1]++;
  for (let r = 0; r < x.length; r++) first[r + 1] += first[r];
  const placed = first.slice(0, x.length);
  const positionsOfRow = new Int32Array(m);
  rows.forEach((r, p) => {
    positionsOfRow[placed[r]++] = p;
  });
  const lists = orders.map((order) => {
    const list = new Int32Array(m);
    let n = 0;
    for (const r of order) for (let k = first[r]; k < first[r + 1]; k++) list[n++] = positionsOfRow[k];
    return list;
  });
  return { root: grow(g, positions, lists, 0), importance: g.importance };
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
