// Two groups as jamovi's Independent Samples T-Test: Student's t (pooled variance), Welch's t (Satterthwaite df),
// each with the mean difference (first group minus second), its SE and 95% CI and Cohen's d; and Mann-Whitney U
// (R's W for the first group) with p by the normal approximation with tie and continuity correction, as
// wilcox.test(exact = FALSE, correct = TRUE), and the rank-biserial correlation (positive when the first group
// ranks higher, the sign of the mean difference).
import type { MannWhitneyResult, TTestResult } from '../../generated/types/entities.ts';
import type { ColumnData } from './cells.ts';
import { finite } from './cells.ts';
import { groupSummary, moments, variance } from './descriptives.ts';
import { normalTwoSidedP, tCritical, tTwoSidedP } from './distributions.ts';
import { rankSums, splitByGroup } from './groups.ts';
import { tieSum } from './ranks.ts';

type TTest = TTestResult['test_list'][number];
type Comparison = TTest['student'];
type MannWhitney = TTest['mann_whitney'];

function comparison(difference: number, se: number, df: number, d: number): Comparison {
  const t = difference / se;
  const half = tCritical(df) * se;
  const ok = Number.isFinite(t) && df > 0;
  return {
    t: ok ? t : null,
    df: df > 0 ? finite(df) : null,
    p: ok ? finite(tTwoSidedP(t, df)) : null,
    mean_difference: finite(difference),
    se_difference: finite(se),
    ci_lower: ok ? finite(difference - half) : null,
    ci_upper: ok ? finite(difference + half) : null,
    cohens_d: finite(d),
  };
}

function tTests(a: readonly number[], b: readonly number[]): { student: Comparison; welch: Comparison } {
  const ma = moments(a);
  const mb = moments(b);
  const [n1, n2] = [ma.n, mb.n];
  const [v1, v2] = [variance(ma), variance(mb)];
  const difference = ma.mean - mb.mean;
  const pooled = ((n1 - 1) * v1 + (n2 - 1) * v2) / (n1 + n2 - 2);
  const student = comparison(difference, Math.sqrt(pooled * (1 / n1 + 1 / n2)), n1 + n2 - 2, difference / Math.sqrt(pooled));
  const [w1, w2] = [v1 / n1, v2 / n2];
  const welchSe = Math.sqrt(w1 + w2);
  const welchDf = (w1 + w2) ** 2 / (w1 ** 2 / (n1 - 1) + w2 ** 2 / (n2 - 1));
  const welch = comparison(difference, welchSe, welchDf, difference / Math.sqrt((v1 + v2) / 2));
  return { student, welch };
}

function mannWhitney(a: readonly number[], b: readonly number[]): { test: MannWhitney; meanRanks: [number, number] } {
  const { sums, tieSizes, n } = rankSums([a as number[], b as number[]]);
  const [n1, n2] = [a.length, b.length];
  const u = sums[0] - (n1 * (n1 + 1)) / 2;
  const centred = u - (n1 * n2) / 2;
  const sigma = Math.sqrt((n1 * n2 / 12) * (n + 1 - tieSum(tieSizes) / (n * (n - 1))));
  const z = (centred - Math.sign(centred) * 0.5) / sigma;
  return {
    test: {
      u: n1 && n2 ? u : null,
      p: sigma > 0 ? finite(normalTwoSidedP(z)) : null,
      rank_biserial: n1 && n2 ? finite((2 * u) / (n1 * n2) - 1) : null,
    },
    meanRanks: [sums[0] / n1, sums[1] / n2],
  };
}

function compareTwo(column: ColumnData, group: ColumnData) {
  const { levels, values } = splitByGroup(column, group);
  const [a, b] = [values[0] ?? [], values[1] ?? []];
  const mw = mannWhitney(a, b);
  const group_list = levels.slice(0, 2).map((level, i) => groupSummary(level, values[i], mw.meanRanks[i]));
  return { a, b, group_list, mann_whitney: mw.test };
}

export const twoGroupTests = (columns: readonly ColumnData[], group: ColumnData): TTestResult => ({
  test_list: columns.map((c) => {
    const { a, b, group_list, mann_whitney } = compareTwo(c, group);
    return { column_id: c.column_id, group_list, ...tTests(a, b), mann_whitney };
  }),
});

export const mannWhitneyTests = (columns: readonly ColumnData[], group: ColumnData): MannWhitneyResult => ({
  test_list: columns.map((c) => {
    const { group_list, mann_whitney } = compareTwo(c, group);
    return { column_id: c.column_id, group_list, mann_whitney };
  }),
});
