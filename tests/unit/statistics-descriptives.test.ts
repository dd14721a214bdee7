// Descriptives, frequencies and cross tables checked against R (datasets package) to 4 significant digits.
import { describe, expect, it } from 'vitest';
import type { CrosstabResult, DescriptiveResult, FrequencyResult } from '../../src/generated/types/entities.ts';
import { type Cell, runAnalysis } from '../../src/domain/statistics/index.ts';
import { column, expectR } from './statistics-fixtures.ts';

describe('descriptives', () => {
  const [mpg, len] = (runAnalysis('descriptive', { columns: [column('mtcars', 'mpg'), column('ToothGrowth', 'len')] }) as DescriptiveResult).variable_list;

  it('mean, SD, SE and the type-7 quartiles as R', () => {
    // mean(mtcars$mpg) 20.09062; sd(mtcars$mpg) 6.026948; quantile(mtcars$mpg): 10.400 15.425 19.200 22.800 33.900
    expect([mpg.n, mpg.missing]).toEqual([32, 0]);
    expectR(mpg.mean, '20.09062');
    expectR(mpg.sd, '6.026948');
    // sd(mtcars$mpg) / sqrt(32) 1.065424
    expectR(mpg.se, '1.065424');
    expect([mpg.min, mpg.q1, mpg.median, mpg.q3, mpg.max]).toEqual([10.4, 15.425, 19.2, 22.8, 33.9]);
    // quantile(ToothGrowth$len): 4.200 13.075 19.250 25.275 33.900; sd(ToothGrowth$len) 7.649315
    expectR(len.q1, '13.075');
    expectR(len.q3, '25.275');
    expectR(len.sd, '7.649315');
  });

  it('skewness G1 and excess kurtosis G2 as jamovi and SPSS (e1071 type 2)', () => {
    // e1071::skewness(mtcars$mpg, type = 2) 0.6723771; e1071::kurtosis(mtcars$mpg, type = 2) -0.02200629
    // (jamovi's Descriptives of mtcars mpg prints Skewness 0.672, Kurtosis -0.022)
    expectR(mpg.skewness, '0.6723771');
    expectR(mpg.kurtosis, '-0.02200629');
  });

  it('draws a Sturges histogram and a Tukey box', () => {
    // Sturges: ceiling(log2(32) + 1) = 6 equal-width classes over the range, every value in one of them.
    expect(mpg.histogram.bin_list).toHaveLength(6);
    expect(mpg.histogram.bin_list.reduce((a, b) => a + b.count, 0)).toBe(32);
    // ggplot2's geom_boxplot(aes(y = mpg), mtcars) (type-7 quartiles, as jamovi): the upper fence is
    // 22.8 + 1.5 × 7.375 = 33.86, so the Toyota Corolla's 33.9 is drawn as an outlier and the whisker stops at 32.4.
    expect(mpg.box).toEqual({ q1: 15.425, median: 19.2, q3: 22.8, lower_whisker: 10.4, upper_whisker: 32.4, outlier_list: [33.9] });
  });

  it('counts missing and unreadable cells and uses the rest', () => {
    const [v] = (runAnalysis('descriptive', { columns: [{ column_id: 'x', column_type: 'numeric', values: [1, null, 2, 'n/a', 3] }] }) as DescriptiveResult)
      .variable_list;
    expect([v.n, v.missing, v.mean, v.median]).toEqual([3, 2, 2, 2]);
  });
});

describe('frequencies', () => {
  it('count, %, valid % and cumulative % with the missing row last', () => {
    const values: Cell[] = [...(column('mtcars', 'cyl').values as number[]), null, null];
    const [cyl] = (runAnalysis('frequency', { columns: [{ column_id: 'cyl', column_type: 'categorical', values }] }) as FrequencyResult).variable_list;
    // table(mtcars$cyl): 4 → 11, 6 → 7, 8 → 14
    expect(cyl.level_list.map((l) => [l.value, l.count])).toEqual([
      [4, 11],
      [6, 7],
      [8, 14],
      [null, 2],
    ]);
    expect(cyl.level_list[0].percent).toBeCloseTo((100 * 11) / 34, 10);
    expect(cyl.level_list[0].valid_percent).toBeCloseTo((100 * 11) / 32, 10);
    expect(cyl.level_list[2].cumulative_percent).toBeCloseTo(100, 10);
    expect(cyl.level_list[3]).toMatchObject({ valid_percent: null, cumulative_percent: null });
    expect([cyl.n, cyl.missing, cyl.level_count]).toEqual([32, 2, 3]);
  });

  it('lists at most 200 levels but counts them all', () => {
    const values = Array.from({ length: 300 }, (_, i) => `v${String(i).padStart(3, '0')}`);
    const [v] = (runAnalysis('frequency', { columns: [{ column_id: 'x', column_type: 'text', values }] }) as FrequencyResult).variable_list;
    expect(v.level_list).toHaveLength(200);
    expect(v.level_count).toBe(300);
  });
});

describe('cross tables', () => {
  it("Pearson's χ² without continuity correction and Cramér's V", () => {
    const [t] = (runAnalysis('chi_square', { columns: [column('mtcars', 'cyl', 'categorical')], group: column('mtcars', 'am', 'categorical') }) as CrosstabResult)
      .table_list;
    // table(mtcars$cyl, mtcars$am): 4 → 3 8; 6 → 4 3; 8 → 12 2
    expect(t.count_matrix).toEqual([
      [3, 8],
      [4, 3],
      [12, 2],
    ]);
    // chisq.test(table(mtcars$cyl, mtcars$am)): X-squared = 8.7407, df = 2, p-value = 0.01265 (with the warning
    // "Chi-squared approximation may be incorrect": three expected counts are below 5)
    expectR(t.chi_square, '8.7407');
    expect(t.df).toBe(2);
    expectR(t.p, '0.01265');
    expect(t.low_expected_count).toBe(3);
    // rcompanion::cramerV(table(mtcars$cyl, mtcars$am)): Cramer.V 0.5226
    expectR(t.cramers_v, '0.5226');
  });
});
