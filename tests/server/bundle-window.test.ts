// The open shop window: bundle/and/product/list/active (active bundles of active shops with products on
// sale), list/all (every bundle with its status), bundle/details, bundle/product/and/agreement/list/all and
// the signed-in no_need_order list; the seeded demo shop shows on a fresh site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleAndProductListActive,
  bundleAndProductListAll,
  bundleDetails,
  bundleProductAndAgreementListAll,
  userShopBundleAgreementNew,
  userShopBundleNoNeedOrderList,
  userShopBundleProductAgreementNew,
  userShopBundleProductEdit,
  userShopBundleStatusPassive,
  userShopEdit,
} from '../../src/generated/client/index.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, type Actor } from './support/actors.ts';
import { addBundle, addProduct, bundleOnSale, openShop, SEED_SHOP_ID } from './support/shops.ts';

describe.each(databaseKinds('same-on-every-database'))('the shop window on %s', (kind) => {
  let t: TestApp;
  let owner: Actor;
  let shop: string;
  const visitor = () => t.as({ query: { __lang__v: 1 } });

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await actor(t, 'window.owner', { authCodes: ['shop_new', 'shop_admin'] });
    shop = await openShop(owner, 'Vitrin Mağazası');
  });
  afterAll(() => t.close());

  it('shows the seeded demo shop on a fresh site: three bundles with prices in ₺ and $', async () => {
    visitor();
    const res = await bundleAndProductListActive({ shop_client_id: SEED_SHOP_ID });
    expect(res.status_code).toBe('10000');
    expect(res.total).toBe(3);
    expect(res.bundle_list.map((b) => b.bundle.priority)).toEqual(['high', 'normal', 'low']);
    for (const b of res.bundle_list) {
      expect(b.product_list.length).toBeGreaterThan(0);
      for (const p of b.product_list) expect(p.currency_amount_list?.map((c) => c.currency_type).sort()).toEqual([0, 1]);
    }
    const details = await bundleDetails({ bundle_client_id: res.bundle_list[0].bundle.bundle_client_id });
    expect(details.shop).toMatchObject({ shop_name: 'Sema Veri Mağazası', shop_status: 'active' });
    expect(details.shop).not.toHaveProperty('shop_member_list');
    expect(details.agreement_list.map((a) => a.approve_required)).toEqual([true]);
  });

  it('lists only active bundles of active shops, each with only its products on sale', async () => {
    const { bundleId } = await bundleOnSale(owner, shop, 'Satıştaki paket');
    const expired = await addProduct(owner, shop, bundleId, 'Süresi geçmiş', { pro_start_date: '2020-01-01', pro_end_date: '2020-12-31' });
    const future = await addProduct(owner, shop, bundleId, 'Gelecek', { pro_start_date: '2999-01-01' });
    const passiveOnly = await addBundle(owner, shop, 'Pasif paket');
    await addProduct(owner, shop, passiveOnly, 'Pasif ürün');
    // A bundle whose only product is out of date is not on sale either.
    const { bundleId: stale, proId: staleProduct } = await bundleOnSale(owner, shop, 'Bayat paket');
    owner.use();
    await userShopBundleProductEdit({ shop_client_id: shop, bundle_client_id: stale, user_client_id: owner.userId, pro_client_id: staleProduct, pro_name: 'Bayat', pro_end_date: '2021-01-01' });

    visitor();
    const active = await bundleAndProductListActive({ shop_client_id: shop });
    expect(active.bundle_list.map((b) => b.bundle.bundle_name)).toEqual(['Satıştaki paket']);
    expect(active.bundle_list[0].product_list.map((p) => p.pro_name)).toEqual(['Satıştaki paket ürünü']);
    const all = await bundleAndProductListAll({ shop_client_id: shop, sort: 'bundle_name' });
    expect(all.bundle_list.map((b) => [b.bundle.bundle_name, b.bundle.bundle_status])).toEqual([
      ['Bayat paket', 'active'],
      ['Pasif paket', 'passive'],
      ['Satıştaki paket', 'active'],
    ]);
    const onSale = all.bundle_list.find((b) => b.bundle.bundle_client_id === bundleId)!;
    expect(onSale.product_list.map((p) => p.pro_client_id)).toEqual(expect.arrayContaining([expired, future]));
    expect((await bundleAndProductListAll({ shop_client_id: shop, bundle_status: 'passive' })).total).toBe(1);

    // A passive shop leaves the window with all its bundles; list/all still shows them.
    owner.use();
    await userShopEdit({ shop_client_id: shop, user_client_id: owner.userId, shop_name: 'Vitrin Mağazası', shop_status: 'passive' });
    visitor();
    expect((await bundleAndProductListActive({ shop_client_id: shop })).total).toBe(0);
    expect((await bundleAndProductListAll({ shop_client_id: shop })).total).toBe(3);
    owner.use();
    await userShopEdit({ shop_client_id: shop, user_client_id: owner.userId, shop_name: 'Vitrin Mağazası', shop_status: 'active' });
  });

  it('filters by task type, currency and search over bundle and product names, and pages', async () => {
    const s = await openShop(owner, 'Filtre Mağazası');
    await bundleOnSale(owner, s, 'Teslimat paketi', { task_type: 'delivery', priority: 'urgent' });
    const dollarOnly = await addBundle(owner, s, 'Dolar paketi', { task_type: 'analysis' });
    await addProduct(owner, s, dollarOnly, 'Özel Danışmanlık', { currency_type: 1, currency_amount_list: [{ currency_type: 1, amount: 1000 }] });
    owner.use();
    const { userShopBundleStatusActive } = await import('../../src/generated/client/index.ts');
    await userShopBundleStatusActive({ shop_client_id: s, bundle_client_id: dollarOnly, user_client_id: owner.userId });
    visitor();
    expect((await bundleAndProductListActive({ shop_client_id: s, task_type: 'delivery' })).bundle_list.map((b) => b.bundle.bundle_name)).toEqual(['Teslimat paketi']);
    expect((await bundleAndProductListActive({ shop_client_id: s, currency_type: 0 })).bundle_list.map((b) => b.bundle.bundle_name)).toEqual(['Teslimat paketi']);
    expect((await bundleAndProductListActive({ shop_client_id: s, currency_type: 1 })).total).toBe(2);
    expect((await bundleAndProductListActive({ shop_client_id: s, search: 'danışman' })).bundle_list.map((b) => b.bundle.bundle_name)).toEqual(['Dolar paketi']);
    expect((await bundleAndProductListActive({ shop_client_id: s })).bundle_list.map((b) => b.bundle.bundle_name)).toEqual(['Teslimat paketi', 'Dolar paketi']);
    const page2 = await bundleAndProductListActive({ shop_client_id: s, page: 2, page_size: 1 });
    expect(page2).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(page2.bundle_list.map((b) => b.bundle.bundle_name)).toEqual(['Dolar paketi']);
    // Every site sees only its own bundles.
    t.as({ host: 'clinical.localhost', query: { __lang__v: 1 } });
    expect((await bundleAndProductListAll({})).total).toBe(0);
  });

  it('answers bundle/details for passive bundles too, with their status, and 10016 for unknown ids', async () => {
    const { bundleId, proId } = await bundleOnSale(owner, shop, 'Ayrıntılı paket');
    owner.use();
    const base = { shop_client_id: shop, bundle_client_id: bundleId, user_client_id: owner.userId };
    await userShopBundleAgreementNew({ ...base, agreement_name: 'Genel', agreement_text: 'Metin', approve_required: true });
    await userShopBundleAgreementNew({ ...base, agreement_name: 'Taslak', agreement_text: 'Metin', agreement_status: 'passive' });
    await userShopBundleProductAgreementNew({ ...base, pro_client_id: proId, agreement_name: 'Ürün şartı', agreement_text: 'Metin' });
    await userShopBundleStatusPassive(base);
    visitor();
    const details = await bundleDetails({ bundle_client_id: bundleId });
    expect(details.status_code).toBe('10000');
    expect(details.bundle.bundle_status).toBe('passive');
    expect(details.product_list.map((p) => p.pro_client_id)).toEqual([proId]);
    expect(details.agreement_list.map((a) => a.agreement_name)).toEqual(['Genel']);
    expect(details.product_agreement_list.map((a) => a.agreement_name)).toEqual(['Ürün şartı']);
    expect((await bundleDetails({ bundle_client_id: '3b42b360-66af-4676-8979-006146c6be14' })).status_code).toBe('10016');

    const everything = await bundleProductAndAgreementListAll({ bundle_client_id: bundleId });
    expect(everything.agreement_list.map((a) => a.agreement_name)).toEqual(['Genel']);
    owner.use();
    const staffView = await bundleProductAndAgreementListAll({ bundle_client_id: bundleId });
    expect(staffView.agreement_list.map((a) => a.agreement_name)).toEqual(['Genel', 'Taslak']);
    const oneProduct = await bundleProductAndAgreementListAll({ bundle_client_id: bundleId, pro_client_id: proId });
    expect(oneProduct.product_list.map((p) => p.pro_client_id)).toEqual([proId]);
    expect(oneProduct.product_agreement_list).toHaveLength(1);
    expect((await bundleProductAndAgreementListAll({ bundle_client_id: bundleId, pro_client_id: '3b42b360-66af-4676-8979-006146c6be14' })).status_code).toBe('10016');
  });

  it('lists bundles that need no order: active, on sale, every product on sale free', async () => {
    const s = await openShop(owner, 'Ücretsiz Mağaza');
    const { bundleId: free, proId } = await bundleOnSale(owner, s, 'Bedava');
    owner.use();
    await userShopBundleProductEdit({ shop_client_id: s, bundle_client_id: free, user_client_id: owner.userId, pro_client_id: proId, pro_name: 'Bedava ürün', pay_type: 'free' });
    // A paid product out of date does not spoil a free bundle.
    await addProduct(owner, s, free, 'Eski ücretli', { pay_type: 'one_time', pro_end_date: '2020-01-01' });
    await bundleOnSale(owner, s, 'Ücretli');
    const user = await actor(t, 'window.user');
    user.use();
    const res = await userShopBundleNoNeedOrderList({ shop_client_id: s });
    expect(res.status_code).toBe('10000');
    expect(res.bundle_list.map((b) => b.bundle.bundle_name)).toEqual(['Bedava']);
    expect(res.bundle_list[0].product_list.map((p) => p.pro_name)).toEqual(['Bedava ürün']);
    // The seeded free trial is one too.
    expect((await userShopBundleNoNeedOrderList({ shop_client_id: SEED_SHOP_ID })).bundle_list.map((b) => b.bundle.bundle_name)).toEqual(['Ücretsiz Deneme']);
  });
});
