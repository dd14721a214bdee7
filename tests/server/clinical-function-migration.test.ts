// Migration 0009 on a database whose sites were configured before the clinical pages switch existed: every
// configuration without clinical_function gets it on (the site keeps the rule engine's pages it showed), a
// configuration that names it already keeps its value, and nothing else in the configuration changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/adapter.ts';
import { migrate, migrationFiles } from '../../server/db/migrate.ts';
import { databaseKinds } from './harness.ts';
import { emptyDb } from './support/empty-db.ts';
import tenants from '../../fixtures/seed/tenants.json' with { type: 'json' };

describe.each(databaseKinds('depends-on-database'))('migration 0009 on %s', (kind) => {
  let db: Db;
  const [shop, clinical] = tenants.tenants;
  /** The shop site's configuration as saved before 0009: no clinical_function. */
  const { clinical_function: _, ...oldShop } = shop.frontend;
  /** A configuration that names the switch already (0): the migration leaves it alone. */
  const named = { ...clinical.frontend, clinical_function: 0 };

  beforeAll(async () => {
    db = await emptyDb(kind);
    await db.exec('create table schema_migration (version integer primary key, name text not null, applied_at timestamptz not null default now())');
    for (const m of migrationFiles().filter((f) => f.version <= 8)) {
      await db.exec(m.sql);
      await db.query('insert into schema_migration (version, name) values ($1, $2)', [m.version, m.name]);
    }
    for (const [t, frontend] of [[shop, oldShop], [clinical, named]] as const)
      await db.query('insert into tenant (tenant_id, domain, frontend_client_id, frontend_product_id, frontend) values ($1, $2, $3, $4, $5)', [
        randomUUID(),
        t.domain,
        t.frontend_client_id,
        t.frontend_product_id,
        JSON.stringify(frontend),
      ]);
    await migrate(db);
  });
  afterAll(() => db?.close());

  const frontendOf = async (domain: string) =>
    (await db.query<{ frontend: Record<string, unknown> }>('select frontend from tenant where domain = $1', [domain]))[0].frontend;

  it('is applied once, after 0008', async () => {
    const rows = await db.query<{ version: number; name: string }>('select version, name from schema_migration where version between 8 and 9 order by version');
    expect(rows).toEqual([
      { version: 8, name: 'decision_packages' },
      { version: 9, name: 'clinical_function' },
    ]);
  });

  it('switches the clinical pages on for a configuration without the switch, and changes nothing else', async () => {
    expect(oldShop).not.toHaveProperty('clinical_function');
    expect(await frontendOf('localhost')).toEqual({ ...oldShop, clinical_function: 1 });
  });

  it('keeps the value of a configuration that names the switch', async () => {
    expect(await frontendOf('clinical.localhost')).toEqual(named);
  });
});
