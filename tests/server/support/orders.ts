// The demo shop's bundles bought through the real cart routes, for the order tests: a buyer calling in lira or
// dollars, a bundle put into the cart and ordered, a test card, and an order's history as stored.
import { expect } from 'vitest';
import { userShopcartBundleAdd, userShopcartBundleProductOrder } from '../../../src/generated/client/index.ts';
import shops from '../../../fixtures/seed/shops.json' with { type: 'json' };
import { TEST_CARDS } from '../../../server/services/payment-provider.ts';
import type { TestApp } from '../harness.ts';
import { actor, type Actor } from './actors.ts';
import { SEED_SHOP_ID } from './shops.ts';

export const [STARTER, LEARNING, TRIAL] = shops.shops[0].bundle_list;
export type SeedBundle = typeof STARTER;
export const STARTER_AGREEMENT = STARTER.agreement_list[0].agreement_client_id;

/** A card of the test provider that expires in two years. */
export const card = (number: string = TEST_CARDS.success) => ({
  card_holder: 'Ayşe Yılmaz',
  card_number: number,
  card_month: 12,
  card_year: new Date().getFullYear() + 2,
  card_cvv: '123',
});

/** The helpers, on the suite's app (`app` is read when a helper runs: the suite starts it in beforeAll). */
export function orderHelpers(app: () => TestApp) {
  /** A new buyer, calling in lira (0) or dollars (1). */
  async function buyer(name: string, currency: 0 | 1 = 0) {
    const t = app();
    const a = await actor(t, name);
    return { ...a, use: () => t.as({ authorization: a.authorization, query: { __lang__v: 1, __user__currency__type: currency } }) };
  }
  const add = (who: Actor, bundle: SeedBundle, count = 1) =>
    userShopcartBundleAdd({ shop_client_id: SEED_SHOP_ID, bundle_client_id: bundle.bundle.bundle_client_id, user_client_id: who.userId, add_bundle_count: count });
  /** The bundle put into the buyer's cart and ordered (its agreement approved): the order and its cart line. */
  async function ordered(who: Actor, bundle: SeedBundle, method: 'credit_card' | 'transfer_to_account', extra: Record<string, unknown> = {}) {
    who.use();
    const cart = await add(who, bundle);
    expect(cart.status_code, cart.status_message).toBe('10000');
    const line = cart.shopcart_list.find((l) => l.bundle_client_id === bundle.bundle.bundle_client_id && !l.renews_shopcart_bundle_client_id)!;
    const res = await userShopcartBundleProductOrder({
      shop_client_id: SEED_SHOP_ID,
      user_client_id: who.userId,
      shopcart_bundle_client_id_list: [line.shopcart_bundle_client_id],
      payment_method: method,
      approved_agreement_list: bundle === STARTER ? [STARTER_AGREEMENT] : [],
      ...extra,
    });
    expect(res.status_code, res.status_message).toBe('10000');
    return { order: res.order, line: line.shopcart_bundle_client_id };
  }
  /** The order's history as stored: its steps' names, oldest first. */
  const events = async (orderId: string) =>
    (await app().db.query<{ event: string }>('select event from order_event where order_client_id = $1 order by order_event_id', [orderId])).map((e) => e.event);
  return { buyer, add, ordered, events };
}
