// The process rows and their logs (server/db/migrations/0028_processes.sql): what /process/* answers and
// what decides whether a process may run. Every state change is a conditional update on the status (and, for
// a running one, on the worker that claimed it), so a stop, a crash sweep and the worker never both win.
import type { Queryable } from '../db/adapter.ts';
import type { Lang } from '../http/api-error.ts';
import { containsPattern, isoOf, orderBy, pageRows, Where } from '../services/paging.ts';
import type { LogLevel } from './job-kind.ts';
import type { ProcessInfo, ProcessStatus } from '../../src/generated/types/entities.ts';

/** NOTIFY channel of /process/stop: the payload is the process id (every worker listens). */
export const STOP_CHANNEL = 'sema_process_stop';

/** Tells the worker running the process, in whichever process it is, once `tx` commits. */
export async function announceStop(tx: Queryable, processId: string): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [STOP_CHANNEL, processId]);
}

/** Lines kept per process; older lines go as new ones come. */
export const LOG_LINES_KEPT = 1000;

export interface ProcessRow {
  process_id: string;
  tenant_id: string;
  user_id: string | null;
  frontend_key_name: string | null;
  project_id: string | null;
  process_kind: string;
  process_name: string;
  lang: Lang;
  payload: unknown;
  process_status: ProcessStatus;
  progress_percent: number;
  attempt: number;
  created_at: string | Date;
  started_at: string | Date | null;
  finished_at: string | Date | null;
  started_by: string | null;
}

/** Whose processes a caller reaches: the site's (admin), a user's own, or a front-end key's own. */
export type ProcessScope = { tenantId: string } & ({ all: true } | { userId: string } | { frontendKeyName: string });

const SELECT = `select p.process_id, p.tenant_id, p.user_id, p.frontend_key_name, p.project_id, p.process_kind, p.process_name,
       p.lang, p.payload, p.process_status, p.progress_percent, p.attempt, p.created_at, p.started_at, p.finished_at,
       coalesce(u.username, p.frontend_key_name) as started_by
  from process p left join app_user u on u.user_id = p.user_id`;

function scopeWhere(scope: ProcessScope): Where {
  const where = new Where().add('p.tenant_id = ?', scope.tenantId);
  if ('userId' in scope) where.add('p.user_id = ?', scope.userId);
  else if ('frontendKeyName' in scope) where.add('p.user_id is null and p.frontend_key_name = ?', scope.frontendKeyName);
  return where;
}

export async function insertProcess(
  tx: Queryable,
  p: { processId: string; tenantId: string; userId: string | null; frontendKeyName: string | null; projectId: string | null; kind: string; name: string; lang: Lang; payload: unknown },
): Promise<void> {
  await tx.query(
    `insert into process (process_id, tenant_id, user_id, frontend_key_name, project_id, process_kind, process_name, lang, payload)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [p.processId, p.tenantId, p.userId, p.frontendKeyName, p.projectId, p.kind, p.name, p.lang, JSON.stringify(p.payload ?? null)],
  );
}

/** The process if the scope reaches it (locked for a change with `forUpdate`). */
export async function findProcess(db: Queryable, scope: ProcessScope, processId: string, forUpdate = false): Promise<ProcessRow | undefined> {
  const where = scopeWhere(scope).add('p.process_id = ?', processId);
  const [row] = await db.query<ProcessRow & Record<string, unknown>>(`${SELECT} where ${where}${forUpdate ? ' for update of p' : ''}`, where.params);
  return row;
}

/** Reads a process by id alone (the worker's side). */
export async function processById(db: Queryable, processId: string): Promise<ProcessRow | undefined> {
  const [row] = await db.query<ProcessRow & Record<string, unknown>>(`${SELECT} where p.process_id = $1`, [processId]);
  return row;
}

export async function listProcesses(
  db: Queryable,
  scope: ProcessScope,
  f: { process_status?: ProcessStatus; search?: string; sort?: string; page?: number; page_size?: number },
) {
  const where = scopeWhere(scope);
  if (f.process_status) where.add('p.process_status = ?', f.process_status);
  if (f.search) where.add("p.process_name ilike ? escape '\\'", containsPattern(f.search));
  // A waiting process has not started: it sorts by when it was queued.
  const order = orderBy(f.sort, '-started_at', { started_at: 'coalesce(p.started_at, p.created_at)', finished_at: 'p.finished_at', process_name: 'p.process_name' }, 'p.process_id');
  return pageRows<ProcessRow & Record<string, unknown>>(db, { select: SELECT, where, order, paging: f });
}

/** The process as /process/* answers it; the log only where asked (details). */
export function processInfoOf(row: ProcessRow, log?: ProcessInfo['log_list']): ProcessInfo {
  return {
    process_id: row.process_id,
    process_name: row.process_name,
    process_status: row.process_status,
    process_kind: row.process_kind,
    progress_percent: row.progress_percent,
    created_at: isoOf(row.created_at) as string,
    ...(row.user_id ? { user_client_id: row.user_id } : {}),
    ...(row.started_by ? { started_by: row.started_by } : {}),
    ...(row.project_id ? { project_id: row.project_id } : {}),
    ...(row.started_at ? { started_at: isoOf(row.started_at) } : {}),
    ...(row.finished_at ? { finished_at: isoOf(row.finished_at) } : {}),
    ...(log ? { log_list: log } : {}),
  };
}

/** The kept log lines, oldest first. */
export async function processLog(db: Queryable, processId: string): Promise<NonNullable<ProcessInfo['log_list']>> {
  const rows = await db.query<{ log_date: string | Date; log_level: LogLevel; message: string }>(
    'select log_date, log_level, message from process_log where process_id = $1 order by log_id limit $2',
    [processId, LOG_LINES_KEPT],
  );
  return rows.map((r) => ({ log_date: isoOf(r.log_date) as string, log_level: r.log_level, message: r.message }));
}

/** Appends a log line and lets the oldest go past LOG_LINES_KEPT. */
export async function appendLog(db: Queryable, processId: string, level: LogLevel, message: string): Promise<void> {
  const text = message.trim().slice(0, 2000) || '-';
  await db.query('insert into process_log (process_id, log_level, message) values ($1, $2, $3)', [processId, level, text]);
  await db.query(
    `delete from process_log where process_id = $1
        and log_id <= (select log_id from process_log where process_id = $1 order by log_id desc offset $2 limit 1)`,
    [processId, LOG_LINES_KEPT],
  );
}

export async function deleteLog(db: Queryable, processId: string): Promise<number> {
  const rows = await db.query('delete from process_log where process_id = $1 returning 1', [processId]);
  return rows.length;
}

/** Sets a process's status with the timing that goes with it; answers whether the row was in one of `from`. */
export async function setStatus(
  db: Queryable,
  processId: string,
  from: ProcessStatus[],
  to: 'waiting' | 'stopped' | 'finished' | 'failed',
  /** runId: only while this run holds it (the row's worker_id). */
  opts: { runId?: string; resetAttempts?: boolean } = {},
): Promise<boolean> {
  const params: unknown[] = [processId, from, to];
  const sets = ['process_status = $3', 'worker_id = null'];
  if (to === 'waiting') sets.push('finished_at = null', 'heartbeat_at = null', 'progress_percent = 0');
  else sets.push('finished_at = now()');
  if (to === 'finished') sets.push('progress_percent = 100');
  if (opts.resetAttempts) sets.push('attempt = 0');
  let guard = '';
  if (opts.runId) {
    params.push(opts.runId);
    guard = ` and worker_id = $${params.length}`;
  }
  const rows = await db.query(`update process set ${sets.join(', ')} where process_id = $1 and process_status = any($2::text[])${guard} returning 1`, params);
  return rows.length > 0;
}
