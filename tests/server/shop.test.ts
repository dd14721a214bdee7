// Shops and their staff: opening one (a counted shop_new spends a use, in the same transaction), editing it
// and its staff (owner or admin only), the open shop get (staff only see the staff), the caller's list, and
// who reaches which shop: staff of shop A get 10016 on shop B, another site's shop does not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userShopEdit, userShopGet, userShopList, userShopNew } from '../../src/generated/client/index.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, auditCount, snapshot, tenantIdOf, type Actor } from './support/actors.ts';
import { grantForTest } from './support/authorizations.ts';
import { openShop, SEED_SHOP_ID } from './support/shops.ts';

describe.each(databaseKinds('same-on-every-database'))('shops on %s', (kind) => {
  let t: TestApp;
  let admin: Actor;
  let owner: Actor;
  let clerk: Actor;
  let stranger: Actor;
  let tenantId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    tenantId = await tenantIdOf(t.db);
    admin = await actor(t, 'admin');
    owner = await actor(t, 'shop.owner', { authCodes: ['shop_new', 'shop_admin'] });
    clerk = await actor(t, 'shop.clerk', { authCodes: ['shop_settings_edit', 'shop_bundle_add_edit'] });
    stranger = await actor(t, 'shop.stranger', { authCodes: ['shop_admin', 'shop_settings_edit'] });
  });
  afterAll(() => t.close());

  describe('user/shop/new', () => {
    it('opens a shop owned by the caller, with the named staff, and audits it', async () => {
      owner.use();
      const res = await userShopNew({
        user_client_id: owner.userId,
        shop_name: 'Anadolu Veri',
        shop_tax_number: '1234567890',
        shop_mail: 'satis@anadolu.example.com',
        bank_account_list: [{ bank_name: 'Örnek Bankası', account_holder: 'Anadolu Veri', iban: 'TR330006100519786457841326' }],
        shop_member_list: [{ user_client_id: clerk.userId }],
      });
      expect(res.status_code, res.status_message).toBe('10000');
      expect(res.shop).toMatchObject({ shop_name: 'Anadolu Veri', user_client_id: owner.userId, shop_status: 'active', shop_tax_number: '1234567890' });
      expect(res.shop.shop_member_list).toEqual([
        { user_client_id: owner.userId, username: 'shop.owner', is_owner: true },
        { user_client_id: clerk.userId, username: 'shop.clerk', is_owner: false },
      ]);
      const [audit] = await t.db.query<{ entity: string; record_id: string }>(
        "select entity, record_id from audit_record where route_name = 'user_shop_new' and status_code = '10000' order by occurred_at desc limit 1",
      );
      expect(audit).toEqual({ entity: 'shop', record_id: res.shop.shop_client_id });
    });

    it('spends one use of a counted shop_new per shop and refuses with 11021, changing nothing, when none is left', async () => {
      const counted = await actor(t, 'shop.counted');
      await grantForTest(t.db, tenantId, counted.userId, 'shop_new', { authType: 'counted', authCount: 2 });
      counted.use();
      for (const name of ['Birinci', 'İkinci']) expect((await userShopNew({ user_client_id: counted.userId, shop_name: name })).status_code).toBe('10000');
      const [{ auth_count }] = await t.db.query<{ auth_count: number }>(
        `select a.auth_count from "authorization" a join user_authorization h on h.auth_id = a.auth_id where h.user_id = $1 and a.auth_name = 'shop_new'`,
        [counted.userId],
      );
      expect(auth_count).toBe(0);
      const before = await snapshot(t.db);
      counted.use({ lang: 0 });
      const third = await userShopNew({ user_client_id: counted.userId, shop_name: 'Üçüncü' });
      expect(third).toMatchObject({ status_code: '11021', status_message: 'Lütfen yetki miktarını kontrol edin' });
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('spends nothing of an unlimited shop_new or for an admin', async () => {
      const before = await t.db.query('select auth_id, auth_count from "authorization" order by auth_id');
      admin.use();
      expect((await userShopNew({ user_client_id: admin.userId, shop_name: 'Yönetici Mağazası' })).status_code).toBe('10000');
      expect((await openShop(owner, 'Sınırsız'))).toMatch(/^[0-9a-f-]{36}$/);
      expect(await t.db.query('select auth_id, auth_count from "authorization" order by auth_id')).toEqual(before);
    });

    it("refuses another user's id in user_client_id, naming the field, and writes nothing", async () => {
      const before = await snapshot(t.db);
      owner.use();
      const res = (await userShopNew({ user_client_id: clerk.userId, shop_name: 'Sahte' })) as unknown as { status_code: string; errors: { field: string }[] };
      expect(res.status_code).toBe('10001');
      expect(res.errors).toEqual([{ field: 'user_client_id', message: 'must be your own user id' }]);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('answers 10016 for staff who are not users of this site, and creates nothing', async () => {
      const other = await actor(t, 'shop.elsewhere', { domain: 'clinical.localhost' });
      const before = await snapshot(t.db);
      owner.use();
      expect((await userShopNew({ user_client_id: owner.userId, shop_name: 'Yanlış', shop_member_list: [{ user_client_id: other.userId }] })).status_code).toBe('10016');
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('refuses a caller without admin or shop_new (10009)', async () => {
      clerk.use();
      expect((await userShopNew({ user_client_id: clerk.userId, shop_name: 'Olmaz' })).status_code).toBe('10009');
    });

    it('needs shop_name: 10002 with the field named', async () => {
      owner.use();
      const res = (await userShopNew({ user_client_id: owner.userId } as never)) as unknown as { status_code: string; errors: { field: string }[] };
      expect(res.status_code).toBe('10002');
      expect(res.errors.map((e) => e.field)).toEqual(['shop_name']);
    });
  });

  describe('user/shop/edit', () => {
    let shopId: string;
    beforeAll(async () => {
      shopId = await openShop(owner, 'Düzenlenecek Mağaza', [clerk]);
    });

    it('replaces the details (left-out optional fields are cleared) and keeps the status unless sent', async () => {
      clerk.use();
      const first = await userShopEdit({ shop_client_id: shopId, user_client_id: clerk.userId, shop_name: 'Yeni Ad', shop_address: 'Bağdat Cad. 1', shop_tax_office: 'Kadıköy' });
      expect(first.status_code, first.status_message).toBe('10000');
      expect(first.shop).toMatchObject({ shop_name: 'Yeni Ad', shop_address: 'Bağdat Cad. 1', shop_status: 'active' });
      const second = await userShopEdit({ shop_client_id: shopId, user_client_id: clerk.userId, shop_name: 'Yeni Ad', shop_status: 'passive' });
      expect(second.shop).not.toHaveProperty('shop_address');
      expect(second.shop.shop_status).toBe('passive');
      const third = await userShopEdit({ shop_client_id: shopId, user_client_id: clerk.userId, shop_name: 'Yeni Ad' });
      expect(third.shop.shop_status).toBe('passive');
      await userShopEdit({ shop_client_id: shopId, user_client_id: clerk.userId, shop_name: 'Yeni Ad', shop_status: 'active' });
    });

    it("lets a member send the staff unchanged but not change them (10009, nothing changes); the owner and an admin may", async () => {
      const extra = await actor(t, 'shop.extra');
      clerk.use();
      const same = await userShopEdit({
        shop_client_id: shopId,
        user_client_id: clerk.userId,
        shop_name: 'Yeni Ad',
        shop_member_list: [{ user_client_id: clerk.userId, username: 'shop.clerk' }, { user_client_id: owner.userId }],
      });
      expect(same.status_code, same.status_message).toBe('10000');
      const before = await snapshot(t.db);
      const changed = await userShopEdit({ shop_client_id: shopId, user_client_id: clerk.userId, shop_name: 'Başka', shop_member_list: [{ user_client_id: extra.userId }] });
      expect(changed.status_code).toBe('10009');
      expect(await snapshot(t.db)).toEqual(before);

      owner.use();
      const byOwner = await userShopEdit({ shop_client_id: shopId, user_client_id: owner.userId, shop_name: 'Yeni Ad', shop_member_list: [{ user_client_id: extra.userId }] });
      // The owner always stays, whatever the list says.
      expect(byOwner.shop.shop_member_list?.map((m) => m.username)).toEqual(['shop.owner', 'shop.extra']);
      admin.use();
      const byAdmin = await userShopEdit({
        shop_client_id: shopId,
        user_client_id: admin.userId,
        shop_name: 'Yeni Ad',
        shop_member_list: [{ user_client_id: clerk.userId }, { user_client_id: extra.userId }],
      });
      expect(byAdmin.shop.shop_member_list?.map((m) => m.username)).toEqual(['shop.owner', 'shop.clerk', 'shop.extra']);
    });

    it("answers 10016 to a shop admin of another shop, changing nothing (shop A's staff cannot reach shop B)", async () => {
      await openShop(await actor(t, 'shop.b.owner', { authCodes: ['shop_new'] }), 'B Mağazası');
      const before = await snapshot(t.db);
      stranger.use();
      const res = await userShopEdit({ shop_client_id: shopId, user_client_id: stranger.userId, shop_name: 'Ele Geçirildi' });
      expect(res).toMatchObject({ status_code: '10016', status_message: 'There is no shop with this id on this site.' });
      expect(await snapshot(t.db)).toEqual(before);
      expect(await auditCount(t.db, 'user_shop_edit', '10016')).toBeGreaterThan(0);
    });

    it('does not reach a shop of another site', async () => {
      const clinicalAdmin = await actor(t, 'admin', { domain: 'clinical.localhost' });
      clinicalAdmin.use();
      expect((await userShopEdit({ shop_client_id: shopId, user_client_id: clinicalAdmin.userId, shop_name: 'X' })).status_code).toBe('10016');
      expect((await userShopGet({ shop_client_id: shopId })).status_code).toBe('10016');
    });
  });

  describe('user/shop/get', () => {
    it('shows visitors the public details and only staff the staff', async () => {
      const shopId = await openShop(owner, 'Görünür Mağaza', [clerk]);
      t.as({ query: { __lang__v: 1 } });
      const visitor = await userShopGet({ shop_client_id: shopId });
      expect(visitor.status_code).toBe('10000');
      expect(visitor.shop).toMatchObject({ shop_name: 'Görünür Mağaza', user_client_id: owner.userId });
      expect(visitor.shop).not.toHaveProperty('shop_member_list');
      stranger.use();
      expect((await userShopGet({ shop_client_id: shopId })).shop).not.toHaveProperty('shop_member_list');
      clerk.use();
      expect((await userShopGet({ shop_client_id: shopId })).shop.shop_member_list).toHaveLength(2);
      admin.use();
      expect((await userShopGet({ shop_client_id: shopId })).shop.shop_member_list).toHaveLength(2);
      expect((await userShopGet({ shop_client_id: '3b42b360-66af-4676-8979-006146c6be14' })).status_code).toBe('10016');
    });
  });

  describe('user/shop/list', () => {
    it("lists only the caller's shops; admin sees every shop of the site", async () => {
      const solo = await actor(t, 'shop.solo', { authCodes: ['shop_new'] });
      const mine = await openShop(solo, 'Tek Başına');
      solo.use();
      const list = await userShopList({ user_client_id: solo.userId });
      expect(list).toMatchObject({ status_code: '10000', total: 1, page: 1, page_size: 20 });
      expect(list.shop_list.map((s) => s.shop_client_id)).toEqual([mine]);
      admin.use();
      const all = await userShopList({ user_client_id: admin.userId, page_size: 100 });
      const [{ n }] = await t.db.query<{ n: number }>('select count(*)::int as n from shop where tenant_id = $1', [tenantId]);
      expect(all.total).toBe(n);
      expect(all.shop_list.map((s) => s.shop_client_id)).toContain(SEED_SHOP_ID);
      expect(all.shop_list.map((s) => s.shop_client_id)).toContain(mine);
    });

    it('searches, filters by status, sorts and pages', async () => {
      admin.use();
      const search = await userShopList({ user_client_id: admin.userId, search: 'veri mağ' });
      expect(search.shop_list.map((s) => s.shop_name)).toEqual(['Sema Veri Mağazası']);
      const literal = await userShopList({ user_client_id: admin.userId, search: '%' });
      expect(literal.total).toBe(0);
      for (const name of ['Order Zeta', 'order alpha', 'ORDER Beta']) await openShop(owner, name);
      admin.use();
      const ordered = await userShopList({ user_client_id: admin.userId, search: 'order ', sort: 'shop_name' });
      expect(ordered.shop_list.map((s) => s.shop_name)).toEqual(['order alpha', 'ORDER Beta', 'Order Zeta']);
      expect((await userShopList({ user_client_id: admin.userId, search: 'order ', sort: '-shop_name' })).shop_list.map((s) => s.shop_name)).toEqual([
        'Order Zeta',
        'ORDER Beta',
        'order alpha',
      ]);
      const byName = await userShopList({ user_client_id: admin.userId, sort: 'shop_name', page_size: 100 });
      const page2 = await userShopList({ user_client_id: admin.userId, sort: 'shop_name', page: 2, page_size: 2 });
      expect(page2.shop_list.map((s) => s.shop_name)).toEqual(byName.shop_list.slice(2, 4).map((s) => s.shop_name));
      const passive = await userShopList({ user_client_id: admin.userId, shop_status: 'passive' });
      expect(passive.shop_list.every((s) => s.shop_status === 'passive')).toBe(true);
    });
  });
});
