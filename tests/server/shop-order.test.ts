// The staff's order list of a shop: orders (written here straight into the tables the cart calls will fill)
// with their lines, the status, customer, date and search filters, sorting and paging, and who may see them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userShopOrderList } from '../../src/generated/client/index.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, tenantIdOf, type Actor } from './support/actors.ts';
import { addBundle, insertOrder, openShop } from './support/shops.ts';

describe.each(databaseKinds('same-on-every-database'))('the shop order list on %s', (kind) => {
  let t: TestApp;
  let owner: Actor;
  let manager: Actor;
  let bundler: Actor;
  let outsider: Actor;
  let shop: string;
  let orders: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const tenantId = await tenantIdOf(t.db);
    owner = await actor(t, 'order.owner', { authCodes: ['shop_new', 'shop_admin'] });
    manager = await actor(t, 'order.manager', { authCodes: ['shop_order_bundle_status_management'] });
    bundler = await actor(t, 'order.bundler', { authCodes: ['shop_bundle_add_edit'] });
    outsider = await actor(t, 'order.outsider', { authCodes: ['shop_new', 'shop_admin'] });
    shop = await openShop(owner, 'Sipariş Mağazası', [manager, bundler]);
    const otherShop = await openShop(outsider, 'Başka Mağaza');
    const bundle = await addBundle(owner, shop, 'Analiz Paketi');
    const other = await addBundle(outsider, otherShop, 'Başka Paket');
    const ayse = await actor(t, 'ayse.yilmaz');
    await t.db.query("update app_user set firstname = 'Ayşe', lastname = 'Yılmaz' where user_id = $1", [ayse.userId]);
    const mehmet = await actor(t, 'mehmet.kaya');
    const base = { tenantId, shopId: shop, bundleId: bundle };
    orders = {
      old: await insertOrder(t.db, { ...base, userId: ayse.userId, total: 50000, orderDate: '2025-01-10T10:00:00Z', paymentDate: '2025-01-11T10:00:00Z', orderStatus: 'payment_approved', paymentStatus: 'payment_approved' }),
      mid: await insertOrder(t.db, { ...base, userId: mehmet.userId, total: 150000, orderDate: '2025-02-10T10:00:00Z' }),
      new: await insertOrder(t.db, { ...base, userId: ayse.userId, total: 1000, orderDate: '2025-03-10T10:00:00Z', orderStatus: 'payment_cancel', paymentStatus: 'payment_cancel' }),
    };
    await insertOrder(t.db, { tenantId, shopId: otherShop, bundleId: other, userId: mehmet.userId });
  });
  afterAll(() => t.close());

  it("lists the shop's orders, newest first, with their lines and customer", async () => {
    manager.use();
    const res = await userShopOrderList({ shop_client_id: shop, user_client_id: manager.userId });
    expect(res.status_code, res.status_message).toBe('10000');
    expect(res).toMatchObject({ total: 3, page: 1, page_size: 20 });
    expect(res.order_list.map((o) => o.order_client_id)).toEqual([orders.new, orders.mid, orders.old]);
    expect(res.order_list[2]).toMatchObject({
      customer_username: 'ayse.yilmaz',
      order_status: 'payment_approved',
      payment_status: 'payment_approved',
      payment_method: 'transfer_to_account',
      currency_type: 0,
      total_amount: 50000,
      order_date: '2025-01-10T10:00:00.000Z',
      payment_date: '2025-01-11T10:00:00.000Z',
    });
    expect(res.order_list[2].shopcart_bundle_client_id_list).toHaveLength(1);
  });

  it('filters by status, payment, customer, dates and search; sorts and pages', async () => {
    owner.use();
    const base = { shop_client_id: shop, user_client_id: owner.userId };
    const ids = async (input: Record<string, unknown>) => (await userShopOrderList({ ...base, ...input })).order_list.map((o) => o.order_client_id);
    expect(await ids({ order_status: 'payment_waiting' })).toEqual([orders.mid]);
    expect(await ids({ payment_status: 'payment_cancel' })).toEqual([orders.new]);
    expect(await ids({ customer_username: 'AYSE.yilmaz' })).toEqual([orders.new, orders.old]);
    expect(await ids({ order_date_from: '2025-02-10', order_date_to: '2025-02-10' })).toEqual([orders.mid]);
    expect(await ids({ order_date_to: '2025-02-09' })).toEqual([orders.old]);
    expect(await ids({ payment_date_from: '2025-01-01' })).toEqual([orders.old]);
    expect(await ids({ bill_date_from: '2025-01-01' })).toEqual([]);
    expect(await ids({ search: 'yılmaz' })).toEqual([orders.new, orders.old]);
    expect(await ids({ search: 'analiz pak' })).toHaveLength(3);
    expect(await ids({ sort: 'total_amount' })).toEqual([orders.new, orders.old, orders.mid]);
    expect(await ids({ sort: '-total_amount', page: 2, page_size: 2 })).toEqual([orders.new]);
  });

  it('is for the order auths and the shop\'s staff only', async () => {
    bundler.use();
    expect((await userShopOrderList({ shop_client_id: shop, user_client_id: bundler.userId })).status_code).toBe('10009');
    outsider.use();
    expect((await userShopOrderList({ shop_client_id: shop, user_client_id: outsider.userId })).status_code).toBe('10016');
  });
});
