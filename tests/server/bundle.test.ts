// Bundles and bundle products for shop staff: the done-means on the server (a member of shop A with
// only shop_bundle_add_edit creates a bundle and a product in A and sets the bundle passive; a user without
// that auth is refused with 10009 and nothing changes; staff of shop A get 10016 on shop B), the product
// rules beyond the schema, the active/passive calls and the staff lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleAndProductListActive,
  userShopBundleEdit,
  userShopBundleGet,
  userShopBundleList,
  userShopBundleNew,
  userShopBundleProductEdit,
  userShopBundleProductGet,
  userShopBundleProductList,
  userShopBundleProductNew,
  userShopBundleStatusActive,
  userShopBundleStatusPassive,
} from '../../src/generated/client/index.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, type Actor } from './support/actors.ts';
import { addBundle, addProduct, openShop } from './support/shops.ts';

type WithErrors = { status_code: string; status_message: string; errors?: { field: string; message: string }[] };

describe.each(databaseKinds('same-on-every-database'))('bundles and products on %s', (kind) => {
  let t: TestApp;
  let admin: Actor;
  let owner: Actor;
  let bundler: Actor;
  let noAuth: Actor;
  let otherAdmin: Actor;
  let shopA: string;
  let shopB: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await actor(t, 'admin');
    owner = await actor(t, 'owner.a', { authCodes: ['shop_new', 'shop_admin'] });
    // Only shop_bundle_add_edit, and a member of shop A.
    bundler = await actor(t, 'bundler.a', { authCodes: ['shop_bundle_add_edit'] });
    // A member of shop A without any bundle auth.
    noAuth = await actor(t, 'viewer.a', { authCodes: ['shop_card_view'] });
    otherAdmin = await actor(t, 'owner.b', { authCodes: ['shop_new', 'shop_admin'] });
    shopA = await openShop(owner, 'A Mağazası', [bundler, noAuth]);
    shopB = await openShop(otherAdmin, 'B Mağazası');
  });
  afterAll(() => t.close());

  it('done means: a member with only shop_bundle_add_edit creates a bundle and a product in A and sets the bundle passive', async () => {
    bundler.use();
    const created = await userShopBundleNew({ shop_client_id: shopA, user_client_id: bundler.userId, bundle_name: 'Kurumsal Paket', feature_list: ['Sınırsız proje'], priority: 'high', task_type: 'analysis' });
    expect(created.status_code, created.status_message).toBe('10000');
    expect(created.bundle).toMatchObject({ bundle_name: 'Kurumsal Paket', shop_client_id: shopA, user_client_id: bundler.userId, bundle_status: 'passive', priority: 'high' });
    const bundleId = created.bundle.bundle_client_id;
    const product = await userShopBundleProductNew({
      shop_client_id: shopA,
      bundle_client_id: bundleId,
      user_client_id: bundler.userId,
      pro_name: 'Analiz kredisi',
      pay_type: 'one_time',
      currency_type: 0,
      currency_amount_list: [
        { currency_type: 0, amount: 149900 },
        { currency_type: 1, amount: 4900 },
      ],
    });
    expect(product.status_code, product.status_message).toBe('10000');
    expect(product.bundle_product).toMatchObject({ pro_name: 'Analiz kredisi', pro_status: 'active', currency_amount_list: [{ currency_type: 0, amount: 149900 }, { currency_type: 1, amount: 4900 }] });
    const active = await userShopBundleStatusActive({ shop_client_id: shopA, bundle_client_id: bundleId, user_client_id: bundler.userId });
    expect(active).toMatchObject({ status_code: '10000', bundle_client_id: bundleId, bundle_status: 'active' });
    expect(active.active_date).toMatch(/^\d{4}-/);
    t.as({ query: { __lang__v: 1 } });
    expect((await bundleAndProductListActive({ shop_client_id: shopA })).bundle_list.map((b) => b.bundle.bundle_client_id)).toEqual([bundleId]);
    bundler.use();
    const passive = await userShopBundleStatusPassive({ shop_client_id: shopA, bundle_client_id: bundleId, user_client_id: bundler.userId });
    expect(passive).toMatchObject({ status_code: '10000', bundle_client_id: bundleId, bundle_status: 'passive' });
    // A passive bundle leaves the shop window at once.
    t.as({ query: { __lang__v: 1 } });
    expect((await bundleAndProductListActive({ shop_client_id: shopA })).total).toBe(0);
    const [row] = await t.db.query<{ bundle_status: string }>('select bundle_status from bundle where bundle_client_id = $1', [bundleId]);
    expect(row.bundle_status).toBe('passive');
  });

  it('done means: a member without the auth is refused with 10009 on every bundle write, and nothing changes', async () => {
    const bundleId = await addBundle(bundler, shopA, 'Korunan Paket');
    const proId = await addProduct(bundler, shopA, bundleId, 'Korunan ürün');
    const before = await snapshot(t.db);
    noAuth.use();
    const ids = { shop_client_id: shopA, bundle_client_id: bundleId, user_client_id: noAuth.userId };
    const answers = [
      await userShopBundleNew({ shop_client_id: shopA, user_client_id: noAuth.userId, bundle_name: 'Olmaz' }),
      await userShopBundleEdit({ ...ids, bundle_name: 'Olmaz' }),
      await userShopBundleStatusActive(ids),
      await userShopBundleStatusPassive(ids),
      await userShopBundleProductNew({ ...ids, pro_name: 'Olmaz' }),
      await userShopBundleProductEdit({ ...ids, pro_client_id: proId, pro_name: 'Olmaz' }),
    ];
    for (const a of answers) {
      expect(a.status_code).toBe('10009');
      // The needed right by its name.
      expect(a.status_message).toContain('Add and edit bundles');
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  it("answers 10016 to shop B's admin on every call about shop A, reading and changing nothing", async () => {
    const bundleId = await addBundle(bundler, shopA, 'A paketi');
    const proId = await addProduct(bundler, shopA, bundleId, 'A ürünü');
    const before = await snapshot(t.db);
    otherAdmin.use();
    const ids = { shop_client_id: shopA, bundle_client_id: bundleId, user_client_id: otherAdmin.userId };
    const answers = [
      await userShopBundleNew({ shop_client_id: shopA, user_client_id: otherAdmin.userId, bundle_name: 'Sızma' }),
      await userShopBundleEdit({ ...ids, bundle_name: 'Sızma' }),
      await userShopBundleGet(ids),
      await userShopBundleList({ shop_client_id: shopA, user_client_id: otherAdmin.userId }),
      await userShopBundleStatusActive(ids),
      await userShopBundleStatusPassive(ids),
      await userShopBundleProductNew({ ...ids, pro_name: 'Sızma' }),
      await userShopBundleProductEdit({ ...ids, pro_client_id: proId, pro_name: 'Sızma' }),
      await userShopBundleProductGet({ ...ids, pro_client_id: proId }),
      await userShopBundleProductList(ids),
    ];
    for (const a of answers) expect(a).toMatchObject({ status_code: '10016', status_message: 'There is no shop with this id on this site.' });
    // Naming its own shop with A's bundle is no way in either.
    const crossed = await userShopBundleEdit({ ...ids, shop_client_id: shopB, bundle_name: 'Sızma' });
    expect(crossed).toMatchObject({ status_code: '10016', status_message: 'There is no bundle with this id on this site.' });
    const crossedProduct = await userShopBundleProductGet({ ...ids, shop_client_id: shopB, pro_client_id: proId });
    expect(crossedProduct.status_code).toBe('10016');
    expect(await snapshot(t.db)).toEqual(before);
    // The admin of the site reaches every shop.
    admin.use();
    expect((await userShopBundleGet({ ...ids, user_client_id: admin.userId })).status_code).toBe('10000');
  });

  it('keeps sites apart: a bundle id of localhost is unknown on clinical.localhost', async () => {
    const bundleId = await addBundle(bundler, shopA, 'Yerel paket');
    const clinicalAdmin = await actor(t, 'admin', { domain: 'clinical.localhost' });
    clinicalAdmin.use();
    expect((await userShopBundleGet({ shop_client_id: shopA, bundle_client_id: bundleId, user_client_id: clinicalAdmin.userId })).status_code).toBe('10016');
    expect((await bundleAndProductListActive({})).total).toBe(0);
  });

  describe('bundle new/edit/get', () => {
    it('needs bundle_name: 10002 naming the field, in the caller\'s language', async () => {
      bundler.use({ lang: 0 });
      const res = (await userShopBundleNew({ shop_client_id: shopA, user_client_id: bundler.userId } as never)) as unknown as WithErrors;
      expect(res.status_code).toBe('10002');
      expect(res.status_message).toBe('Tüm zorunlu alanlar doldurulmalıdır.');
      expect(res.errors).toEqual([{ field: 'bundle_name', message: 'zorunludur', keyword: 'required', params: { missingProperty: 'bundle_name' } }]);
    });

    it('fills organization_username from organization_user_id and refuses a user of no this site (10016)', async () => {
      bundler.use();
      const res = await userShopBundleNew({ shop_client_id: shopA, user_client_id: bundler.userId, bundle_name: 'Teslimatlı', organization_user_id: owner.userId });
      expect(res.bundle).toMatchObject({ organization_user_id: owner.userId, organization_username: 'owner.a' });
      const ghost = await userShopBundleNew({ shop_client_id: shopA, user_client_id: bundler.userId, bundle_name: 'Hayalet', organization_user_id: '3b42b360-66af-4676-8979-006146c6be14' });
      expect(ghost).toMatchObject({ status_code: '10016', status_message: 'There is no user with this id on this site.' });
    });

    it('replaces the editable fields on edit and keeps the status', async () => {
      const bundleId = await addBundle(bundler, shopA, 'Eski ad', { feature_list: ['a', 'b'], priority: 'low' });
      bundler.use();
      const res = await userShopBundleEdit({ shop_client_id: shopA, bundle_client_id: bundleId, user_client_id: bundler.userId, bundle_name: 'Yeni ad', task_type: 'delivery' });
      expect(res.status_code).toBe('10000');
      expect(res.bundle).toMatchObject({ bundle_name: 'Yeni ad', task_type: 'delivery', bundle_status: 'passive' });
      expect(res.bundle).not.toHaveProperty('feature_list');
      expect(res.bundle).not.toHaveProperty('priority');
      const got = await userShopBundleGet({ shop_client_id: shopA, bundle_client_id: bundleId, user_client_id: bundler.userId });
      expect(got.bundle).toEqual(res.bundle);
      expect(got.product_list).toEqual([]);
    });
  });

  describe('bundle status', () => {
    it('cannot put a bundle without products on sale (12002, nothing changes)', async () => {
      const bundleId = await addBundle(bundler, shopA, 'Boş paket');
      const before = await snapshot(t.db);
      bundler.use();
      const res = await userShopBundleStatusActive({ shop_client_id: shopA, bundle_client_id: bundleId, user_client_id: bundler.userId });
      expect(res).toMatchObject({ status_code: '12002', status_message: 'A bundle without products cannot be put on sale. Please add a product first.' });
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('is idempotent both ways and keeps the dates of the first change', async () => {
      const bundleId = await addBundle(bundler, shopA, 'Gidip gelen');
      await addProduct(bundler, shopA, bundleId, 'Ürün');
      bundler.use();
      const ids = { shop_client_id: shopA, bundle_client_id: bundleId, user_client_id: bundler.userId };
      const a1 = await userShopBundleStatusActive(ids);
      const a2 = await userShopBundleStatusActive(ids);
      expect(a2).toMatchObject({ bundle_status: 'active', active_date: a1.active_date });
      const p1 = await userShopBundleStatusPassive(ids);
      const p2 = await userShopBundleStatusPassive(ids);
      expect(p2).toMatchObject({ bundle_status: 'passive', passive_date: p1.passive_date });
      const got = await userShopBundleGet(ids);
      expect(got.bundle).toMatchObject({ bundle_status: 'passive', active_date: a1.active_date, passive_date: p1.passive_date });
    });

    it('admits shop_order_bundle_status_management holders for the status calls only', async () => {
      const statusKeeper = await actor(t, 'status.keeper', { authCodes: ['shop_order_bundle_status_management'] });
      owner.use();
      const { userShopEdit } = await import('../../src/generated/client/index.ts');
      await userShopEdit({
        shop_client_id: shopA,
        user_client_id: owner.userId,
        shop_name: 'A Mağazası',
        shop_member_list: [{ user_client_id: bundler.userId }, { user_client_id: noAuth.userId }, { user_client_id: statusKeeper.userId }],
      });
      const bundleId = await addBundle(bundler, shopA, 'Durum paketi');
      statusKeeper.use();
      expect((await userShopBundleStatusPassive({ shop_client_id: shopA, bundle_client_id: bundleId, user_client_id: statusKeeper.userId })).status_code).toBe('10000');
      expect((await userShopBundleEdit({ shop_client_id: shopA, bundle_client_id: bundleId, user_client_id: statusKeeper.userId, bundle_name: 'x' })).status_code).toBe('10009');
    });
  });

  describe('bundle list', () => {
    it('pages, sorts by priority (urgent first), filters by status, dates and search', async () => {
      const shop = await openShop(owner, 'Liste Mağazası', [bundler]);
      const ids: Record<string, string> = {};
      for (const [name, priority] of [
        ['Düşük öncelik', 'low'],
        ['Acil iş', 'urgent'],
        ['Normal iş', 'normal'],
        ['Yüksek iş', 'high'],
        ['Önceliksiz', undefined],
      ] as const)
        ids[name] = await addBundle(bundler, shop, name, priority ? { priority } : {});
      await addProduct(bundler, shop, ids['Acil iş'], 'Ürün');
      bundler.use();
      await userShopBundleStatusActive({ shop_client_id: shop, bundle_client_id: ids['Acil iş'], user_client_id: bundler.userId });
      const base = { shop_client_id: shop, user_client_id: bundler.userId };
      const byPriority = await userShopBundleList({ ...base, sort: 'priority' });
      expect(byPriority).toMatchObject({ total: 5, page: 1, page_size: 20 });
      expect(byPriority.bundle_list.map((b) => b.bundle_name)).toEqual(['Acil iş', 'Yüksek iş', 'Normal iş', 'Düşük öncelik', 'Önceliksiz']);
      expect((await userShopBundleList({ ...base, sort: '-priority' })).bundle_list[0].bundle_name).toBe('Düşük öncelik');
      const newest = await userShopBundleList({ ...base, page_size: 2, page: 1 });
      expect(newest.bundle_list.map((b) => b.bundle_name)).toEqual(['Önceliksiz', 'Yüksek iş']);
      expect((await userShopBundleList({ ...base, page_size: 2, page: 3 })).bundle_list.map((b) => b.bundle_name)).toEqual(['Düşük öncelik']);
      expect((await userShopBundleList({ ...base, bundle_status: 'active' })).bundle_list.map((b) => b.bundle_name)).toEqual(['Acil iş']);
      expect((await userShopBundleList({ ...base, search: ' iş' })).total).toBe(3);
      expect((await userShopBundleList({ ...base, search: 'ACIL' })).total).toBe(1);
      expect((await userShopBundleList({ ...base, search: '_' })).total).toBe(0);
      const [{ today }] = await t.db.query<{ today: string }>("select to_char(current_date, 'YYYY-MM-DD') as today");
      expect((await userShopBundleList({ ...base, active_date_from: today, active_date_to: today })).bundle_list.map((b) => b.bundle_name)).toEqual(['Acil iş']);
      expect((await userShopBundleList({ ...base, active_date_to: '2000-01-01' })).total).toBe(0);
      expect((await userShopBundleList({ ...base, passive_date_from: today })).total).toBe(0);
      expect((await userShopBundleList({ ...base, sort: 'bundle_name' })).bundle_list.map((b) => b.bundle_name)[0]).toBe('Acil iş');
    });
  });

  describe('products', () => {
    let bundleId: string;
    beforeAll(async () => {
      bundleId = await addBundle(bundler, shopA, 'Ürün paketi');
    });

    it('needs pro_name: 10002 naming the field', async () => {
      bundler.use();
      const res = (await userShopBundleProductNew({ shop_client_id: shopA, bundle_client_id: bundleId, user_client_id: bundler.userId } as never)) as unknown as WithErrors;
      expect(res.status_code).toBe('10002');
      expect(res.errors).toEqual([{ field: 'pro_name', message: 'is required', keyword: 'required', params: { missingProperty: 'pro_name' } }]);
    });

    it('checks the rules beyond the schema (10001 naming each field) and writes nothing', async () => {
      const before = await snapshot(t.db);
      bundler.use();
      const base = { shop_client_id: shopA, bundle_client_id: bundleId, user_client_id: bundler.userId, pro_name: 'Kural' };
      const periodic = (await userShopBundleProductNew({ ...base, pay_type: 'periodic' })) as unknown as WithErrors;
      expect(periodic.status_code).toBe('10001');
      expect(periodic.errors).toEqual([{ field: 'pay_period_type', message: 'is needed when the payment type is periodic' }]);
      const twice = (await userShopBundleProductNew({
        ...base,
        currency_amount_list: [
          { currency_type: 0, amount: 1 },
          { currency_type: 0, amount: 2 },
        ],
      })) as unknown as WithErrors;
      expect(twice.errors?.map((e) => e.field)).toEqual(['currency_amount_list']);
      const noPrice = (await userShopBundleProductNew({ ...base, currency_type: 1, currency_amount_list: [{ currency_type: 0, amount: 1 }] })) as unknown as WithErrors;
      expect(noPrice.errors?.map((e) => e.field)).toEqual(['currency_type']);
      const dates = (await userShopBundleProductNew({ ...base, pro_start_date: '2026-02-01', pro_end_date: '2026-01-01' })) as unknown as WithErrors;
      expect(dates.errors?.map((e) => e.field)).toEqual(['pro_end_date']);
      const fraction = await userShopBundleProductNew({ ...base, currency_amount_list: [{ currency_type: 0, amount: 1.5 }] });
      expect(fraction.status_code).toBe('10001');
      owner.use(); // only admin or shop_admin may attach an authorization at all
      const badAuth = await userShopBundleProductNew({ ...base, user_client_id: owner.userId, pro_auth_id: '3b42b360-66af-4676-8979-006146c6be14' });
      expect(badAuth).toMatchObject({ status_code: '10016', status_message: 'There is no authorization with this id on this site.' });
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('stores every field, replaces them on edit and lists them', async () => {
      bundler.use();
      const full = {
        pro_name: 'Tam ürün',
        pro_info: 'Açıklama',
        pro_group_name: 'Kredi',
        pay_type: 'periodic' as const,
        pay_period_type: 'monthly' as const,
        currency_type: 1 as const,
        currency_amount_list: [
          { currency_type: 1 as const, amount: 990 },
          { currency_type: 0 as const, amount: 29900 },
        ],
        preparation_type: 'manual' as const,
        pay_credit_card: true,
        pay_transfer_to_account: false,
        pay_delay_max_days: 5,
        pro_start_date: '2025-01-01',
        pro_end_date: '2035-12-31',
        pro_usage_count: 100,
        pro_usage_count_type: 'per_period' as const,
        pro_count_suffix: 'kredi',
        task_type: 'delivery' as const,
        priority: 'urgent' as const,
        organization_user_id: owner.userId,
      };
      const ids = { shop_client_id: shopA, bundle_client_id: bundleId, user_client_id: bundler.userId };
      const created = await userShopBundleProductNew({ ...ids, ...full });
      expect(created.status_code, created.status_message).toBe('10000');
      const { organization_user_id: _o, ...rest } = full;
      expect(created.bundle_product).toMatchObject({ ...rest, organization_username: 'owner.a', bundle_client_id: bundleId, shop_client_id: shopA });
      const proId = created.bundle_product.pro_client_id;
      const edited = await userShopBundleProductEdit({ ...ids, pro_client_id: proId, pro_name: 'Kısaltılmış', pay_type: 'free' });
      expect(edited.bundle_product).toEqual({ pro_client_id: proId, bundle_client_id: bundleId, shop_client_id: shopA, pro_name: 'Kısaltılmış', pay_type: 'free', pro_status: 'active' });
      const got = await userShopBundleProductGet({ ...ids, pro_client_id: proId });
      expect(got.bundle_product).toEqual(edited.bundle_product);
      await addProduct(bundler, shopA, bundleId, 'Alfa', { pro_group_name: 'Grup Z' });
      bundler.use();
      const list = await userShopBundleProductList({ ...ids, sort: 'pro_name' });
      expect(list.bundle_product_list.map((p) => p.pro_name)).toEqual(['Alfa', 'Kısaltılmış']);
      expect((await userShopBundleProductList({ ...ids, search: 'grup z' })).bundle_product_list.map((p) => p.pro_name)).toEqual(['Alfa']);
      expect((await userShopBundleProductList({ ...ids, page_size: 1, page: 2 })).total).toBe(2);
      const bundleView = await userShopBundleGet(ids);
      expect(bundleView.product_list.map((p) => p.pro_name)).toEqual(['Kısaltılmış', 'Alfa']);
    });

    it('answers 10016 for a product of another bundle', async () => {
      const otherBundle = await addBundle(bundler, shopA, 'Diğer paket');
      const proId = await addProduct(bundler, shopA, otherBundle, 'Başka ürün');
      bundler.use();
      const res = await userShopBundleProductGet({ shop_client_id: shopA, bundle_client_id: bundleId, user_client_id: bundler.userId, pro_client_id: proId });
      expect(res).toMatchObject({ status_code: '10016', status_message: 'There is no bundle product with this id on this site.' });
    });
  });
  it('only admin or shop_admin attach an authorization to a product (buying it grants that auth)', async () => {
    const [grant] = await t.db.query<{ auth_id: string }>(
      "select auth_id from \"authorization\" where auth_name = 'shop_card_view' and tenant_id = (select tenant_id from tenant where domain = 'localhost') limit 1",
    );
    const bundleId = await addBundle(bundler, shopA, 'Yetkili Paket');
    bundler.use();
    const before = await snapshot(t.db);
    const refused = (await userShopBundleProductNew({
      shop_client_id: shopA,
      bundle_client_id: bundleId,
      user_client_id: bundler.userId,
      pro_name: 'Yetki veren ürün',
      pro_auth_id: grant.auth_id,
    })) as unknown as WithErrors;
    expect(refused.status_code).toBe('10009');
    expect(refused.errors?.[0].field).toBe('pro_auth_id');
    expect(await snapshot(t.db)).toEqual(before);
    // The bundle editor still edits such a product, as long as the authorization stays as it is.
    owner.use();
    const proId = (await userShopBundleProductNew({ shop_client_id: shopA, bundle_client_id: bundleId, user_client_id: owner.userId, pro_name: 'Yetki veren ürün', pro_auth_id: grant.auth_id })).bundle_product.pro_client_id;
    bundler.use();
    const kept = await userShopBundleProductEdit({ shop_client_id: shopA, bundle_client_id: bundleId, pro_client_id: proId, user_client_id: bundler.userId, pro_name: 'Yeni ad', pro_auth_id: grant.auth_id });
    expect(kept.status_code, kept.status_message).toBe('10000');
    const dropped = await userShopBundleProductEdit({ shop_client_id: shopA, bundle_client_id: bundleId, pro_client_id: proId, user_client_id: bundler.userId, pro_name: 'Yeni ad' });
    expect(dropped.status_code).toBe('10009');
  });

});
