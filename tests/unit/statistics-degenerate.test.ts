// Input that makes no figure: every such figure is null (JSON carries no NaN or Infinity), never a wrong number;
// and the engine on 100,000 values (the bench's size).
import { describe, expect, it } from 'vitest';
import type {
  AnovaResult,
  CorrelationResult,
  DescriptiveResult,
  FrequencyResult,
  LinearRegressionResult,
  LogisticRegressionResult,
  TTestResult,
} from '../../src/generated/types/entities.ts';
import { type Cell, type ColumnData, runAnalysis } from '../../src/domain/statistics/index.ts';

const numeric = (column_id: string, values: Cell[]): ColumnData => ({ column_id, column_type: 'numeric', values });
const categorical = (column_id: string, values: Cell[]): ColumnData => ({ column_id, column_type: 'categorical', values });

/** No NaN or ±Infinity anywhere: JSON.stringify would turn them into null silently, so look before it does. */
function expectJsonSafe(result: unknown): void {
  const bad: string[] = [];
  JSON.stringify(result, (key, value) => {
    if (typeof value === 'number' && !Number.isFinite(value)) bad.push(key);
    return value;
  });
  expect(bad).toEqual([]);
}

describe('degenerate input', () => {
  it('one value: no SD, SE, skewness or kurtosis', () => {
    const result = runAnalysis('descriptive', { columns: [numeric('x', [5, null])] }) as DescriptiveResult;
    expect(result.variable_list[0]).toMatchObject({ n: 1, missing: 1, mean: 5, sd: null, se: null, skewness: null, kurtosis: null });
    expectJsonSafe(result);
  });

  it('no values at all', () => {
    const result = runAnalysis('descriptive', { columns: [numeric('x', [null, 'x'])] }) as DescriptiveResult;
    expect(result.variable_list[0]).toMatchObject({ n: 0, missing: 2, mean: null, min: null, median: null, box: null, histogram: { bin_list: [] } });
    expectJsonSafe(result);
  });

  it('no spread: correlation and the t statistics are null, the mean difference stays', () => {
    const x = numeric('x', [1, 1, 1, 1]);
    const corr = runAnalysis('correlation', { columns: [x, numeric('y', [1, 2, 3, 4])] }) as CorrelationResult;
    expect(corr.pair_list[0]).toMatchObject({ pearson_r: null, pearson_p: null, spearman_rho: null });
    const t = runAnalysis('t_test', { columns: [x], group: categorical('g', ['a', 'a', 'b', 'b']) }) as TTestResult;
    expect(t.test_list[0].student).toMatchObject({ t: null, p: null, mean_difference: 0 });
    expect(t.test_list[0].mann_whitney.p).toBeNull();
    const anova = runAnalysis('anova', { columns: [x], group: categorical('g', ['a', 'a', 'b', 'b']) }) as AnovaResult;
    expect(anova.test_list[0]).toMatchObject({ f: null, p: null, welch_f: null });
    expectJsonSafe([corr, t, anova]);
  });

  it('a singular design (a predictor repeated) leaves the regression null', () => {
    const x = [1, 2, 3, 4, 5, 6];
    const r = runAnalysis('linear_regression', {
      columns: [numeric('a', x), numeric('b', x.map((v) => 2 * v))],
      dependent: numeric('y', [2, 4, 5, 4, 5, 7]),
    }) as LinearRegressionResult;
    expect(r).toMatchObject({ n: 6, r2: null, f: null, p: null });
    expect(r.coefficient_list.every((c) => c.estimate === null)).toBe(true);
    expectJsonSafe(r);
  });

  it('perfect separation: not converged, no coefficients', () => {
    const r = runAnalysis('logistic_regression', {
      columns: [numeric('x', [1, 2, 3, 4, 5, 6, 7, 8])],
      dependent: categorical('y', ['no', 'no', 'no', 'no', 'yes', 'yes', 'yes', 'yes']),
    }) as LogisticRegressionResult;
    expect(r.converged).toBe(false);
    expect(r.positive_value).toBe('yes');
    expect(r.coefficient_list.every((c) => c.estimate === null && c.odds_ratio === null)).toBe(true);
    expect(r.classification.auc).toBeNull();
    expectJsonSafe(r);
  });

  it('uses only the rows where every column of a two-column analysis has a value (listwise)', () => {
    const corr = runAnalysis('correlation', { columns: [numeric('x', [1, 2, null, 4, 5]), numeric('y', [2, 4, 6, null, 10])] }) as CorrelationResult;
    expect(corr.pair_list[0]).toMatchObject({ n: 3, pearson_r: 1 });
  });
});

describe('100,000 values', () => {
  it('describes 1…100,000 and counts a 100,000-cell category column', () => {
    const n = 100_000;
    const values = Array.from({ length: n }, (_, i) => i + 1);
    const [d] = (runAnalysis('descriptive', { columns: [numeric('x', values)] }) as DescriptiveResult).variable_list;
    // For 1…n: mean = median = (n + 1)/2, variance n(n + 1)/12, quartiles by type 7 at 1 + (n − 1)/4.
    expect(d).toMatchObject({ n, mean: 50_000.5, median: 50_000.5, q1: 25_000.75, q3: 75_000.25, min: 1, max: n });
    expect(d.sd).toBeCloseTo(Math.sqrt((n * (n + 1)) / 12), 6);
    expect(d.skewness).toBeCloseTo(0, 10);
    expect(d.histogram.bin_list).toHaveLength(18);
    const categories = Array.from({ length: n }, (_, i) => ['a', 'b', 'c', 'd'][i % 4]);
    const [f] = (runAnalysis('frequency', { columns: [categorical('c', categories)] }) as FrequencyResult).variable_list;
    expect(f.level_list.map((l) => l.count)).toEqual([25_000, 25_000, 25_000, 25_000]);
  });
});
