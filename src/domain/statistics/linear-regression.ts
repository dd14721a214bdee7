// Linear regression as R's summary(lm()): coefficients with SE, t, p and 95% CI, R², adjusted R², F on
// (p, n − p − 1) df with its p, the residual standard error; a singular design or too few rows leaves the
// figures null. With one numeric predictor, scatter points for the plot with the fit line.
import type { LinearRegressionResult } from '../../generated/types/entities.ts';
import { type ColumnData, finite } from './cells.ts';
import { designMatrix, leastSquares } from './design.ts';
import { fUpperP, tCritical, tTwoSidedP } from './distributions.ts';
import { samplePoints } from './plots.ts';

export function linearRegression(predictors: readonly ColumnData[], dependent: ColumnData): LinearRegressionResult {
  const design = designMatrix(predictors, dependent, true);
  const y = design.rows.map((i) => dependent.values[i] as number);
  const n = y.length;
  const k = design.terms.length - 1;
  const df2 = Math.max(0, n - k - 1);
  const fit = df2 > 0 ? leastSquares(design.x, y) : null;
  const points =
    predictors.length === 1 && predictors[0].column_type === 'numeric' ? { point_list: samplePoints(design.x.map((r) => r[1]), y) } : {};
  const empty = (): LinearRegressionResult['coefficient_list'] =>
    design.terms.map((t) => ({ ...t, estimate: null, se: null, t: null, p: null, ci_lower: null, ci_upper: null }));
  if (!fit)
    return { dependent_column_id: dependent.column_id, n, r: null, r2: null, adjusted_r2: null, f: null, df1: k, df2, p: null, residual_se: null, coefficient_list: empty(), ...points };
  const mean = y.reduce((a, b) => a + b, 0) / n;
  let sse = 0;
  let sst = 0;
  design.x.forEach((row, i) => {
    const fitted = row.reduce((a, v, j) => a + v * fit.beta[j], 0);
    sse += (y[i] - fitted) ** 2;
    sst += (y[i] - mean) ** 2;
  });
  const sigma2 = sse / df2;
  const r2 = 1 - sse / sst;
  const f = ((sst - sse) / k) / sigma2;
  const critical = tCritical(df2);
  return {
    dependent_column_id: dependent.column_id,
    n,
    r: finite(Math.sqrt(Math.max(0, r2))),
    r2: finite(r2),
    adjusted_r2: finite(1 - (1 - r2) * ((n - 1) / df2)),
    f: k ? finite(f) : null,
    df1: k,
    df2,
    p: k && Number.isFinite(f) ? finite(fUpperP(f, k, df2)) : null,
    residual_se: finite(Math.sqrt(sigma2)),
    coefficient_list: design.terms.map((term, j) => {
      const estimate = fit.beta[j];
      const se = Math.sqrt(sigma2 * fit.unscaledCovariance.get(j, j));
      const t = estimate / se;
      return {
        ...term,
        estimate: finite(estimate),
        se: finite(se),
        t: finite(t),
        p: Number.isFinite(t) ? finite(tTwoSidedP(t, df2)) : null,
        ci_lower: finite(estimate - critical * se),
        ci_upper: finite(estimate + critical * se),
      };
    }),
    ...points,
  };
}
