// Logistic regression as R's summary(glm(family = binomial)): IRLS from R's start (μ = (y + ½)/2), at most 25
// iterations, converged when |Δdeviance| / (|deviance| + 0.1) < 1e-8 (glm.control); Wald SE, z and p, odds
// ratios with 95% Wald intervals; deviance, null deviance, AIC, McFadden's R²; the same rows classified at
// probability 0.5 (sensitivity, specificity, AUC by ranks). No convergence, or fitted probabilities numerically
// 0 or 1 (perfect separation, where R warns and the estimates run off), leaves the coefficients' figures null.
import type { LogisticRegressionResult } from '../../generated/types/entities.ts';
import { type ColumnData, finite, levelsOf } from './cells.ts';
import { designMatrix, type LeastSquares, leastSquares } from './design.ts';
import { normalTwoSidedP, zCritical } from './distributions.ts';
import { averageRanks } from './ranks.ts';

const MAX_ITERATIONS = 25;
const EPSILON = 1e-8;
/** R's threshold for "fitted probabilities numerically 0 or 1". */
const EDGE = 10 * Number.EPSILON;

const logistic = (eta: number): number => 1 / (1 + Math.exp(-eta));

function deviance(y: readonly number[], mu: readonly number[]): number {
  let d = 0;
  for (let i = 0; i < y.length; i++) d -= 2 * (y[i] ? Math.log(mu[i]) : Math.log(1 - mu[i]));
  return d;
}

function irls(x: readonly number[][], y: readonly number[]): { fit: LeastSquares | null; mu: number[]; deviance: number; converged: boolean } {
  let mu = y.map((v) => (v + 0.5) / 2);
  let eta = mu.map((m) => Math.log(m / (1 - m)));
  let previous = deviance(y, mu);
  let fit: LeastSquares | null = null;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const w = mu.map((m) => m * (1 - m));
    fit = leastSquares(
      x,
      eta.map((e, i) => e + (y[i] - mu[i]) / w[i]),
      w,
    );
    if (!fit) return { fit, mu, deviance: Number.NaN, converged: false };
    const beta = fit.beta;
    eta = x.map((row) => row.reduce((a, v, j) => a + v * beta[j], 0));
    mu = eta.map(logistic);
    const current = deviance(y, mu);
    if (Math.abs(current - previous) / (Math.abs(current) + 0.1) < EPSILON) return { fit, mu, deviance: current, converged: true };
    previous = current;
  }
  return { fit, mu, deviance: previous, converged: false };
}

/** The area under the ROC curve: P(a positive row scores above a negative one), ties counting half. */
function auc(y: readonly number[], scores: readonly number[]): number {
  const { ranks } = averageRanks(scores);
  let positives = 0;
  let rankSum = 0;
  y.forEach((v, i) => {
    if (v) {
      positives++;
      rankSum += ranks[i];
    }
  });
  const negatives = y.length - positives;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

export function logisticRegression(predictors: readonly ColumnData[], dependent: ColumnData): LogisticRegressionResult {
  const design = designMatrix(predictors, dependent, false);
  const cells = design.rows.map((i) => dependent.values[i]);
  const positive = levelsOf(cells)[1] ?? null;
  const y = cells.map((c): number => (c === positive ? 1 : 0));
  const n = y.length;
  const { fit, mu, deviance: dev, converged: iterated } = irls(design.x, y);
  const separated = mu.some((m) => m < EDGE || m > 1 - EDGE);
  const converged = iterated && !separated && fit !== null;
  const mean = y.reduce((a, b) => a + b, 0) / n;
  const nullDeviance = deviance(
    y,
    y.map(() => mean),
  );
  const z95 = zCritical();
  const coefficient_list = design.terms.map((term, j) => {
    if (!converged) return { ...term, estimate: null, se: null, z: null, p: null, odds_ratio: null, or_ci_lower: null, or_ci_upper: null };
    const estimate = fit!.beta[j];
    const se = Math.sqrt(fit!.unscaledCovariance.get(j, j));
    const z = estimate / se;
    return {
      ...term,
      estimate: finite(estimate),
      se: finite(se),
      z: finite(z),
      p: Number.isFinite(z) ? finite(normalTwoSidedP(z)) : null,
      odds_ratio: finite(Math.exp(estimate)),
      or_ci_lower: finite(Math.exp(estimate - z95 * se)),
      or_ci_upper: finite(Math.exp(estimate + z95 * se)),
    };
  });
  const counts = { true_positive: 0, false_positive: 0, true_negative: 0, false_negative: 0 };
  if (converged)
    y.forEach((v, i) => {
      const predicted = mu[i] >= 0.5;
      if (v) counts[predicted ? 'true_positive' : 'false_negative']++;
      else counts[predicted ? 'false_positive' : 'true_negative']++;
    });
  const { true_positive: tp, false_positive: fp, true_negative: tn, false_negative: fn } = counts;
  return {
    dependent_column_id: dependent.column_id,
    positive_value: positive,
    n,
    deviance: converged ? finite(dev) : null,
    null_deviance: finite(nullDeviance),
    aic: converged ? finite(dev + 2 * design.terms.length) : null,
    mcfadden_r2: converged ? finite(1 - dev / nullDeviance) : null,
    converged,
    coefficient_list,
    classification: {
      threshold: 0.5,
      accuracy: converged ? finite((tp + tn) / n) : null,
      sensitivity: converged ? finite(tp / (tp + fn)) : null,
      specificity: converged ? finite(tn / (tn + fp)) : null,
      auc: converged ? finite(auc(y, mu)) : null,
      ...counts,
    },
  };
}
