// R output printed on public pages (addresses at each case) for data typed in the page itself, so the expected
// figures can be read where they were published.
import { describe, expect, it } from 'vitest';
import type { CrosstabResult, KruskalWallisResult, LinearRegressionResult, MannWhitneyResult } from '../../src/generated/types/entities.ts';
import { type Cell, type ColumnData, runAnalysis } from '../../src/domain/statistics/index.ts';
import { expectR } from './statistics-fixtures.ts';

const numeric = (column_id: string, values: Cell[]): ColumnData => ({ column_id, column_type: 'numeric', values });
const categorical = (column_id: string, values: Cell[]): ColumnData => ({ column_id, column_type: 'categorical', values });

/** Two samples as one column with a grouping column (a, then b). */
function twoSamples(a: number[], b: number[]) {
  return { columns: [numeric('x', [...a, ...b])], group: categorical('g', [...a.map(() => 'a'), ...b.map(() => 'b')]) };
}

describe('published R output', () => {
  it('wilcox.test(x, y) with ties: endmemo.com/r/wilcoxon.php', () => {
    const x = [1, 5, 9, 24, 56, 21, 3, 7, 21, 4];
    const tied = (runAnalysis('mann_whitney', twoSamples(x, [12, 15, 5, 9, 9, 14, 56, 22, 3, 7, 32, 5])) as MannWhitneyResult).test_list[0];
    // Wilcoxon rank sum test with continuity correction: W = 51.5, p-value = 0.5966
    expect(tied.mann_whitney.u).toBe(51.5);
    expectR(tied.mann_whitney.p, '0.5966');
    const apart = (runAnalysis('mann_whitney', twoSamples(x, [1233, 4356, 987, 39999, 1111, 200000])) as MannWhitneyResult).test_list[0];
    // W = 0, p-value = 0.001364
    expect(apart.mann_whitney.u).toBe(0);
    expectR(apart.mann_whitney.p, '0.001364');
  });

  it('kruskal.test(list(x, y, z)), the Hollander and Wolfe example of R\'s help page (stat.ethz.ch/R-manual …/kruskal.test.html)', () => {
    const groups = [
      [2.9, 3.0, 2.5, 2.6, 3.2],
      [3.8, 2.7, 4.0, 2.4],
      [2.8, 3.4, 3.7, 2.2, 2.0],
    ];
    const [k] = (
      runAnalysis('kruskal_wallis', {
        columns: [numeric('y', groups.flat())],
        group: categorical('g', groups.flatMap((g, i) => g.map(() => `group ${i + 1}`))),
      }) as KruskalWallisResult
    ).test_list;
    // Kruskal-Wallis chi-squared = 0.77143, df = 2, p-value = 0.68 (R prints this p to 2 significant digits)
    expectR(k.h, '0.77143');
    expect(k.df).toBe(2);
    expectR(k.p, '0.68');
  });

  it('summary(lm(ys ~ xs)): how-to-data.org "How to compute R-squared for a simple linear model (in R)"', () => {
    const r = runAnalysis('linear_regression', {
      columns: [numeric('xs', [393, 453, 553, 679, 729, 748, 817])],
      dependent: numeric('ys', [24, 25, 27, 36, 55, 68, 84]),
    }) as LinearRegressionResult;
    const [intercept, slope] = r.coefficient_list;
    // (Intercept) -37.32142 18.99544 -1.965 0.10664; xs 0.13272 0.02959 4.485 0.00649
    expectR(intercept.estimate, '-37.32142');
    expectR(intercept.se, '18.99544');
    expectR(intercept.t, '-1.965');
    expectR(intercept.p, '0.10664');
    expectR(slope.estimate, '0.13272');
    expectR(slope.se, '0.02959');
    expectR(slope.t, '4.485');
    expectR(slope.p, '0.006486');
    // Residual standard error: 11.62 on 5 degrees of freedom; Multiple R-squared: 0.8009, Adjusted R-squared: 0.7611;
    // F-statistic: 20.12 on 1 and 5 DF, p-value: 0.006486; summary(model)$r.squared 0.8009488
    expectR(r.residual_se, '11.62');
    expect(r.df2).toBe(5);
    expectR(r.r2, '0.8009488');
    expectR(r.adjusted_r2, '0.7611');
    expectR(r.f, '20.12');
    expectR(r.p, '0.006486');
  });

  it('chisq.test(data) on a 2 × 4 table of education by gender: how-to-data.org "How to perform a chi-squared test on a contingency table (in R)"', () => {
    const table: [string, string, number][] = [
      ['F', 'HS', 60],
      ['F', 'BS', 54],
      ['F', 'MS', 46],
      ['F', 'PhD', 41],
      ['M', 'HS', 40],
      ['M', 'BS', 44],
      ['M', 'MS', 53],
      ['M', 'PhD', 57],
    ];
    const rows = table.flatMap(([gender, degree, count]) => Array.from({ length: count }, () => [gender, degree]));
    const [t] = (
      runAnalysis('chi_square', { columns: [categorical('gender', rows.map((r) => r[0]))], group: categorical('degree', rows.map((r) => r[1])) }) as CrosstabResult
    ).table_list;
    // Pearson's Chi-squared test: X-squared = 8.0061, df = 3, p-value = 0.04589
    expectR(t.chi_square, '8.0061');
    expect(t.df).toBe(3);
    expectR(t.p, '0.04589');
  });
});
