// Bundle agreements and product agreements: staff new/edit/get (the version goes up when what a buyer
// approves changes), the open lists (visitors see active ones, staff every status), ownership and sites.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  userShopBundleAgreementEdit,
  userShopBundleAgreementGet,
  userShopBundleAgreementList,
  userShopBundleAgreementNew,
  userShopBundleProductAgreementEdit,
  userShopBundleProductAgreementGet,
  userShopBundleProductAgreementList,
  userShopBundleProductAgreementNew,
} from '../../src/generated/client/index.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, type Actor } from './support/actors.ts';
import { addBundle, addProduct, openShop } from './support/shops.ts';

describe.each(databaseKinds('same-on-every-database'))('agreements on %s', (kind) => {
  let t: TestApp;
  let owner: Actor;
  let bundler: Actor;
  let outsider: Actor;
  let shop: string;
  let bundleId: string;
  let proId: string;
  const visitor = () => t.as({ query: { __lang__v: 1 } });

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await actor(t, 'agreement.owner', { authCodes: ['shop_new', 'shop_admin'] });
    bundler = await actor(t, 'agreement.bundler', { authCodes: ['shop_bundle_add_edit'] });
    outsider = await actor(t, 'agreement.outsider', { authCodes: ['shop_new', 'shop_admin'] });
    shop = await openShop(owner, 'Sözleşme Mağazası', [bundler]);
    bundleId = await addBundle(bundler, shop, 'Sözleşmeli paket');
    proId = await addProduct(bundler, shop, bundleId, 'Sözleşmeli ürün');
    await openShop(outsider, 'Dış Mağaza');
  });
  afterAll(() => t.close());

  it('creates, edits (raising the version only when the text changes) and gets a bundle agreement', async () => {
    bundler.use();
    const ids = { shop_client_id: shop, bundle_client_id: bundleId, user_client_id: bundler.userId };
    const created = await userShopBundleAgreementNew({ ...ids, agreement_name: 'KVKK Aydınlatma Metni', agreement_text: '<p>Metin</p>', approve_required: true });
    expect(created.status_code, created.status_message).toBe('10000');
    expect(created.agreement).toMatchObject({ agreement_name: 'KVKK Aydınlatma Metni', agreement_version: 1, agreement_status: 'active', approve_required: true, shop_client_id: shop });
    const id = created.agreement.agreement_client_id;
    const statusOnly = await userShopBundleAgreementEdit({ ...ids, agreement_client_id: id, agreement_name: 'KVKK Aydınlatma Metni', agreement_text: '<p>Metin</p>', approve_required: true, agreement_status: 'passive' });
    expect(statusOnly.agreement).toMatchObject({ agreement_version: 1, agreement_status: 'passive' });
    const text = await userShopBundleAgreementEdit({ ...ids, agreement_client_id: id, agreement_name: 'KVKK Aydınlatma Metni', agreement_text: '<p>Yeni metin</p>', approve_required: true });
    expect(text.agreement).toMatchObject({ agreement_version: 2, agreement_status: 'passive', agreement_text: '<p>Yeni metin</p>' });
    const flag = await userShopBundleAgreementEdit({ ...ids, agreement_client_id: id, agreement_name: 'KVKK Aydınlatma Metni', agreement_text: '<p>Yeni metin</p>', agreement_status: 'active' });
    expect(flag.agreement).toMatchObject({ agreement_version: 3, approve_required: false, agreement_status: 'active' });
    expect((await userShopBundleAgreementGet({ ...ids, agreement_client_id: id })).agreement).toEqual(flag.agreement);
  });

  it('creates, edits and gets a product agreement', async () => {
    bundler.use();
    const ids = { shop_client_id: shop, bundle_client_id: bundleId, user_client_id: bundler.userId, pro_client_id: proId };
    const created = await userShopBundleProductAgreementNew({ ...ids, agreement_name: 'Kullanım Koşulları', agreement_text: 'Koşullar' });
    expect(created.status_code, created.status_message).toBe('10000');
    expect(created.product_agreement).toMatchObject({ pro_client_id: proId, agreement_version: 1, approve_required: false });
    const id = created.product_agreement.product_agreement_client_id;
    const edited = await userShopBundleProductAgreementEdit({ ...ids, product_agreement_client_id: id, agreement_name: 'Kullanım Koşulları v2', agreement_text: 'Koşullar' });
    expect(edited.product_agreement.agreement_version).toBe(2);
    expect((await userShopBundleProductAgreementGet({ ...ids, product_agreement_client_id: id })).product_agreement).toEqual(edited.product_agreement);
    // Another product's id in the path is not this agreement.
    const otherProduct = await addProduct(bundler, shop, bundleId, 'İkinci ürün');
    bundler.use();
    expect((await userShopBundleProductAgreementGet({ ...ids, pro_client_id: otherProduct, product_agreement_client_id: id })).status_code).toBe('10016');
  });

  it('shows visitors the active agreements and staff every status, filtered and paged', async () => {
    bundler.use();
    const ids = { shop_client_id: shop, bundle_client_id: bundleId, user_client_id: bundler.userId };
    await userShopBundleAgreementNew({ ...ids, agreement_name: 'Gizli taslak', agreement_text: 'x', agreement_status: 'passive' });
    await userShopBundleProductAgreementNew({ ...ids, pro_client_id: proId, agreement_name: 'Ürün taslağı', agreement_text: 'x', agreement_status: 'passive' });
    visitor();
    const open = await userShopBundleAgreementList({ bundle_client_id: bundleId });
    expect(open.status_code).toBe('10000');
    expect(open.agreement_list.every((a) => a.agreement_status === 'active')).toBe(true);
    expect(open.agreement_list.map((a) => a.agreement_name)).not.toContain('Gizli taslak');
    expect((await userShopBundleAgreementList({ bundle_client_id: bundleId, agreement_status: 'passive' })).total).toBe(0);
    expect((await userShopBundleProductAgreementList({ bundle_client_id: bundleId, pro_client_id: proId })).product_agreement_list.map((a) => a.agreement_name)).toEqual([
      'Kullanım Koşulları v2',
    ]);
    outsider.use();
    expect((await userShopBundleAgreementList({ bundle_client_id: bundleId })).total).toBe(open.total);
    bundler.use();
    const staff = await userShopBundleAgreementList({ bundle_client_id: bundleId, shop_client_id: shop, sort: 'agreement_name' });
    expect(staff.agreement_list.map((a) => a.agreement_name)).toEqual(['Gizli taslak', 'KVKK Aydınlatma Metni']);
    expect((await userShopBundleAgreementList({ bundle_client_id: bundleId, agreement_status: 'passive' })).agreement_list.map((a) => a.agreement_name)).toEqual(['Gizli taslak']);
    expect((await userShopBundleAgreementList({ bundle_client_id: bundleId, search: 'kvkk' })).total).toBe(1);
    expect((await userShopBundleAgreementList({ bundle_client_id: bundleId, page_size: 1, page: 2 })).agreement_list).toHaveLength(1);
    expect((await userShopBundleProductAgreementList({ bundle_client_id: bundleId, pro_client_id: proId })).total).toBe(2);
    // A bundle not in the named shop, or of another site, is unknown.
    visitor();
    expect((await userShopBundleAgreementList({ bundle_client_id: bundleId, shop_client_id: '3b42b360-66af-4676-8979-006146c6be14' })).status_code).toBe('10016');
    t.as({ host: 'clinical.localhost', query: { __lang__v: 1 } });
    expect((await userShopBundleAgreementList({ bundle_client_id: bundleId })).status_code).toBe('10016');
    expect((await userShopBundleProductAgreementList({ bundle_client_id: bundleId, pro_client_id: proId })).status_code).toBe('10016');
  });

  it('answers 10016 to staff of another shop and changes nothing', async () => {
    bundler.use();
    const ids = { shop_client_id: shop, bundle_client_id: bundleId };
    const a = await userShopBundleAgreementNew({ ...ids, user_client_id: bundler.userId, agreement_name: 'Hedef', agreement_text: 'x' });
    const before = await snapshot(t.db);
    outsider.use();
    const mine = { ...ids, user_client_id: outsider.userId };
    for (const res of [
      await userShopBundleAgreementNew({ ...mine, agreement_name: 'Sızma', agreement_text: 'x' }),
      await userShopBundleAgreementEdit({ ...mine, agreement_client_id: a.agreement.agreement_client_id, agreement_name: 'Sızma', agreement_text: 'x' }),
      await userShopBundleAgreementGet({ ...mine, agreement_client_id: a.agreement.agreement_client_id }),
      await userShopBundleProductAgreementNew({ ...mine, pro_client_id: proId, agreement_name: 'Sızma', agreement_text: 'x' }),
    ])
      expect(res.status_code).toBe('10016');
    expect(await snapshot(t.db)).toEqual(before);
  });
});
