// Migration 0005 on a database that already holds 0002-style holdings (one row per user and auth code):
// every holding is attached to an authorization, nobody gains or loses an auth code, and the seed then gives
// the existing administrator the codes the site had no authorization of.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/adapter.ts';
import { migrate, migrationFiles } from '../../server/db/migrate.ts';
import { seed } from '../../server/db/seed.ts';
import { activeAuthCodes } from '../../server/auth/caller.ts';
import { AUTH_CODES } from '../../server/services/authorization-store.ts';
import { databaseKinds } from './harness.ts';
import { emptyDb } from './support/empty-db.ts';
import tenants from '../../fixtures/seed/tenants.json' with { type: 'json' };

describe.each(databaseKinds('depends-on-database'))('migration 0005 on %s', (kind) => {
  let db: Db;
  const tenantId = randomUUID();
  const [admin, ayse, can] = [randomUUID(), randomUUID(), randomUUID()];

  beforeAll(async () => {
    db = await emptyDb(kind);
    await db.exec('create table schema_migration (version integer primary key, name text not null, applied_at timestamptz not null default now())');
    for (const m of migrationFiles().filter((f) => f.version <= 3)) {
      await db.exec(m.sql);
      await db.query('insert into schema_migration (version, name) values ($1, $2)', [m.version, m.name]);
    }
    const t = tenants.tenants[0];
    await db.query('insert into tenant (tenant_id, domain, frontend_client_id, frontend_product_id, frontend) values ($1, $2, $3, $4, $5)', [
      tenantId,
      t.domain,
      t.frontend_client_id,
      t.frontend_product_id,
      JSON.stringify(t.frontend),
    ]);
    for (const [id, name] of [[admin, 'admin'], [ayse, 'ayse'], [can, 'can']])
      await db.query('insert into app_user (user_id, tenant_id, username) values ($1, $2, $3)', [id, tenantId, name]);
    const legacy = (user: string, code: string, extra = '') =>
      db.query(`insert into user_authorization (user_auth_id, tenant_id, user_id, auth_name, can_assign_auth, auth_count, start_date, end_date, is_cancelled)
                values ($1, $2, $3, $4, ${extra || 'false, null, null, null, false'})`, [randomUUID(), tenantId, user, code]);
    await legacy(admin, 'admin', 'true, null, null, null, false');
    await legacy(ayse, 'shop_admin', 'true, 3, null, null, false');
    await legacy(ayse, 'website_edit', "false, null, null, current_date - 1, false");
    await legacy(can, 'shop_admin', 'false, null, null, null, true');
    await migrate(db);
  });
  afterAll(() => db?.close());

  it('attaches every holding to one unlimited authorization per tenant and auth code', async () => {
    const auths = await db.query<{ auth_name: string; auth_type: string; n: number }>(
      'select a.auth_name, a.auth_type, count(h.*)::int as n from "authorization" a join user_authorization h on h.auth_id = a.auth_id group by 1, 2 order by 1',
    );
    expect(auths).toEqual([
      { auth_name: 'admin', auth_type: 'unlimited', n: 1 },
      { auth_name: 'shop_admin', auth_type: 'unlimited', n: 2 },
      { auth_name: 'website_edit', auth_type: 'unlimited', n: 1 },
    ]);
  });

  it('keeps who holds what today, the assignment counts and the cancellations', async () => {
    expect(await activeAuthCodes(db, tenantId, admin)).toEqual(['admin']);
    expect(await activeAuthCodes(db, tenantId, ayse)).toEqual(['shop_admin']);
    expect(await activeAuthCodes(db, tenantId, can)).toEqual([]);
    const [row] = await db.query<{ auth_count: number; can_assign_auth: boolean }>(
      "select auth_count, can_assign_auth from user_authorization where user_id = $1 and auth_name = 'shop_admin'",
      [ayse],
    );
    expect(row).toEqual({ auth_count: 3, can_assign_auth: true });
    const [cancelled] = await db.query<{ cancelled_at: unknown }>('select cancelled_at from user_authorization where user_id = $1', [can]);
    expect(cancelled.cancelled_at).toBeTruthy();
  });

  it('refuses a holding whose auth code differs from its authorization\'s, or of another tenant', async () => {
    const [a] = await db.query<{ auth_id: string }>('select auth_id from "authorization" where auth_name = \'admin\'');
    await expect(
      db.query("insert into user_authorization (user_auth_id, tenant_id, user_id, auth_id, auth_name) values ($1, $2, $3, $4, 'shop_new')", [randomUUID(), tenantId, ayse, a.auth_id]),
    ).rejects.toThrow();
  });

  it('lets the seed give the existing admin the auth codes the site had none of, once', async () => {
    await seed(db, { adminPassword: 'x'.repeat(16) });
    expect(await activeAuthCodes(db, tenantId, admin)).toEqual([...AUTH_CODES].sort());
    // A second start adds nothing, and a cancelled holding is not revived.
    await db.query("update user_authorization set is_cancelled = true where user_id = $1 and auth_name = 'shop_new'", [admin]);
    const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from "authorization" where tenant_id = $1', [tenantId]))[0].n;
    const before = await count();
    await seed(db, { adminPassword: 'x'.repeat(16) });
    expect(await count()).toBe(before);
    expect(await activeAuthCodes(db, tenantId, admin)).not.toContain('shop_new');
  });
});
