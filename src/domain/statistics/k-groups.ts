// k groups: one-way ANOVA (sums of squares, F, p, η²) with Welch's ANOVA for unequal variances as R's
// oneway.test, and Kruskal-Wallis H with R's tie correction (kruskal.test) and ε² = H / (n − 1).
import type { AnovaResult, KruskalWallisResult } from '../../generated/types/entities.ts';
import { type ColumnData, finite } from './cells.ts';
import { groupSummary, moments, variance } from './descriptives.ts';
import { chiSquareUpperP, fUpperP } from './distributions.ts';
import { rankSums, splitByGroup } from './groups.ts';
import { tieSum } from './ranks.ts';

type Anova = AnovaResult['test_list'][number];

/** Welch (1951): F with k − 1 and 1 / (3·Λ) df; null when a group has fewer than two values or no spread. */
function welchAnova(groups: readonly number[][]): { f: number; df2: number; p: number } | null {
  const k = groups.length;
  const stats = groups.map((g) => moments(g));
  if (k < 2 || stats.some((m) => m.n < 2 || m.m2 === 0)) return null;
  const w = stats.map((m) => m.n / variance(m));
  const sw = w.reduce((a, b) => a + b, 0);
  const grand = stats.reduce((a, m, i) => a + w[i] * m.mean, 0) / sw;
  const between = stats.reduce((a, m, i) => a + w[i] * (m.mean - grand) ** 2, 0) / (k - 1);
  const lambda = stats.reduce((a, m, i) => a + (1 - w[i] / sw) ** 2 / (m.n - 1), 0) / (k * k - 1);
  const f = between / (1 + 2 * (k - 2) * lambda);
  const df2 = 1 / (3 * lambda);
  return { f, df2, p: fUpperP(f, k - 1, df2) };
}

function oneWayAnova(column: ColumnData, group: ColumnData): Anova {
  const { levels, values } = splitByGroup(column, group);
  const stats = values.map((g) => moments(g));
  const n = stats.reduce((a, m) => a + m.n, 0);
  const grand = stats.reduce((a, m) => a + m.mean * m.n, 0) / n;
  const ssBetween = stats.reduce((a, m) => a + m.n * (m.mean - grand) ** 2, 0);
  const ssWithin = stats.reduce((a, m) => a + m.m2, 0);
  const df1 = Math.max(0, levels.length - 1);
  const df2 = Math.max(0, n - levels.length);
  const msBetween = df1 ? ssBetween / df1 : Number.NaN;
  const msWithin = df2 ? ssWithin / df2 : Number.NaN;
  const f = msBetween / msWithin;
  const welch = welchAnova(values);
  return {
    column_id: column.column_id,
    group_list: levels.map((level, i) => groupSummary(level, values[i])),
    between: { sum_of_squares: finite(ssBetween) ?? 0, df: df1, mean_square: finite(msBetween) },
    within: { sum_of_squares: finite(ssWithin) ?? 0, df: df2, mean_square: finite(msWithin) },
    f: finite(f),
    p: df1 && df2 && Number.isFinite(f) ? finite(fUpperP(f, df1, df2)) : null,
    eta_squared: finite(ssBetween / (ssBetween + ssWithin)),
    welch_f: welch ? finite(welch.f) : null,
    welch_df2: welch ? finite(welch.df2) : null,
    welch_p: welch ? finite(welch.p) : null,
  };
}

type Kruskal = KruskalWallisResult['test_list'][number];

function kruskalWallis(column: ColumnData, group: ColumnData): Kruskal {
  const { levels, values } = splitByGroup(column, group);
  const { sums, tieSizes, n } = rankSums(values);
  const raw = (12 / (n * (n + 1))) * sums.reduce((a, s, i) => a + (s * s) / values[i].length, 0) - 3 * (n + 1);
  const h = raw / (1 - tieSum(tieSizes) / (n * n * n - n));
  const df = Math.max(0, levels.length - 1);
  return {
    column_id: column.column_id,
    group_list: levels.map((level, i) => groupSummary(level, values[i], sums[i] / values[i].length)),
    h: df ? finite(h) : null,
    df,
    p: df && Number.isFinite(h) ? finite(chiSquareUpperP(h, df)) : null,
    epsilon_squared: df ? finite(h / (n - 1)) : null,
  };
}

export const anovas = (columns: readonly ColumnData[], group: ColumnData): AnovaResult => ({ test_list: columns.map((c) => oneWayAnova(c, group)) });

export const kruskalWallisTests = (columns: readonly ColumnData[], group: ColumnData): KruskalWallisResult => ({
  test_list: columns.map((c) => kruskalWallis(c, group)),
});
