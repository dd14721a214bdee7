// The demo shop of fixtures/seed/shops.json: its records follow the entity schemas, the seed adds it on
// localhost only, and seeding again (every start does) neither duplicates it nor undoes an admin's change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userShopEdit, userShopGet } from '../../src/generated/client/index.ts';
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
});

describe.each(databaseKinds())('the demo shop on %s', (kind) => {
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
