// Bills on the server (issue 10): made by the shop's staff for a paid order with their sums checked, edited
// while drafts, approved with the shop's next number of the year (no gaps, kept when approved twice) which
// moves the order to bill completed, cancelled with the order's refund; buyers see their own approved bills.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  userBillApprove,
  userBillEdit,
  userBillList,
  userBillListNotApproved,
  userBillNew,
  userShopcartBundleAdd,
  userShopcartBundlePaymentRecord,
  userShopcartBundleProductOrder,
  userShopcartBundleProductPaymentStatusChange,
} from '../../src/generated/client/index.ts';
import shops from '../../fixtures/seed/shops.json' with { type: 'json' };
import { TEST_CARDS } from '../../server/services/payment-provider.ts';
import { billTotals, linesFromPaid } from '../../src/domain/bill-sums.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, type Actor } from './support/actors.ts';
import { SEED_SHOP_ID } from './support/shops.ts';

const STARTER = shops.shops[0].bundle_list[0];
const year = new Date().getUTCFullYear();

describe.each(databaseKinds('depends-on-database'))('bills on %s', (kind) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await actor(t, 'admin');
  });
  afterAll(() => t.close());

  /** An order of the starter bundle by `who`, paid by card unless `paid` is false. */
  async function order(who: Actor, paid = true) {
    who.use();
    const cart = await userShopcartBundleAdd({ shop_client_id: SEED_SHOP_ID, bundle_client_id: STARTER.bundle.bundle_client_id, user_client_id: who.userId, add_bundle_count: 1 });
    const line = cart.shopcart_list[0].shopcart_bundle_client_id;
    const { order } = await userShopcartBundleProductOrder({
      shop_client_id: SEED_SHOP_ID,
      user_client_id: who.userId,
      shopcart_bundle_client_id_list: [line],
      payment_method: 'credit_card',
      approved_agreement_list: [STARTER.agreement_list[0].agreement_client_id],
    });
    if (paid)
      expect(
        (
          await userShopcartBundlePaymentRecord({
            user_client_id: who.userId,
            order_client_id: order.order_client_id,
            payment_method: 'credit_card',
            card: { card_holder: 'Test Buyer', card_number: TEST_CARDS.success, card_month: 12, card_year: year + 2, card_cvv: '123' },
          })
        ).order_status,
      ).toBe('payment_approved');
    return { orderId: order.order_client_id, line };
  }
  // Paid 499,00 + 149,90 = 648,90 with the tax in it: at 20 % net 540,75 + tax 108,15; at 18 % a minor unit below (rounding).
  const fields = (tax_rate_percent = 20, total_price?: number) => {
    const product_items = linesFromPaid(
      STARTER.product_list.map((p) => ({ pro_client_id: p.pro_client_id, pro_name: p.pro_name, amount: p.currency_amount_list.find((c) => c.currency_type === 0)!.amount })),
      tax_rate_percent,
    );
    return {
      bill_date: `${year}-11-25T10:00:00.000Z`,
      shop_address: 'Atatürk Cad. 1, Ankara',
      shop_tax_number: '1234567890',
      shop_tax_office: 'Çankaya',
      tax_rate_percent,
      total_price: total_price ?? billTotals(product_items, tax_rate_percent).total,
      product_items,
    };
  };
  const rows = async (orderId: string) =>
    (await t.db.query<{ order_status: string; billed: boolean; bill_cancelled: boolean }>(
      'select order_status, bill_date is not null as billed, bill_cancel_date is not null as bill_cancelled from shop_order where order_client_id = $1',
      [orderId],
    ))[0];

  it('a draft with its sums checked, edited, approved with the next number of the year; the order is bill completed', async () => {
    const buyer = await actor(t, 'bill.buyer');
    const { orderId } = await order(buyer);
    admin.use();
    const base = { shop_client_id: SEED_SHOP_ID, user_client_id: admin.userId, order_client_id: orderId };
    const before = await snapshot(t.db);
    expect((await userBillNew({ ...base, ...fields(20, 77000) })).status_code).toBe('10001');
    expect(await snapshot(t.db)).toEqual(before);
    // Sums that add up, of a thousand times what was paid: refused, both sums said.
    const inflated = fields();
    inflated.product_items = inflated.product_items.map((l) => ({ ...l, quantity: 1000, line_total: l.unit_price * 1000 }));
    inflated.total_price = billTotals(inflated.product_items, 20).total;
    const refused = await userBillNew({ ...base, ...inflated });
    expect([refused.status_code, refused.status_message]).toEqual(['12046', 'A bill bills what its order was paid: this one\'s total is ₺648,900.00, and the order was paid ₺648.90.']);
    expect(await snapshot(t.db)).toEqual(before);
    const draft = await userBillNew({ ...base, ...fields(18) });
    expect(draft.bill).toMatchObject({ approve_status: 0, net_price: 54991, tax_price: 9898, total_price: 64889, currency_type: 0 });
    expect(draft.bill).not.toHaveProperty('bill_number');
    expect(draft.bill.shop_name).toBe(shops.shops[0].shop.shop_name);
    expect((await userBillNew({ ...base, ...fields() })).status_code).toBe('12023');
    const edited = await userBillEdit({ shop_client_id: SEED_SHOP_ID, user_client_id: admin.userId, bill_client_id: draft.bill.bill_client_id, ...fields() });
    expect(edited.bill).toMatchObject({ tax_rate_percent: 20, net_price: 54075, tax_price: 10815, total_price: 64890 });
    const approve = () => userBillApprove({ shop_client_id: SEED_SHOP_ID, user_client_id: admin.userId, bill_client_id: draft.bill.bill_client_id });
    expect(await approve()).toMatchObject({ status_code: '10000', approve_status: 1 });
    expect((await approve()).status_code).toBe('10000');
    const [approved] = (await userBillList({ user_client_id: admin.userId, shop_client_id: SEED_SHOP_ID, approve_status: 1 })).bill_list;
    expect(approved.bill_number).toBe(`${year}-000001`);
    expect(await rows(orderId)).toMatchObject({ order_status: 'bill_completed', billed: true });
    expect((await userBillEdit({ shop_client_id: SEED_SHOP_ID, user_client_id: admin.userId, bill_client_id: draft.bill.bill_client_id, ...fields() })).status_code).toBe('12024');

    // The buyer sees their approved bill, also asked by its id (the billing page's link); another buyer sees none.
    buyer.use();
    expect((await userBillList({ user_client_id: buyer.userId })).bill_list.map((b) => b.bill_number)).toEqual([`${year}-000001`]);
    const one = await userBillList({ user_client_id: buyer.userId, bill_client_id: draft.bill.bill_client_id });
    expect(one).toMatchObject({ total: 1, bill_list: [{ bill_number: `${year}-000001`, shop_name: shops.shops[0].shop.shop_name, total_price: 64890 }] });
    const stranger = await actor(t, 'bill.stranger');
    stranger.use();
    expect((await userBillList({ user_client_id: stranger.userId })).bill_list).toEqual([]);
    expect((await userBillList({ user_client_id: stranger.userId, bill_client_id: draft.bill.bill_client_id })).bill_list).toEqual([]);
    expect((await userBillList({ user_client_id: stranger.userId, shop_client_id: SEED_SHOP_ID })).status_code).toBe('10016');
  });

  it('numbers follow each other without gaps; drafts wait in the not-approved list; an unpaid order is not billed', async () => {
    const second = await actor(t, 'bill.second');
    const { orderId } = await order(second);
    const unpaid = await order(await actor(t, 'bill.unpaid'), false);
    admin.use();
    expect((await userBillNew({ shop_client_id: SEED_SHOP_ID, user_client_id: admin.userId, order_client_id: unpaid.orderId, ...fields() })).status_code).toBe('12025');
    const { bill } = await userBillNew({ shop_client_id: SEED_SHOP_ID, user_client_id: admin.userId, order_client_id: orderId, ...fields() });
    const waiting = await userBillListNotApproved({ shop_client_id: SEED_SHOP_ID, user_client_id: admin.userId });
    expect(waiting.bill_list.map((b) => b.bill_client_id)).toContain(bill.bill_client_id);
    // A draft is the shop's: its buyer does not get it, even by its id.
    second.use();
    expect((await userBillList({ user_client_id: second.userId, bill_client_id: bill.bill_client_id })).bill_list).toEqual([]);
    admin.use();
    await userBillApprove({ shop_client_id: SEED_SHOP_ID, user_client_id: admin.userId, bill_client_id: bill.bill_client_id });
    const numbers = (await userBillList({ user_client_id: admin.userId, shop_client_id: SEED_SHOP_ID, approve_status: 1, sort: 'bill_date' })).bill_list.map((b) => b.bill_number).sort();
    expect(numbers).toEqual([`${year}-000001`, `${year}-000002`]);
  });

  it('a refund of the order cancels its approved bill', async () => {
    const buyer = await actor(t, 'bill.refund');
    const { orderId, line } = await order(buyer);
    admin.use();
    const { bill } = await userBillNew({ shop_client_id: SEED_SHOP_ID, user_client_id: admin.userId, order_client_id: orderId, ...fields() });
    await userBillApprove({ shop_client_id: SEED_SHOP_ID, user_client_id: admin.userId, bill_client_id: bill.bill_client_id });
    for (const p of STARTER.product_list)
      expect(
        (
          await userShopcartBundleProductPaymentStatusChange({
            shop_client_id: SEED_SHOP_ID,
            user_client_id: buyer.userId,
            shopcart_bundle_client_id: line,
            pro_client_id: p.pro_client_id,
            payment_status: 'payment_refunded',
          })
        ).status_code,
      ).toBe('10000');
    expect(await rows(orderId)).toEqual({ order_status: 'payment_refunded', billed: true, bill_cancelled: true });
    const [cancelled] = (await userBillList({ user_client_id: admin.userId, shop_client_id: SEED_SHOP_ID, search: '1234567890', sort: '-bill_date' })).bill_list.filter(
      (b) => b.bill_client_id === bill.bill_client_id,
    );
    expect(cancelled.cancel_date).toBeDefined();
  });
});
