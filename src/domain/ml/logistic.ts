// Logistic regression for two or more classes (multinomial: one weight row per class, softmax), on standardized
// columns with a small L2 penalty (which also keeps separable data finite). Fitted by accelerated gradient descent
// (Nesterov) with the step 1/L from a bound of the loss's curvature, so it converges without tuning; it stops
// when the gradient is flat or at the iteration limit.
import { standardize, standardizer, type Learner } from './learner.ts';

export const LOGISTIC_L2 = 1e-3;
export const LOGISTIC_MAX_ITERATIONS = 1000;
/** Stop when no gradient component is larger (standardized inputs: a change that small no longer moves a probability). */
const TOLERANCE = 1e-5;

export interface LogisticFit {
  mean: number[];
  sd: number[];
  /** weights[k]: class k's intercept, then one weight per standardized column. */
  weights: number[][];
  iterations: number;
  converged: boolean;
}

function softmax(logits: number[]): number[] {
  const top = Math.max(...logits);
  const e = logits.map((v) => Math.exp(v - top));
  const sum = e.reduce((s, v) => s + v, 0);
  return e.map((v) => v / sum);
}

const logitsOf = (weights: number[][], z: number[]) => weights.map((w) => z.reduce((s, v, j) => s + v * w[j + 1], w[0]));

export const logisticRegression: Learner<LogisticFit> = {
  fit(x, y, problem) {
    const width = problem.encoding.width;
    const K = problem.classCount;
    const scale = standardizer(x, width);
    const z = x.map((row) => standardize(row, scale));
    const n = z.length;
    // The softmax loss's Hessian is at most ½·XᵀX/n, whose largest eigenvalue is at most its trace: width + 1.
    const step = 1 / (0.5 * (width + 1) + LOGISTIC_L2);
    let w = Array.from({ length: K }, () => new Float64Array(width + 1));
    let previous = w.map((r) => r.slice());
    const look = Array.from({ length: K }, () => new Float64Array(width + 1));
    const grad = Array.from({ length: K }, () => new Float64Array(width + 1));
    const p = new Float64Array(K);
    let iterations = 0;
    let converged = false;
    for (let t = 1; t <= LOGISTIC_MAX_ITERATIONS; t++) {
      iterations = t;
      const momentum = (t - 1) / (t + 2);
      for (let k = 0; k < K; k++) {
        for (let j = 0; j <= width; j++) look[k][j] = w[k][j] + momentum * (w[k][j] - previous[k][j]);
        grad[k].fill(0);
      }
      for (let i = 0; i < n; i++) {
        const zi = z[i];
        let top = -Infinity;
        for (let k = 0; k < K; k++) {
          let logit = look[k][0];
          for (let j = 0; j < width; j++) logit += zi[j] * look[k][j + 1];
          p[k] = logit;
          if (logit > top) top = logit;
        }
        let sum = 0;
        for (let k = 0; k < K; k++) sum += p[k] = Math.exp(p[k] - top);
        for (let k = 0; k < K; k++) {
          const r = (p[k] / sum - (y[i] === k ? 1 : 0)) / n;
          grad[k][0] += r;
          for (let j = 0; j < width; j++) grad[k][j + 1] += r * zi[j];
        }
      }
      let largest = 0;
      for (let k = 0; k < K; k++)
        for (let j = 0; j <= width; j++) {
          if (j > 0) grad[k][j] += LOGISTIC_L2 * look[k][j];
          largest = Math.max(largest, Math.abs(grad[k][j]));
        }
      previous = w;
      w = look.map((r, k) => r.map((v, j) => v - step * grad[k][j]));
      if (t % 25 === 0) problem.progress(t / LOGISTIC_MAX_ITERATIONS);
      if (largest < TOLERANCE) {
        converged = true;
        break;
      }
    }
    problem.progress(1);
    return { mean: scale.mean, sd: scale.sd, weights: w.map((r) => Array.from(r)), iterations, converged };
  },
  predict: (fit, row) => softmax(logitsOf(fit.weights, standardize(row, fit))),
  importance: (fit, width) => Array.from({ length: width }, (_, j) => fit.weights.reduce((s, w) => s + Math.abs(w[j + 1]), 0) / fit.weights.length),
};
