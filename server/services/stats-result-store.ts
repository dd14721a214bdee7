// The stored statistics results (migration 0034, analysis_stats_result): the table's SQL, its row and the
// answer item of statistics/analyze/list and stats/result/list.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import type { AnalyzeType, StatsResult } from '../../src/generated/types/entities.ts';
import type { WanalyzerProjectStatsResultListRequest, WanalyzerProjectStatsResultListResponse } from '../../src/generated/types/routes.ts';
import type { RowFilter } from './dataset-reader.ts';
import { isoOf, orderBy, pageRows, Where } from './paging.ts';

export type StatsResultItem = WanalyzerProjectStatsResultListResponse['stats_result_list'][number];

interface StatsResultRow extends Record<string, unknown> {
  result_id: string;
  analyze_type: AnalyzeType;
  column_list: string[];
  group_column_id: string | null;
  dependent_column_id: string | null;
  result: StatsResult;
  created_at: string | Date;
}

/** One analysis asked on one dataset version, with the canonical key of its request. */
export interface NewStatsResult {
  projectId: string;
  datasetVersion: number;
  analyzeType: AnalyzeType;
  columnList: string[];
  groupColumnId: string | null;
  dependentColumnId: string | null;
  filter: RowFilter | null;
  requestKey: string;
  result: StatsResult;
  askerUserId: string | null;
}

const SELECT = 'select r.result_id, r.analyze_type, r.column_list, r.group_column_id, r.dependent_column_id, r.result, r.created_at from analysis_stats_result r';

export const statsResultAnswer = (row: StatsResultRow): StatsResultItem => ({
  result_id: row.result_id,
  analyze_type: row.analyze_type,
  column_list: row.column_list,
  result: row.result,
  ...(row.group_column_id ? { group_column_id: row.group_column_id } : {}),
  ...(row.dependent_column_id ? { dependent_column_id: row.dependent_column_id } : {}),
  created_at: isoOf(row.created_at)!,
});

/** The stored results of these request keys on this dataset version, by key. */
export async function storedStatsResults(db: Queryable, projectId: string, datasetVersion: number, keys: string[]): Promise<Map<string, StatsResultItem>> {
  const rows = await db.query<StatsResultRow & { request_key: string }>(
    `${SELECT.replace('select ', 'select r.request_key, ')} where r.project_id = $1 and r.dataset_version = $2 and r.request_key = any($3::text[])`,
    [projectId, datasetVersion, keys],
  );
  return new Map(rows.map((r) => [r.request_key, statsResultAnswer(r)]));
}

/** Stores a result; null when the same request was stored meanwhile (a concurrent twin). */
export async function insertStatsResult(db: Queryable, r: NewStatsResult): Promise<StatsResultItem | null> {
  const [row] = await db.query<StatsResultRow>(
    `insert into analysis_stats_result
       (result_id, project_id, dataset_version, analyze_type, column_list, group_column_id, dependent_column_id, filter, request_key, result, asker_user_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (project_id, dataset_version, request_key) do nothing
     returning result_id, analyze_type, column_list, group_column_id, dependent_column_id, result, created_at`,
    [
      randomUUID(),
      r.projectId,
      r.datasetVersion,
      r.analyzeType,
      JSON.stringify(r.columnList),
      r.groupColumnId,
      r.dependentColumnId,
      r.filter && JSON.stringify(r.filter),
      r.requestKey,
      JSON.stringify(r.result),
      r.askerUserId,
    ],
  );
  return row ? statsResultAnswer(row) : null;
}

/** A visitor's result: answered as a stored one would be, with a fresh id and time, but never stored. */
export const unstoredStatsResult = (r: NewStatsResult): StatsResultItem =>
  statsResultAnswer({
    result_id: randomUUID(),
    analyze_type: r.analyzeType,
    column_list: r.columnList,
    group_column_id: r.groupColumnId,
    dependent_column_id: r.dependentColumnId,
    result: r.result,
    created_at: new Date(),
  });

/** One page of a project's results on a dataset version, newest first unless asked otherwise. */
export async function statsResultPage(
  db: Queryable,
  projectId: string,
  datasetVersion: number,
  input: Omit<WanalyzerProjectStatsResultListRequest, 'project_id'>,
): Promise<WanalyzerProjectStatsResultListResponse> {
  const where = new Where().add('r.project_id = ?', projectId).add('r.dataset_version = ?', datasetVersion);
  if (input.analyze_type) where.add('r.analyze_type = ?', input.analyze_type);
  const order = orderBy(input.sort, '-created_at', { created_at: 'r.created_at' }, 'r.result_id');
  const { rows, ...paging } = await pageRows<StatsResultRow>(db, { select: SELECT, where, order, paging: input });
  return { stats_result_list: rows.map(statsResultAnswer), ...paging };
}
