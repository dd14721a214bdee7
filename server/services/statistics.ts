// The statistics service behind /wanalyzer/project/statistics/analyze/list and …/stats/result/list: checks that
// each analysis's columns suit it (10001 naming the field, worded in the caller's language from the catalogue's
// 13110–13118 messages), reads the values through the project's DatasetReader (filtered in the database), runs the
// engine (src/domain/statistics) and stores each result on the dataset version it was computed from. The same
// request on the same version answers 13006 with the stored results (docs/decisions.md).
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import { ApiError, type Lang, statusMessage } from '../http/api-error.ts';
import type { StatusKey } from '../../src/generated/errors.ts';
import type { AnalysisColumn, AnalyzeType } from '../../src/generated/types/entities.ts';
import type {
  WanalyzerProjectStatisticsAnalyzeListRequest,
  WanalyzerProjectStatisticsAnalyzeListResponse,
  WanalyzerProjectStatsResultListRequest,
  WanalyzerProjectStatsResultListResponse,
} from '../../src/generated/types/routes.ts';
import { ANALYSIS_NEEDS, type Cell, type ColumnData, levelsOf, runAnalysis } from '../../src/domain/statistics/index.ts';
import type { DatasetReader, RowFilter } from './dataset-reader.ts';
import { insertStatsResult, type NewStatsResult, type StatsResultItem, statsResultPage, storedStatsResults, unstoredStatsResult } from './stats-result-store.ts';

/** Who asks: a visitor's (or a front-end key's) results are answered but not stored. */
export interface StatsAsker {
  userId: string | null;
  /** The asker owns the project: only then are results stored (and a repeat refused with 13006). */
  owns: boolean;
  lang: Lang;
}

/** Groups of t_test/mann_whitney: exactly two; of anova/kruskal_wallis, levels of a table or predictor: 2–50. */
const MAX_LEVELS = 50;
const NUMERIC_COLUMNS: ReadonlySet<AnalyzeType> = new Set(['descriptive', 'correlation', 't_test', 'mann_whitney', 'anova', 'kruskal_wallis']);

type Request = WanalyzerProjectStatisticsAnalyzeListRequest;

/** 10001 naming one field, its message the catalogue's wording of `key` in the caller's language. */
function refusal(field: string, key: StatusKey, lang: Lang, params: Record<string, string | number> = {}): ApiError {
  const message = statusMessage(key, lang, params);
  return new ApiError('invalid_input', { details: `${field}: ${message}` }, { errors: [{ field, message }] });
}

/** What one analysis reads: its columns, and the group or outcome when its type uses one. */
interface Plan {
  type: AnalyzeType;
  columns: string[];
  group: string | null;
  dependent: string | null;
  key: string;
}

/** The canonical request of one analysis: fields its type ignores left out, the filter with its defaults. */
function planOf(type: AnalyzeType, request: Request): Plan {
  const need = ANALYSIS_NEEDS[type];
  const group = need === 'group' ? (request.group_column_id ?? null) : null;
  const dependent = need === 'dependent' ? (request.dependent_column_id ?? null) : null;
  const columns = dependent ? request.column_list.filter((c) => c !== dependent) : request.column_list;
  const filter = request.filter?.condition_list.length
    ? { logic: request.filter.logic ?? 'and', condition_list: request.filter.condition_list.map((c) => [c.column_id, c.operator, c.value ?? null]) }
    : null;
  const key = createHash('sha256').update(JSON.stringify([type, columns, group, dependent, filter])).digest('hex');
  return { type, columns, group, dependent, key };
}

/** Refuses an analysis whose columns do not suit it; `values` holds every asked column's filtered values. */
function check(plan: Plan, request: Request, byId: Map<string, AnalysisColumn>, values: Map<string, Cell[]>, lang: Lang): void {
  const name = (id: string) => byId.get(id)!.column_name;
  const levelCount = (id: string) => levelsOf(values.get(id)!).length;
  const fieldOf = (id: string) => `column_list.${request.column_list.indexOf(id)}`;
  const need = ANALYSIS_NEEDS[plan.type];
  if (need === 'group' && !plan.group) throw refusal('group_column_id', 'stats_group_required', lang);
  if (need === 'dependent' && !plan.dependent) throw refusal('dependent_column_id', 'stats_dependent_required', lang);
  if (NUMERIC_COLUMNS.has(plan.type))
    for (const id of plan.columns)
      if (byId.get(id)!.column_type !== 'numeric') throw refusal(fieldOf(id), 'stats_column_not_numeric', lang, { column: name(id) });
  const minimum = plan.type === 'correlation' ? 2 : 1;
  if (plan.columns.length < minimum) throw refusal('column_list', 'stats_columns_too_few', lang, { count: minimum });
  if (plan.group) {
    const count = levelCount(plan.group);
    const two = plan.type === 't_test' || plan.type === 'mann_whitney';
    if (two && count !== 2) throw refusal('group_column_id', 'stats_group_two_values', lang, { column: name(plan.group), count });
    if (!two && (count < 2 || count > MAX_LEVELS))
      throw refusal('group_column_id', plan.type === 'crosstab' || plan.type === 'chi_square' ? 'stats_table_levels' : 'stats_group_levels', lang, {
        column: name(plan.group),
        count,
      });
  }
  // A cross table's rows and a regression's categorical predictors: 2–50 levels each.
  const tabled = plan.type === 'crosstab' || plan.type === 'chi_square' ? plan.columns : plan.dependent ? plan.columns.filter((id) => byId.get(id)!.column_type !== 'numeric') : [];
  for (const id of tabled) {
    const count = levelCount(id);
    if (count < 2 || count > MAX_LEVELS) throw refusal(fieldOf(id), 'stats_table_levels', lang, { column: name(id), count });
  }
  if (plan.dependent) {
    const type = byId.get(plan.dependent)!.column_type;
    if (plan.type === 'linear_regression' && type !== 'numeric')
      throw refusal('dependent_column_id', 'stats_column_not_numeric', lang, { column: name(plan.dependent) });
    const count = levelCount(plan.dependent);
    if (plan.type === 'logistic_regression' && count !== 2)
      throw refusal('dependent_column_id', 'stats_dependent_two_values', lang, { column: name(plan.dependent), count });
  }
}

/** Every column the request names must be one of the project's. */
function knownColumns(request: Request, columns: AnalysisColumn[], lang: Lang): Map<string, AnalysisColumn> {
  const byId = new Map(columns.map((c) => [c.column_id, c]));
  request.column_list.forEach((id, i) => {
    if (!byId.has(id)) throw refusal(`column_list.${i}`, 'stats_column_unknown', lang);
  });
  for (const field of ['group_column_id', 'dependent_column_id'] as const) {
    const id = request[field];
    if (id && !byId.has(id)) throw refusal(field, 'stats_column_unknown', lang);
  }
  return byId;
}

/**
 * Runs the request's analyses on the project `reader` reads. `db` should be the request's transaction, so
 * that the results of one request are stored together. An owner's results are stored; asked again on the same
 * dataset version, analyses already stored are not run again, and when all of them are, the answer is 13006
 * carrying the stored results (stats_result_list).
 */
export async function analyzeProject(db: Queryable, reader: DatasetReader, request: Request, asker: StatsAsker): Promise<WanalyzerProjectStatisticsAnalyzeListResponse> {
  const byId = knownColumns(request, await reader.columns(), asker.lang);
  const plans = request.analyze_type_list.map((type) => planOf(type, request));
  const stored = asker.owns ? await storedStatsResults(db, reader.projectId, reader.datasetVersion, plans.map((p) => p.key)) : new Map<string, StatsResultItem>();
  if (stored.size === plans.length) throw new ApiError('same_results', {}, { stats_result_list: plans.map((p) => stored.get(p.key)!) });

  const ids = [...new Set(plans.flatMap((p) => [...p.columns, ...(p.group ? [p.group] : []), ...(p.dependent ? [p.dependent] : [])]))];
  const filter: RowFilter | undefined = request.filter?.condition_list.length ? request.filter : undefined;
  const read = await reader.columnValues(ids, filter);
  const values = new Map(ids.map((id, i) => [id, read.values[i]]));
  for (const plan of plans) check(plan, request, byId, values, asker.lang);

  const data = (id: string): ColumnData => ({ column_id: id, column_type: byId.get(id)!.column_type, values: values.get(id)! });
  const stats_result_list: StatsResultItem[] = [];
  for (const plan of plans) {
    const already = stored.get(plan.key);
    if (already) {
      stats_result_list.push(already);
      continue;
    }
    const result = runAnalysis(plan.type, {
      columns: plan.columns.map(data),
      ...(plan.group ? { group: data(plan.group) } : {}),
      ...(plan.dependent ? { dependent: data(plan.dependent) } : {}),
    });
    const asked: NewStatsResult = {
      projectId: reader.projectId,
      datasetVersion: reader.datasetVersion,
      analyzeType: plan.type,
      columnList: plan.columns,
      groupColumnId: plan.group,
      dependentColumnId: plan.dependent,
      filter: filter ?? null,
      requestKey: plan.key,
      result,
      askerUserId: asker.userId,
    };
    stats_result_list.push(asker.owns ? await storeOnce(db, asked) : unstoredStatsResult(asked));
  }
  return { stats_result_list };
}

/** Stores a result, or answers the one a concurrent twin of the request stored first. */
async function storeOnce(db: Queryable, asked: NewStatsResult): Promise<StatsResultItem> {
  const item = await insertStatsResult(db, asked);
  return item ?? (await storedStatsResults(db, asked.projectId, asked.datasetVersion, [asked.requestKey])).get(asked.requestKey)!;
}

/** A page of the project's stored results on its current dataset version (whoever may read the project). */
export const statsResultList = (
  db: Queryable,
  project: { project_id: string; dataset_version: number },
  request: Omit<WanalyzerProjectStatsResultListRequest, 'project_id'>,
): Promise<WanalyzerProjectStatsResultListResponse> => statsResultPage(db, project.project_id, project.dataset_version, request);
