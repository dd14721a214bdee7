// What the storefront asks of the shop window (bundle/and/product/list/active) beyond its first filters: the
// price sort in the chosen currency (a bundle's price is the sum of its products' prices on sale; one not
// priced in that currency comes last either way), the campaigns page's priority filter, shop_list, the shops a
// visitor can filter by, and the website units of content kind shop_highlights (the shop site's home page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleAndProductListActive, frontendGet, frontendWebsiteunitNew, userShopBundleStatusActive, userShopEdit } from '../../src/generated/client/index.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, type Actor } from './support/actors.ts';
import { addBundle, addProduct, bundleOnSale, openShop, SEED_SHOP_ID } from './support/shops.ts';

const price = (lira: number, dollars?: number) => ({
  pay_type: 'one_time',
  currency_type: 0,
  currency_amount_list: [{ currency_type: 0, amount: lira }, ...(dollars === undefined ? [] : [{ currency_type: 1, amount: dollars }])],
});

describe.each(databaseKinds('same-on-every-database'))('the storefront on the shop window, on %s', (kind) => {
  let t: TestApp;
  let owner: Actor;
  let shop: string;
  const visitor = (currency?: 0 | 1) => t.as({ query: { __lang__v: 1, ...(currency === undefined ? {} : { __user__currency__type: currency }) } });
  const names = (res: Awaited<ReturnType<typeof bundleAndProductListActive>>) => res.bundle_list.map((b) => b.bundle.bundle_name);

  /** A bundle on sale whose products have these prices (lira, dollars). */
  async function bundleWith(name: string, prices: [number, number?][], extra: Record<string, unknown> = {}) {
    const bundleId = await addBundle(owner, shop, name, extra);
    for (const [i, [lira, dollars]] of prices.entries()) await addProduct(owner, shop, bundleId, `${name} ${i + 1}`, price(lira, dollars));
    owner.use();
    expect((await userShopBundleStatusActive({ shop_client_id: shop, bundle_client_id: bundleId, user_client_id: owner.userId })).status_code).toBe('10000');
    return bundleId;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await actor(t, 'storefront.owner', { authCodes: ['shop_new', 'shop_admin'] });
    shop = await openShop(owner, 'Fiyat Mağazası');
    // Lira: A 300 (100 + 200), B 250, C 900. Dollars: A 40 (10 + 30), B 50, C has a product without a dollar price.
    await bundleWith('A paketi', [[10000, 1000], [20000, 3000]], { priority: 'low' });
    await bundleWith('B paketi', [[25000, 5000]], { priority: 'urgent' });
    await bundleWith('C paketi', [[90000, 9000], [100]], { priority: 'high' });
    // A product out of date does not count in the price.
    const a = (await bundleAndProductListActive({ shop_client_id: shop, search: 'A paketi' })).bundle_list[0].bundle.bundle_client_id;
    await addProduct(owner, shop, a, 'Süresi geçmiş', { ...price(5_000_000, 5_000_000), pro_end_date: '2020-12-31' });
  });
  afterAll(() => t.close());

  it('sorts by the price in the currency asked for, the cheapest or dearest first, unpriced bundles last', async () => {
    visitor();
    expect(names(await bundleAndProductListActive({ shop_client_id: shop, sort: 'price', currency_type: 0 }))).toEqual(['B paketi', 'A paketi', 'C paketi']);
    expect(names(await bundleAndProductListActive({ shop_client_id: shop, sort: '-price', currency_type: 0 }))).toEqual(['C paketi', 'A paketi', 'B paketi']);
    // C has a product sold only in lira: it is in the dollar window (one product is priced in dollars) but its dollar price is unknown.
    expect(names(await bundleAndProductListActive({ shop_client_id: shop, sort: 'price', currency_type: 1 }))).toEqual(['A paketi', 'B paketi', 'C paketi']);
    expect(names(await bundleAndProductListActive({ shop_client_id: shop, sort: '-price', currency_type: 1 }))).toEqual(['B paketi', 'A paketi', 'C paketi']);
  });

  it("reads the caller's chosen currency (__user__currency__type) when the request names none", async () => {
    visitor(1);
    expect(names(await bundleAndProductListActive({ shop_client_id: shop, sort: 'price' }))).toEqual(['A paketi', 'B paketi', 'C paketi']);
    visitor(0);
    expect(names(await bundleAndProductListActive({ shop_client_id: shop, sort: 'price' }))).toEqual(['B paketi', 'A paketi', 'C paketi']);
    // Pages follow the same order.
    const second = await bundleAndProductListActive({ shop_client_id: shop, sort: 'price', page: 2, page_size: 2 });
    expect(second).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(names(second)).toEqual(['C paketi']);
  });

  it('keeps only the priorities asked for (the campaigns page: urgent and high)', async () => {
    visitor();
    expect(names(await bundleAndProductListActive({ shop_client_id: shop, priority_list: ['urgent', 'high'] }))).toEqual(['B paketi', 'C paketi']);
    expect(names(await bundleAndProductListActive({ shop_client_id: shop, priority_list: ['low'] }))).toEqual(['A paketi']);
    expect(names(await bundleAndProductListActive({ shop_client_id: shop, priority_list: ['high'], search: 'paketi', sort: 'price' }))).toEqual(['C paketi']);
    for (const bad of [[], ['soon'], ['high', 'high']]) {
      const refused = (await bundleAndProductListActive({ priority_list: bad as never })) as unknown as { status_code: string; errors?: { field: string }[] };
      expect(refused.status_code, JSON.stringify(bad)).toBe('10001');
      expect(refused.errors?.[0]?.field, JSON.stringify(bad)).toMatch(/^priority_list/);
    }
  });

  it('names the shops with bundles on sale, whatever the filters, by name; not a passive shop nor one with nothing on sale', async () => {
    const empty = await openShop(owner, 'Boş Mağaza');
    await addBundle(owner, empty, 'Satışta olmayan paket');
    const closed = await openShop(owner, 'Kapalı Mağaza');
    await bundleOnSale(owner, closed, 'Kapalı mağazanın paketi');
    owner.use();
    await userShopEdit({ shop_client_id: closed, user_client_id: owner.userId, shop_name: 'Kapalı Mağaza', shop_status: 'passive' });

    visitor();
    const expected = [
      { shop_client_id: shop, shop_name: 'Fiyat Mağazası' },
      { shop_client_id: SEED_SHOP_ID, shop_name: 'Sema Veri Mağazası' },
    ];
    expect((await bundleAndProductListActive({})).shop_list).toEqual(expected);
    const filtered = await bundleAndProductListActive({ shop_client_id: SEED_SHOP_ID, search: 'nothing like this' });
    expect(filtered.total).toBe(0);
    expect(filtered.shop_list).toEqual(expected);
    // Another site has its own shops.
    t.as({ host: 'clinical.localhost', query: { __lang__v: 1 } });
    expect((await bundleAndProductListActive({})).shop_list).toEqual([]);
  });

  it('seeds the home page as the shop highlights, and saves units of that kind with 1 to 12 bundles', async () => {
    visitor();
    const home = (await frontendGet({ domain: 'localhost' })).website_unit_list.find((u) => u.route_name === 'home');
    expect(home?.content).toMatchObject({ kind: 'shop_highlights', count: 3, text: { tr: expect.stringContaining("Sema'ya hoş geldiniz") } });

    const editor = await actor(t, 'storefront.editor', { authCodes: ['website_edit'] });
    editor.use();
    const unit = (count: number) => ({
      website_unit: {
        route_name: `offers_${count}`,
        path: { en: `/offers-${count}`, tr: `/firsatlar-${count}` },
        caption: { en: 'Offers', tr: 'Fırsatlar' },
        icon: 'tag',
        show_in_menu: true,
        login: false,
        shop_active: true,
        parent: null,
        auth: '',
        position: 20,
        content: { kind: 'shop_highlights' as const, text: { en: 'This week', tr: 'Bu hafta' }, count },
      },
    });
    const saved = await frontendWebsiteunitNew(unit(6));
    expect(saved.status_code, saved.status_message).toBe('10000');
    expect(saved.website_unit.content).toEqual({ kind: 'shop_highlights', text: { en: 'This week', tr: 'Bu hafta' }, count: 6 });
    for (const count of [0, 13]) {
      const refused = (await frontendWebsiteunitNew(unit(count))) as unknown as { status_code: string; errors?: { field: string }[] };
      expect(refused.status_code).toBe('10001');
      expect(refused.errors?.map((e) => e.field)).toContain('website_unit.content.count');
    }
  });
});
