// What the buyer's pages read (issue 10, the checkout pages): an order answers its shop's name and what was
// ordered (bundle names in both languages, counts); the order list finds one order by id (the payment page)
// and only the caller's; the credit balance route answers the balance and the newest ledger entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  userCreditBalance,
  userShopcartBundleAdd,
  userShopcartBundleOrderList,
  userShopcartBundlePaymentRecord,
  userShopcartBundleProductOrder,
} from '../../src/generated/client/index.ts';
import shops from '../../fixtures/seed/shops.json' with { type: 'json' };
import { spendCredits } from '../../server/services/credit-ledger.ts';
import { TEST_CARDS } from '../../server/services/payment-provider.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, tenantIdOf, type Actor } from './support/actors.ts';
import { SEED_SHOP_ID } from './support/shops.ts';

const [STARTER] = shops.shops[0].bundle_list;
const STARTER_AGREEMENT = STARTER.agreement_list[0].agreement_client_id;
const card = { card_holder: 'Ayşe Yılmaz', card_number: TEST_CARDS.success, card_month: 12, card_year: new Date().getFullYear() + 2, card_cvv: '123' };

describe.each(databaseKinds('same-on-every-database'))('the checkout pages\' reads on %s', (kind) => {
  let t: TestApp;
  let tenantId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    tenantId = await tenantIdOf(t.db);
  });
  afterAll(() => t.close());

  async function orderStarter(who: Actor, count = 2) {
    who.use();
    const cart = await userShopcartBundleAdd({ shop_client_id: SEED_SHOP_ID, bundle_client_id: STARTER.bundle.bundle_client_id, user_client_id: who.userId, add_bundle_count: count });
    const res = await userShopcartBundleProductOrder({
      shop_client_id: SEED_SHOP_ID,
      user_client_id: who.userId,
      shopcart_bundle_client_id_list: [cart.shopcart_list[0].shopcart_bundle_client_id],
      payment_method: 'credit_card',
      approved_agreement_list: [STARTER_AGREEMENT],
    });
    expect(res.status_code, res.status_message).toBe('10000');
    return res.order;
  }

  it('an order names its shop and its bundles with their counts and English names', async () => {
    const ayse = await actor(t, 'ayse.reads');
    const order = await orderStarter(ayse);
    expect(order.shop_name).toBe('Sema Veri Mağazası');
    expect(order.shopcart_bundle_list).toEqual([
      {
        shopcart_bundle_client_id: order.shopcart_bundle_client_id_list[0],
        bundle_client_id: STARTER.bundle.bundle_client_id,
        bundle_name: 'Başlangıç Analiz Paketi',
        add_bundle_count: 2,
        translations: { en: { bundle_name: 'Starter Analytics' } },
      },
    ]);
    const listed = await userShopcartBundleOrderList({ user_client_id: ayse.userId });
    expect(listed.order_list[0]).toEqual(order);
  });

  it('finds one order by id, and none of another buyer\'s', async () => {
    const can = await actor(t, 'can.reads');
    const first = await orderStarter(can, 1);
    const second = await orderStarter(can, 1);
    const one = await userShopcartBundleOrderList({ user_client_id: can.userId, order_client_id: first.order_client_id });
    expect(one).toMatchObject({ total: 1, order_list: [{ order_client_id: first.order_client_id }] });
    expect((await userShopcartBundleOrderList({ user_client_id: can.userId })).total).toBe(2);
    expect(second.order_client_id).not.toBe(first.order_client_id);

    const deniz = await actor(t, 'deniz.reads');
    deniz.use();
    const theirs = await userShopcartBundleOrderList({ user_client_id: deniz.userId, order_client_id: first.order_client_id });
    expect(theirs).toMatchObject({ status_code: '10000', total: 0, order_list: [] });
  });

  it('answers the caller\'s credit balance and newest entries, newest first; 0 and none for a new buyer', async () => {
    const elif = await actor(t, 'elif.credits');
    elif.use();
    expect(await userCreditBalance({ user_client_id: elif.userId })).toMatchObject({ status_code: '10000', credit_balance: 0, credit_entry_list: [] });

    const order = await orderStarter(elif, 1);
    const paid = await userShopcartBundlePaymentRecord({ user_client_id: elif.userId, order_client_id: order.order_client_id, payment_method: 'credit_card', card });
    expect(paid.status_code, paid.status_message).toBe('10000');
    await t.db.transaction((tx) => spendCredits(tx, tenantId, elif.userId, 40, { reason: 'analysis', description: 'Project A' }));

    const res = await userCreditBalance({ user_client_id: elif.userId });
    expect(res.credit_balance).toBe(960);
    expect(res.credit_entry_list.map((e) => [e.credit_reason, e.credit_change, e.balance_after])).toEqual([
      ['analysis', -40, 960],
      ['purchase', 1000, 1000],
    ]);
    expect(res.credit_entry_list[1]).toMatchObject({ user_client_id: elif.userId, pro_client_id: STARTER.product_list[0].pro_client_id });
    expect(res.credit_entry_list[0]).toMatchObject({ description: 'Project A', created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });

    const newest = await userCreditBalance({ user_client_id: elif.userId, entry_count: 1 });
    expect(newest.credit_entry_list.map((e) => e.credit_change)).toEqual([-40]);
    expect((await userCreditBalance({ user_client_id: elif.userId, entry_count: 0 })).credit_balance).toBe(960);
  });

  it('refuses another user\'s id and a count beyond 50', async () => {
    const fatma = await actor(t, 'fatma.credits');
    const other = await actor(t, 'other.credits');
    fatma.use();
    expect((await userCreditBalance({ user_client_id: other.userId })).status_code).toBe('10001');
    expect((await userCreditBalance({ user_client_id: fatma.userId, entry_count: 51 })).status_code).toBe('10001');
  });
});
