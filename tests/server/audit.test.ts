// The audit list: admin only, this site's records only, every filter, newest first, server-side pages, and
// never a secret value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditList, authorizationNew, frontendKeyNew, userExternalapplicationRecord } from '../../src/generated/client/index.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, type Actor } from './support/actors.ts';

describe.each(databaseKinds('same-on-every-database'))('audit list on %s', (kind) => {
  let t: TestApp;
  let admin: Actor;
  let clerk: Actor;
  /** A secret the server made and answered once: no audit answer may carry it. */
  let appKey: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await actor(t, 'admin');
    clerk = await actor(t, 'clerk', { authCodes: ['shop_admin'] });
    // Some history: allowed and refused writes by two users on localhost, one on clinical.localhost.
    admin.use();
    await authorizationNew({ auth_name: 'shop_new', auth_type: 'unlimited' });
    await frontendKeyNew({ name: 'Audit test key' });
    appKey = (await userExternalapplicationRecord({ externalapplication_name: 'A', externalapplication_url: 'https://a.example' })).new_externalapplication_key!;
    clerk.use();
    await authorizationNew({ auth_name: 'shop_new', auth_type: 'unlimited' });
    await frontendKeyNew({ name: 'Refused' });
    const clinical = await actor(t, 'admin', { domain: 'clinical.localhost' });
    clinical.use();
    await frontendKeyNew({ name: 'Clinical key' });
  });
  afterAll(() => t.close());

  it('lists this site\'s records newest first with who, route, target, outcome and time', async () => {
    admin.use();
    const res = await auditList({});
    expect(res.status_code).toBe('10000');
    expect(res.total).toBe(5);
    expect(res.audit_record_list.map((r) => r.route_name)).toEqual([
      'frontend_key_new',
      'authorization_new',
      'user_externalapplication_record',
      'frontend_key_new',
      'authorization_new',
    ]);
    const times = res.audit_record_list.map((r) => Date.parse(r.occurred_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(res.audit_record_list.every((r) => r.domain === 'localhost')).toBe(true);
    const refused = res.audit_record_list[0];
    expect(refused).toMatchObject({ username: 'clerk', status_code: '10009', caller_type: 'token', user_client_id: clerk.userId, changed_fields: ['name'] });
    const created = res.audit_record_list.find((r) => r.route_name === 'authorization_new' && r.status_code === '10000')!;
    expect(created).toMatchObject({ username: 'admin', entity: 'authorization' });
    expect(created.record_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(appKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(JSON.stringify(res)).not.toContain(appKey);
  });

  it('filters by user, route, status, failure, entity, record, dates and free text', async () => {
    admin.use();
    const names = async (input: Parameters<typeof auditList>[0]) => (await auditList(input)).audit_record_list.map((r) => `${r.username}:${r.route_name}:${r.status_code}`);
    expect(await names({ username: 'CLERK' })).toEqual(['clerk:frontend_key_new:10009', 'clerk:authorization_new:10009']);
    expect(await names({ route_name: 'authorization_new' })).toEqual(['clerk:authorization_new:10009', 'admin:authorization_new:10000']);
    expect(await names({ status_code: '10000' })).toHaveLength(3);
    expect(await names({ only_failed: true })).toEqual(['clerk:frontend_key_new:10009', 'clerk:authorization_new:10009']);
    // The catalogue names the target of every write call, refused ones too; only a made record has an id.
    expect(await names({ entity: 'frontend_key' })).toEqual(['clerk:frontend_key_new:10009', 'admin:frontend_key_new:10000']);
    const one = (await auditList({ entity: 'frontend_key' })).audit_record_list.find((r) => r.record_id)!;
    expect(await names({ record_id: one.record_id })).toEqual(['admin:frontend_key_new:10000']);
    const today = new Date().toISOString().slice(0, 10);
    expect(await names({ occurred_date_from: today, occurred_date_to: today })).toHaveLength(5);
    expect(await names({ occurred_date_to: '2000-01-01' })).toEqual([]);
    expect(await names({ search: 'externalapp' })).toEqual(['admin:user_externalapplication_record:10000']);
    expect(await names({ search: '_' })).toHaveLength(5); // every route name has an underscore; _ is literal, not a wildcard
    expect(await names({ sort: 'username' })).toEqual(expect.arrayContaining(['admin:frontend_key_new:10000']));
    expect((await names({ sort: 'username' }))[0].startsWith('admin')).toBe(true);
  });

  it('pages on the server', async () => {
    admin.use();
    const first = await auditList({ page_size: 2 });
    const third = await auditList({ page_size: 2, page: 3 });
    expect(first).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(first.audit_record_list).toHaveLength(2);
    expect(third.audit_record_list).toHaveLength(1);
    const all = (await auditList({})).audit_record_list.map((r) => r.audit_id);
    expect([...first.audit_record_list, ...(await auditList({ page_size: 2, page: 2 })).audit_record_list, ...third.audit_record_list].map((r) => r.audit_id)).toEqual(all);
  });

  it('is the admin\'s alone, and each site sees only its own', async () => {
    clerk.use();
    expect((await auditList({})).status_code).toBe('10009');
    const clinical = await actor(t, 'admin', { domain: 'clinical.localhost' });
    clinical.use();
    const res = await auditList({});
    expect(res.audit_record_list.map((r) => `${r.domain}:${r.route_name}`)).toEqual(['clinical.localhost:frontend_key_new']);
  });
});
