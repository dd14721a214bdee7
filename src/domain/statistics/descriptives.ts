// Descriptives as jamovi prints them: N, missing, mean, SD (n − 1), SE, min, quartiles (R type 7), median, max,
// skewness G1 and excess kurtosis G2 (the sample-corrected forms of SPSS, jamovi and JASP; e1071 type 2).
// Each column uses its own values (a descriptive table is per variable, as in jamovi).
import type { DescriptiveResult, StatsGroupSummary } from '../../generated/types/entities.ts';
import { type Cell, type ColumnData, finite, isNumber } from './cells.ts';
import { box, histogram } from './plots.ts';
import { quantile, sortedCopy } from './quantiles.ts';

export interface Moments {
  n: number;
  mean: number;
  /** Σ(x − mean)², Σ(x − mean)³, Σ(x − mean)⁴ (two passes, so large offsets keep their digits). */
  m2: number;
  m3: number;
  m4: number;
}

export function moments(values: ArrayLike<number>): Moments {
  const n = values.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i];
  const mean = sum / n;
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (let i = 0; i < n; i++) {
    const d = values[i] - mean;
    const d2 = d * d;
    m2 += d2;
    m3 += d2 * d;
    m4 += d2 * d2;
  }
  return { n, mean, m2, m3, m4 };
}

/** Sample variance (n − 1). */
export const variance = (m: Moments): number => m.m2 / (m.n - 1);

export function skewness({ n, m2, m3 }: Moments): number | null {
  if (n < 3 || m2 === 0) return null;
  const g1 = (m3 / n) / (m2 / n) ** 1.5;
  return finite((g1 * Math.sqrt(n * (n - 1))) / (n - 2));
}

export function kurtosis({ n, m2, m4 }: Moments): number | null {
  if (n < 4 || m2 === 0) return null;
  const g2 = (m4 / n) / (m2 / n) ** 2 - 3;
  return finite((((n + 1) * g2 + 6) * (n - 1)) / ((n - 2) * (n - 3)));
}

const numbersOf = (values: readonly Cell[]): number[] => values.filter(isNumber);

type Variable = DescriptiveResult['variable_list'][number];

export function describe(column_id: string, values: readonly Cell[]): Variable {
  const numbers = numbersOf(values);
  const sorted = sortedCopy(numbers);
  const n = numbers.length;
  const m = moments(sorted);
  const sd = n > 1 ? Math.sqrt(variance(m)) : Number.NaN;
  const at = (p: number) => (n ? quantile(sorted, p) : null);
  return {
    column_id,
    n,
    missing: values.length - n,
    mean: n ? finite(m.mean) : null,
    sd: finite(sd),
    se: finite(sd / Math.sqrt(n)),
    min: n ? sorted[0] : null,
    q1: at(0.25),
    median: at(0.5),
    q3: at(0.75),
    max: n ? sorted[n - 1] : null,
    skewness: skewness(m),
    kurtosis: kurtosis(m),
    histogram: histogram(sorted),
    box: box(sorted),
  };
}

export const descriptives = (columns: readonly ColumnData[]): DescriptiveResult => ({
  variable_list: columns.map((c) => describe(c.column_id, c.values)),
});

/** One group's line in the group-comparison tables (mean_rank filled by the rank tests). */
export function groupSummary(value: Cell, numbers: readonly number[], meanRank: number | null = null): StatsGroupSummary {
  const sorted = sortedCopy(numbers);
  const m = moments(sorted);
  const n = numbers.length;
  const sd = n > 1 ? Math.sqrt(variance(m)) : Number.NaN;
  return {
    value,
    n,
    mean: n ? finite(m.mean) : null,
    sd: finite(sd),
    se: finite(sd / Math.sqrt(n)),
    median: n ? quantile(sorted, 0.5) : null,
    mean_rank: meanRank === null ? null : finite(meanRank),
    box: box(sorted),
  };
}
