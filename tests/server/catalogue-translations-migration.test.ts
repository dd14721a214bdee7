// Migration 0013 on a database seeded before catalogue translations existed: the demo shop's bundles and
// products still exactly as seeded ("Ücretsiz Deneme · Free Trial") get the Turkish text in their fields and
// the English in translations.en, as fixtures/seed/shops.json now seeds them; a demo record its staff changed
// and any other record (even one with " · " in its name) are left as they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/adapter.ts';
import { migrate, migrationFiles } from '../../server/db/migrate.ts';
import { seedShopFixtures } from '../../server/db/seed-shops.ts';
import { databaseKinds } from './harness.ts';
import { emptyDb } from './support/empty-db.ts';

const SHOP = '4a8f3ee7-7ad5-4a3b-a0ac-e769781ad817';
const TRIAL = '829908a8-db6b-4b3f-a75c-a4744572fc62';
const TRIAL_CREDITS = '895fd401-7648-4f93-aafd-213befa6c2bf';
const STARTER = 'db50f177-192f-4360-983c-efc0c56baef7';
const SUPPORT = 'b5b4e5db-2de2-4ec8-bb74-236962f58e2c';
const OWN = randomUUID();

describe.each(databaseKinds('depends-on-database'))('migration 0013 on %s', (kind) => {
  let db: Db;

  beforeAll(async () => {
    db = await emptyDb(kind);
    await db.exec('create table schema_migration (version integer primary key, name text not null, applied_at timestamptz not null default now())');
    for (const m of migrationFiles().filter((f) => f.version <= 12)) {
      await db.exec(m.sql);
      await db.query('insert into schema_migration (version, name) values ($1, $2)', [m.version, m.name]);
    }
    const tenant = randomUUID();
    const user = randomUUID();
    await db.query("insert into tenant (tenant_id, domain, frontend_client_id, frontend_product_id, frontend) values ($1, 'localhost', $2, $3, '{}')", [tenant, randomUUID(), randomUUID()]);
    await db.query("insert into app_user (user_id, tenant_id, username) values ($1, $2, 'admin')", [user, tenant]);
    await db.query("insert into shop (shop_client_id, tenant_id, user_id, shop_name) values ($1, $2, $3, 'Sema Veri Mağazası')", [SHOP, tenant, user]);
    const bundle = (id: string, name: string, features: string[]) =>
      db.query('insert into bundle (bundle_client_id, tenant_id, shop_client_id, user_id, bundle_name, feature_list) values ($1, $2, $3, $4, $5, $6)', [
        id,
        tenant,
        SHOP,
        user,
        name,
        JSON.stringify(features),
      ]);
    const product = (id: string, bundleId: string, name: string, suffix: string | null) =>
      db.query('insert into bundle_product (pro_client_id, tenant_id, shop_client_id, bundle_client_id, pro_name, pro_count_suffix) values ($1, $2, $3, $4, $5, $6)', [
        id,
        tenant,
        SHOP,
        bundleId,
        name,
        suffix,
      ]);
    // As the seed wrote them before 0013.
    await bundle(TRIAL, 'Ücretsiz Deneme · Free Trial', ['100 analiz kredisi · 100 analysis credits', 'Kart gerekmez · No card needed']);
    await product(TRIAL_CREDITS, TRIAL, 'Deneme Kredisi · Trial Credits', 'kredi');
    // Renamed by its staff since; its product was not changed.
    await bundle(STARTER, 'Başlangıç Paketi', ['5 veri projesi · 5 data projects', '1.000 analiz kredisi · 1,000 analysis credits', 'E-posta desteği · E-mail support']);
    await product(SUPPORT, STARTER, 'E-posta Desteği · E-mail Support', null);
    // The staff's own bundle, written the old way.
    await bundle(OWN, 'Kurumsal · Enterprise', ['Sınırsız · Unlimited']);
    await migrate(db);
  });
  afterAll(() => db?.close());

  const bundleRow = async (id: string) =>
    (await db.query<{ bundle_name: string; feature_list: string[]; translations: unknown }>('select bundle_name, feature_list, translations from bundle where bundle_client_id = $1', [id]))[0];
  const productRow = async (id: string) =>
    (await db.query<{ pro_name: string; pro_count_suffix: string | null; translations: unknown }>('select pro_name, pro_count_suffix, translations from bundle_product where pro_client_id = $1', [id]))[0];
  const seeded = seedShopFixtures()[0].bundle_list;
  const seedBundle = (id: string) => seeded.find((b) => b.bundle.bundle_client_id === id)!;

  it('is applied once, after 0012', async () => {
    const rows = await db.query<{ version: number; name: string }>('select version, name from schema_migration where version between 12 and 13 order by version');
    expect(rows).toEqual([
      { version: 12, name: 'unit_change_notice' },
      { version: 13, name: 'catalogue_translations' },
    ]);
  });

  it('gives an untouched demo bundle and product the texts the seed gives them now', async () => {
    const { bundle, product_list } = seedBundle(TRIAL);
    expect(await bundleRow(TRIAL)).toEqual({ bundle_name: bundle.bundle_name, feature_list: bundle.feature_list, translations: bundle.translations });
    expect(await productRow(TRIAL_CREDITS)).toEqual({ pro_name: product_list[0].pro_name, pro_count_suffix: 'kredi', translations: product_list[0].translations });
    expect(await productRow(SUPPORT)).toEqual({ pro_name: 'E-posta Desteği', pro_count_suffix: null, translations: { en: { pro_name: 'E-mail Support' } } });
  });

  it('leaves a demo bundle its staff changed, and the staff\'s own records, as they are', async () => {
    expect(await bundleRow(STARTER)).toEqual({
      bundle_name: 'Başlangıç Paketi',
      feature_list: ['5 veri projesi · 5 data projects', '1.000 analiz kredisi · 1,000 analysis credits', 'E-posta desteği · E-mail support'],
      translations: null,
    });
    expect(await bundleRow(OWN)).toEqual({ bundle_name: 'Kurumsal · Enterprise', feature_list: ['Sınırsız · Unlimited'], translations: null });
  });

  it('refuses translations that are not an object', async () => {
    await expect(db.query("update bundle set translations = '[]'::jsonb where bundle_client_id = $1", [OWN])).rejects.toThrow();
    await expect(db.query("update bundle_product set translations = '\"en\"'::jsonb where pro_client_id = $1", [SUPPORT])).rejects.toThrow();
  });
});
