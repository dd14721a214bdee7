// Audit records are written in groups under load (one statement for the records that came while an insert was
// under way), each call still waiting for its own record; a record the database refuses costs only itself.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/adapter.ts';
import { insertAuditRecord, type NewAuditRecord } from '../../server/services/audit-store.ts';
import { databaseKinds, openTestDb } from './harness.ts';

describe.each(databaseKinds('depends-on-database'))('audit records written together on %s', (kind) => {
  let db: Db;
  let tenantId: string;
  beforeAll(async () => {
    db = await openTestDb(kind);
    [{ tenant_id: tenantId }] = await db.query<{ tenant_id: string }>("select tenant_id from tenant where domain = 'localhost'");
  });
  afterAll(() => db.close());

  const record = (route: string, extra: Partial<NewAuditRecord> = {}): NewAuditRecord => ({
    tenantId,
    userId: null,
    username: null,
    callerKind: 'anonymous',
    routeName: route,
    statusCode: '10000',
    ip: '127.0.0.1',
    durationMs: 1.6,
    changedFields: ['website_unit.caption', 'website_unit.path'],
    ...extra,
  });
  const rows = (prefix: string) =>
    db.query<{ route_name: string; record_id: string | null; user_agent: string | null; duration_ms: number; changed_fields: string[] }>(
      'select route_name, record_id, user_agent, duration_ms, changed_fields from audit_record where route_name like $1 order by route_name',
      [`${prefix}%`],
    );

  it('stores every record of many calls at once, each with its own fields', async () => {
    const ids = Array.from({ length: 30 }, () => randomUUID());
    await Promise.all(ids.map((id, i) => insertAuditRecord(db, record(`many_${String(i).padStart(2, '0')}`, { recordId: id }))));
    const stored = await rows('many_');
    expect(stored).toHaveLength(30);
    expect(stored.map((r) => r.record_id)).toEqual(ids);
    expect(stored[0]).toMatchObject({ duration_ms: 2, changed_fields: ['website_unit.caption', 'website_unit.path'] });
  });

  it('cuts a long user agent, leaves out an id that is no UUID, keeps an empty field list', async () => {
    await insertAuditRecord(db, record('shape_1', { userAgent: 'x'.repeat(500), recordId: 'not-a-uuid', changedFields: [] }));
    const [row] = await rows('shape_');
    expect(row.user_agent).toHaveLength(300);
    expect(row.record_id).toBeNull();
    expect(row.changed_fields).toEqual([]);
  });

  it('a record the database refuses fails alone: the others of its group are stored', async () => {
    const first = insertAuditRecord(db, record('group_0'));
    const rest = [
      insertAuditRecord(db, record('group_1')),
      insertAuditRecord(db, record('group_2', { tenantId: randomUUID() })), // no such site
      insertAuditRecord(db, record('group_3')),
    ];
    await first;
    const outcomes = await Promise.allSettled(rest);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await rows('group_')).map((r) => r.route_name)).toEqual(['group_0', 'group_1', 'group_3']);
  });
});
