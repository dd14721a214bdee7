// The machine-learning algorithms on data whose answer is known: Gini worked by hand, a tree's split on a known
// threshold, R's lm(mpg ~ wt + hp, mtcars), naive Bayes and k-nearest neighbours on tiny sets, and the metrics of
// a known confusion matrix.
import { describe, expect, it } from 'vitest';
import { fitEncoding, type Cell } from '../../src/domain/ml/encoding.ts';
import type { Problem } from '../../src/domain/ml/learner.ts';
import { kNearestNeighbors } from '../../src/domain/ml/knn.ts';
import { linearRegression } from '../../src/domain/ml/linear.ts';
import { logisticRegression } from '../../src/domain/ml/logistic.ts';
import { classificationMetrics, regressionMetrics } from '../../src/domain/ml/metrics.ts';
import { naiveBayes } from '../../src/domain/ml/naive-bayes.ts';
import { randomSource } from '../../src/domain/ml/random.ts';
import { decisionTree, gini, leafOf } from '../../src/domain/ml/tree.ts';
import { irisColumns, MTCARS } from './ml-fixtures.ts';

/** A problem over numeric columns named a, b, … (or the encoding given). */
function problemOf(task: Problem['task'], width: number, classCount = 0, encoding = fitEncoding(Array.from({ length: width }, (_, j) => ({ name: String.fromCharCode(97 + j), type: 'numeric' as const, values: [] as Cell[] })), [])): Problem {
  return { task, classCount, encoding, random: randomSource(1), progress: () => {} };
}

describe('decision tree', () => {
  it('measures Gini impurity as worked by hand', () => {
    expect(gini([5, 5])).toBe(0.5);
    expect(gini([10, 0])).toBe(0);
    // 1 − (2/6)² − (4/6)² = 1 − 4/36 − 16/36 = 16/36
    expect(gini([2, 4])).toBeCloseTo(16 / 36, 12);
    expect(gini([1, 1, 1])).toBeCloseTo(2 / 3, 12);
  });

  it('splits on the threshold halfway between the classes and predicts each side', () => {
    // Column 0 separates the classes between 4 and 6; column 1 is noise.
    const x = [1, 2, 3, 4, 6, 7, 8, 9].map((v, i) => [v, i % 2]);
    const y = [0, 0, 0, 0, 1, 1, 1, 1];
    const p = problemOf('classification', 2, 2);
    const fit = decisionTree.fit(x, y, p);
    expect(fit.root).toEqual({ f: 0, t: 5, l: { v: [4, 0] }, r: { v: [0, 4] } });
    expect(decisionTree.predict(fit, [4.9, 1], p)).toEqual([1, 0]);
    expect(decisionTree.predict(fit, [5.1, 0], p)).toEqual([0, 1]);
    expect(decisionTree.importance!(fit, 2)).toEqual([1, 0]);
  });

  it('counts in every leaf exactly the training rows that reach it, over several levels', () => {
    const { features, species } = irisColumns();
    const classes = ['setosa', 'versicolor', 'virginica'];
    const x = species.values.map((_, i) => features.map((f) => f.values[i] as number));
    const y = species.values.map((v) => classes.indexOf(v as string));
    const p = problemOf('classification', 4, 3);
    const fit = decisionTree.fit(x, y, p);
    const reached = new Map<number[], number[]>();
    x.forEach((row, i) => {
      const v = leafOf(fit.root, row);
      const counts = reached.get(v) ?? [0, 0, 0];
      counts[y[i]]++;
      reached.set(v, counts);
    });
    expect(reached.size).toBeGreaterThan(3);
    for (const [v, counts] of reached) expect(counts).toEqual(v);
  });

  it('splits numbers where the variance falls most, leaves holding the mean', () => {
    const x = [[1], [2], [3], [10], [11], [12]];
    const y = [5, 6, 7, 50, 51, 52];
    const p = problemOf('regression', 1);
    const fit = decisionTree.fit(x, y, p);
    expect(fit.root).toEqual({ f: 0, t: 6.5, l: { v: [6] }, r: { v: [51] } });
  });
});

describe('linear regression', () => {
  it("matches R's lm(mpg ~ wt + hp, data = mtcars) to 4 significant digits", () => {
    // R 4.3: lm(mpg ~ wt + hp, mtcars) prints
    //   (Intercept) 37.22727   wt -3.87783   hp -0.03177 (more digits: -0.0317729)
    const x = MTCARS.wt.map((wt, i) => [wt, MTCARS.hp[i]]);
    const fit = linearRegression.fit(x, MTCARS.mpg, problemOf('regression', 2));
    expect(fit.intercept).toBeCloseTo(37.22727, 4);
    expect(fit.coefficients[0]).toBeCloseTo(-3.87783, 4);
    expect(fit.coefficients[1]).toBeCloseTo(-0.0317729, 6);
    // Multiple R-squared 0.8268 (on the training rows).
    const predicted = x.map((r) => linearRegression.predict(fit, r, problemOf('regression', 2))[0]);
    expect(regressionMetrics(MTCARS.mpg, predicted).r2).toBeCloseTo(0.8268, 4);
  });
});

describe('logistic regression', () => {
  it('learns a boundary and gives probabilities that sum to 1, converging before its limit', () => {
    const x = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((v) => [v]);
    const y = [0, 0, 0, 1, 0, 1, 1, 1, 1, 1];
    const p = problemOf('classification', 1, 2);
    const fit = logisticRegression.fit(x, y, p);
    expect(fit.converged).toBe(true);
    const low = logisticRegression.predict(fit, [1], p);
    const high = logisticRegression.predict(fit, [10], p);
    expect(low[0]).toBeGreaterThan(0.9);
    expect(high[1]).toBeGreaterThan(0.9);
    expect(low[0] + low[1]).toBeCloseTo(1, 12);
  });
});

describe('naive Bayes', () => {
  it('multiplies the class prior by the Laplace-smoothed share of each level', () => {
    const encoding = fitEncoding([{ name: 'colour', type: 'categorical', values: ['red', 'red', 'red', 'blue', 'blue', 'blue'] }], [0, 1, 2, 3, 4, 5]);
    // levels (most frequent first, then by text): blue, red → one-hot columns [blue, red]
    expect(encoding.features[0].levels).toEqual(['blue', 'red']);
    const x = [[0, 1], [0, 1], [0, 1], [1, 0], [1, 0], [1, 0]];
    const y = [0, 0, 1, 1, 1, 1];
    const p = problemOf('classification', 2, 2, encoding);
    const fit = naiveBayes.fit(x, y, p);
    // red: class 0 — prior (2+1)/(6+2), share (2+1)/(2+3); class 1 — prior (4+1)/8, share (1+1)/(4+3)
    const a = (3 / 8) * (3 / 5);
    const b = (5 / 8) * (2 / 7);
    expect(naiveBayes.predict(fit, [0, 1], p)[0]).toBeCloseTo(a / (a + b), 12);
  });
});

describe('k-nearest neighbours', () => {
  it('votes among the 5 nearest and breaks a tie by the nearest', () => {
    const x = [[0], [1], [2], [10], [11], [12], [13]];
    const y = [0, 0, 0, 1, 1, 1, 1];
    const p = problemOf('classification', 1, 2);
    const fit = kNearestNeighbors.fit(x, y, p);
    // Near 0: the 5 nearest are 0, 1, 2, 10, 11 → 3 votes to 2.
    expect(kNearestNeighbors.predict(fit, [0], p)).toEqual([0.6, 0.4]);
    const tie = kNearestNeighbors.fit([[0], [1], [5], [6]], [0, 1, 0, 1], p);
    // 4 rows: all are neighbours, 2 votes each; the nearest to 5.9 is 6 (class 1).
    const answer = kNearestNeighbors.predict(tie, [5.9], p);
    expect(answer[1]).toBeGreaterThan(answer[0]);
  });
});

describe('metrics', () => {
  it('computes accuracy, per-class precision/recall/F1 and macro F1 of a known confusion matrix', () => {
    // actual → predicted: class 0: 5 right, 1 as class 1; class 1: 2 as class 0, 2 right; class 2: never predicted, 1 row as class 1.
    const actual = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2];
    const predicted = [0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 1];
    const m = classificationMetrics(3, actual, predicted);
    expect(m.confusion_matrix).toEqual([
      [5, 1, 0],
      [2, 2, 0],
      [0, 1, 0],
    ]);
    expect(m.accuracy).toBeCloseTo(7 / 11, 12);
    expect(m.class_metrics[0]).toEqual({ precision: 5 / 7, recall: 5 / 6, f1: expect.closeTo((2 * (5 / 7) * (5 / 6)) / (5 / 7 + 5 / 6), 12), support: 6 });
    expect(m.class_metrics[1]).toMatchObject({ precision: 0.5, recall: 0.5, f1: 0.5, support: 4 });
    // Never predicted: precision undefined; recall 0.
    expect(m.class_metrics[2]).toEqual({ precision: null, recall: 0, f1: null, support: 1 });
    expect(m.macro_f1).toBeCloseTo((m.class_metrics[0].f1! + 0.5) / 2, 12);
  });

  it('computes RMSE, MAE and R² of predictions', () => {
    const m = regressionMetrics([1, 2, 3, 4], [1, 2, 3, 6]);
    expect(m.rmse).toBeCloseTo(1, 12);
    expect(m.mae).toBeCloseTo(0.5, 12);
    expect(m.r2).toBeCloseTo(1 - 4 / 5, 12);
  });
});
