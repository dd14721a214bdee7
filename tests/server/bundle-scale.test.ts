// Lists stay fast with 10,000 rows: a shop with 10,000 bundles (each with a product priced in ₺ and $) is
// written straight into the database, then the staff bundle list and the shop window are called through
// the app (validation, SQL, answer validation) with their sorts, filters, search and a deep page. Prints
// the median time of each call; the bound is loose so a slow CI machine does not flake.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleAndProductListActive, userShopBundleList, userShopBundleProductList } from '../../src/generated/client/index.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, tenantIdOf, type Actor } from './support/actors.ts';
import { openShop } from './support/shops.ts';

const ROWS = 10_000;
const BOUND_MS = 1000;

async function median(run: () => Promise<unknown>, times = 5): Promise<number> {
  await run();
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  return ms.sort((a, b) => a - b)[Math.floor(times / 2)];
}

describe.each(databaseKinds('same-on-every-database'))('lists over 10,000 bundles on %s', (kind) => {
  let t: TestApp;
  let owner: Actor;
  let shop: string;
  const timings: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await actor(t, 'scale.owner', { authCodes: ['shop_new', 'shop_admin'] });
    shop = await openShop(owner, 'Büyük Mağaza');
    const tenantId = await tenantIdOf(t.db);
    await t.db.query(
      `insert into bundle (bundle_client_id, tenant_id, shop_client_id, user_id, bundle_name, feature_list, bundle_status, active_date, task_type, priority, created_at)
       select gen_random_uuid(), $1, $2, $3, 'Ölçek paketi ' || lpad(i::text, 5, '0'), '["Özellik"]', case when i % 10 = 0 then 'passive' else 'active' end, now(),
              (array['activation', 'delivery', 'analysis', 'consulting', 'other'])[1 + i % 5], (array['low', 'normal', 'high', 'urgent'])[1 + i % 4],
              now() - make_interval(secs => i)
         from generate_series(1, ${ROWS}) i`,
      [tenantId, shop, owner.userId],
    );
    await t.db.query(
      `insert into bundle_product (pro_client_id, tenant_id, shop_client_id, bundle_client_id, pro_name, pay_type, currency_type, created_at)
       select gen_random_uuid(), tenant_id, shop_client_id, bundle_client_id, 'Ürün ' || bundle_name, 'one_time', 0, created_at from bundle where shop_client_id = $1`,
      [shop],
    );
    for (const [currency, amount] of [
      [0, 149900],
      [1, 4900],
    ])
      await t.db.query(
        `insert into bundle_product_price (pro_client_id, tenant_id, currency_type, amount, position)
         select pro_client_id, tenant_id, $2, $3, $2 from bundle_product where shop_client_id = $1`,
        [shop, currency, amount],
      );
    await t.db.query('analyze');
  }, 120_000);
  afterAll(async () => {
    console.info(`10,000-bundle list timings on ${kind} (median of 5):\n  ${timings.join('\n  ')}`);
    await t.close();
  });

  const measure = async (label: string, run: () => Promise<{ status_code: string }>, check?: (res: never) => void) => {
    const res = await run();
    expect(res.status_code, label).toBe('10000');
    check?.(res as never);
    const ms = await median(run);
    timings.push(`${label}: ${ms.toFixed(1)} ms`);
    expect(ms, label).toBeLessThan(BOUND_MS);
  };

  it('pages the staff bundle list with every sort, filter and search', async () => {
    owner.use();
    const base = { shop_client_id: shop, user_client_id: owner.userId };
    await measure('staff list, page 1 (newest first)', () => userShopBundleList(base), (r: { total: number; bundle_list: unknown[] }) => {
      expect(r.total).toBe(ROWS);
      expect(r.bundle_list).toHaveLength(20);
    });
    await measure('staff list, page 1 of 100 rows by name', () => userShopBundleList({ ...base, sort: 'bundle_name', page_size: 100 }));
    await measure('staff list, by priority', () => userShopBundleList({ ...base, sort: 'priority' }));
    await measure('staff list, page 500 (deep offset)', () => userShopBundleList({ ...base, page: 500 }), (r: { bundle_list: { bundle_name: string }[] }) =>
      expect(r.bundle_list.at(-1)!.bundle_name).toBe('Ölçek paketi 10000'),
    );
    await measure('staff list, status passive', () => userShopBundleList({ ...base, bundle_status: 'passive' }), (r: { total: number }) => expect(r.total).toBe(ROWS / 10));
    await measure('staff list, search', () => userShopBundleList({ ...base, search: 'paketi 0999' }), (r: { total: number }) => expect(r.total).toBe(10));
  });

  it('pages the shop window over 10,000 bundles on sale', async () => {
    t.as({ query: { __lang__v: 1 } });
    await measure('shop window, page 1 (priority)', () => bundleAndProductListActive({ shop_client_id: shop }), (r: { total: number; bundle_list: { product_list: unknown[] }[] }) => {
      expect(r.total).toBe(ROWS - ROWS / 10);
      expect(r.bundle_list[0].product_list).toHaveLength(1);
    });
    await measure('shop window, whole site, currency $', () => bundleAndProductListActive({ currency_type: 1 }));
    await measure('shop window, search over bundle and product names', () => bundleAndProductListActive({ search: 'Ürün Ölçek paketi 00501' }), (r: { total: number }) => expect(r.total).toBe(1));
    await measure('shop window, by name, 100 rows', () => bundleAndProductListActive({ sort: 'bundle_name', page_size: 100 }));
    owner.use();
    const [{ bundle_client_id }] = await t.db.query<{ bundle_client_id: string }>('select bundle_client_id from bundle where shop_client_id = $1 limit 1', [shop]);
    await measure('product list of one bundle', () => userShopBundleProductList({ shop_client_id: shop, bundle_client_id, user_client_id: owner.userId }));
  });
});
