// Migration 0024 on a clinical site seeded before the clinical dashboard existed: its dashboard unit, still
// holding the seeded plain text, becomes the clinical dashboard (the old content kept in the unit's history,
// the version raised); a dashboard an administrator edited is left exactly as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/adapter.ts';
import { migrate, migrationFiles } from '../../server/db/migrate.ts';
import { databaseKinds } from './harness.ts';
import { emptyDb } from './support/empty-db.ts';
import tenants from '../../fixtures/seed/tenants.json' with { type: 'json' };

const DASHBOARD = '0c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d02';
const seededText = {
  en: 'Clinical decision support: patients, treatment plans, data models and rule packages.',
  tr: 'Klinik karar desteği: hastalar, tedavi planları, veri modelleri ve kural paketleri.',
};

describe.each(databaseKinds('depends-on-database'))('migration 0024 on %s', (kind) => {
  let db: Db;
  const clinical = tenants.tenants.find((t) => t.domain === 'clinical.localhost')!;
  const seededUnit = clinical.website_unit_list.find((u) => u.website_unit_client_id === DASHBOARD)!;
  /** The unit as the seed wrote it before 0024: the fixture's definition with the plain text. */
  const before = { ...seededUnit, content: { kind: 'text', text: seededText } };
  const tenantId = randomUUID();

  const unit = async () =>
    (await db.query<{ version: number; definition: Record<string, unknown> }>('select version, definition from website_unit where website_unit_client_id = $1', [DASHBOARD]))[0];

  beforeAll(async () => {
    db = await emptyDb(kind);
    await db.exec('create table schema_migration (version integer primary key, name text not null, applied_at timestamptz not null default now())');
    for (const m of migrationFiles().filter((f) => f.version <= 23)) {
      await db.exec(m.sql);
      await db.query('insert into schema_migration (version, name) values ($1, $2)', [m.version, m.name]);
    }
    await db.query('insert into tenant (tenant_id, domain, frontend_client_id, frontend_product_id, frontend) values ($1, $2, $3, $4, $5)', [
      tenantId,
      clinical.domain,
      clinical.frontend_client_id,
      clinical.frontend_product_id,
      JSON.stringify(clinical.frontend),
    ]);
    await db.query('insert into website_unit (website_unit_client_id, tenant_id, route_name, position, definition, version) values ($1, $2, $3, $4, $5, 1)', [
      DASHBOARD,
      tenantId,
      before.route_name,
      before.position,
      JSON.stringify(before),
    ]);
    await migrate(db);
  });
  afterAll(() => db?.close());

  it('makes the seeded dashboard the clinical dashboard, as the seed now writes it, and changes nothing else', async () => {
    const { version, definition } = await unit();
    expect(version).toBe(2);
    expect(definition).toEqual({ ...before, content: seededUnit.content });
    expect(definition.content).toMatchObject({ kind: 'clinical_dashboard' });
  });

  it('keeps the plain-text version in the unit history', async () => {
    const history = await db.query<{ version: number; change: string; definition: { content: unknown } }>(
      'select version, change, definition from website_unit_version where website_unit_client_id = $1',
      [DASHBOARD],
    );
    expect(history).toEqual([{ version: 1, change: 'update', definition: expect.objectContaining({ content: { kind: 'text', text: seededText } }) }]);
  });

  it('leaves a dashboard an administrator edited as it is', async () => {
    const edited = { ...before, content: { kind: 'text', text: { ...seededText, en: 'Our ward’s decision support.' } } };
    await db.query('update website_unit set definition = $1, version = 5 where website_unit_client_id = $2', [JSON.stringify(edited), DASHBOARD]);
    await db.exec(migrationFiles().find((m) => m.version === 24)!.sql);
    expect(await unit()).toEqual({ version: 5, definition: edited });
  });
});
