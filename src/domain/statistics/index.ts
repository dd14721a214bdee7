// The statistics engine: one entry point from an analyze_type and the columns (as the dataset reader gives
// them) to exactly the result shape of schemas/entities/stats_result.json. Pure TypeScript, browser and server.
// The caller checks that the columns suit the analysis (server/services/statistics.ts); degenerate input
// (too few rows, no spread, a singular design, separation) gives null figures, never NaN.
import type { AnalyzeType, StatsResult } from '../../generated/types/entities.ts';
import type { ColumnData } from './cells.ts';
import { correlations } from './correlation.ts';
import { crosstabs } from './crosstab.ts';
import { descriptives } from './descriptives.ts';
import { frequencies } from './frequencies.ts';
import { anovas, kruskalWallisTests } from './k-groups.ts';
import { linearRegression } from './linear-regression.ts';
import { logisticRegression } from './logistic-regression.ts';
import { mannWhitneyTests, twoGroupTests } from './two-groups.ts';

export type { Cell, ColumnData } from './cells.ts';
export { levelsOf } from './cells.ts';

export interface AnalysisInput {
  /** column_list: the analysed columns, or the predictors of a regression. */
  columns: ColumnData[];
  /** group_column_id: the groups (t_test, mann_whitney, anova, kruskal_wallis) or the table's columns (crosstab, chi_square). */
  group?: ColumnData;
  /** dependent_column_id: a regression's outcome. */
  dependent?: ColumnData;
}

/** Which of group and dependent each analysis needs. */
export const ANALYSIS_NEEDS: Record<AnalyzeType, 'group' | 'dependent' | null> = {
  descriptive: null,
  frequency: null,
  correlation: null,
  crosstab: 'group',
  chi_square: 'group',
  t_test: 'group',
  mann_whitney: 'group',
  anova: 'group',
  kruskal_wallis: 'group',
  linear_regression: 'dependent',
  logistic_regression: 'dependent',
};

export function runAnalysis(type: AnalyzeType, input: AnalysisInput): StatsResult {
  const { columns, group, dependent } = input;
  const need = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${type} needs ${name}`);
    return value;
  };
  switch (type) {
    case 'descriptive':
      return descriptives(columns);
    case 'frequency':
      return frequencies(columns);
    case 'correlation':
      return correlations(columns);
    case 'crosstab':
    case 'chi_square':
      return crosstabs(columns, need(group, 'a grouping column'));
    case 't_test':
      return twoGroupTests(columns, need(group, 'a grouping column'));
    case 'mann_whitney':
      return mannWhitneyTests(columns, need(group, 'a grouping column'));
    case 'anova':
      return anovas(columns, need(group, 'a grouping column'));
    case 'kruskal_wallis':
      return kruskalWallisTests(columns, need(group, 'a grouping column'));
    case 'linear_regression':
      return linearRegression(columns, need(dependent, 'a dependent column'));
    case 'logistic_regression':
      return logisticRegression(columns, need(dependent, 'a dependent column'));
  }
}
