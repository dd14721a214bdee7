// The audit trail of state-changing calls. Only names are kept (route, fields, record id), never values, so
// passwords, tokens, keys and card data cannot reach it. The records are stored through
// server/services/audit-store.ts.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/adapter.ts';
import type { Caller } from '../auth/caller.ts';
import type { RouteTableEntry } from '../../src/generated/route-table.ts';
import { valueAt } from '../../src/domain/screen.ts';
import { elapsedMs } from './received-at.ts';
import { statusCatalogue } from '../../src/generated/errors.ts';
import type { Db } from '../db/adapter.ts';
import { insertAuditRecord, type NewAuditRecord, type OwnAuditRecord } from '../services/audit-store.ts';
import type { RequestContext } from './context.ts';

/** What a call touched, for its audit record (from the route catalogue; a handler may name it where no path can). */
export interface AuditTarget {
  entity?: string;
  record_id?: string;
  /** The handler stored the call's record with its change (ownAuditRecord): the onSend hook writes none. */
  stored?: boolean;
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

/** The most field names an audit record keeps. */
const AUDITED_FIELDS = 200;

/** The field names a call sent, one level deep (`website_unit.caption`): the first 200 it sent, sorted. */
export function changedFields(input: unknown): string[] {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return [];
  const names: string[] = [];
  // A refused body of 50,000 keys is not listed and sorted whole: the first 200 names are read, no more.
  collect: for (const k in input) {
    const v = (input as Record<string, unknown>)[k];
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const n in v) if (names.push(`${k}.${n}`) >= AUDITED_FIELDS) break collect;
    } else if (names.push(k) >= AUDITED_FIELDS) break;
  }
  return names.sort();
}

/**
 * What the audit record names: the route's catalogued entity and the first id its paths find in the answer (the
 * record as saved: a new one's id is made by the server, whatever the request sent), else in the request (a
 * refused call has no answer); what a handler named itself comes first.
 */
export function auditTarget(declared: RouteTableEntry['audit'], named: AuditTarget, input: unknown, answer: unknown): AuditTarget {
  const entity = named.entity ?? declared?.entity;
  const paths = declared?.record ?? [];
  const found = (from: unknown) => paths.map((p) => valueAt(from, p)).find((id): id is string => typeof id === 'string');
  const record_id = named.record_id ?? found(answer) ?? found(input);
  return { ...(entity ? { entity } : {}), ...(record_id ? { record_id } : {}) };
}

/** The record an audit entry is stored as: names only, never values. */
function recordOf(entry: AuditEntry): NewAuditRecord {
  const user = entry.caller.kind === 'user' ? entry.caller : undefined;
  return {
    tenantId: entry.tenantId,
    userId: user?.userId ?? null,
    username: user?.username ?? null,
    callerKind: entry.caller.kind,
    routeName: entry.routeName,
    statusCode: entry.statusCode,
    ip: entry.ip,
    userAgent: entry.userAgent,
    durationMs: entry.durationMs,
    entity: entry.target.entity,
    recordId: entry.target.record_id,
    changedFields: changedFields(entry.input),
  };
}

/**
 * This call's audit record as a success, for a write that stores it in its own statement (auditRecordCte in
 * ../services/audit-store.ts) instead of a round trip of its own after it. Once the statement says the write
 * took place, `stored()` marks it; a write that did not take place leaves the record to the onSend hook, which
 * stores the refusal as usual.
 */
export function ownAuditRecord(ctx: RequestContext, input: unknown): OwnAuditRecord {
  const record = recordOf({
    tenantId: ctx.tenant.tenant_id,
    caller: ctx.caller,
    routeName: ctx.route.name,
    statusCode: statusCatalogue.ok.status_code,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    durationMs: performance.now() - ctx.receivedAt,
    target: auditTarget(ctx.route.audit, ctx.audit, input, undefined),
    input,
  });
  return {
    record,
    stored: () => {
      ctx.audit.stored = true;
    },
  };
}

export async function writeAudit(db: Queryable, entry: AuditEntry, log: FastifyBaseLogger): Promise<void> {
  try {
    await insertAuditRecord(db, recordOf(entry));
  } catch (err) {
    // The answer has been decided already; a failed audit write is an operations alarm, not the user's error.
    log.error({ err, route: entry.routeName }, 'audit record not written');
  }
}

/**
 * A write call's audit record, as an onSend hook: written before the answer leaves, whatever the outcome, once
 * the call's site is known (a call refused before that belongs to no site's trail).
 */
export function auditHook(db: Db, route: RouteTableEntry) {
  return async (request: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const { tenant } = request;
    if (!tenant || request.audit?.stored) return payload;
    await writeAudit(
      db,
      {
        tenantId: tenant.tenant_id,
        caller: request.caller,
        routeName: route.name,
        statusCode: statusCatalogue[request.outcome ?? 'internal_error'].status_code,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        durationMs: elapsedMs(request),
        target: auditTarget(route.audit, request.audit, request.input, request.answer),
        input: request.input,
      },
      request.log,
    );
    return payload;
  };
}
