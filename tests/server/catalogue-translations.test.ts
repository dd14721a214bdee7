// Catalogue texts in the reader's language (docs/decisions.md): a bundle and a product keep the spec's text
// fields and take an optional `translations` object by language, stored and answered exactly as sent by every
// call that answers them; a translation in a language the product does not speak, of a field the entity does
// not have, over the field's bounds or holding NUL is refused with the error envelope and nothing is stored;
// the staff lists find a bundle by a translated name and sort names as the caller reads them; an Excel update
// leaves translations alone.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleAndProductListAll,
  bundleDetails,
  shopBundleUpdateByExcel,
  userShopBundleEdit,
  userShopBundleGet,
  userShopBundleList,
  userShopBundleNew,
  userShopBundleProductEdit,
  userShopBundleProductGet,
  userShopBundleProductList,
  userShopBundleProductNew,
} from '../../src/generated/client/index.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, type Actor } from './support/actors.ts';
import { addBundle, addProduct, openShop } from './support/shops.ts';

type Refused = { status_code: string; status_message: string; errors?: { field: string; message: string }[] };

const BUNDLE_TRANSLATIONS = {
  en: { bundle_name: 'Free Trial', feature_list: ['100 analysis credits', 'No card needed'] },
  tr: { bundle_name: 'Ücretsiz Deneme (TR)' },
};
const PRODUCT_TRANSLATIONS = {
  en: { pro_name: 'Trial Credits', pro_info: 'Credits to try every analysis.', pro_group_name: 'Credits', pro_count_suffix: 'credits' },
};

/** Bad translations and what the refusal names; each must change nothing. */
const BAD_BUNDLE: [string, unknown][] = [
  ['a language the product does not speak', { de: { bundle_name: 'Testpaket' } }],
  ['a field the bundle does not have', { en: { pro_name: 'Trial' } }],
  ['a name over 200 characters', { en: { bundle_name: 'x'.repeat(201) } }],
  ['a feature over 200 characters', { en: { feature_list: ['y'.repeat(201)] } }],
  ['a NUL character', { en: { bundle_name: 'Free\u0000Trial' } }],
  ['a language that is not an object', { en: 'Free Trial' }],
];
const BAD_PRODUCT: [string, unknown][] = [
  ['a language the product does not speak', { fr: { pro_name: 'Crédits' } }],
  ['a field the product does not have', { en: { bundle_name: 'Credits' } }],
  ['a count unit over 30 characters', { en: { pro_count_suffix: 'c'.repeat(31) } }],
  ['a NUL character', { en: { pro_info: 'line\u0000break' } }],
];

describe.each(databaseKinds('same-on-every-database'))('catalogue translations on %s', (kind) => {
  let t: TestApp;
  let bundler: Actor;
  let shop: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const owner = await actor(t, 'tr.owner', { authCodes: ['shop_new', 'shop_admin'] });
    bundler = await actor(t, 'tr.bundler', { authCodes: ['shop_bundle_add_edit'] });
    shop = await openShop(owner, 'Çeviri Mağazası', [bundler]);
  });
  afterAll(() => t.close());

  const ids = (bundleId: string) => ({ shop_client_id: shop, bundle_client_id: bundleId, user_client_id: bundler.userId });

  it('stores a bundle with its translations and answers them as sent on new, get, list, edit and the open calls', async () => {
    bundler.use();
    const created = await userShopBundleNew({
      shop_client_id: shop,
      user_client_id: bundler.userId,
      bundle_name: 'Ücretsiz Deneme',
      feature_list: ['100 analiz kredisi', 'Kart gerekmez'],
      translations: BUNDLE_TRANSLATIONS,
    });
    expect(created.status_code, created.status_message).toBe('10000');
    expect(created.bundle).toMatchObject({ bundle_name: 'Ücretsiz Deneme', feature_list: ['100 analiz kredisi', 'Kart gerekmez'], translations: BUNDLE_TRANSLATIONS });
    const bundleId = created.bundle.bundle_client_id;
    expect((await userShopBundleGet(ids(bundleId))).bundle).toEqual(created.bundle);
    const listed = (await userShopBundleList({ shop_client_id: shop, user_client_id: bundler.userId })).bundle_list.find((b) => b.bundle_client_id === bundleId);
    expect(listed).toEqual(created.bundle);
    expect((await bundleDetails({ bundle_client_id: bundleId })).bundle.translations).toEqual(BUNDLE_TRANSLATIONS);
    const all = await bundleAndProductListAll({ shop_client_id: shop });
    expect(all.bundle_list.find((b) => b.bundle.bundle_client_id === bundleId)?.bundle.translations).toEqual(BUNDLE_TRANSLATIONS);

    // Edit replaces them; an empty text is kept as sent (the reader then sees the main text).
    const edited = await userShopBundleEdit({ ...ids(bundleId), bundle_name: 'Ücretsiz Deneme', translations: { en: { bundle_name: 'Trial', feature_list: [] } } });
    expect(edited.status_code, edited.status_message).toBe('10000');
    expect(edited.bundle.translations).toEqual({ en: { bundle_name: 'Trial', feature_list: [] } });
    expect(edited.bundle).not.toHaveProperty('feature_list');
    // Left out on edit, like every optional field: cleared.
    const cleared = await userShopBundleEdit({ ...ids(bundleId), bundle_name: 'Ücretsiz Deneme' });
    expect(cleared.bundle).not.toHaveProperty('translations');
    expect((await userShopBundleGet(ids(bundleId))).bundle).not.toHaveProperty('translations');
  });

  it('stores a product with its translations and answers them on new, get, list, edit and with its bundle', async () => {
    const bundleId = await addBundle(bundler, shop, 'Ürünlü paket');
    bundler.use();
    const created = await userShopBundleProductNew({
      ...ids(bundleId),
      pro_name: 'Deneme Kredisi',
      pro_info: 'Her analizi denemek için kredi.',
      pro_group_name: 'Kredi',
      pro_count_suffix: 'kredi',
      pro_usage_count: 100,
      translations: PRODUCT_TRANSLATIONS,
    });
    expect(created.status_code, created.status_message).toBe('10000');
    expect(created.bundle_product).toMatchObject({ pro_name: 'Deneme Kredisi', pro_count_suffix: 'kredi', translations: PRODUCT_TRANSLATIONS });
    const proId = created.bundle_product.pro_client_id;
    expect((await userShopBundleProductGet({ ...ids(bundleId), pro_client_id: proId })).bundle_product).toEqual(created.bundle_product);
    expect((await userShopBundleProductList(ids(bundleId))).bundle_product_list).toEqual([created.bundle_product]);
    expect((await userShopBundleGet(ids(bundleId))).product_list).toEqual([created.bundle_product]);
    expect((await bundleDetails({ bundle_client_id: bundleId })).product_list).toEqual([created.bundle_product]);

    const tr = { tr: { pro_count_suffix: 'adet' } };
    const edited = await userShopBundleProductEdit({ ...ids(bundleId), pro_client_id: proId, pro_name: 'Deneme Kredisi', translations: tr });
    expect(edited.status_code, edited.status_message).toBe('10000');
    expect(edited.bundle_product.translations).toEqual(tr);
    expect((await userShopBundleProductGet({ ...ids(bundleId), pro_client_id: proId })).bundle_product.translations).toEqual(tr);
  });

  describe('refuses bad translations with the error envelope, storing nothing', () => {
    it.each(BAD_BUNDLE)('of a bundle: %s', async (_why, translations) => {
      const bundleId = await addBundle(bundler, shop, 'Korunan paket', { translations: { en: { bundle_name: 'Kept' } } });
      const before = await snapshot(t.db);
      bundler.use({ lang: 0 });
      const answers = [
        (await userShopBundleNew({ shop_client_id: shop, user_client_id: bundler.userId, bundle_name: 'Yeni', translations } as never)) as unknown as Refused,
        (await userShopBundleEdit({ ...ids(bundleId), bundle_name: 'Değişmiş', translations } as never)) as unknown as Refused,
      ];
      for (const a of answers) {
        expect(a.status_code).toBe('10001');
        expect(a.status_code.endsWith('000')).toBe(false);
        expect(a.status_message).toBeTruthy();
        expect(a.errors?.length, JSON.stringify(a)).toBeGreaterThan(0);
        expect(a.errors!.every((e) => e.field.startsWith('translations'))).toBe(true);
      }
      expect(await snapshot(t.db)).toEqual(before);
      bundler.use();
      expect((await userShopBundleGet(ids(bundleId))).bundle).toMatchObject({ bundle_name: 'Korunan paket', translations: { en: { bundle_name: 'Kept' } } });
    });

    it.each(BAD_PRODUCT)('of a product: %s', async (_why, translations) => {
      const bundleId = await addBundle(bundler, shop, 'Ürün paketi');
      const proId = await addProduct(bundler, shop, bundleId, 'Korunan ürün', { translations: { en: { pro_name: 'Kept product' } } });
      const before = await snapshot(t.db);
      bundler.use();
      const answers = [
        (await userShopBundleProductNew({ ...ids(bundleId), pro_name: 'Yeni', translations } as never)) as unknown as Refused,
        (await userShopBundleProductEdit({ ...ids(bundleId), pro_client_id: proId, pro_name: 'Değişmiş', translations } as never)) as unknown as Refused,
      ];
      for (const a of answers) {
        expect(a.status_code).toBe('10001');
        expect(a.errors?.length, JSON.stringify(a)).toBeGreaterThan(0);
      }
      expect(await snapshot(t.db)).toEqual(before);
      expect((await userShopBundleProductGet({ ...ids(bundleId), pro_client_id: proId })).bundle_product).toMatchObject({
        pro_name: 'Korunan ürün',
        translations: { en: { pro_name: 'Kept product' } },
      });
    });
  });

  it('finds a bundle and a product by a translated name, and sorts names as the caller reads them', async () => {
    const listShop = await openShop(await actor(t, 'tr.owner'), 'Sıralama Mağazası', [bundler]);
    // Turkish order: Armut, Çilek, Zeytin; English order: Cherry (Zeytin), Pear (Armut), Strawberry (Çilek).
    for (const [tr, en] of [
      ['Armut', 'Pear'],
      ['Çilek', 'Strawberry'],
      ['Zeytin', 'Cherry'],
    ])
      await addBundle(bundler, listShop, tr, { translations: { en: { bundle_name: en } } });
    const base = { shop_client_id: listShop, user_client_id: bundler.userId };
    bundler.use({ lang: 1 });
    expect((await userShopBundleList({ ...base, sort: 'bundle_name' })).bundle_list.map((b) => b.bundle_name)).toEqual(['Zeytin', 'Armut', 'Çilek']);
    expect((await userShopBundleList({ ...base, search: 'straw' })).bundle_list.map((b) => b.bundle_name)).toEqual(['Çilek']);
    bundler.use({ lang: 0 });
    expect((await userShopBundleList({ ...base, sort: 'bundle_name' })).bundle_list.map((b) => b.bundle_name)[0]).toBe('Armut');
    // A Turkish reader finds it by its English name too.
    expect((await userShopBundleList({ ...base, search: 'pear' })).bundle_list.map((b) => b.bundle_name)).toEqual(['Armut']);

    const bundleId = (await userShopBundleList({ ...base, search: 'Armut' })).bundle_list[0].bundle_client_id;
    await addProduct(bundler, listShop, bundleId, 'Kilo', { translations: { en: { pro_name: 'Kilogram', pro_group_name: 'Weight' } } });
    await addProduct(bundler, listShop, bundleId, 'Adet', { translations: { en: { pro_name: 'Piece' } } });
    bundler.use({ lang: 1 });
    const products = { ...base, bundle_client_id: bundleId };
    expect((await userShopBundleProductList({ ...products, search: 'weigh' })).bundle_product_list.map((p) => p.pro_name)).toEqual(['Kilo']);
    expect((await userShopBundleProductList({ ...products, sort: 'pro_name' })).bundle_product_list.map((p) => p.pro_name)).toEqual(['Kilo', 'Adet']);
    // The open list finds the bundle by its product's English name.
    expect((await bundleAndProductListAll({ shop_client_id: listShop, search: 'piece' })).bundle_list.map((b) => b.bundle.bundle_name)).toEqual(['Armut']);
  });

  it('keeps the translations of a bundle and a product an Excel update changes', async () => {
    const bundleId = await addBundle(bundler, shop, 'Excel paketi', { translations: BUNDLE_TRANSLATIONS });
    const proId = await addProduct(bundler, shop, bundleId, 'Excel ürünü', { translations: PRODUCT_TRANSLATIONS });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Paketler');
    ws.addRow(['bundle_client_id', 'priority', 'pro_client_id', 'pro_usage_count']);
    ws.addRow([bundleId, 'high', proId, 5]);
    bundler.use();
    const res = await shopBundleUpdateByExcel({
      shop_client_id: shop,
      user_client_id: bundler.userId,
      excel_file: { file_name: 'paketler.xlsx', content_base64: Buffer.from(await wb.xlsx.writeBuffer()).toString('base64') },
    });
    expect(res.status_code, JSON.stringify(res)).toBe('10000');
    const got = await userShopBundleGet(ids(bundleId));
    expect(got.bundle).toMatchObject({ priority: 'high', translations: BUNDLE_TRANSLATIONS });
    expect(got.product_list[0]).toMatchObject({ pro_usage_count: 5, translations: PRODUCT_TRANSLATIONS });
  });
});
