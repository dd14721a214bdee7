// The hottest writes — a unit's content edited, a decision package's draft saved — store their audit record in
// the write's own statement (issue 8: one round trip fewer under load). The trail must read exactly as it did
// when the onSend hook wrote every record: one record per call, a success as a success, a refusal as a refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import bmi from '../../fixtures/decision-packages/bmi_class.json' with { type: 'json' };
import { databaseKinds, secondProcess, signInForTest, startTestApp, type TestApp } from './harness.ts';

interface StoredRecord extends Record<string, unknown> {
  route_name: string;
  status_code: string;
  entity: string | null;
  record_id: string | null;
  username: string | null;
  changed_fields: string[];
  duration_ms: number;
}

describe.each(databaseKinds('depends-on-database'))('audit records stored with their write on %s', (kind) => {
  let t: TestApp;
  /** An API process over the same database whose statements are counted. */
  let app: FastifyInstance;
  let admin: string;
  const statements: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    app = await secondProcess(t.db, (sql) => statements.push(sql));
    admin = await signInForTest(t.db, { username: 'admin' });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const post = async (url: string, payload: object) =>
    (await app.inject({ method: 'POST', url, headers: { host: 'localhost', authorization: admin }, payload })).json() as { status_code: string };
  const recordsOf = (route: string, id: string) =>
    t.db.query<StoredRecord>('select route_name, status_code, entity, record_id, username, changed_fields, duration_ms from audit_record where route_name = $1 and record_id = $2 order by occurred_at', [route, id]);

  it('a unit edit stores one record in its own statement; a stale edit is refused and recorded as refused', async () => {
    const unit = {
      route_name: 'audited_unit',
      path: { en: '/audited-unit', tr: '/denetlenen-birim' },
      caption: { en: 'Audited', tr: 'Denetlenen' },
      show_in_menu: false,
      login: false,
      shop_active: false,
      parent: null,
      position: 70,
      content: { kind: 'text', text: { en: 'x', tr: 'x' } },
    };
    const created = (await post('/v1/frontend/websiteunit/new', { website_unit: unit })) as unknown as { website_unit: { website_unit_client_id: string; version: number } };
    const id = created.website_unit.website_unit_client_id;
    // The site's units are kept by this process (the edit's one-statement path needs them).
    await app.inject({ method: 'POST', url: '/v1/frontend/get', headers: { host: 'localhost' }, payload: {} });

    statements.length = 0;
    const saved = await post('/v1/frontend/website_unit/update', { website_unit: { ...unit, caption: { en: 'Audited again', tr: 'Yine' }, website_unit_client_id: id, version: 1 } });
    expect(saved.status_code).toBe('10000');
    expect(statements.filter((s) => /insert into audit_record/.test(s))).toHaveLength(1);
    expect(statements.filter((s) => /update website_unit/.test(s) && /insert into audit_record/.test(s))).toHaveLength(1);

    const stale = await post('/v1/frontend/website_unit/update', { website_unit: { ...unit, website_unit_client_id: id, version: 1 } });
    expect(stale.status_code).not.toBe('10000');
    const records = await recordsOf('frontend_website_unit_update', id);
    expect(records.map((r) => r.status_code)).toEqual(['10000', stale.status_code]);
    expect(records[0]).toMatchObject({ entity: 'website_unit', username: 'admin' });
    expect(records[0].changed_fields).toContain('website_unit.caption');
    expect(records[0].duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('a package draft save stores one record in its own statement; a stale save is refused and recorded as refused', async () => {
    const created = (await post('/v1/rule/package/new', { name: { en: 'Audited', tr: 'Denetlenen' }, document: bmi.document })) as unknown as {
      decision_package: { package_id: string; version: number };
    };
    const { package_id, version } = created.decision_package;

    statements.length = 0;
    const saved = await post('/v1/rule/package/save', { package_id, version, document: bmi.document });
    expect(saved.status_code).toBe('10000');
    expect(statements.filter((s) => /insert into audit_record/.test(s))).toHaveLength(1);
    expect(statements.filter((s) => /decision_package_version/.test(s) && /insert into audit_record/.test(s))).toHaveLength(1);

    const stale = await post('/v1/rule/package/save', { package_id, version: version + 5, document: bmi.document });
    expect(stale.status_code).not.toBe('10000');
    const records = await recordsOf('rule_package_save', package_id);
    expect(records.map((r) => r.status_code)).toEqual(['10000', stale.status_code]);
    expect(records[0]).toMatchObject({ entity: 'decision_package', username: 'admin' });
    expect(records[0].changed_fields).toEqual(expect.arrayContaining(['document.nodes', 'package_id', 'version']));
  });
});
