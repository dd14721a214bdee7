// Held-out metrics as the contract's machine_learning_model.metrics has them (the class values and the row counts
// are added by the caller). Precision of a class never predicted, and recall of a class absent from the test
// rows, are null (undefined, not zero), as are their F1; macro F1 averages the classes that have one.

export interface ClassMetric {
  precision: number | null;
  recall: number | null;
  f1: number | null;
  support: number;
}

export interface ClassificationMetrics {
  accuracy: number;
  /** confusion_matrix[i][j]: test rows of class i predicted as class j. */
  confusion_matrix: number[][];
  class_metrics: ClassMetric[];
  macro_f1: number | null;
}

export function classificationMetrics(classCount: number, actual: number[], predicted: number[]): ClassificationMetrics {
  const matrix = Array.from({ length: classCount }, () => new Array<number>(classCount).fill(0));
  actual.forEach((a, i) => {
    matrix[a][predicted[i]]++;
  });
  const correct = matrix.reduce((s, row, i) => s + row[i], 0);
  const class_metrics = matrix.map((row, k): ClassMetric => {
    const support = row.reduce((s, v) => s + v, 0);
    const predictedAs = matrix.reduce((s, r) => s + r[k], 0);
    const precision = predictedAs ? row[k] / predictedAs : null;
    const recall = support ? row[k] / support : null;
    const f1 = precision === null || recall === null ? null : precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    return { precision, recall, f1, support };
  });
  const f1s = class_metrics.flatMap((m) => (m.f1 === null ? [] : [m.f1]));
  return {
    accuracy: actual.length ? correct / actual.length : 0,
    confusion_matrix: matrix,
    class_metrics,
    macro_f1: f1s.length ? f1s.reduce((s, v) => s + v, 0) / f1s.length : null,
  };
}

export interface RegressionMetrics {
  rmse: number;
  mae: number;
  /** 1 − SSE/SST on the test rows; absent when the test targets are all equal (SST = 0). */
  r2?: number;
}

export function regressionMetrics(actual: number[], predicted: number[]): RegressionMetrics {
  const n = actual.length;
  const mean = actual.reduce((s, v) => s + v, 0) / n;
  let sse = 0;
  let sae = 0;
  let sst = 0;
  actual.forEach((a, i) => {
    sse += (a - predicted[i]) ** 2;
    sae += Math.abs(a - predicted[i]);
    sst += (a - mean) ** 2;
  });
  return { rmse: Math.sqrt(sse / n), mae: sae / n, ...(sst > 0 ? { r2: Math.max(-1e6, 1 - sse / sst) } : {}) };
}
