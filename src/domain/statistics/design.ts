// The design matrix the regressions share: an intercept, each numeric predictor as is, each other predictor
// dummy-coded against its first level (as R's treatment contrasts), on the rows where the outcome and every
// predictor have a value; and weighted least squares by QR (ml-matrix), which both regressions solve.
import { Matrix, QrDecomposition, inverse } from 'ml-matrix';
import { type Cell, type ColumnData, completeRows, levelsOf } from './cells.ts';

export interface Term {
  /** null = the intercept. */
  column_id: string | null;
  /** The level a dummy stands for. */
  level?: Cell;
}

export interface Design {
  /** The rows used (indices into the columns' values). */
  rows: number[];
  x: number[][];
  terms: Term[];
}

export function designMatrix(predictors: readonly ColumnData[], outcome: ColumnData, outcomeNumeric: boolean): Design {
  const numeric = predictors.map((p) => p.column_type === 'numeric');
  const rows = completeRows([outcome.values, ...predictors.map((p) => p.values)], [outcomeNumeric, ...numeric]);
  const terms: Term[] = [{ column_id: null }];
  const encoders = predictors.map((p, j): ((i: number) => number[]) => {
    if (numeric[j]) {
      terms.push({ column_id: p.column_id });
      return (i) => [p.values[i] as number];
    }
    const levels = levelsOf(rows.map((i) => p.values[i])).slice(1);
    for (const level of levels) terms.push({ column_id: p.column_id, level });
    return (i) => levels.map((level) => (p.values[i] === level ? 1 : 0));
  });
  return { rows, terms, x: rows.map((i) => [1, ...encoders.flatMap((encode) => encode(i))]) };
}

export interface LeastSquares {
  beta: number[];
  /** (Xᵀ W X)⁻¹: times the residual variance, the coefficients' covariance. */
  unscaledCovariance: Matrix;
}

/**
 * Minimises Σ wᵢ (yᵢ − xᵢβ)² by QR of √W·X; null when the design is singular (a column is, within 1e-7 of its
 * length, a combination of the others — R's lm tolerance), so no figure pretends to a unique fit.
 */
export function leastSquares(x: readonly number[][], y: readonly number[], w?: readonly number[]): LeastSquares | null {
  const n = x.length;
  const p = x[0]?.length ?? 0;
  if (n <= p - 1 || p === 0) return null;
  const root = w ? w.map(Math.sqrt) : null;
  const a = new Matrix(root ? x.map((row, i) => row.map((v) => v * root[i])) : (x as number[][]));
  const b = Matrix.columnVector(root ? y.map((v, i) => v * root[i]) : (y as number[]));
  const qr = new QrDecomposition(a);
  const r = qr.upperTriangularMatrix;
  for (let j = 0; j < p; j++) if (!(Math.abs(r.get(j, j)) > 1e-7 * a.getColumnVector(j).norm())) return null;
  const rInverse = inverse(r.subMatrix(0, p - 1, 0, p - 1));
  return { beta: qr.solve(b).getColumn(0), unscaledCovariance: rInverse.mmul(rInverse.transpose()) };
}
