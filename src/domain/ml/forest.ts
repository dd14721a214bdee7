// Random forest: a fixed number of CART trees, each grown on a bootstrap sample of the training rows (drawn with
// the seeded generator) and trying a random subset of the columns at each split (√width for classes, width/3 for
// numbers); the answer averages the trees'. Shallower than a single tree so that the model stays small.
import { shares, type Learner } from './learner.ts';
import { columnOrders, growTree, leafAnswer, leafOf, type TreeLimits, type TreeNode } from './tree.ts';

export const FOREST_TREES = 50;
const FOREST_LIMITS: TreeLimits = { maxDepth: 8, minLeaf: 2 };

export interface ForestFit {
  trees: TreeNode[];
  importance: number[];
}

export const randomForest: Learner<ForestFit> = {
  fit(x, y, problem) {
    const width = problem.encoding.width;
    const featuresPerSplit = Math.max(1, problem.task === 'classification' ? Math.floor(Math.sqrt(width)) : Math.floor(width / 3));
    const importance = new Array<number>(width).fill(0);
    const trees: TreeNode[] = [];
    const orders = columnOrders(x, width);
    for (let t = 0; t < FOREST_TREES; t++) {
      const sample = x.map(() => Math.floor(problem.random() * x.length));
      const tree = growTree(x, y, sample, problem, { ...FOREST_LIMITS, featuresPerSplit }, orders);
      tree.importance.forEach((v, j) => {
        importance[j] += v;
      });
      trees.push(tree.root);
      problem.progress((t + 1) / FOREST_TREES);
    }
    return { trees, importance };
  },
  predict(fit, row, problem) {
    const sum = new Array<number>(problem.task === 'classification' ? problem.classCount : 1).fill(0);
    for (const tree of fit.trees)
      leafAnswer(leafOf(tree, row), problem.task).forEach((v, k) => {
        sum[k] += v / fit.trees.length;
      });
    return sum;
  },
  importance: (fit) => shares(fit.importance),
};
