// Each value of the ml_algorithm enum and the learner that trains it.
import type { MlAlgorithm } from '../../generated/types/entities.ts';
import { randomForest } from './forest.ts';
import { kNearestNeighbors } from './knn.ts';
import type { Learner } from './learner.ts';
import { linearRegression } from './linear.ts';
import { logisticRegression } from './logistic.ts';
import { naiveBayes } from './naive-bayes.ts';
import { decisionTree } from './tree.ts';

const LEARNERS: Record<MlAlgorithm, Learner<unknown>> = {
  decision_tree: decisionTree as Learner<unknown>,
  random_forest: randomForest as Learner<unknown>,
  logistic_regression: logisticRegression as Learner<unknown>,
  linear_regression: linearRegression as Learner<unknown>,
  naive_bayes: naiveBayes as Learner<unknown>,
  k_nearest_neighbors: kNearestNeighbors as Learner<unknown>,
};

export const learnerOf = (algorithm: MlAlgorithm): Learner<unknown> => LEARNERS[algorithm];
