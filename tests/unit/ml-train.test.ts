// Training end to end on R's iris: held-out accuracy, the seeded split (same seed, same model), a model that
// predicts the same after a JSON round trip, the target rules of each algorithm and the shared input encoding.
import { describe, expect, it } from 'vitest';
import type { MlAlgorithm } from '../../src/generated/types/entities.ts';
import { encodeRow, fitEncoding, inputCells } from '../../src/domain/ml/encoding.ts';
import { predictRow, taskOf, trainModel, TrainingProblem, type TrainedModel } from '../../src/domain/ml/train.ts';
import { seedOf } from '../../src/domain/ml/random.ts';
import { irisColumns, MTCARS } from './ml-fixtures.ts';

const { features, species } = irisColumns();
const irisRequest = (algorithm: MlAlgorithm, seed = seedOf('b8f0c6a2-6a3e-4d0e-9a57-2f1a9f3c1d11')) => ({ algorithm, target: species, features, trainRatio: 0.8, seed });

describe('training on iris', () => {
  it('a decision tree reaches a held-out accuracy of at least 0.9, with 120 training and 30 test rows', () => {
    const { metrics } = trainModel(irisRequest('decision_tree'));
    expect(metrics.train_count).toBe(120);
    expect(metrics.test_count).toBe(30);
    expect(metrics.accuracy).toBeGreaterThanOrEqual(0.9);
    expect(metrics.class_list).toEqual(['setosa', 'versicolor', 'virginica']);
    expect(metrics.confusion_matrix!.flat().reduce((s, v) => s + v, 0)).toBe(30);
    expect(metrics.class_metric_list!.map((c) => c.value)).toEqual(['setosa', 'versicolor', 'virginica']);
    // The petals separate the species; the tree's importance says so.
    expect(metrics.feature_importance_list![0].column).toMatch(/^Petal\./);
    expect(metrics.feature_importance_list!.reduce((s, f) => s + f.importance, 0)).toBeCloseTo(1, 9);
  });

  it.each(['random_forest', 'logistic_regression', 'naive_bayes', 'k_nearest_neighbors'] as const)('%s classifies the held-out rows at least 0.85 right', (algorithm) => {
    const { metrics } = trainModel(irisRequest(algorithm));
    expect(metrics.accuracy).toBeGreaterThanOrEqual(0.85);
    expect(metrics.macro_f1).toBeGreaterThanOrEqual(0.85);
    expect(metrics.feature_importance_list).toHaveLength(4);
  });

  it('trains the same model from the same seed, and another split from another seed', () => {
    const a = trainModel(irisRequest('random_forest', 7));
    const b = trainModel(irisRequest('random_forest', 7));
    expect(JSON.stringify(b.model)).toBe(JSON.stringify(a.model));
    expect(b.metrics).toEqual(a.metrics);
    const c = trainModel(irisRequest('random_forest', 8));
    expect(JSON.stringify(c.model)).not.toBe(JSON.stringify(a.model));
  });

  it.each(['decision_tree', 'random_forest', 'logistic_regression', 'naive_bayes', 'k_nearest_neighbors'] as const)('%s predicts the same after its model goes through JSON', (algorithm) => {
    const { model } = trainModel(irisRequest(algorithm));
    const stored = JSON.parse(JSON.stringify(model)) as TrainedModel;
    for (const flower of [
      [5.1, 3.5, 1.4, 0.2],
      [6.4, 3.2, 4.5, 1.5],
      [6.3, 3.3, 6.0, 2.5],
    ]) {
      const before = predictRow(model, flower);
      expect(predictRow(stored, flower)).toEqual(before);
      expect(before.probability_list!.reduce((s, p) => s + p.probability, 0)).toBeCloseTo(1, 6);
    }
    expect(predictRow(stored, [5.0, 3.4, 1.5, 0.2]).prediction).toBe('setosa');
    expect(predictRow(stored, [6.7, 3.0, 5.8, 2.2]).prediction).toBe('virginica');
  });
});

describe('regression', () => {
  const mtcars = (algorithm: MlAlgorithm) =>
    trainModel({
      algorithm,
      target: { name: 'mpg', type: 'numeric', values: MTCARS.mpg },
      features: [
        { name: 'wt', type: 'numeric', values: MTCARS.wt },
        { name: 'hp', type: 'numeric', values: MTCARS.hp },
      ],
      trainRatio: 0.75,
      seed: 3,
    });

  it.each(['linear_regression', 'decision_tree', 'random_forest', 'k_nearest_neighbors'] as const)('%s reports RMSE, MAE and R² on the held-out cars', (algorithm) => {
    const { metrics, model } = mtcars(algorithm);
    expect(metrics).toMatchObject({ train_count: 24, test_count: 8 });
    expect(metrics.rmse).toBeGreaterThan(0);
    expect(metrics.mae).toBeLessThanOrEqual(metrics.rmse!);
    expect(metrics.r2).toBeLessThanOrEqual(1);
    expect(metrics.accuracy).toBeUndefined();
    const light = predictRow(model, [1.8, 70]).prediction as number;
    const heavy = predictRow(model, [5.3, 220]).prediction as number;
    expect(light).toBeGreaterThan(heavy);
    expect(predictRow(model, [3, 150]).probability_list).toBeUndefined();
  });

  it('linear regression explains most of mpg on the test cars', () => {
    expect(mtcars('linear_regression').metrics.r2).toBeGreaterThan(0.5);
  });
});

describe('what may be trained', () => {
  it('gives each algorithm its task by the target type, and refuses the others', () => {
    expect(taskOf('decision_tree', 'categorical')).toBe('classification');
    expect(taskOf('decision_tree', 'boolean')).toBe('classification');
    expect(taskOf('random_forest', 'numeric')).toBe('regression');
    expect(taskOf('logistic_regression', 'numeric')).toBe('needs_categorical');
    expect(taskOf('naive_bayes', 'numeric')).toBe('needs_categorical');
    expect(taskOf('linear_regression', 'text')).toBe('needs_numeric');
    expect(taskOf('k_nearest_neighbors', 'date')).toBe('date_target');
  });

  it('drops rows without a target, and refuses too few of them or more than 50 classes', () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    const run = (target: (string | null)[]) => () =>
      trainModel({ algorithm: 'decision_tree', target: { name: 't', type: 'text', values: target }, features: [{ name: 'x', type: 'numeric', values }], trainRatio: 0.8, seed: 1 });
    const withGaps = ['a', 'b', null, 'a', 'b', 'a', 'b', 'a', 'b', 'a', ''];
    expect(run(withGaps)).toThrow(new TrainingProblem('too_few_rows', 9));
    expect(run([...withGaps.slice(0, 10), 'b'])().metrics).toMatchObject({ train_count: 8, test_count: 2 });
    const many = trainModel.bind(null, {
      algorithm: 'decision_tree',
      target: { name: 't', type: 'text', values: Array.from({ length: 60 }, (_, i) => `c${i}`) },
      features: [{ name: 'x', type: 'numeric', values: Array.from({ length: 60 }, (_, i) => i) }],
      trainRatio: 0.8,
      seed: 1,
    });
    expect(many).toThrow(new TrainingProblem('too_many_classes', 60));
  });
});

describe('input encoding', () => {
  const columns = [
    { name: 'age', type: 'numeric' as const, values: [30, null, 50, 99] },
    { name: 'city', type: 'categorical' as const, values: ['İzmir', 'Ankara', 'İzmir', 'Bursa'] },
    { name: 'visit', type: 'date' as const, values: ['2024-01-01', '2024-01-03', null, '1999-01-01'] },
  ];
  // Fitted on the first three rows only: the fourth (a test row) must not change the means or the levels.
  const encoding = fitEncoding(columns, [0, 1, 2]);

  it('fills a missing number or date with the training mean and one-hot encodes the training levels', () => {
    expect(encoding.features.map((f) => f.levels ?? f.mean)).toEqual([40, ['İzmir', 'Ankara'], 19724]);
    expect(encodeRow(encoding, [null, 'Ankara', '2024-01-03'])).toEqual([40, 0, 1, 19725]);
  });

  it('encodes a level unseen in training (or an empty cell) as all zeros', () => {
    expect(encodeRow(encoding, [20, 'Bursa', null])).toEqual([20, 0, 0, 19724]);
    expect(encodeRow(encoding, [20, null, null])).toEqual([20, 0, 0, 19724]);
  });

  it("checks a prediction's input by feature name: every feature given, numbers and dates readable", () => {
    expect(inputCells(encoding, { city: 'İzmir', age: 31, visit: null })).toEqual({ cells: [31, 'İzmir', null], problems: [] });
    expect(inputCells(encoding, { age: 'old', visit: '3 Jan' }).problems).toEqual([
      { field: 'age', problem: 'number' },
      { field: 'city', problem: 'missing' },
      { field: 'visit', problem: 'date' },
    ]);
  });
});
