// A stored statistics result as the tables and figures jamovi and JASP show for it: pure functions from the
// result (schemas/entities/stats_result.json) to titled tables of cells (the text shown and the value an
// Excel export keeps) and plot descriptions. Columns are named by their names, never their ids.
import type { TFunction } from 'i18next';
import type {
  AnalyzeType,
  AnovaResult,
  CorrelationResult,
  CrosstabResult,
  DescriptiveResult,
  FrequencyResult,
  KruskalWallisResult,
  LanguageLabel,
  LinearRegressionResult,
  LogisticRegressionResult,
  MannWhitneyResult,
  StatsGroupSummary,
  StatsResult,
  TTestResult,
} from '../../../generated/types/entities';
import type { PlotSpec } from '../charts/spec';
import { formatCount, formatP, formatPercent, formatStat } from './format';

export type CellValue = number | string | boolean | null;

export interface StatCell {
  text: string;
  /** What an Excel export writes: the number itself, not its rounded text. */
  value: CellValue;
}

export interface StatTable {
  key: string;
  title: string;
  columns: string[];
  /** The first cell of a row is its header. */
  rows: StatCell[][];
  notes?: string[];
}

export interface StoredResult {
  result_id: string;
  analyze_type: AnalyzeType;
  column_list: string[];
  result: StatsResult;
  group_column_id?: string;
  dependent_column_id?: string;
  created_at: string;
}

export interface Wording {
  t: TFunction;
  lang: LanguageLabel;
  /** A column's name by its id. */
  columnName: (id: string | null | undefined) => string;
  /** A cell value of the dataset as a reader sees it (empty = "Missing", yes/no). */
  valueText: (value: CellValue | undefined) => string;
}

export interface ResultView {
  tables: StatTable[];
  plots: PlotSpec[];
}

// At most this many figures per result: a correlation of 20 columns has 190 pairs.
const MAX_PLOTS = 6;

const text = (value: string): StatCell => ({ text: value, value });
const stat = (value: number | null | undefined, w: Wording, digits = 3): StatCell => ({ text: formatStat(value, w.lang, digits), value: value ?? null });
const count = (value: number | null | undefined, w: Wording): StatCell => ({ text: formatCount(value, w.lang), value: value ?? null });
const pValue = (value: number | null | undefined, w: Wording): StatCell => ({ text: formatP(value, w.lang), value: value ?? null });
const percent = (value: number | null | undefined, w: Wording): StatCell => ({ text: formatPercent(value, w.lang), value: value ?? null });

function descriptive(r: DescriptiveResult, w: Wording): ResultView {
  const { t } = w;
  const vars = r.variable_list;
  // jamovi's layout: the variables are the columns, the statistics the rows.
  const rows: [string, (v: DescriptiveResult['variable_list'][number]) => StatCell][] = [
    [t('statistics.col.n'), (v) => count(v.n, w)],
    [t('statistics.col.missing'), (v) => count(v.missing, w)],
    [t('statistics.col.mean'), (v) => stat(v.mean, w)],
    [t('statistics.col.se'), (v) => stat(v.se, w)],
    [t('statistics.col.sd'), (v) => stat(v.sd, w)],
    [t('statistics.col.min'), (v) => stat(v.min, w)],
    [t('statistics.col.q1'), (v) => stat(v.q1, w)],
    [t('statistics.col.median'), (v) => stat(v.median, w)],
    [t('statistics.col.q3'), (v) => stat(v.q3, w)],
    [t('statistics.col.max'), (v) => stat(v.max, w)],
    [t('statistics.col.skewness'), (v) => stat(v.skewness, w)],
    [t('statistics.col.kurtosis'), (v) => stat(v.kurtosis, w)],
  ];
  const plots: PlotSpec[] = vars.flatMap((v): PlotSpec[] => {
    const variable = w.columnName(v.column_id);
    const histogram: PlotSpec[] = v.histogram.bin_list.length ? [{ kind: 'histogram', variable, bins: v.histogram.bin_list }] : [];
    return v.box ? [...histogram, { kind: 'box', variable, groups: [{ label: variable, box: v.box }] }] : histogram;
  });
  return {
    tables: [
      {
        key: 'descriptives',
        title: t('statistics.table.descriptives'),
        columns: ['', ...vars.map((v) => w.columnName(v.column_id))],
        rows: rows.map(([label, cell]) => [text(label), ...vars.map(cell)]),
      },
    ],
    plots: plots.slice(0, MAX_PLOTS),
  };
}

function frequency(r: FrequencyResult, w: Wording): ResultView {
  const { t } = w;
  return {
    tables: r.variable_list.map((v) => ({
      key: `frequency-${v.column_id}`,
      title: t('statistics.table.frequencies', { column: w.columnName(v.column_id) }),
      columns: [t('statistics.col.level'), t('statistics.col.count'), t('statistics.col.percent'), t('statistics.col.validPercent'), t('statistics.col.cumulativePercent')],
      rows: [
        ...v.level_list.map((l) => [text(w.valueText(l.value)), count(l.count, w), percent(l.percent, w), percent(l.valid_percent, w), percent(l.cumulative_percent, w)]),
        [text(t('statistics.total')), count(v.n + v.missing, w), percent(100, w), text(''), text('')],
      ],
      notes: v.level_count > v.level_list.filter((l) => l.value !== null).length ? [t('statistics.note.moreLevels', { total: v.level_count })] : undefined,
    })),
    plots: r.variable_list.slice(0, MAX_PLOTS).map((v) => ({
      kind: 'bar',
      variable: w.columnName(v.column_id),
      measure: t('statistics.col.count'),
      bars: v.level_list.filter((l) => l.value !== null).map((l) => ({ label: w.valueText(l.value), value: l.count })),
    })),
  };
}

function crosstab(r: CrosstabResult, w: Wording): ResultView {
  const { t } = w;
  const tables = r.table_list.flatMap((x): StatTable[] => {
    const rowName = w.columnName(x.row_column_id);
    const colName = w.columnName(x.column_column_id);
    const notes = x.low_expected_count > 0 ? [t('statistics.note.lowExpected', { count: x.low_expected_count })] : undefined;
    return [
      {
        key: `crosstab-${x.row_column_id}`,
        title: t('statistics.table.crosstab', { row: rowName, column: colName }),
        columns: [`${rowName} \\ ${colName}`, ...x.column_value_list.map((v) => w.valueText(v)), t('statistics.total')],
        rows: [
          ...x.row_value_list.map((v, i) => [text(w.valueText(v)), ...x.count_matrix[i].map((c) => count(c, w)), count(x.row_total_list[i], w)]),
          [text(t('statistics.total')), ...x.column_total_list.map((c) => count(c, w)), count(x.n, w)],
        ],
      },
      {
        key: `chi-square-${x.row_column_id}`,
        title: t('statistics.table.chiSquare', { row: rowName, column: colName }),
        columns: ['', t('statistics.col.value'), t('statistics.col.df'), t('statistics.col.p')],
        rows: [
          [text(t('statistics.row.chiSquare')), stat(x.chi_square, w), count(x.df, w), pValue(x.p, w)],
          [text(t('statistics.row.cramersV')), stat(x.cramers_v, w), text(''), text('')],
          [text(t('statistics.col.n')), count(x.n, w), text(''), text('')],
        ],
        notes,
      },
    ];
  });
  const plots: PlotSpec[] = r.table_list.slice(0, MAX_PLOTS).map((x) => ({
    kind: 'bar',
    variable: t('statistics.table.crosstab', { row: w.columnName(x.row_column_id), column: w.columnName(x.column_column_id) }),
    measure: t('statistics.col.count'),
    bars: x.row_value_list.flatMap((rv, i) => x.column_value_list.map((cv, j) => ({ label: w.valueText(rv), series: w.valueText(cv), value: x.count_matrix[i][j] }))),
  }));
  return { tables, plots };
}

function correlation(r: CorrelationResult, w: Wording): ResultView {
  const { t } = w;
  return {
    tables: [
      {
        key: 'correlation',
        title: t('statistics.table.correlation'),
        columns: [t('statistics.col.pair'), t('statistics.col.n'), t('statistics.col.pearsonR'), t('statistics.col.p'), t('statistics.col.spearmanRho'), t('statistics.col.p')],
        rows: r.pair_list.map((p) => [
          text(`${w.columnName(p.x_column_id)} – ${w.columnName(p.y_column_id)}`),
          count(p.n, w),
          stat(p.pearson_r, w),
          pValue(p.pearson_p, w),
          stat(p.spearman_rho, w),
          pValue(p.spearman_p, w),
        ]),
      },
    ],
    plots: r.pair_list.slice(0, MAX_PLOTS).map((p) => ({
      kind: 'scatter',
      x: w.columnName(p.x_column_id),
      y: w.columnName(p.y_column_id),
      points: p.point_list,
      slope: p.slope,
      intercept: p.intercept,
    })),
  };
}

type GroupTest = { column_id: string; group_list: StatsGroupSummary[] };

/** jamovi's Group Descriptives under a group comparison. */
function groupDescriptives(tests: GroupTest[], w: Wording, ranks: boolean): StatTable {
  const { t } = w;
  return {
    key: 'group-descriptives',
    title: t('statistics.table.groupDescriptives'),
    columns: [
      t('statistics.col.variable'),
      t('statistics.col.group'),
      t('statistics.col.n'),
      t('statistics.col.mean'),
      t('statistics.col.median'),
      t('statistics.col.sd'),
      t('statistics.col.se'),
      ...(ranks ? [t('statistics.col.meanRank')] : []),
    ],
    rows: tests.flatMap((test) =>
      test.group_list.map((g) => [
        text(w.columnName(test.column_id)),
        text(w.valueText(g.value)),
        count(g.n, w),
        stat(g.mean, w),
        stat(g.median, w),
        stat(g.sd, w),
        stat(g.se, w),
        ...(ranks ? [stat(g.mean_rank, w)] : []),
      ]),
    ),
  };
}

function groupBoxes(tests: GroupTest[], w: Wording): PlotSpec[] {
  return tests.slice(0, MAX_PLOTS).flatMap((test): PlotSpec[] => {
    const groups = test.group_list.flatMap((g) => (g.box ? [{ label: w.valueText(g.value), box: g.box }] : []));
    return groups.length ? [{ kind: 'box', variable: w.columnName(test.column_id), groups }] : [];
  });
}

function twoGroups(r: TTestResult | MannWhitneyResult, w: Wording): ResultView {
  const { t } = w;
  const columns = [
    t('statistics.col.variable'),
    t('statistics.col.test'),
    t('statistics.col.statistic'),
    t('statistics.col.df'),
    t('statistics.col.p'),
    t('statistics.col.meanDifference'),
    t('statistics.col.seDifference'),
    t('statistics.col.ciLower'),
    t('statistics.col.ciUpper'),
    t('statistics.col.effectSize'),
  ];
  const rows = r.test_list.flatMap((test) => {
    const name = text(w.columnName(test.column_id));
    const mw = test.mann_whitney;
    const rank = [name, text(t('statistics.row.mannWhitney')), stat(mw.u, w), text(''), pValue(mw.p, w), text(''), text(''), text(''), text(''), stat(mw.rank_biserial, w)];
    if (!('student' in test)) return [rank];
    const tRow = (label: string, s: typeof test.student) => [name, text(label), stat(s.t, w), count(s.df, w), pValue(s.p, w), stat(s.mean_difference, w), stat(s.se_difference, w), stat(s.ci_lower, w), stat(s.ci_upper, w), stat(s.cohens_d, w)];
    return [tRow(t('statistics.row.student'), test.student), tRow(t('statistics.row.welch'), test.welch), rank];
  });
  return {
    tables: [
      { key: 'two-groups', title: t('statistics.table.twoGroups'), columns, rows, notes: [t('statistics.note.effectSize'), t('statistics.note.meanDifference')] },
      groupDescriptives(r.test_list, w, true),
    ],
    plots: groupBoxes(r.test_list, w),
  };
}

function anova(r: AnovaResult, w: Wording): ResultView {
  const { t } = w;
  return {
    tables: [
      {
        key: 'anova-tests',
        title: t('statistics.table.oneWayAnova'),
        columns: [t('statistics.col.variable'), t('statistics.col.test'), t('statistics.col.f'), t('statistics.col.df1'), t('statistics.col.df2'), t('statistics.col.p'), t('statistics.col.etaSquared')],
        rows: r.test_list.flatMap((x) => [
          [text(w.columnName(x.column_id)), text(t('statistics.row.fisher')), stat(x.f, w), count(x.between.df, w), count(x.within.df, w), pValue(x.p, w), stat(x.eta_squared, w)],
          [text(w.columnName(x.column_id)), text(t('statistics.row.welchAnova')), stat(x.welch_f, w), count(x.between.df, w), count(x.welch_df2, w), pValue(x.welch_p, w), text('')],
        ]),
      },
      {
        key: 'anova-table',
        title: t('statistics.table.anova'),
        columns: [t('statistics.col.variable'), t('statistics.col.source'), t('statistics.col.sumOfSquares'), t('statistics.col.df'), t('statistics.col.meanSquare'), t('statistics.col.f'), t('statistics.col.p')],
        rows: r.test_list.flatMap((x) => [
          [text(w.columnName(x.column_id)), text(t('statistics.row.between')), stat(x.between.sum_of_squares, w), count(x.between.df, w), stat(x.between.mean_square, w), stat(x.f, w), pValue(x.p, w)],
          [text(w.columnName(x.column_id)), text(t('statistics.row.within')), stat(x.within.sum_of_squares, w), count(x.within.df, w), stat(x.within.mean_square, w), text(''), text('')],
        ]),
      },
      groupDescriptives(r.test_list, w, false),
    ],
    plots: groupBoxes(r.test_list, w),
  };
}

function kruskalWallis(r: KruskalWallisResult, w: Wording): ResultView {
  const { t } = w;
  return {
    tables: [
      {
        key: 'kruskal-wallis',
        title: t('statistics.table.kruskalWallis'),
        columns: [t('statistics.col.variable'), t('statistics.col.chiSquare'), t('statistics.col.df'), t('statistics.col.p'), t('statistics.col.epsilonSquared')],
        rows: r.test_list.map((x) => [text(w.columnName(x.column_id)), stat(x.h, w), count(x.df, w), pValue(x.p, w), stat(x.epsilon_squared, w)]),
      },
      groupDescriptives(r.test_list, w, true),
    ],
    plots: groupBoxes(r.test_list, w),
  };
}

/** A coefficient's row header: the intercept, a predictor, or a categorical predictor's level. */
function predictorName(c: { column_id: string | null; level?: CellValue }, w: Wording): string {
  if (c.column_id === null) return w.t('statistics.intercept');
  const name = w.columnName(c.column_id);
  return c.level === undefined ? name : `${name}: ${w.valueText(c.level)}`;
}

function linearRegression(r: LinearRegressionResult, w: Wording): ResultView {
  const { t } = w;
  const predictors = r.coefficient_list.filter((c) => c.column_id !== null);
  const intercept = r.coefficient_list.find((c) => c.column_id === null);
  const plots: PlotSpec[] =
    r.point_list?.length && predictors.length === 1
      ? [{ kind: 'scatter', x: w.columnName(predictors[0].column_id), y: w.columnName(r.dependent_column_id), points: r.point_list, slope: predictors[0].estimate, intercept: intercept?.estimate ?? null }]
      : [];
  return {
    tables: [
      {
        key: 'model-fit',
        title: t('statistics.table.modelFit', { column: w.columnName(r.dependent_column_id) }),
        columns: [t('statistics.col.n'), t('statistics.col.r'), t('statistics.col.r2'), t('statistics.col.adjustedR2'), t('statistics.col.f'), t('statistics.col.df1'), t('statistics.col.df2'), t('statistics.col.p'), t('statistics.col.residualSe')],
        rows: [[count(r.n, w), stat(r.r, w), stat(r.r2, w), stat(r.adjusted_r2, w), stat(r.f, w), count(r.df1, w), count(r.df2, w), pValue(r.p, w), stat(r.residual_se, w)]],
      },
      {
        key: 'coefficients',
        title: t('statistics.table.coefficients'),
        columns: [t('statistics.col.predictor'), t('statistics.col.estimate'), t('statistics.col.se'), t('statistics.col.t'), t('statistics.col.p'), t('statistics.col.ciLower'), t('statistics.col.ciUpper')],
        rows: r.coefficient_list.map((c) => [text(predictorName(c, w)), stat(c.estimate, w), stat(c.se, w), stat(c.t, w), pValue(c.p, w), stat(c.ci_lower, w), stat(c.ci_upper, w)]),
      },
    ],
    plots,
  };
}

function logisticRegression(r: LogisticRegressionResult, w: Wording): ResultView {
  const { t } = w;
  const c = r.classification;
  const outcome = w.columnName(r.dependent_column_id);
  return {
    tables: [
      {
        key: 'model-fit',
        title: t('statistics.table.modelFit', { column: outcome }),
        columns: [t('statistics.col.n'), t('statistics.col.deviance'), t('statistics.col.nullDeviance'), t('statistics.col.aic'), t('statistics.col.mcfaddenR2')],
        rows: [[count(r.n, w), stat(r.deviance, w), stat(r.null_deviance, w), stat(r.aic, w), stat(r.mcfadden_r2, w)]],
        notes: [t('statistics.note.positive', { column: outcome, value: w.valueText(r.positive_value) }), ...(r.converged ? [] : [t('statistics.note.notConverged')])],
      },
      {
        key: 'coefficients',
        title: t('statistics.table.coefficients'),
        columns: [t('statistics.col.predictor'), t('statistics.col.estimate'), t('statistics.col.se'), t('statistics.col.z'), t('statistics.col.p'), t('statistics.col.oddsRatio'), t('statistics.col.orCiLower'), t('statistics.col.orCiUpper')],
        rows: r.coefficient_list.map((k) => [text(predictorName(k, w)), stat(k.estimate, w), stat(k.se, w), stat(k.z, w), pValue(k.p, w), stat(k.odds_ratio, w), stat(k.or_ci_lower, w), stat(k.or_ci_upper, w)]),
      },
      {
        key: 'classification',
        title: t('statistics.table.classification'),
        columns: [t('statistics.col.accuracy'), t('statistics.col.sensitivity'), t('statistics.col.specificity'), t('statistics.col.auc')],
        rows: [[stat(c.accuracy, w), stat(c.sensitivity, w), stat(c.specificity, w), stat(c.auc, w)]],
        notes: [t('statistics.note.threshold', { threshold: formatStat(c.threshold, w.lang, 2) })],
      },
      {
        key: 'confusion',
        title: t('statistics.table.confusion'),
        columns: [t('statistics.col.observedPredicted'), t('statistics.row.predictedPositive'), t('statistics.row.predictedNegative')],
        rows: [
          [text(t('statistics.row.observedPositive')), count(c.true_positive, w), count(c.false_negative, w)],
          [text(t('statistics.row.observedNegative')), count(c.false_positive, w), count(c.true_negative, w)],
        ],
      },
    ],
    plots: [],
  };
}

/** The tables and figures of a stored result, by its analysis. */
export function resultView(stored: StoredResult, w: Wording): ResultView {
  const r = stored.result;
  switch (stored.analyze_type) {
    case 'descriptive':
      return descriptive(r as DescriptiveResult, w);
    case 'frequency':
      return frequency(r as FrequencyResult, w);
    case 'crosstab':
    case 'chi_square':
      return crosstab(r as CrosstabResult, w);
    case 'correlation':
      return correlation(r as CorrelationResult, w);
    case 't_test':
    case 'mann_whitney':
      return twoGroups(r as TTestResult | MannWhitneyResult, w);
    case 'anova':
      return anova(r as AnovaResult, w);
    case 'kruskal_wallis':
      return kruskalWallis(r as KruskalWallisResult, w);
    case 'linear_regression':
      return linearRegression(r as LinearRegressionResult, w);
    case 'logistic_regression':
      return logisticRegression(r as LogisticRegressionResult, w);
  }
}
