// The audit log (/v1/audit/list, admin): the records server/http/audit.ts writes for every write call,
// of the caller's tenant only, filtered, newest first by default, paginated on the server.
import type { AuditRecord } from '../../src/generated/types/entities.ts';
import { routeTable } from '../../src/generated/route-table.ts';
import { containsPattern, isoOf, orderBy, pageRows, Where } from '../services/paging.ts';
import type { HandlerSet } from './types.ts';

const CALLER_TYPE = new Map(routeTable.map((r) => [r.name as string, r.caller_type]));
const FIELD = /^[a-z][a-z0-9_.]*$/;
const IP = /^[0-9A-Fa-f:.]+$/;
const USERNAME = /^[A-Za-z0-9.]{3,50}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

export const auditHandlers: HandlerSet = {
  audit_list: async (input, ctx) => {
    const where = new Where().add('r.tenant_id = ?', ctx.tenant.tenant_id);
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
    const { rows, ...paging } = await pageRows<AuditRow & Record<string, unknown>>(ctx.db, {
      select: `select r.audit_id, r.occurred_at, t.domain, r.user_id, r.username, r.route_name, r.status_code, r.ip_address, r.user_agent,
                      r.duration_ms, r.entity, r.record_id, r.changed_fields
                 from audit_record r join tenant t on t.tenant_id = r.tenant_id`,
      where,
      order,
      paging: input,
    });
    return { audit_record_list: rows.map(answer), ...paging };
  },
};
