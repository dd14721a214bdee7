// The buyer's journey on the server (issue 10): the cart, an order with its agreements, card payments through
// the test provider, transfers approved by the staff, activation with credits, refunds — every transition of
// src/domain/order-states.ts, its refusals (which change nothing), idempotency keys, and the concurrency
// rules: an approval sent twice or at once activates once; 100 spends of one balance leave it exact.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  userShopcartBundleActiveList,
  userShopcartBundleCancel,
  userShopcartBundleList,
  userShopcartBundleOrderList,
  userShopcartBundlePaymentRecord,
  userShopcartBundleProductOrder,
  userShopcartBundleProductPaymentStatusChange,
  userShopcartBundleStatusChange,
  userShopBundleEdit,
  userShopBundleGet,
} from '../../src/generated/client/index.ts';
import { creditBalance, grantCredits, spendCredits } from '../../server/services/credit-ledger.ts';
import { TEST_CARDS } from '../../server/services/payment-provider.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, tenantIdOf, type Actor } from './support/actors.ts';
import { SEED_SHOP_ID } from './support/shops.ts';
import { card, LEARNING, orderHelpers, STARTER, STARTER_AGREEMENT, TRIAL } from './support/orders.ts';

describe.each(databaseKinds('depends-on-database'))('cart, orders and payments on %s', (kind) => {
  let t: TestApp;
  let tenantId: string;
  let admin: Actor;
  beforeAll(async () => {
    t = await startTestApp(kind);
    tenantId = await tenantIdOf(t.db);
    admin = await actor(t, 'admin');
  });
  afterAll(() => t.close());

  const { buyer, add, ordered, events } = orderHelpers(() => t);
  /** Orders a cart's first line by card, approving `agreements`. */
  const orderLine = (who: Actor, cart: { shopcart_list: { shopcart_bundle_client_id: string }[] }, agreements: string[] = []) =>
    userShopcartBundleProductOrder({
      shop_client_id: SEED_SHOP_ID,
      user_client_id: who.userId,
      shopcart_bundle_client_id_list: [cart.shopcart_list[0].shopcart_bundle_client_id],
      payment_method: 'credit_card',
      approved_agreement_list: agreements,
    });

  describe('the cart', () => {
    it('adds a bundle on sale (a second add raises the count), takes some away, and lists it priced in the buyer\'s currency', async () => {
      const ayse = await buyer('ayse.cart', 1);
      ayse.use();
      await add(ayse, STARTER, 2);
      const cart = await add(ayse, STARTER, 1);
      expect(cart.shopcart_list).toHaveLength(1);
      expect(cart.shopcart_list[0]).toMatchObject({ add_bundle_count: 3, shopcart_bundle_status: 'in_cart', bundle_name: STARTER.bundle.bundle_name });
      const prices = Object.values(cart.shopcart_list[0].product_payment_list ?? {});
      expect(prices.map((p) => [p?.currency_type, p?.amount])).toEqual([
        [1, 1900],
        [1, 590],
      ]);
      const fewer = await userShopcartBundleCancel({ shop_client_id: SEED_SHOP_ID, bundle_client_id: STARTER.bundle.bundle_client_id, user_client_id: ayse.userId, add_bundle_count: 2 });
      expect(fewer.shopcart_list[0].add_bundle_count).toBe(1);
      await userShopcartBundleCancel({ shop_client_id: SEED_SHOP_ID, bundle_client_id: STARTER.bundle.bundle_client_id, user_client_id: ayse.userId, add_bundle_count: 5 });
      expect((await userShopcartBundleList({ user_client_id: ayse.userId })).shopcart_list).toEqual([]);
    });

    it('refuses to add past a line\'s 1,000, saying how many more fit, and keeps the line as it was', async () => {
      const oya = await buyer('oya.cap', 0);
      oya.use();
      expect((await add(oya, STARTER, 999)).status_code).toBe('10000');
      const before = await snapshot(t.db);
      const refused = await add(oya, STARTER, 2);
      expect([refused.status_code, refused.status_message]).toEqual(['12044', 'A cart holds at most 1000 of one bundle, and yours has 999: you can add 1 more.']);
      expect(await snapshot(t.db)).toEqual(before);
      const full = await add(oya, STARTER, 1);
      expect(full.shopcart_list[0].add_bundle_count).toBe(1000);
    });

    it('refuses a bundle not on sale, another user\'s id, and changes nothing', async () => {
      const ali = await buyer('ali.cart');
      ali.use();
      await t.db.query("update bundle set bundle_status = 'passive' where bundle_client_id = $1", [LEARNING.bundle.bundle_client_id]);
      try {
        const before = await snapshot(t.db);
        expect((await add(ali, LEARNING)).status_code).toBe('12010');
        expect(await snapshot(t.db)).toEqual(before);
      } finally {
        await t.db.query("update bundle set bundle_status = 'active' where bundle_client_id = $1", [LEARNING.bundle.bundle_client_id]);
      }
      const res = await userShopcartBundleList({ user_client_id: admin.userId });
      expect(res.status_code).toBe('10001');
    });
  });

  describe('ordering', () => {
    it('asks for the agreements that must be approved, then orders at the version read and empties the cart', async () => {
      const can = await buyer('can.order');
      can.use();
      const cart = await add(can, STARTER);
      const line = cart.shopcart_list[0].shopcart_bundle_client_id;
      const base = { shop_client_id: SEED_SHOP_ID, user_client_id: can.userId, shopcart_bundle_client_id_list: [line], payment_method: 'credit_card' as const };
      const refused = await userShopcartBundleProductOrder({ ...base, approved_agreement_list: [] });
      expect(refused).toMatchObject({ status_code: '11010', status_message: 'Please read and approve agreements' });
      const res = await userShopcartBundleProductOrder({ ...base, approved_agreement_list: [STARTER_AGREEMENT] });
      expect(res.order).toMatchObject({ order_status: 'payment_waiting', payment_status: 'payment_waiting', total_amount: 49900 + 14990, currency_type: 0 });
      expect(res.shopcart_list).toEqual([]);
      const [accepted] = await t.db.query<{ agreement_version: number }>('select agreement_version from agreement_acceptance where order_client_id = $1', [res.order.order_client_id]);
      expect(accepted.agreement_version).toBe(1);
      expect(await events(res.order.order_client_id)).toEqual(['place']);
    });

    it('refuses an order whose total is more than an order holds, in words and before writing anything', async () => {
      const gul = await buyer('gul.total');
      gul.use();
      const cart = await add(gul, STARTER, 2);
      // A product at the largest price the contract takes, twice: past shop_order's total_amount check.
      const prices = await t.db.query<{ pro_client_id: string; amount: string }>(
        'select pp.pro_client_id, pp.amount from bundle_product_price pp join bundle_product p on p.pro_client_id = pp.pro_client_id where p.bundle_client_id = $1 and pp.currency_type = 0',
        [STARTER.bundle.bundle_client_id],
      );
      await t.db.query('update bundle_product_price set amount = 100000000000 where pro_client_id = $1 and currency_type = 0', [prices[0].pro_client_id]);
      try {
        const before = await snapshot(t.db);
        const refused = await orderLine(gul, cart, [STARTER_AGREEMENT]);
        expect([refused.status_code, refused.status_message]).toEqual(['12043', "This order's total is larger than one order can hold. Please order fewer bundles at once, in several orders."]);
        expect(await snapshot(t.db)).toEqual(before);
      } finally {
        await t.db.query('update bundle_product_price set amount = $2 where pro_client_id = $1 and currency_type = 0', [prices[0].pro_client_id, prices[0].amount]);
      }
    });

    it('refuses a payment method a product does not take (the support product is card only)', async () => {
      const deniz = await buyer('deniz.order');
      deniz.use();
      const cart = await add(deniz, STARTER);
      const res = await userShopcartBundleProductOrder({
        shop_client_id: SEED_SHOP_ID,
        user_client_id: deniz.userId,
        shopcart_bundle_client_id_list: [cart.shopcart_list[0].shopcart_bundle_client_id],
        payment_method: 'transfer_to_account',
        approved_agreement_list: [STARTER_AGREEMENT],
      });
      expect(res).toMatchObject({ status_code: '12012', status_message: expect.stringContaining('E-posta Desteği') });
    });

    it('activates a free bundle at once, with its credits', async () => {
      const elif = await buyer('elif.free');
      const { order } = await ordered(elif, TRIAL, 'credit_card');
      expect(order).toMatchObject({ order_status: 'payment_approved', payment_status: 'payment_approved', total_amount: 0 });
      expect(await creditBalance(t.db, tenantId, elif.userId)).toBe(100);
      const active = await userShopcartBundleActiveList({ user_client_id: elif.userId });
      expect(active.active_bundle_list).toHaveLength(1);
      expect(Object.values(active.active_bundle_list[0].shopcart.product_payment_list ?? {})[0]).toMatchObject({ pro_status: 'active', usage_left: 100 });
    });

    it('gives a free bundle to each buyer once, one at a time: ordered again or two at once it is refused in words, and nothing changes', async () => {
      const nil = await buyer('nil.free');
      await ordered(nil, TRIAL, 'credit_card');
      expect(await creditBalance(t.db, tenantId, nil.userId)).toBe(100);
      nil.use();
      const again = await add(nil, TRIAL);
      const before = await snapshot(t.db);
      const refused = await orderLine(nil, again);
      expect([refused.status_code, refused.status_message]).toEqual(['12045', expect.stringMatching(/is free, and each buyer can have one of it, once\./)]);
      expect(await snapshot(t.db)).toEqual(before);
      expect(await creditBalance(t.db, tenantId, nil.userId)).toBe(100);

      const ece = await buyer('ece.free');
      ece.use();
      const two = await add(ece, TRIAL, 2);
      expect((await orderLine(ece, two)).status_code).toBe('12045');
      expect(await creditBalance(t.db, tenantId, ece.userId)).toBe(0);
    });

    it("holds each buyer to a bundle's own limit, counting every order but a cancelled one: beyond it refused in words, nothing changes", async () => {
      /** Sets the bundle's limit as its shop's staff would, keeping its other fields. */
      const limitTo = async (seeded: typeof STARTER, buyer_limit: number | undefined) => {
        admin.use();
        const { bundle } = await userShopBundleGet({ shop_client_id: SEED_SHOP_ID, bundle_client_id: seeded.bundle.bundle_client_id, user_client_id: admin.userId });
        const { bundle_client_id, bundle_name, feature_list, task_type, priority, translations } = bundle;
        const saved = await userShopBundleEdit({ shop_client_id: SEED_SHOP_ID, user_client_id: admin.userId, bundle_client_id, bundle_name, feature_list, task_type, priority, translations, buyer_limit });
        expect(saved.status_code, saved.status_message).toBe('10000');
        expect(saved.bundle.buyer_limit).toBe(buyer_limit);
      };
      await limitTo(STARTER, 2);
      try {
        const kaan = await buyer('kaan.limit');
        await ordered(kaan, STARTER, 'credit_card');
        kaan.use();
        const two = await add(kaan, STARTER, 2);
        const before = await snapshot(t.db);
        const refused = await orderLine(kaan, two, [STARTER_AGREEMENT]);
        expect([refused.status_code, refused.status_message]).toEqual(['12047', expect.stringMatching(/at most 2 times in all\. You have ordered it 1 times already, and this order asks for 2 more\./)]);
        expect(await snapshot(t.db)).toEqual(before);
        // Another buyer has ordered none: two are within the limit.
        const mert = await buyer('mert.limit');
        mert.use();
        const placed = await orderLine(mert, await add(mert, STARTER, 2), [STARTER_AGREEMENT]);
        expect(placed.status_code, placed.status_message).toBe('10000');
        // A limit on a free bundle allows it that many times.
        await limitTo(TRIAL, 2);
        const lale = await buyer('lale.limit');
        await ordered(lale, TRIAL, 'credit_card');
        await ordered(lale, TRIAL, 'credit_card');
        lale.use();
        expect((await orderLine(lale, await add(lale, TRIAL))).status_code).toBe('12047');
        expect(await creditBalance(t.db, tenantId, lale.userId)).toBe(200);
      } finally {
        await limitTo(STARTER, undefined);
        await limitTo(TRIAL, undefined);
      }
    });

    it('an order repeated with its idempotency key is placed once', async () => {
      const fatma = await buyer('fatma.key');
      fatma.use();
      const cart = await add(fatma, TRIAL);
      const request = {
        shop_client_id: SEED_SHOP_ID,
        user_client_id: fatma.userId,
        shopcart_bundle_client_id_list: [cart.shopcart_list[0].shopcart_bundle_client_id],
        payment_method: 'credit_card' as const,
        approved_agreement_list: [],
        idempotency_key: randomUUID(),
      };
      const [first, second] = await Promise.all([userShopcartBundleProductOrder(request), userShopcartBundleProductOrder(request)]);
      expect(first.order.order_client_id).toBe(second.order.order_client_id);
      expect(await creditBalance(t.db, tenantId, fatma.userId)).toBe(100);
      expect((await userShopcartBundleProductOrder({ ...request, order_note: 'changed' })).status_code).toBe('12020');
    });
  });

  describe('card payments', () => {
    it('a test card pays the order: approved, the bundle active with its credits; only brand and last four kept', async () => {
      const gul = await buyer('gul.card');
      const { order } = await ordered(gul, STARTER, 'credit_card');
      const res = await userShopcartBundlePaymentRecord({ user_client_id: gul.userId, order_client_id: order.order_client_id, payment_method: 'credit_card', card: card() });
      expect(res).toMatchObject({ status_code: '10000', payment_status: 'payment_approved', order_status: 'payment_approved' });
      expect(res.payment).toMatchObject({ card_brand: 'visa', card_last_four: '4242', amount: order.total_amount });
      expect(await creditBalance(t.db, tenantId, gul.userId)).toBe(1000);
      expect(await events(order.order_client_id)).toEqual(['place', 'approve']);
      // The number is nowhere: not in the payment, the audit trail or the idempotency store.
      for (const table of ['payment', 'audit_record', 'idempotent_call', 'order_event'])
        expect(await t.db.query(`select 1 from ${table} t where t::text like '%${TEST_CARDS.success}%'`)).toEqual([]);
      const again = await userShopcartBundlePaymentRecord({ user_client_id: gul.userId, order_client_id: order.order_client_id, payment_method: 'credit_card', card: card() });
      expect(again.status_code).toBe('12014');
    });

    it('refuses a bad number, an expired card and a declined one, and changes nothing', async () => {
      const hasan = await buyer('hasan.card');
      const { order } = await ordered(hasan, STARTER, 'credit_card');
      const pay = (c: ReturnType<typeof card>) => userShopcartBundlePaymentRecord({ user_client_id: hasan.userId, order_client_id: order.order_client_id, payment_method: 'credit_card', card: c });
      const before = await snapshot(t.db);
      expect((await pay(card('4242424242424241'))).status_code).toBe('12016');
      expect((await pay({ ...card(), card_year: 2020 })).status_code).toBe('12017');
      expect(await pay(card(TEST_CARDS.declined))).toMatchObject({ status_code: '12018', http_status: 402 });
      expect((await pay(card(TEST_CARDS.insufficientFunds))).status_code).toBe('12019');
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('a payment repeated with its idempotency key charges once and answers the same payment', async () => {
      const irem = await buyer('irem.card');
      const { order } = await ordered(irem, STARTER, 'credit_card');
      const request = { user_client_id: irem.userId, order_client_id: order.order_client_id, payment_method: 'credit_card' as const, card: card(), idempotency_key: randomUUID() };
      const first = await userShopcartBundlePaymentRecord(request);
      const second = await userShopcartBundlePaymentRecord(request);
      expect(second.payment.payment_client_id).toBe(first.payment.payment_client_id);
      expect(await t.db.query('select 1 from payment where order_client_id = $1', [order.order_client_id])).toHaveLength(1);
      expect(await creditBalance(t.db, tenantId, irem.userId)).toBe(1000);
    });
  });

  describe('transfers and the staff', () => {
    it('a transfer is recorded, the staff approve each product, and the bundle activates once — also when approved twice or at once', async () => {
      const kemal = await buyer('kemal.eft');
      const { order, line } = await ordered(kemal, LEARNING, 'transfer_to_account');
      kemal.use();
      const recorded = await userShopcartBundlePaymentRecord({
        user_client_id: kemal.userId,
        order_client_id: order.order_client_id,
        payment_method: 'transfer_to_account',
        transfer: { sender_name: 'Kemal Demir', transfer_date: '2026-11-25', transfer_reference: 'SIPARIS 42' },
      });
      expect(recorded).toMatchObject({ payment_status: 'payment_waiting', order_status: 'payment_waiting' });
      admin.use();
      const approve = (pro: string) =>
        userShopcartBundleProductPaymentStatusChange({ shop_client_id: SEED_SHOP_ID, user_client_id: kemal.userId, shopcart_bundle_client_id: line, pro_client_id: pro, payment_status: 'payment_approved' });
      const [first, second] = LEARNING.product_list.map((p) => p.pro_client_id);
      expect((await approve(first)).status_code).toBe('10000');
      expect((await userShopcartBundleOrderList({ user_client_id: kemal.userId })).status_code).toBe('10001'); // admin asking for another user's list
      const results = await Promise.all([approve(second), approve(second), approve(first)]);
      expect(results.map((r) => r.status_code)).toEqual(['10000', '10000', '10000']);
      expect((await events(order.order_client_id)).filter((e) => e === 'approve')).toHaveLength(1);
      const [row] = await t.db.query<{ order_status: string; status: string }>(
        "select o.order_status, l.shopcart_bundle_status as status from shop_order o join shopcart_bundle l on l.order_client_id = o.order_client_id where o.order_client_id = $1",
        [order.order_client_id],
      );
      expect(row).toEqual({ order_status: 'payment_approved', status: 'active' });
      expect(await t.db.query("select 1 from payment where order_client_id = $1 and payment_status = 'payment_approved'", [order.order_client_id])).toHaveLength(1);
      kemal.use();
      const mine = await userShopcartBundleOrderList({ user_client_id: kemal.userId });
      expect(mine.order_list.map((o) => o.order_status)).toEqual(['payment_approved']);
    });

    it('a refund of every product refunds the order, cancels the line and takes back unspent credits; a refused step changes nothing', async () => {
      const leyla = await buyer('leyla.refund');
      const { order, line } = await ordered(leyla, STARTER, 'credit_card');
      leyla.use();
      await userShopcartBundlePaymentRecord({ user_client_id: leyla.userId, order_client_id: order.order_client_id, payment_method: 'credit_card', card: card() });
      await spendCredits(t.db, tenantId, leyla.userId, 300, { reason: 'analysis' });
      admin.use();
      const change = (pro: string, payment_status: 'payment_refunded' | 'payment_waiting') =>
        userShopcartBundleProductPaymentStatusChange({ shop_client_id: SEED_SHOP_ID, user_client_id: leyla.userId, shopcart_bundle_client_id: line, pro_client_id: pro, payment_status });
      const before = await snapshot(t.db);
      expect((await change(STARTER.product_list[0].pro_client_id, 'payment_waiting')).status_code).toBe('12015');
      expect(await snapshot(t.db)).toEqual(before);
      for (const p of STARTER.product_list) expect((await change(p.pro_client_id, 'payment_refunded')).status_code).toBe('10000');
      const [row] = await t.db.query<{ order_status: string; status: string; refunded: number }>(
        `select o.order_status, l.shopcart_bundle_status as status, (select refunded_amount from payment p where p.order_client_id = o.order_client_id)::int as refunded
           from shop_order o join shopcart_bundle l on l.order_client_id = o.order_client_id where o.order_client_id = $1`,
        [order.order_client_id],
      );
      expect(row).toEqual({ order_status: 'payment_refunded', status: 'cancelled', refunded: order.total_amount });
      expect(await creditBalance(t.db, tenantId, leyla.userId)).toBe(0);
    });

    it('staff set an active line passive and back; a step the machine does not allow is refused', async () => {
      const mert = await buyer('mert.line');
      const { line } = await ordered(mert, TRIAL, 'credit_card');
      admin.use();
      const set = (s: 'passive' | 'active' | 'in_cart') =>
        userShopcartBundleStatusChange({ shop_client_id: SEED_SHOP_ID, user_client_id: mert.userId, shopcart_bundle_client_id: line, shopcart_bundle_status: s });
      expect((await set('passive')).shopcart_bundle_status).toBe('passive');
      expect((await set('active')).shopcart_bundle_status).toBe('active');
      expect((await set('in_cart')).status_code).toBe('12022');
      mert.use();
      expect((await set('passive')).status_code).toBe('10009');
    });
  });

  it('100 spends of one balance at once leave it exact: the ones beyond it are refused', async () => {
    const nur = await actor(t, 'nur.credits');
    await t.db.transaction((tx) => grantCredits(tx, tenantId, nur.userId, 100, { reason: 'manual_adjustment' }));
    const spends = await Promise.allSettled(Array.from({ length: 110 }, () => t.db.transaction((tx) => spendCredits(tx, tenantId, nur.userId, 1, { reason: 'analysis' }))));
    expect(spends.filter((s) => s.status === 'fulfilled')).toHaveLength(100);
    expect(spends.filter((s) => s.status === 'rejected').map((s) => ((s as PromiseRejectedResult).reason as { key: string }).key)).toEqual(Array(10).fill('not_enough_credit'));
    expect(await creditBalance(t.db, tenantId, nur.userId)).toBe(0);
  });
});
