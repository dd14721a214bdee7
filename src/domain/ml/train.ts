// Training and prediction for every algorithm of the ml_algorithm enum, as pure functions: the rows with a target
// are split (seeded) into training and test rows, the shared encoding is fitted on the training rows, the model is
// fitted and then measured on the test rows. A model is plain JSON (encoding, classes and fitted parameters) and
// predicts from that alone.
import type { AnalysisColumnType, MachineLearningModel, MlAlgorithm } from '../../generated/types/entities.ts';
import { encodeRow, fitEncoding, levelOf, numberOf, sourcesOf, type Cell, type Encoding } from './encoding.ts';
import { learnerOf } from './algorithms.ts';
import type { Problem } from './learner.ts';
import { classificationMetrics, regressionMetrics } from './metrics.ts';
import { randomSource, shuffledIndexes } from './random.ts';

export type Task = Problem['task'];
export type ModelMetrics = NonNullable<MachineLearningModel['metrics']>;

/** A classifier predicts at most this many classes. */
export const MAX_CLASSES = 50;
/** Fewer rows with a target than this cannot be split into training and test rows that mean anything. */
export const MIN_ROWS = 10;
/** A stored model's JSON stays under this many characters (~5 MB). */
export const MAX_MODEL_CHARS = 5_000_000;
/** Permutation importance is measured on at most this many test rows. */
const IMPORTANCE_ROWS = 1000;

export type TargetProblem = 'needs_categorical' | 'needs_numeric' | 'date_target';

/**
 * What training `algorithm` on a target of `type` is: classification for categories (categorical, text, yes/no),
 * regression for numbers; logistic regression and naive Bayes need classes, linear regression a number, and a date
 * is never a target.
 */
export function taskOf(algorithm: MlAlgorithm, type: AnalysisColumnType): Task | TargetProblem {
  if (type === 'date') return 'date_target';
  const task: Task = type === 'numeric' ? 'regression' : 'classification';
  if ((algorithm === 'logistic_regression' || algorithm === 'naive_bayes') && task !== 'classification') return 'needs_categorical';
  if (algorithm === 'linear_regression' && task !== 'regression') return 'needs_numeric';
  return task;
}

/** Why training could not go on (the caller words it). */
export class TrainingProblem extends Error {
  constructor(
    readonly problem: TargetProblem | 'too_few_rows' | 'too_many_classes' | 'model_too_large',
    readonly count = 0,
  ) {
    super(problem);
  }
}

export interface TrainingColumn {
  name: string;
  type: AnalysisColumnType;
  /** The column's cell in every row, in row order (the same rows for every column). */
  values: Cell[];
}

export interface TrainingRequest {
  algorithm: MlAlgorithm;
  target: TrainingColumn;
  features: TrainingColumn[];
  /** Share of the rows with a target used for training (the rest are the test rows). */
  trainRatio: number;
  seed: number;
}

export interface TrainedModel {
  format: 1;
  algorithm: MlAlgorithm;
  task: Task;
  encoding: Encoding;
  /** Classification: the class values, in the order of the probabilities. */
  classes: Cell[];
  fit: unknown;
}

/** The classes of a target: its distinct values, in a stable order (no before yes; texts by code point). */
function classesOf(values: Cell[]): Cell[] {
  const byKey = new Map<string, Cell>();
  for (const v of values) if (levelOf(v) !== null) byKey.set(`${typeof v}:${String(v)}`, v);
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}

/** The rows with a target and each one's target (a class index, or the number). */
export function targetsOf(task: Task, target: TrainingColumn): { rows: number[]; y: number[]; classes: Cell[] } {
  const rows: number[] = [];
  const y: number[] = [];
  if (task === 'regression') {
    target.values.forEach((cell, i) => {
      const v = numberOf('number', cell);
      if (v !== null) {
        rows.push(i);
        y.push(v);
      }
    });
    return { rows, y, classes: [] };
  }
  const classes = classesOf(target.values);
  const index = new Map(classes.map((c, k) => [`${typeof c}:${String(c)}`, k]));
  target.values.forEach((cell, i) => {
    if (levelOf(cell) === null) return;
    rows.push(i);
    y.push(index.get(`${typeof cell}:${String(cell)}`)!);
  });
  return { rows, y, classes };
}

/** Trains a model and measures it on the held-out rows; `progress` hears the share done (0–1). */
export function trainModel(request: TrainingRequest, progress: (share: number) => void = () => {}): { model: TrainedModel; metrics: ModelMetrics } {
  const task = taskOf(request.algorithm, request.target.type);
  if (task !== 'classification' && task !== 'regression') throw new TrainingProblem(task);
  const { rows, y, classes } = targetsOf(task, request.target);
  if (classes.length > MAX_CLASSES) throw new TrainingProblem('too_many_classes', classes.length);
  if (rows.length < MIN_ROWS) throw new TrainingProblem('too_few_rows', rows.length);

  const random = randomSource(request.seed);
  const order = shuffledIndexes(rows.length, random);
  const trainCount = Math.min(rows.length - 1, Math.max(1, Math.round(request.trainRatio * rows.length)));
  const train = order.slice(0, trainCount);
  const test = order.slice(trainCount);
  const encoding = fitEncoding(
    request.features,
    train.map((k) => rows[k]),
  );
  const encode = (k: number) =>
    encodeRow(
      encoding,
      request.features.map((f) => f.values[rows[k]]),
    );
  const xTrain = train.map(encode);
  const xTest = test.map(encode);
  progress(0.05);

  const learner = learnerOf(request.algorithm);
  const problem: Problem = { task, classCount: classes.length, encoding, random, progress: (share) => progress(0.05 + 0.8 * share) };
  const fit = learner.fit(
    xTrain,
    train.map((k) => y[k]),
    problem,
  );
  const model: TrainedModel = { format: 1, algorithm: request.algorithm, task, encoding, classes, fit };
  if (JSON.stringify(model).length > MAX_MODEL_CHARS) throw new TrainingProblem('model_too_large');

  const answer = (row: number[]) => learner.predict(fit, row, problem);
  const yTest = test.map((k) => y[k]);
  const measured = scoreOf(task, classes, yTest, xTest.map(answer));
  const perColumn = learner.importance?.(fit, encoding.width) ?? permutationImportance(encoding, xTest.slice(0, IMPORTANCE_ROWS), (x) => scoreOf(task, classes, yTest.slice(0, IMPORTANCE_ROWS), x.map(answer)).score, random);
  progress(1);
  return {
    model,
    metrics: {
      ...measured.metrics,
      ...(task === 'classification' ? { class_list: classes } : {}),
      train_count: train.length,
      test_count: test.length,
      feature_importance_list: importanceList(encoding, perColumn),
    },
  };
}

type Scored = { score: number; metrics: Omit<ModelMetrics, 'train_count' | 'test_count'> };

/** The test metrics of predicted answers, and one number where larger is better (accuracy, or −RMSE). */
function scoreOf(task: Task, classes: Cell[], y: number[], answers: number[][]): Scored {
  if (task === 'regression') {
    const m = regressionMetrics(
      y,
      answers.map((a) => a[0]),
    );
    return { score: -m.rmse, metrics: m };
  }
  const m = classificationMetrics(classes.length, y, answers.map(mostProbable));
  return {
    score: m.accuracy,
    metrics: {
      accuracy: m.accuracy,
      confusion_matrix: m.confusion_matrix,
      class_metric_list: m.class_metrics.map((c, k) => ({ value: classes[k], ...c })),
      macro_f1: m.macro_f1,
    },
  };
}

const mostProbable = (p: number[]) => p.reduce((best, v, k) => (v > p[best] ? k : best), 0);

/**
 * How much each feature counts when the algorithm has no measure of its own (naive Bayes, k-nearest neighbours):
 * the drop of the test score when the feature's columns are shuffled across the test rows (never below 0).
 */
function permutationImportance(encoding: Encoding, x: number[][], score: (x: number[][]) => number, random: () => number): number[] {
  const base = score(x);
  const sources = sourcesOf(encoding);
  const perColumn = new Array<number>(encoding.width).fill(0);
  encoding.features.forEach((_, f) => {
    const columns = sources.flatMap((s, j) => (s === f ? [j] : []));
    const order = shuffledIndexes(x.length, random);
    const shuffled = x.map((row, i) => row.map((v, j) => (columns.includes(j) ? x[order[i]][j] : v)));
    // The drop is the feature's, given to its first column (the list adds a feature's columns up).
    if (columns.length) perColumn[columns[0]] = Math.max(0, base - score(shuffled));
  });
  return perColumn;
}

/** Per feature (its one-hot columns added up), largest first; trees' and forests' shares sum to 1. */
function importanceList(encoding: Encoding, perColumn: number[]): ModelMetrics['feature_importance_list'] {
  const sources = sourcesOf(encoding);
  const sums = encoding.features.map((f, i) => ({ column: f.name, importance: perColumn.reduce((s, v, j) => (sources[j] === i ? s + v : s), 0) }));
  return sums.sort((a, b) => b.importance - a.importance);
}

/** Predicts for one row of cells in the model's feature order: the answer and, for a classifier, each class's probability. */
export function predictRow(model: TrainedModel, cells: Cell[]): { prediction: Cell; probability_list?: { value: Cell; probability: number }[] } {
  const learner = learnerOf(model.algorithm);
  const answer = learner.predict(model.fit, encodeRow(model.encoding, cells), { task: model.task, classCount: model.classes.length, encoding: model.encoding });
  if (model.task === 'regression') return { prediction: answer[0] };
  return {
    prediction: model.classes[mostProbable(answer)],
    probability_list: model.classes.map((value, k) => ({ value, probability: Math.min(1, Math.max(0, answer[k])) })),
  };
}
