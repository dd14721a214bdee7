// The data_model_record table (migration 0022): records made with a published data-model version. Its SQL, its
// row and the mapping to the entity; who may reach which record is decided in server/services/data-model-records.ts.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import type { DataModelRecord } from '../../src/generated/types/entities.ts';
import { statusCatalogue } from '../../src/generated/errors.ts';
import type { RecordProblem, RecordValues } from '../../src/domain/data-model/record.ts';
import { recordProblemMessage } from '../../src/domain/data-model/record.ts';
import type { Lang } from '../http/api-error.ts';
import { containsPattern, isoOf, pageRows, Where } from './paging.ts';

export interface RecordRow {
  data_model_record_id: string;
  data_model_id: string;
  version: number;
  record_values: RecordValues;
  warnings: RecordProblem[];
  created_by: string;
  created_by_username: string;
  created_at: unknown;
  updated_by_username: string;
  updated_at: unknown;
  row_version: number;
}

const SELECT = `select r.data_model_record_id, r.data_model_id, r.version, r.record_values, r.warnings, r.created_by, cu.username as created_by_username,
       r.created_at, uu.username as updated_by_username, r.updated_at, r.row_version
  from data_model_record r join app_user cu on cu.user_id = r.created_by join app_user uu on uu.user_id = r.updated_by`;

/** A problem as an answer carries it: with its status code and its message in the reader's language. */
export const problemAnswer = (p: RecordProblem, lang: Lang) => ({
  path: p.path,
  key: p.key,
  status_code: statusCatalogue[p.key].status_code,
  params: p.params,
  severity: p.severity,
  message: recordProblemMessage(p, lang),
});

export const recordAnswer = (r: RecordRow, lang: Lang): DataModelRecord => ({
  data_model_record_id: r.data_model_record_id,
  data_model_id: r.data_model_id,
  version: r.version,
  values: r.record_values as DataModelRecord['values'],
  warning_list: r.warnings.map((w) => problemAnswer(w, lang)),
  row_version: r.row_version,
  created_by: r.created_by_username,
  created_at: isoOf(r.created_at)!,
  updated_by: r.updated_by_username,
  updated_at: isoOf(r.updated_at)!,
});

/** Warnings as stored: where, which message and its parameters (worded when read). */
const storedWarnings = (warnings: readonly RecordProblem[]) => JSON.stringify(warnings.map(({ path, key, params, severity }) => ({ path, key, params, severity })));

export async function recordById(db: Queryable, tenantId: string, id: string, lock = false): Promise<RecordRow | undefined> {
  const [row] = await db.query<RecordRow & Record<string, unknown>>(`${SELECT} where r.data_model_record_id = $1 and r.tenant_id = $2${lock ? ' for update of r' : ''}`, [id, tenantId]);
  return row;
}

export async function insertRecord(
  tx: Queryable,
  r: { tenantId: string; modelId: string; version: number; values: RecordValues; warnings: readonly RecordProblem[]; userId: string; id?: string },
): Promise<string> {
  const id = r.id ?? randomUUID();
  await tx.query(
    `insert into data_model_record (data_model_record_id, tenant_id, data_model_id, version, record_values, warnings, created_by, updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, $7)`,
    [id, r.tenantId, r.modelId, r.version, JSON.stringify(r.values), storedWarnings(r.warnings), r.userId],
  );
  return id;
}

/** Saves over the record if it is still at `rowVersion`; answers whether it was. */
export async function updateRecord(tx: Queryable, r: { id: string; rowVersion: number; values: RecordValues; warnings: readonly RecordProblem[]; userId: string }): Promise<boolean> {
  const done = await tx.query(
    `update data_model_record set record_values = $3, warnings = $4, updated_by = $5, updated_at = now(), row_version = row_version + 1
      where data_model_record_id = $1 and row_version = $2 returning row_version`,
    [r.id, r.rowVersion, JSON.stringify(r.values), storedWarnings(r.warnings), r.userId],
  );
  return done.length > 0;
}

export async function deleteRecord(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from data_model_record where data_model_record_id = $1', [id]);
}

export async function recordCountOf(db: Queryable, modelId: string): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from data_model_record where data_model_id = $1', [modelId]);
  return n;
}

export interface RecordFilter {
  tenantId: string;
  modelId: string;
  /** Only this author's records (a reader who answers for none but their own). */
  authorId?: string;
  version?: number;
  created_at_from?: string;
  created_at_to?: string;
  search?: string;
}

/** The filter's conditions: days are UTC days, `to` included. */
function whereOf(f: RecordFilter): Where {
  const where = new Where().add('r.tenant_id = ?', f.tenantId).add('r.data_model_id = ?', f.modelId);
  if (f.authorId) where.add('r.created_by = ?', f.authorId);
  if (f.version !== undefined) where.add('r.version = ?', f.version);
  if (f.created_at_from) where.add("r.created_at >= cast(? as date)::timestamp at time zone 'UTC'", f.created_at_from);
  if (f.created_at_to) where.add("r.created_at < (cast(? as date) + 1)::timestamp at time zone 'UTC'", f.created_at_to);
  if (f.search) where.add("exists (select 1 from jsonb_each_text(r.record_values) e where e.value ilike ? escape '\\')", containsPattern(f.search));
  return where;
}

/** One page of the records, newest first. */
export function listRecords(db: Queryable, f: RecordFilter, paging: { page?: number; page_size?: number }) {
  return pageRows<RecordRow & Record<string, unknown>>(db, { select: SELECT, where: whereOf(f), order: 'r.created_at desc, r.data_model_record_id desc', paging });
}

/** How many records the filter finds, and (when at most `max`) all of them, oldest first. */
export async function recordsForExport(db: Queryable, f: RecordFilter, max: number): Promise<{ count: number; rows: RecordRow[] }> {
  const where = whereOf(f);
  const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from data_model_record r where ${where}`, where.params);
  if (n > max) return { count: n, rows: [] };
  const rows = await db.query<RecordRow & Record<string, unknown>>(`${SELECT} where ${where} order by r.created_at, r.data_model_record_id`, where.params);
  return { count: n, rows };
}
