// Correlation, linear and logistic regression checked against R (datasets package) to 4 significant digits.
import { describe, expect, it } from 'vitest';
import type { CorrelationResult, LinearRegressionResult, LogisticRegressionResult } from '../../src/generated/types/entities.ts';
import { runAnalysis } from '../../src/domain/statistics/index.ts';
import { column, expectR } from './statistics-fixtures.ts';

const mpg = column('mtcars', 'mpg');
const wt = column('mtcars', 'wt');
const am = column('mtcars', 'am', 'categorical');

describe('correlation (mtcars mpg and wt)', () => {
  const [pair] = (runAnalysis('correlation', { columns: [mpg, wt] }) as CorrelationResult).pair_list;

  it("Pearson's r with its t-based p as cor.test", () => {
    // cor.test(mtcars$mpg, mtcars$wt): t = -9.559, df = 30, p-value = 1.294e-10, cor -0.8676594
    expect(pair.n).toBe(32);
    expectR(pair.pearson_r, '-0.8676594');
    expectR(pair.pearson_p, '1.294e-10');
  });

  it("Spearman's ρ on average ranks as cor.test(method = 'spearman', exact = FALSE)", () => {
    // cor.test(mtcars$mpg, mtcars$wt, method = "spearman", exact = FALSE): S = 10292, p-value = 1.488e-11, rho -0.886422
    expectR(pair.spearman_rho, '-0.886422');
    expectR(pair.spearman_p, '1.488e-11');
  });

  it('gives the fit line and every point of a small dataset', () => {
    // coef(lm(wt ~ mpg, mtcars)): (Intercept) 6.047255, mpg -0.1408620
    expectR(pair.intercept, '6.047255');
    expectR(pair.slope, '-0.1408620');
    expect(pair.point_list).toHaveLength(32);
    expect(pair.point_list[0]).toEqual([21, 2.62]);
  });
});

describe('linear regression', () => {
  it('summary(lm(mpg ~ wt, data = mtcars))', () => {
    const r = runAnalysis('linear_regression', { columns: [wt], dependent: mpg }) as LinearRegressionResult;
    const [intercept, slope] = r.coefficient_list;
    // Coefficients: (Intercept) 37.2851 1.8776 19.858 < 2e-16; wt -5.3445 0.5591 -9.559 1.29e-10
    expect(intercept.column_id).toBeNull();
    expectR(intercept.estimate, '37.2851');
    expectR(intercept.se, '1.8776');
    expectR(intercept.t, '19.858');
    expect(intercept.p!).toBeLessThan(2e-16);
    expect(slope.column_id).toBe('wt');
    expectR(slope.estimate, '-5.3445');
    expectR(slope.se, '0.5591');
    expectR(slope.t, '-9.559');
    expectR(slope.p, '1.294e-10');
    // confint(lm(mpg ~ wt, mtcars)): wt -6.486308 -4.202635
    expectR(slope.ci_lower, '-6.486308');
    expectR(slope.ci_upper, '-4.202635');
    // Residual standard error: 3.046 on 30 degrees of freedom; Multiple R-squared: 0.7528, Adjusted R-squared: 0.7446;
    // F-statistic: 91.38 on 1 and 30 DF, p-value: 1.294e-10
    expectR(r.residual_se, '3.046');
    expect([r.n, r.df1, r.df2]).toEqual([32, 1, 30]);
    expectR(r.r2, '0.7528');
    expectR(r.adjusted_r2, '0.7446');
    expectR(r.f, '91.38');
    expectR(r.p, '1.294e-10');
    expect(r.point_list).toHaveLength(32);
  });

  it('dummy-codes a categorical predictor against its first level: summary(lm(len ~ supp + dose, ToothGrowth))', () => {
    const r = runAnalysis('linear_regression', {
      columns: [column('ToothGrowth', 'supp', 'categorical'), column('ToothGrowth', 'dose')],
      dependent: column('ToothGrowth', 'len'),
    }) as LinearRegressionResult;
    const [intercept, vc, dose] = r.coefficient_list;
    // (Intercept) 9.2725 1.2824 7.231 1.31e-09; suppVC -3.7000 1.0936 -3.383 0.0013; dose 9.7636 0.8768 11.135 6.31e-16
    expectR(intercept.estimate, '9.2725');
    expectR(intercept.se, '1.2824');
    expectR(intercept.p, '1.31e-09'); // printed to 3 significant digits
    expect(vc).toMatchObject({ column_id: 'supp', level: 'VC' });
    expectR(vc.estimate, '-3.7000');
    expectR(vc.se, '1.0936');
    expectR(vc.t, '-3.383');
    expectR(vc.p, '0.0013'); // R prints this p to 2 significant digits
    expectR(dose.estimate, '9.7636');
    expectR(dose.t, '11.135');
    expectR(dose.p, '6.31e-16'); // printed to 3 significant digits
    // Residual standard error: 4.236 on 57 degrees of freedom; Multiple R-squared: 0.7038, Adjusted R-squared: 0.6934;
    // F-statistic: 67.72 on 2 and 57 DF, p-value: 8.716e-16
    expectR(r.residual_se, '4.236');
    expectR(r.r2, '0.7038');
    expectR(r.adjusted_r2, '0.6934');
    expectR(r.f, '67.72');
    expectR(r.p, '8.716e-16');
    expect(r.point_list).toBeUndefined();
  });
});

describe('logistic regression', () => {
  it('summary(glm(am ~ wt, family = binomial, data = mtcars))', () => {
    const r = runAnalysis('logistic_regression', { columns: [wt], dependent: am }) as LogisticRegressionResult;
    expect(r.positive_value).toBe(1);
    expect(r.converged).toBe(true);
    const [intercept, slope] = r.coefficient_list;
    // (Intercept) 12.040 4.510 2.670 0.00759; wt -4.024 1.436 -2.801 0.00509
    expectR(intercept.estimate, '12.040');
    expectR(intercept.se, '4.510');
    expectR(intercept.z, '2.670');
    expectR(intercept.p, '0.00759'); // printed to 3 significant digits
    expectR(slope.estimate, '-4.024');
    expectR(slope.se, '1.436');
    expectR(slope.z, '-2.801');
    expectR(slope.p, '0.00509'); // printed to 3 significant digits
    // exp(coef(m))["wt"] 0.01788183
    expectR(slope.odds_ratio, '0.01788183');
    // Null deviance: 43.230 on 31 degrees of freedom; Residual deviance: 19.176 on 30 degrees of freedom; AIC: 23.176
    expectR(r.null_deviance, '43.230');
    expectR(r.deviance, '19.176');
    expectR(r.aic, '23.176');
  });

  it('summary(glm(am ~ disp + hp, family = binomial, data = mtcars)) (statology.org, "How to Interpret glm Output in R")', () => {
    const r = runAnalysis('logistic_regression', { columns: [column('mtcars', 'disp'), column('mtcars', 'hp')], dependent: am }) as LogisticRegressionResult;
    const [intercept, disp, hp] = r.coefficient_list;
    // (Intercept) 1.40342 1.36757 1.026 0.3048; disp -0.09518 0.04800 -1.983 0.0474; hp 0.12170 0.06777 1.796 0.0725
    expectR(intercept.estimate, '1.40342');
    expectR(intercept.se, '1.36757');
    expectR(intercept.p, '0.3048');
    expectR(disp.estimate, '-0.09518');
    expectR(disp.se, '0.04800');
    expectR(disp.z, '-1.983');
    expectR(disp.p, '0.0474'); // printed to 3 significant digits
    expectR(hp.estimate, '0.12170');
    expectR(hp.se, '0.06777');
    expectR(hp.z, '1.796');
    expectR(hp.p, '0.0725'); // printed to 3 significant digits
    // Null deviance: 43.230 on 31 degrees of freedom; Residual deviance: 16.713 on 29 degrees of freedom
    expectR(r.deviance, '16.713');
  });

  it('classifies the rows at 0.5 with sensitivity, specificity and AUC', () => {
    const r = runAnalysis('logistic_regression', { columns: [wt], dependent: am }) as LogisticRegressionResult;
    const c = r.classification;
    // table(mtcars$am, fitted(glm(am ~ wt, binomial, mtcars)) >= 0.5): 0 → 18 FALSE, 1 TRUE; 1 → 2 FALSE, 11 TRUE
    expect([c.true_negative, c.false_positive, c.false_negative, c.true_positive]).toEqual([18, 1, 2, 11]);
    expect(c.accuracy).toBe(29 / 32);
    expect(c.sensitivity).toBe(11 / 13);
    expect(c.specificity).toBe(18 / 19);
    // pROC::auc(mtcars$am, fitted(glm(am ~ wt, binomial, mtcars))): Area under the curve: 0.9332
    expectR(c.auc, '0.9332');
  });
});
