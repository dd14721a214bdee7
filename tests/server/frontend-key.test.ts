// Front-end keys (fkey): the admin makes one (shown once, stored hashed), a front end calls token_or_fkey
// routes with it, it never satisfies an auth code, and revoking it stops it at once. Per site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateDatetime, frontendKeyList, frontendKeyNew, frontendKeyRevoke } from '../../src/generated/client/index.ts';
import { routeTable } from '../../src/generated/route-table.ts';
import { hashSecret } from '../../server/auth/secret-hash.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, type Actor } from './support/actors.ts';

describe.each(databaseKinds('same-on-every-database'))('front-end keys on %s', (kind) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await actor(t, 'admin');
  });
  afterAll(() => t.close());

  it('makes a 32-character key, answers it once and keeps only its hash', async () => {
    admin.use();
    const res = await frontendKeyNew({ name: 'Kiosk' });
    expect(res.status_code).toBe('10000');
    expect(res.new_frontend_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(res.frontend_key).toMatchObject({ name: 'Kiosk', created_by_username: 'admin' });
    const [row] = await t.db.query<{ key_hash: string }>('select key_hash from frontend_key where frontend_key_id = $1', [res.frontend_key.frontend_key_id]);
    expect(row.key_hash).toBe(hashSecret(res.new_frontend_key));
    const list = await frontendKeyList({});
    expect(list.frontend_key_list.map((k) => k.name)).toEqual(['Kiosk']);
    expect(JSON.stringify(list)).not.toContain(res.new_frontend_key);
    const audit = await t.db.query<{ row: string }>("select a::text as row from audit_record a where route_name = 'frontend_key_new'");
    expect(audit.map((a) => a.row).join()).not.toContain(res.new_frontend_key);
  });

  it('admits a token_or_fkey route, never an auth code, and stops at once when revoked', async () => {
    admin.use();
    const res = await frontendKeyNew({ name: 'Mobile' });
    const fkey = `Fkey ${res.new_frontend_key}`;
    t.as({ authorization: fkey });
    expect((await dateDatetime({})).status_code).toBe('10000');
    const withAuth = routeTable.find((r) => r.caller_type === 'token_or_fkey' && r.auth_codes.length);
    expect(withAuth).toBeDefined();
    // (the permission matrix calls every such route with a valid key and expects 10009)
    t.as({ host: 'clinical.localhost', authorization: fkey });
    expect((await dateDatetime({})).status_code).toBe('10014');
    admin.use();
    const revoked = await frontendKeyRevoke({ frontend_key_id: res.frontend_key.frontend_key_id });
    expect(revoked.frontend_key.revoked_at).toBeTruthy();
    expect((await frontendKeyRevoke({ frontend_key_id: res.frontend_key.frontend_key_id })).frontend_key.revoked_at).toBe(revoked.frontend_key.revoked_at);
    t.as({ authorization: fkey });
    expect((await dateDatetime({})).status_code).toBe('10014');
    admin.use();
    expect((await frontendKeyList({})).frontend_key_list.map((k) => k.name)).toEqual(['Kiosk']);
    expect((await frontendKeyList({ include_revoked: true })).frontend_key_list.map((k) => k.name)).toEqual(['Mobile', 'Kiosk']);
  });

  it('is the admin\'s only, per site', async () => {
    admin.use();
    const local = await frontendKeyNew({ name: 'Local only' });
    const clinicalAdmin = await actor(t, 'admin', { domain: 'clinical.localhost' });
    const user = await actor(t, 'keyless', { authCodes: ['website_admin'] });
    clinicalAdmin.use();
    const before = await snapshot(t.db);
    expect((await frontendKeyList({})).frontend_key_list).toEqual([]);
    expect((await frontendKeyRevoke({ frontend_key_id: local.frontend_key.frontend_key_id })).status_code).toBe('10016');
    user.use();
    expect((await frontendKeyNew({ name: 'Mine' })).status_code).toBe('10009');
    expect((await frontendKeyList({})).status_code).toBe('10009');
    expect(await snapshot(t.db)).toEqual(before);
  });
});
