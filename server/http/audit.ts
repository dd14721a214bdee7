// The audit trail of state-changing calls. Only names are kept (route, fields, record id), never values, so
// passwords, tokens, keys and card data cannot reach it.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/adapter.ts';
import type { Caller } from '../auth/caller.ts';
import type { RouteTableEntry } from '../../src/generated/route-table.ts';

/** What a call touched, for its audit record (from the route catalogue; a handler may name it where no path can). */
export interface AuditTarget {
  entity?: string;
  record_id?: string;
}

export interface AuditEntry {
  tenantId: string;
  caller: Caller;
  routeName: string;
  statusCode: string;
  ip: string;
  userAgent?: string;
  durationMs: number;
  target: AuditTarget;
  input: unknown;
}

/** The field names a call sent, one level deep (`website_unit.caption`), sorted. */
export function changedFields(input: unknown): string[] {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return [];
  return Object.entries(input)
    .flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v).map((n) => `${k}.${n}`) : [k]))
    .sort()
    .slice(0, 200);
}

/** The value at a dotted path of an object, if it is a string. */
function textAt(value: unknown, path: string): string | undefined {
  const found = path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined), value);
  return typeof found === 'string' ? found : undefined;
}

/**
 * What the audit record names: the route's catalogued entity and the first id its paths find, each in the request
 * and then in the answer (a new record's id is in the answer); what a handler named itself comes first.
 */
export function auditTarget(declared: RouteTableEntry['audit'], named: AuditTarget, input: unknown, answer: unknown): AuditTarget {
  const entity = named.entity ?? declared?.entity;
  const record_id = named.record_id ?? declared?.record?.map((p) => textAt(input, p) ?? textAt(answer, p)).find((id) => id !== undefined);
  return { ...(entity ? { entity } : {}), ...(record_id ? { record_id } : {}) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function writeAudit(db: Queryable, entry: AuditEntry, log: FastifyBaseLogger): Promise<void> {
  const user = entry.caller.kind === 'user' ? entry.caller : undefined;
  try {
    await db.query(
      `insert into audit_record (audit_id, tenant_id, user_id, username, caller_kind, route_name, status_code, ip_address, user_agent,
                                 duration_ms, entity, record_id, changed_fields)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        randomUUID(),
        entry.tenantId,
        user?.userId ?? null,
        user?.username ?? null,
        entry.caller.kind,
        entry.routeName,
        entry.statusCode,
        entry.ip,
        entry.userAgent?.slice(0, 300) ?? null,
        Math.round(entry.durationMs),
        entry.target.entity ?? null,
        entry.target.record_id && UUID.test(entry.target.record_id) ? entry.target.record_id : null,
        changedFields(entry.input),
      ],
    );
  } catch (err) {
    // The answer has been decided already; a failed audit write is an operations alarm, not the user's error.
    log.error({ err, route: entry.routeName }, 'audit record not written');
  }
}
