// Whole-order steps of issue 10 on the server: the buyer's order details and cancel, expiry of unpaid orders,
// the test provider's 3-D Secure step, a transfer reported twice, the staff's approval of a transfer with the
// amount received (never short, once when sent twice or at once), send and refund, and renewals of periodic
// bundles — each on PGlite and PostgreSQL, with the refusals changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  userBillApprove,
  userBillNew,
  userCreditBalance,
  userShopcartBundleActiveList,
  userShopcartBundleOrderCancel,
  userShopcartBundleOrderGet,
  userShopcartBundleOrderList,
  userShopcartBundlePaymentConfirm,
  userShopcartBundlePaymentRecord,
  userShopcartBundleProductOrder,
  userShopcartBundleRenew,
  userShopOrderGet,
  userShopOrderList,
  userShopOrderStatusChange,
} from '../../src/generated/client/index.ts';
import { TEST_CARDS } from '../../server/services/payment-provider.ts';
import { formatMinor } from '../../src/domain/money.ts';
import { billTotals, linesFromPaid } from '../../src/domain/bill-sums.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, type Actor } from './support/actors.ts';
import { openShop, SEED_SHOP_ID } from './support/shops.ts';
import { card, LEARNING, orderHelpers, STARTER } from './support/orders.ts';

describe.each(databaseKinds('depends-on-database'))('order steps on %s', (kind) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await actor(t, 'admin');
  });
  afterAll(() => t.close());

  const { buyer, ordered, events } = orderHelpers(() => t);
  const staffStep = (order: { order_client_id: string }, order_event: 'approve' | 'cancel' | 'send' | 'refund', extra: Record<string, unknown> = {}) => {
    admin.use();
    return userShopOrderStatusChange({ shop_client_id: SEED_SHOP_ID, user_client_id: admin.userId, order_client_id: order.order_client_id, order_event, ...extra });
  };
  const transfer = { sender_name: 'Kemal Demir', transfer_date: '2026-11-25', transfer_reference: 'SIPARIS 42' };

  describe('the buyer', () => {
    it('sees an order with its products, payments and history; another buyer cannot', async () => {
      const ece = await buyer('ece.detail');
      const { order } = await ordered(ece, STARTER, 'credit_card');
      ece.use();
      await userShopcartBundlePaymentRecord({ user_client_id: ece.userId, order_client_id: order.order_client_id, payment_method: 'credit_card', card: card() });
      const res = await userShopcartBundleOrderGet({ user_client_id: ece.userId, order_client_id: order.order_client_id });
      expect(res.status_code, res.status_message).toBe('10000');
      expect(res.order.product_list?.map((p) => [p.pro_name, p.payment_status, p.pro_status])).toEqual([
        ['Analiz Kredisi 1.000', 'payment_approved', 'active'],
        ['E-posta Desteği', 'payment_approved', 'active'],
      ]);
      expect(res.order.payment_list).toEqual([expect.objectContaining({ payment_method: 'credit_card', payment_status: 'payment_approved', card_last_four: '4242', amount: order.total_amount })]);
      expect(res.order.order_event_list?.map((e) => [e.order_event, e.actor_kind])).toEqual([
        ['place', 'buyer'],
        ['approve', 'provider'],
      ]);
      expect(res.order.order_event_list?.[0].actor_username).toBe('ece.detail');
      expect(res.order.payment_due_date).toBeUndefined();
      const unpaid = await ordered(ece, LEARNING, 'transfer_to_account');
      ece.use();
      const waiting = await userShopcartBundleOrderGet({ user_client_id: ece.userId, order_client_id: unpaid.order.order_client_id });
      expect(waiting.order).toMatchObject({ order_status: 'payment_waiting', payment_list: [], product_list: expect.any(Array) });
      expect(waiting.order.payment_due_date).toBeDefined();
      expect(waiting.order.bill).toBeUndefined();
      const other = await buyer('emre.detail');
      other.use();
      expect((await userShopcartBundleOrderGet({ user_client_id: other.userId, order_client_id: order.order_client_id })).status_code).toBe('10016');
    });

    it('cancels an unpaid order (asked again, it answers the same); a paid one is refused and nothing changes', async () => {
      const fatma = await buyer('fatma.cancel');
      const { order } = await ordered(fatma, LEARNING, 'transfer_to_account');
      fatma.use();
      const cancel = () => userShopcartBundleOrderCancel({ user_client_id: fatma.userId, order_client_id: order.order_client_id, note: 'Vazgeçtim' });
      const res = await cancel();
      expect(res.order).toMatchObject({ order_status: 'payment_cancel', payment_status: 'payment_cancel' });
      expect(res.order.product_list?.every((p) => p.payment_status === 'payment_cancel')).toBe(true);
      expect((await cancel()).order.order_status).toBe('payment_cancel');
      expect(await events(order.order_client_id)).toEqual(['place', 'cancel']);
      const [line] = await t.db.query<{ s: string }>('select shopcart_bundle_status as s from shopcart_bundle where order_client_id = $1', [order.order_client_id]);
      expect(line.s).toBe('cancelled');

      const { order: paid } = await ordered(fatma, STARTER, 'credit_card');
      fatma.use();
      await userShopcartBundlePaymentRecord({ user_client_id: fatma.userId, order_client_id: paid.order_client_id, payment_method: 'credit_card', card: card() });
      const before = await snapshot(t.db);
      expect((await userShopcartBundleOrderCancel({ user_client_id: fatma.userId, order_client_id: paid.order_client_id })).status_code).toBe('12014');
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('an unpaid order past its time is cancelled as expired when read, and can no longer be paid', async () => {
      const gul = await buyer('gul.expire');
      const { order } = await ordered(gul, LEARNING, 'transfer_to_account');
      const [due] = await t.db.query<{ days: number }>(
        "select round(extract(epoch from payment_due_date - order_date) / 86400)::int as days from shop_order where order_client_id = $1",
        [order.order_client_id],
      );
      const delays = LEARNING.product_list.map((p) => (p as { pay_delay_max_days?: number }).pay_delay_max_days).filter((d): d is number => d !== undefined);
      expect(due.days).toBe(delays.length ? Math.min(...delays) : 7);
      await t.db.query("update shop_order set payment_due_date = now() - interval '1 minute' where order_client_id = $1", [order.order_client_id]);
      gul.use();
      const pay = await userShopcartBundlePaymentRecord({ user_client_id: gul.userId, order_client_id: order.order_client_id, payment_method: 'transfer_to_account', transfer });
      expect(pay.status_code).toBe('12014');
      const list = await userShopcartBundleOrderList({ user_client_id: gul.userId });
      expect(list.order_list.find((o) => o.order_client_id === order.order_client_id)?.order_status).toBe('payment_cancel');
      expect(await events(order.order_client_id)).toEqual(['place', 'expire']);
      const [actorKind] = await t.db.query<{ actor_kind: string }>("select actor_kind from order_event where order_client_id = $1 and event = 'expire'", [order.order_client_id]);
      expect(actorKind.actor_kind).toBe('system');
    });

    it('a second transfer report of the same order replaces the first', async () => {
      const hakan = await buyer('hakan.report');
      const { order } = await ordered(hakan, LEARNING, 'transfer_to_account');
      hakan.use();
      const report = (ref: string) =>
        userShopcartBundlePaymentRecord({ user_client_id: hakan.userId, order_client_id: order.order_client_id, payment_method: 'transfer_to_account', transfer: { ...transfer, transfer_reference: ref } });
      await report('ILK');
      const second = await report('DUZELTME');
      expect(second.payment).toMatchObject({ transfer_reference: 'DUZELTME', sender_name: 'Kemal Demir', transfer_date: '2026-11-25' });
      const rows = await t.db.query<{ transfer_reference: string }>('select transfer_reference from payment where order_client_id = $1', [order.order_client_id]);
      expect(rows).toEqual([{ transfer_reference: 'DUZELTME' }]);
    });
  });

  describe('3-D Secure with the test provider', () => {
    it('a card that asks for verification waits; a failed verification charges nothing; a passed one activates once', async () => {
      const ilker = await buyer('ilker.3ds');
      const { order } = await ordered(ilker, STARTER, 'credit_card');
      ilker.use();
      const pay = () => userShopcartBundlePaymentRecord({ user_client_id: ilker.userId, order_client_id: order.order_client_id, payment_method: 'credit_card', card: card(TEST_CARDS.threeDSecure) });
      const first = await pay();
      expect(first).toMatchObject({ status_code: '10000', payment_status: 'payment_waiting', order_status: 'payment_waiting' });
      expect(first.payment).toMatchObject({ three_d_secure: true, card_last_four: '3220', payment_status: 'payment_waiting' });
      const confirm = (payment_client_id: string, passed: boolean) =>
        userShopcartBundlePaymentConfirm({ user_client_id: ilker.userId, order_client_id: order.order_client_id, payment_client_id, authentication_passed: passed });
      const failed = await confirm(first.payment.payment_client_id, false);
      expect(failed).toMatchObject({ status_code: '12028', http_status: 402 });
      const afterFail = await userShopcartBundleOrderGet({ user_client_id: ilker.userId, order_client_id: order.order_client_id });
      expect(afterFail.order.order_status).toBe('payment_waiting');
      expect(afterFail.order.payment_list?.map((p) => p.payment_status)).toEqual(['payment_cancel']);
      expect((await confirm(first.payment.payment_client_id, true)).status_code).toBe('12028'); // a finished verification stays as it ended

      const second = await pay();
      const [a, b] = await Promise.all([confirm(second.payment.payment_client_id, true), confirm(second.payment.payment_client_id, true)]);
      expect([a.status_code, b.status_code]).toEqual(['10000', '10000']);
      expect(a).toMatchObject({ payment_status: 'payment_approved', order_status: 'payment_approved' });
      expect(a.payment.three_d_secure).toBeUndefined();
      expect((await events(order.order_client_id)).filter((e) => e === 'approve')).toHaveLength(1);
      expect((await userCreditBalance({ user_client_id: ilker.userId })).credit_balance).toBe(1000);
    });
  });

  describe('the staff', () => {
    it('approve a transfer with what arrived: a card order and a short amount are refused; twice or at once, it activates once', async () => {
      const kerem = await buyer('kerem.staff');
      const { order } = await ordered(kerem, LEARNING, 'transfer_to_account');
      kerem.use();
      await userShopcartBundlePaymentRecord({ user_client_id: kerem.userId, order_client_id: order.order_client_id, payment_method: 'transfer_to_account', transfer });
      const before = await snapshot(t.db);
      const short = await staffStep(order, 'approve', { transfer_reference: 'EFT 991', received_amount: order.total_amount - 1 });
      expect(short.status_code).toBe('12027');
      // The amounts in the caller's language (English here).
      expect(short.status_message).toBe(
        `The amount received (${formatMinor(order.total_amount - 1, 0, 'en')}) does not cover the order's total (${formatMinor(order.total_amount, 0, 'en')}). Approve it once the whole amount has arrived.`,
      );
      expect(await snapshot(t.db)).toEqual(before);
      const approve = () => staffStep(order, 'approve', { transfer_reference: 'EFT 991', received_amount: order.total_amount, note: 'Ekstrede görüldü' });
      const results = await Promise.all([approve(), approve()]);
      expect(results.map((r) => r.status_code)).toEqual(['10000', '10000']);
      expect(results[0].order).toMatchObject({ order_status: 'payment_approved', payment_status: 'payment_approved' });
      expect(results[0].order.payment_list).toEqual([expect.objectContaining({ payment_status: 'payment_approved', transfer_reference: 'EFT 991', sender_name: 'Kemal Demir' })]);
      expect((await events(order.order_client_id)).filter((e) => e === 'approve')).toHaveLength(1);
      const approval = results[0].order.order_event_list?.find((e) => e.order_event === 'approve');
      expect(approval).toMatchObject({ actor_kind: 'staff', actor_username: 'admin', note: 'Ekstrede görüldü' });
      expect(results[0].order.product_list?.every((p) => p.pro_status === 'active')).toBe(true);

      // Its bill: a draft shows to the staff only; approved, to the buyer with its number.
      const lines = linesFromPaid(results[0].order.product_list ?? [], 20);
      admin.use();
      const drafted = await userBillNew({
        shop_client_id: SEED_SHOP_ID,
        user_client_id: admin.userId,
        order_client_id: order.order_client_id,
        bill_date: new Date().toISOString(),
        shop_address: 'Moda Cad. 24',
        shop_tax_number: '1234567890',
        shop_tax_office: 'Kadıköy',
        product_items: lines,
        tax_rate_percent: 20,
        total_price: billTotals(lines, 20).total,
      });
      expect(drafted.status_code, drafted.status_message).toBe('10000');
      expect(drafted.bill.total_price).toBe(order.total_amount);
      const asStaff = await userShopOrderGet({ shop_client_id: SEED_SHOP_ID, user_client_id: admin.userId, order_client_id: order.order_client_id });
      expect(asStaff.order.bill).toMatchObject({ approve_status: 0 });
      kerem.use();
      expect((await userShopcartBundleOrderGet({ user_client_id: kerem.userId, order_client_id: order.order_client_id })).order.bill).toBeUndefined();
      admin.use();
      await userBillApprove({ shop_client_id: SEED_SHOP_ID, user_client_id: admin.userId, bill_client_id: drafted.bill.bill_client_id });
      kerem.use();
      expect((await userShopcartBundleOrderGet({ user_client_id: kerem.userId, order_client_id: order.order_client_id })).order.bill).toMatchObject({
        approve_status: 1,
        bill_number: expect.stringMatching(/^\d{4}-\d{6}$/),
      });

      const { order: byCard } = await ordered(kerem, STARTER, 'credit_card');
      expect((await staffStep(byCard, 'approve', { transfer_reference: 'X', received_amount: byCard.total_amount })).status_code).toBe('12026');
      expect((await staffStep(byCard, 'approve', {})).status_code).not.toBe('10000'); // the reference and amount are required
    });

    it('send a paid order, then refund it: the card gets back what was paid and the credits go; an unpaid order cannot be sent', async () => {
      const leman = await buyer('leman.refund');
      const { order } = await ordered(leman, STARTER, 'credit_card');
      expect((await staffStep(order, 'send')).status_code).toBe('12015');
      leman.use();
      await userShopcartBundlePaymentRecord({ user_client_id: leman.userId, order_client_id: order.order_client_id, payment_method: 'credit_card', card: card() });
      expect((await staffStep(order, 'send')).order.order_status).toBe('product_send');
      expect((await staffStep(order, 'send')).status_code).toBe('10000');
      const refunded = await staffStep(order, 'refund', { note: 'Müşteri istedi' });
      expect(refunded.order).toMatchObject({ order_status: 'payment_refunded', payment_status: 'payment_refunded' });
      expect(refunded.order.payment_list).toEqual([expect.objectContaining({ payment_status: 'payment_refunded', refunded_amount: order.total_amount })]);
      expect((await staffStep(order, 'refund')).status_code).toBe('10000');
      const [paid] = await t.db.query<{ refunded: string }>('select sum(refunded_amount) as refunded from payment where order_client_id = $1', [order.order_client_id]);
      expect(Number(paid.refunded)).toBe(order.total_amount);
      leman.use();
      expect((await userCreditBalance({ user_client_id: leman.userId })).credit_balance).toBe(0);
    });

    it('cancel an unpaid order; a cancelled one cannot be approved; asked through another shop, the order is not found', async () => {
      const mine = await buyer('mine.staffcancel');
      const { order } = await ordered(mine, LEARNING, 'transfer_to_account');
      expect((await staffStep(order, 'cancel')).order.order_status).toBe('payment_cancel');
      expect((await staffStep(order, 'approve', { transfer_reference: 'late', received_amount: order.total_amount })).status_code).toBe('12015');
      const shop = await openShop(admin, 'Başka Mağaza');
      admin.use();
      const get = await userShopOrderGet({ shop_client_id: shop, user_client_id: admin.userId, order_client_id: order.order_client_id });
      expect(get.status_code).toBe('10016');
      admin.use();
      const list = await userShopOrderList({ shop_client_id: SEED_SHOP_ID, user_client_id: admin.userId, order_status: 'payment_cancel' });
      expect(list.order_list.some((o) => o.order_client_id === order.order_client_id)).toBe(true);
    });
  });

  describe('renewals', () => {
    it('renews a periodic bundle through the cart: paid, its period starts the day after the renewed one ends', async () => {
      const oya = await buyer('oya.renew');
      const { order, line } = await ordered(oya, STARTER, 'credit_card');
      oya.use();
      await userShopcartBundlePaymentRecord({ user_client_id: oya.userId, order_client_id: order.order_client_id, payment_method: 'credit_card', card: card() });
      const renew = () => userShopcartBundleRenew({ user_client_id: oya.userId, shopcart_bundle_client_id: line });
      const first = await renew();
      expect(first.status_code, first.status_message).toBe('10000');
      expect((await renew()).shopcart_bundle_client_id).toBe(first.shopcart_bundle_client_id);
      const renewal = first.shopcart_list.find((l) => l.shopcart_bundle_client_id === first.shopcart_bundle_client_id)!;
      expect(renewal).toMatchObject({ renews_shopcart_bundle_client_id: line, add_bundle_count: 1, bundle_client_id: STARTER.bundle.bundle_client_id });

      const placed = await userShopcartBundleProductOrder({
        shop_client_id: SEED_SHOP_ID,
        user_client_id: oya.userId,
        shopcart_bundle_client_id_list: [renewal.shopcart_bundle_client_id],
        payment_method: 'credit_card',
        approved_agreement_list: [STARTER.agreement_list[0].agreement_client_id],
      });
      await userShopcartBundlePaymentRecord({ user_client_id: oya.userId, order_client_id: placed.order.order_client_id, payment_method: 'credit_card', card: card() });
      const dates = await t.db.query<{ line: string; start: string; end: string }>(
        `select sp.shopcart_bundle_client_id as line, to_char(sp.active_start_date, 'YYYY-MM-DD') as start, to_char(sp.active_end_date, 'YYYY-MM-DD') as end
           from shopcart_bundle_product sp where sp.pro_name = 'E-posta Desteği' and sp.shopcart_bundle_client_id = any($1::uuid[])`,
        [[line, renewal.shopcart_bundle_client_id]],
      );
      const old = dates.find((d) => d.line === line)!;
      const next = dates.find((d) => d.line === renewal.shopcart_bundle_client_id)!;
      const dayAfter = new Date(`${old.end}T00:00:00Z`);
      dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
      expect(next.start).toBe(dayAfter.toISOString().slice(0, 10));
      const active = await userShopcartBundleActiveList({ user_client_id: oya.userId });
      expect(active.status_code).toBe('10000');
    });

    it('refuses a bundle without a periodic product, and another buyer\'s line', async () => {
      const pelin = await buyer('pelin.renew');
      const { order, line } = await ordered(pelin, LEARNING, 'credit_card');
      pelin.use();
      await userShopcartBundlePaymentRecord({ user_client_id: pelin.userId, order_client_id: order.order_client_id, payment_method: 'credit_card', card: card() });
      await t.db.query("update bundle_product set pay_type = 'one_time' where bundle_client_id = $1", [LEARNING.bundle.bundle_client_id]);
      try {
        expect((await userShopcartBundleRenew({ user_client_id: pelin.userId, shopcart_bundle_client_id: line })).status_code).toBe('12029');
      } finally {
        await t.db.query(
          "update bundle_product set pay_type = case when pro_name = 'Model Eğitimi' then 'per_usage' else 'periodic' end where bundle_client_id = $1",
          [LEARNING.bundle.bundle_client_id],
        );
      }
      const other = await buyer('remzi.renew');
      other.use();
      expect((await userShopcartBundleRenew({ user_client_id: other.userId, shopcart_bundle_client_id: line })).status_code).toBe('10016');
    });
  });
});
