// Group comparisons checked against R (4.x, datasets package) to 4 significant digits, p-values included.
import { describe, expect, it } from 'vitest';
import type { AnovaResult, KruskalWallisResult, MannWhitneyResult, TTestResult } from '../../src/generated/types/entities.ts';
import { runAnalysis } from '../../src/domain/statistics/index.ts';
import { column, expectR } from './statistics-fixtures.ts';

const len = column('ToothGrowth', 'len');
const supp = column('ToothGrowth', 'supp', 'categorical');
const dose = column('ToothGrowth', 'dose', 'categorical');

describe('two groups (ToothGrowth: len by supp)', () => {
  const [test] = (runAnalysis('t_test', { columns: [len], group: supp }) as TTestResult).test_list;

  it('orders the groups by value (OJ before VC, as R\'s factor levels) with their means', () => {
    expect(test.group_list.map((g) => [g.value, g.n])).toEqual([
      ['OJ', 30],
      ['VC', 30],
    ]);
    // t.test(len ~ supp, data = ToothGrowth): mean in group OJ 20.66333, mean in group VC 16.96333
    expectR(test.group_list[0].mean, '20.66333');
    expectR(test.group_list[1].mean, '16.96333');
  });

  it("Welch's t as R's t.test", () => {
    // t.test(len ~ supp, data = ToothGrowth): t = 1.9153, df = 55.309, p-value = 0.06063,
    // 95 percent confidence interval: -0.1710156  7.5710156
    expectR(test.welch.t, '1.9153');
    expectR(test.welch.df, '55.309');
    expectR(test.welch.p, '0.06063');
    expectR(test.welch.ci_lower, '-0.1710156');
    expectR(test.welch.ci_upper, '7.5710156');
    // mean in group OJ − mean in group VC: 20.66333 − 16.96333
    expectR(test.welch.mean_difference, '3.70000');
  });

  it("Student's t as R's t.test(var.equal = TRUE)", () => {
    // t.test(len ~ supp, data = ToothGrowth, var.equal = TRUE): t = 1.9153, df = 58, p-value = 0.06039,
    // 95 percent confidence interval: -0.1670064  7.5670064
    expectR(test.student.t, '1.9153');
    expect(test.student.df).toBe(58);
    expectR(test.student.p, '0.06039');
    expectR(test.student.ci_lower, '-0.1670064');
    expectR(test.student.ci_upper, '7.5670064');
  });

  it("Cohen's d as effectsize::cohens_d", () => {
    // effectsize::cohens_d(len ~ supp, data = ToothGrowth): Cohens_d 0.49 (pooled SD; 2 decimals printed)
    expect(test.student.cohens_d!.toFixed(2)).toBe('0.49');
  });

  it('Mann-Whitney U as R\'s wilcox.test with the tie and continuity correction', () => {
    // wilcox.test(len ~ supp, data = ToothGrowth): W = 575.5, p-value = 0.06449 (ties: normal approximation)
    expect(test.mann_whitney.u).toBe(575.5);
    expectR(test.mann_whitney.p, '0.06449');
    const only = (runAnalysis('mann_whitney', { columns: [len], group: supp }) as MannWhitneyResult).test_list[0];
    expect(only.mann_whitney).toEqual(test.mann_whitney);
  });
});

describe('k groups', () => {
  it('one-way ANOVA and Welch\'s ANOVA of ToothGrowth len by dose', () => {
    const [a] = (runAnalysis('anova', { columns: [len], group: dose }) as AnovaResult).test_list;
    // summary(aov(len ~ factor(dose), data = ToothGrowth)):
    //   factor(dose)  2  2426.4  1213.2   67.42 9.53e-16;  Residuals 57  1025.8  18.0
    expect([a.between.df, a.within.df]).toEqual([2, 57]);
    expectR(a.between.sum_of_squares, '2426.4');
    expectR(a.within.sum_of_squares, '1025.8');
    expectR(a.between.mean_square, '1213.2');
    expectR(a.f, '67.42');
    expectR(a.p, '9.53e-16'); // printed to 3 significant digits
    // oneway.test(len ~ dose, data = ToothGrowth): F = 68.401, num df = 2.000, denom df = 37.743, p-value = 2.812e-13
    expectR(a.welch_f, '68.401');
    expectR(a.welch_df2, '37.743');
    expectR(a.welch_p, '2.812e-13');
  });

  it('one-way ANOVA of iris Sepal.Width by Species', () => {
    const [a] = (runAnalysis('anova', { columns: [column('iris', 'Sepal.Width')], group: column('iris', 'Species', 'categorical') }) as AnovaResult)
      .test_list;
    // summary(aov(Sepal.Width ~ Species, data = iris)): Species 2 … 5.672 49.16 <2e-16; Residuals 147 … 0.1154
    expect([a.between.df, a.within.df]).toEqual([2, 147]);
    expectR(a.between.mean_square, '5.672');
    expectR(a.within.mean_square, '0.1154');
    expectR(a.f, '49.16');
    expect(a.p!).toBeLessThan(2e-16);
  });

  it('Kruskal-Wallis with the tie correction as R\'s kruskal.test', () => {
    const [k] = (runAnalysis('kruskal_wallis', { columns: [len], group: dose }) as KruskalWallisResult).test_list;
    // kruskal.test(len ~ dose, data = ToothGrowth): Kruskal-Wallis chi-squared = 40.669, df = 2, p-value = 1.475e-09
    expectR(k.h, '40.669');
    expect(k.df).toBe(2);
    expectR(k.p, '1.475e-9');
    const [iris] = (
      runAnalysis('kruskal_wallis', { columns: [column('iris', 'Sepal.Length')], group: column('iris', 'Species', 'categorical') }) as KruskalWallisResult
    ).test_list;
    // kruskal.test(Sepal.Length ~ Species, data = iris): Kruskal-Wallis chi-squared = 96.937, df = 2, p-value < 2.2e-16
    expectR(iris.h, '96.937');
    expect(iris.p!).toBeLessThan(2.2e-16);
  });
});
