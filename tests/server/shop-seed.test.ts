// The demo shop of fixtures/seed/shops.json: its records follow the entity schemas, the seed adds it on
// localhost only, and seeding again (every start does) neither duplicates it nor undoes an admin's change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleAndProductListActive, userShopEdit, userShopGet } from '../../src/generated/client/index.ts';
import { newAjv } from '../../server/http/validators.ts';
import { seed } from '../../server/db/seed.ts';
import { seedShopFixtures } from '../../server/db/seed-shops.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor } from './support/actors.ts';
import { SEED_SHOP_ID } from './support/shops.ts';

describe('the demo shop fixture', () => {
  it('holds records that follow the entity schemas', () => {
    const ajv = newAjv({ coerceTypes: false });
    const check = (entity: string, record: unknown) => {
      const validate = ajv.getSchema(`https://sema.dev/schemas/entities/${entity}.json`)!;
      expect(validate(record), `${entity}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    const shops = seedShopFixtures();
    expect(shops.map((s) => [s.domain, s.shop.shop_name, s.bundle_list.length])).toEqual([['localhost', 'Sema Veri Mağazası', 3]]);
    for (const s of shops) {
      check('shop', s.shop);
      for (const b of s.bundle_list) {
        check('bundle', b.bundle);
        for (const p of b.product_list) check('bundle_product', p);
        for (const a of b.agreement_list) check('agreement', a);
      }
    }
  });

  it('has no texts holding both languages joined ("Türkçe · English"): Turkish in the fields, English in translations.en', () => {
    for (const { bundle, product_list, agreement_list } of seedShopFixtures().flatMap((s) => s.bundle_list)) {
      const texts = [
        bundle.bundle_name,
        ...(bundle.feature_list ?? []),
        ...product_list.flatMap((p) => [p.pro_name, p.pro_info, p.pro_group_name, p.pro_count_suffix]),
        ...agreement_list.flatMap((a) => [a.agreement_name, a.agreement_text]),
      ];
      for (const text of texts.filter((x) => x !== undefined)) expect(text).not.toContain(' · ');
      expect(bundle.translations?.en?.bundle_name).toBeTruthy();
      expect(bundle.translations?.en?.feature_list).toHaveLength(bundle.feature_list?.length ?? 0);
      for (const p of product_list) {
        expect(p.translations?.en?.pro_name, p.pro_name).toBeTruthy();
        for (const field of ['pro_info', 'pro_group_name', 'pro_count_suffix'] as const)
          if (p[field]) expect(p.translations?.en?.[field], `${p.pro_name} ${field}`).toBeTruthy();
      }
    }
  });
});

describe.each(databaseKinds('same-on-every-database'))('the demo shop on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('belongs to the admin of localhost and is not on the clinical site', async () => {
    const admin = await actor(t, 'admin');
    admin.use();
    const res = await userShopGet({ shop_client_id: SEED_SHOP_ID });
    expect(res.shop).toMatchObject({ shop_name: 'Sema Veri Mağazası', user_client_id: admin.userId, shop_member_list: [{ user_client_id: admin.userId, is_owner: true }] });
    t.as({ host: 'clinical.localhost' });
    expect((await userShopGet({ shop_client_id: SEED_SHOP_ID })).status_code).toBe('10016');
  });

  it('answers its bundles and products with their English translations', async () => {
    t.as({ query: { __lang__v: 1 } });
    const window = await bundleAndProductListActive({ shop_client_id: SEED_SHOP_ID });
    const trial = window.bundle_list.find((b) => b.bundle.bundle_name === 'Ücretsiz Deneme');
    expect(trial?.bundle.translations).toEqual({ en: { bundle_name: 'Free Trial', feature_list: ['100 analysis credits', 'No card needed'] } });
    expect(trial?.product_list[0]).toMatchObject({ pro_name: 'Deneme Kredisi', pro_count_suffix: 'kredi', translations: { en: { pro_name: 'Trial Credits', pro_count_suffix: 'credits' } } });
    const rows = await t.db.query<{ name: string }>(
      `select bundle_name as name from bundle where shop_client_id = $1 union all
       select pro_name from bundle_product where shop_client_id = $1 union all
       select agreement_name from agreement where shop_client_id = $1`,
      [SEED_SHOP_ID],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.name).not.toContain(' · ');
  });

  it('is neither duplicated nor reset by the next start', async () => {
    const admin = await actor(t, 'admin');
    admin.use();
    await userShopEdit({ shop_client_id: SEED_SHOP_ID, user_client_id: admin.userId, shop_name: 'Yeniden Adlandırılmış' });
    const before = await t.db.query('select count(*)::int as n from bundle_product');
    await seed(t.db, { adminPassword: 'unused-because-the-admin-exists' });
    expect(await t.db.query('select count(*)::int as n from bundle_product')).toEqual(before);
    expect((await userShopGet({ shop_client_id: SEED_SHOP_ID })).shop.shop_name).toBe('Yeniden Adlandırılmış');
  });
});
