// Linear regression by least squares with an intercept, as R's lm: the columns are centred and the normal
// equations solved through a pseudo-inverse (SVD), so one-hot columns that add up to a constant (collinear with
// the intercept) still give the minimum-norm answer instead of failing.
import { Matrix, pseudoInverse } from 'ml-matrix';
import { standardizer, type Learner } from './learner.ts';

export interface LinearFit {
  intercept: number;
  coefficients: number[];
  /** Training standard deviations of the columns and of the target (for standardized importance). */
  sd: number[];
  sdY: number;
}

export const linearRegression: Learner<LinearFit> = {
  fit(x, y, problem) {
    const width = problem.encoding.width;
    const { mean, sd } = standardizer(x, width);
    const meanY = y.reduce((s, v) => s + v, 0) / y.length;
    const xtx = Matrix.zeros(width, width);
    const xty = Matrix.zeros(width, 1);
    x.forEach((row, i) => {
      const c = row.map((v, j) => v - mean[j]);
      const dy = y[i] - meanY;
      for (let a = 0; a < width; a++) {
        xty.set(a, 0, xty.get(a, 0) + c[a] * dy);
        for (let b = a; b < width; b++) xtx.set(a, b, xtx.get(a, b) + c[a] * c[b]);
      }
    });
    for (let a = 0; a < width; a++) for (let b = 0; b < a; b++) xtx.set(a, b, xtx.get(b, a));
    const beta = width ? pseudoInverse(xtx).mmul(xty).getColumn(0) : [];
    problem.progress(1);
    const sdY = Math.sqrt(y.reduce((s, v) => s + (v - meanY) ** 2, 0) / y.length) || 1;
    return { intercept: meanY - beta.reduce((s, b, j) => s + b * mean[j], 0), coefficients: beta, sd, sdY };
  },
  predict: (fit, row) => [fit.coefficients.reduce((s, b, j) => s + b * row[j], fit.intercept)],
  importance: (fit) => fit.coefficients.map((b, j) => Math.abs((b * fit.sd[j]) / fit.sdY)),
};
