// What each analysis asks of the columns (the route's description: a grouping column for the group
// comparisons and the cross table, a dependent column for the regressions), so the form guides the choice and
// stays closed until it is complete. The server checks again and refuses with 10001 at the column.
import type { AnalysisColumn, AnalysisColumnType, AnalyzeType } from '../../../generated/types/entities';

export interface AnalysisNeed {
  /** Column types the analysed columns (column_list) may have. */
  variables: readonly AnalysisColumnType[];
  /** How many analysed columns at least. */
  minVariables: number;
  /** Column types of the grouping column, when the analysis needs one. */
  group?: readonly AnalysisColumnType[];
  /** Column types of the dependent column, when the analysis needs one (column_list then holds the predictors). */
  dependent?: readonly AnalysisColumnType[];
}

// What makes groups or table rows: its values (2 to 50 of them, or exactly 2: the server counts). A numeric
// column of few values (cylinders, a 0/1 code) groups as well as a category does; a date does not.
const GROUPING: readonly AnalysisColumnType[] = ['categorical', 'boolean', 'text', 'numeric'];
const NUMERIC: readonly AnalysisColumnType[] = ['numeric'];

export const NEEDS: Record<AnalyzeType, AnalysisNeed> = {
  descriptive: { variables: NUMERIC, minVariables: 1 },
  frequency: { variables: ['categorical', 'boolean', 'numeric', 'text', 'date'], minVariables: 1 },
  crosstab: { variables: GROUPING, minVariables: 1, group: GROUPING },
  chi_square: { variables: GROUPING, minVariables: 1, group: GROUPING },
  correlation: { variables: NUMERIC, minVariables: 2 },
  t_test: { variables: NUMERIC, minVariables: 1, group: GROUPING },
  mann_whitney: { variables: NUMERIC, minVariables: 1, group: GROUPING },
  anova: { variables: NUMERIC, minVariables: 1, group: GROUPING },
  kruskal_wallis: { variables: NUMERIC, minVariables: 1, group: GROUPING },
  linear_regression: { variables: GROUPING, minVariables: 1, dependent: NUMERIC },
  // A two-valued outcome: yes/no, two categories or a 0/1 code.
  logistic_regression: { variables: GROUPING, minVariables: 1, dependent: GROUPING },
};

/** At most this many analyses in one run (the route's analyze_type_list). */
export const MAX_ANALYSES = 9;

export interface Choice {
  analyses: readonly AnalyzeType[];
  variables: readonly string[];
  group: string;
  dependent: string;
}

/** What is still missing or does not fit, in the order the form asks it; empty = the choice can run. */
export type Gap =
  | { kind: 'analysis' }
  | { kind: 'tooManyAnalyses' }
  | { kind: 'variables'; analysis: AnalyzeType; min: number }
  | { kind: 'variableType'; analysis: AnalyzeType; column: AnalysisColumn }
  | { kind: 'group'; analysis: AnalyzeType }
  | { kind: 'dependent'; analysis: AnalyzeType }
  | { kind: 'dependentAlsoVariable'; column: AnalysisColumn };

export const needsGroup = (analyses: readonly AnalyzeType[]) => analyses.filter((a) => NEEDS[a].group);
export const needsDependent = (analyses: readonly AnalyzeType[]) => analyses.filter((a) => NEEDS[a].dependent);

/** Column types every chosen analysis accepts for its role (all types when none is chosen). */
export function fittingTypes(analyses: readonly AnalyzeType[], role: 'variables' | 'group' | 'dependent'): AnalysisColumnType[] {
  const all: AnalysisColumnType[] = ['numeric', 'categorical', 'boolean', 'date', 'text'];
  return all.filter((type) => analyses.every((a) => !NEEDS[a][role] || NEEDS[a][role].includes(type)));
}

export function gaps(choice: Choice, columns: readonly AnalysisColumn[]): Gap[] {
  const byId = new Map(columns.map((c) => [c.column_id, c]));
  const chosen = choice.variables.map((id) => byId.get(id)).filter((c): c is AnalysisColumn => Boolean(c));
  if (choice.analyses.length === 0) return [{ kind: 'analysis' }];
  const found: Gap[] = [];
  if (choice.analyses.length > MAX_ANALYSES) found.push({ kind: 'tooManyAnalyses' });
  for (const analysis of choice.analyses) {
    const need = NEEDS[analysis];
    if (chosen.length < need.minVariables) found.push({ kind: 'variables', analysis, min: need.minVariables });
    const misfit = chosen.find((c) => !need.variables.includes(c.column_type));
    if (misfit) found.push({ kind: 'variableType', analysis, column: misfit });
    if (need.group && !byId.has(choice.group)) found.push({ kind: 'group', analysis });
    if (need.dependent && !byId.has(choice.dependent)) found.push({ kind: 'dependent', analysis });
  }
  const dependent = byId.get(choice.dependent);
  if (needsDependent(choice.analyses).length && dependent && choice.variables.includes(dependent.column_id))
    found.push({ kind: 'dependentAlsoVariable', column: dependent });
  return found;
}
