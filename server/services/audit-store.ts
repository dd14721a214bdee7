// The audit trail in the database (audit_record): the record server/http/audit.ts writes for every write call,
// and the records as the audit log answers them (/v1/audit/list), of one tenant, filtered and paged.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import type { AuditRecord } from '../../src/generated/types/entities.ts';
import { routeTable } from '../../src/generated/route-table.ts';
import type { AuditListRequest } from '../../src/generated/types/routes.ts';
import { containsPattern, isoOf, orderBy, pageRows, Where } from './paging.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One write call as its audit record keeps it: names only, never values. */
export interface NewAuditRecord {
  tenantId: string;
  userId: string | null;
  username: string | null;
  callerKind: string;
  routeName: string;
  statusCode: string;
  ip: string;
  userAgent?: string;
  durationMs: number;
  entity?: string;
  recordId?: string;
  changedFields: string[];
}

/** A record as its row: a user agent cut to 300 characters, a record id that is no UUID left out. */
const rowOf = (r: NewAuditRecord) => ({
  audit_id: randomUUID(),
  tenant_id: r.tenantId,
  user_id: r.userId,
  username: r.username,
  caller_kind: r.callerKind,
  route_name: r.routeName,
  status_code: r.statusCode,
  ip_address: r.ip,
  user_agent: r.userAgent?.slice(0, 300) ?? null,
  duration_ms: Math.round(r.durationMs),
  entity: r.entity ?? null,
  record_id: r.recordId && UUID.test(r.recordId) ? r.recordId : null,
  changed_fields: r.changedFields,
});

/** The records of a JSON array parameter as audit_record rows (an insert's source, whatever the statement). */
const insertFrom = (param: string) => `insert into audit_record (audit_id, tenant_id, user_id, username, caller_kind, route_name, status_code, ip_address, user_agent,
                               duration_ms, entity, record_id, changed_fields)
     select audit_id, tenant_id, user_id, username, caller_kind, route_name, status_code, ip_address, user_agent,
            duration_ms, entity, record_id, coalesce(changed_fields, '{}')
       from jsonb_to_recordset(${param}::jsonb) as r(audit_id uuid, tenant_id uuid, user_id uuid, username text, caller_kind text, route_name text,
            status_code text, ip_address text, user_agent text, duration_ms integer, entity text, record_id uuid, changed_fields text[])`;

/** Records as the JSON array parameter insertFrom reads. */
const recordsParam = (records: readonly NewAuditRecord[]) => JSON.stringify(records.map(rowOf));

/** Several records in one statement (one text whatever their number: the batch travels as one JSON array). */
async function insertRows(db: Queryable, records: readonly NewAuditRecord[]): Promise<void> {
  await db.query(insertFrom('$1'), [recordsParam(records)]);
}

/**
 * A write's own audit record in the write's own statement (a common table expression to add to its WITH list):
 * inserted only if `condition` holds, which says the write took place. Saves the record's round trip on the
 * hottest writes; `param` is the placeholder of `auditParam(record)`.
 */
export const auditRecordCte = (param: string, condition: string): string => `audit_record_insert as (${insertFrom(param)} where ${condition})`;
export const auditParam = (audit: OwnAuditRecord): string => recordsParam([audit.record]);

/** A call's audit record for a write to store with its change (auditRecordCte), which then says so (`stored`). */
export interface OwnAuditRecord {
  record: NewAuditRecord;
  stored(): void;
}

interface Waiting {
  record: NewAuditRecord;
  done: (error?: unknown) => void;
}

/** Per database: the records that came while an insert was under way, and whether one is. */
const queues = new WeakMap<Queryable, { waiting: Waiting[]; writing: boolean }>();
const MAX_BATCH = 500;

/**
 * Stores the record (resolves once it is stored). Group commit: a record that comes while another insert is
 * under way waits for it and goes with the others that came meanwhile, in one statement — under load one
 * round trip serves many calls; alone, a record is written at once. A batch the database refuses is written
 * again one record at a time, so only a bad record is lost.
 */
export function insertAuditRecord(db: Queryable, record: NewAuditRecord): Promise<void> {
  let queue = queues.get(db);
  if (!queue) {
    queue = { waiting: [], writing: false };
    queues.set(db, queue);
  }
  const q = queue;
  return new Promise((resolve, reject) => {
    q.waiting.push({ record, done: (error) => (error === undefined ? resolve() : reject(error)) });
    if (!q.writing) void writeWaiting(db, q);
  });
}

async function writeWaiting(db: Queryable, q: { waiting: Waiting[]; writing: boolean }): Promise<void> {
  q.writing = true;
  while (q.waiting.length) {
    const batch = q.waiting.splice(0, MAX_BATCH);
    try {
      await insertRows(db, batch.map((w) => w.record));
      for (const w of batch) w.done();
    } catch (error) {
      if (batch.length === 1) batch[0].done(error);
      else for (const w of batch) await insertRows(db, [w.record]).then(() => w.done(), (e: unknown) => w.done(e));
    }
  }
  q.writing = false;
}

const CALLER_TYPE = new Map(routeTable.map((r) => [r.name as string, r.caller_type]));
const FIELD = /^[a-z][a-z0-9_.]*$/;
const IP = /^[0-9A-Fa-f:.]+$/;
const USERNAME = /^[A-Za-z0-9.]{3,50}$/;

interface AuditRow {
  audit_id: string;
  occurred_at: unknown;
  domain: string;
  user_id: string | null;
  username: string | null;
  route_name: string;
  status_code: string;
  ip_address: string | null;
  user_agent: string | null;
  duration_ms: number;
  entity: string | null;
  record_id: string | null;
  changed_fields: string[];
}

/** One record as answered; values that cannot fit the entity (a stranger's field name, a odd address) are left out. */
function answer(r: AuditRow): AuditRecord {
  const callerType = CALLER_TYPE.get(r.route_name);
  const fields = [...new Set((r.changed_fields ?? []).filter((f) => FIELD.test(f) && f.length <= 200))].slice(0, 200);
  return {
    audit_id: r.audit_id,
    occurred_at: isoOf(r.occurred_at)!,
    domain: r.domain,
    ...(r.user_id ? { user_client_id: r.user_id } : {}),
    ...(r.username && USERNAME.test(r.username) ? { username: r.username } : {}),
    route_name: r.route_name,
    ...(callerType ? { caller_type: callerType } : {}),
    status_code: r.status_code,
    ...(r.ip_address && IP.test(r.ip_address) && r.ip_address.length <= 45 ? { ip_address: r.ip_address } : {}),
    ...(r.user_agent ? { user_agent: r.user_agent.slice(0, 500) } : {}),
    duration_ms: Math.min(Math.max(r.duration_ms, 0), 600_000),
    ...(r.entity && /^[a-z][a-z0-9_]*$/.test(r.entity) ? { entity: r.entity } : {}),
    ...(r.record_id && UUID.test(r.record_id) ? { record_id: r.record_id } : {}),
    changed_fields: fields,
  };
}

/** One page of the tenant's audit records, newest first unless sorted otherwise. */
export async function listAuditRecords(db: Queryable, tenantId: string, input: AuditListRequest) {
  const where = new Where().add('r.tenant_id = ?', tenantId);
  if (input.username) where.add('lower(r.username) = lower(?)', input.username);
  if (input.route_name) where.add('r.route_name = ?', input.route_name);
  if (input.status_code) where.add('r.status_code = ?', input.status_code);
  if (input.entity) where.add('r.entity = ?', input.entity);
  if (input.record_id) where.add('r.record_id = ?::uuid', input.record_id);
  if (input.only_failed) where.add("r.status_code not like '%000'");
  if (input.occurred_date_from) where.add('r.occurred_at >= ?::date', input.occurred_date_from);
  if (input.occurred_date_to) where.add("r.occurred_at < ?::date + 1", input.occurred_date_to);
  if (input.search) {
    const p = containsPattern(input.search);
    where.add("(r.username ilike ? escape '\\' or r.route_name ilike ? escape '\\' or r.ip_address ilike ? escape '\\')", p, p, p);
  }
  const order = orderBy(
    input.sort,
    '-occurred_at',
    { occurred_at: 'r.occurred_at', username: 'lower(r.username)', route_name: 'r.route_name', duration_ms: 'r.duration_ms' },
    'r.occurred_at desc, r.audit_id desc',
  );
  const { rows, ...paging } = await pageRows<AuditRow & Record<string, unknown>>(db, {
    select: `select r.audit_id, r.occurred_at, t.domain, r.user_id, r.username, r.route_name, r.status_code, r.ip_address, r.user_agent,
                      r.duration_ms, r.entity, r.record_id, r.changed_fields
                 from audit_record r join tenant t on t.tenant_id = r.tenant_id`,
    where,
    order,
    paging: input,
  });
  return { rows: rows.map(answer), ...paging };
}
