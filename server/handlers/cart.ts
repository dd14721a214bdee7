// The buyer's cart, orders and payments, and the staff's steps on them (schemas/routes/cart.json). Orders
// and payments move only through src/domain/order-states.ts (server/services/order-store.ts); an order or a
// payment call with an idempotency_key answers its first answer again (server/services/idempotency-store.ts).
// Card numbers and CVVs go to the payment provider and nowhere else.
import type { RequestContext } from '../http/context.ts';
import type { Queryable } from '../db/adapter.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import { LINE_TRANSITIONS } from '../../src/domain/order-states.ts';
import { luhnValid, notExpired } from '../../src/domain/card.ts';
import { shopCaller, staffShop } from '../services/shop-access.ts';
import { addRenewal, addToCart, cartOf, removeFromCart } from '../services/cart-store.ts';
import { listOrders, orderDetail, orderOf } from '../services/shop-order-store.ts';
import { activeLines, changeLineStatus, changeProductStatus, lineOfShop } from '../services/cart-line-store.ts';
import { allProductPayments, lockedOrder, placeOrder, productPaymentTransition, recordEvent, type Actor } from '../services/order-store.ts';
import { cancelOrder, currentOrder, expireOverdue, payableOrder } from '../services/order-steps.ts';
import {
  finishAuthentication,
  insertPayment,
  paymentOf,
  pendingAuthentication,
  refundProductPayment,
  reportTransfer,
  settleStaleAuthentications,
  settleWaitingPayments,
} from '../services/payment-store.ts';
import { once } from '../services/idempotency-store.ts';
import { creditBalance, latestCreditEntries } from '../services/credit-ledger.ts';
import type { HandlerSet } from './types.ts';

/** The work of an order or payment call, once per idempotency key when the caller sends one. */
function keyed<T extends object>(ctx: RequestContext, userId: string, key: string | undefined, request: unknown, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return ctx.transaction((tx) => (key ? once(tx, { tenantId: ctx.tenant.tenant_id, userId, route: ctx.route.name, key, request }, () => work(tx)) : work(tx)));
}

const staffActor = (userId: string): Actor => ({ kind: 'staff', userId });

export const cartHandlers: HandlerSet = {
  user_shopcart_bundle_add: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    await ctx.transaction((tx) => addToCart(tx, ctx.tenant.tenant_id, me.userId, input.shop_client_id, input.bundle_client_id, input.add_bundle_count));
    return { shopcart_list: await cartOf(ctx.db, ctx.tenant.tenant_id, me.userId, ctx.currency) };
  },

  user_shopcart_bundle_cancel: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const removed = await ctx.transaction((tx) => removeFromCart(tx, ctx.tenant.tenant_id, me.userId, input.shop_client_id, input.bundle_client_id, input.add_bundle_count));
    if (!removed) throw notFound('shopcart');
    return { shopcart_list: await cartOf(ctx.db, ctx.tenant.tenant_id, me.userId, ctx.currency) };
  },

  user_shopcart_bundle_list: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    return { shopcart_list: await cartOf(ctx.db, ctx.tenant.tenant_id, me.userId, ctx.currency) };
  },

  user_shopcart_bundle_order_list: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    await ctx.transaction((tx) => expireOverdue(tx, ctx.tenant.tenant_id, { userId: me.userId }));
    const { rows, ...paging } = await listOrders(ctx.db, ctx.tenant.tenant_id, { userId: me.userId }, input);
    return { order_list: rows, ...paging };
  },

  user_shopcart_bundle_active_list: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    return activeLines(ctx.db, ctx.tenant.tenant_id, me.userId, input);
  },

  // A free order is paid by nobody: it is approved (and its lines activated) at once.
  user_shopcart_bundle_product_order: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const orderId = await keyed(ctx, me.userId, input.idempotency_key, input, async (tx) => {
      const placed = await placeOrder(tx, {
        tenantId,
        userId: me.userId,
        shopId: input.shop_client_id,
        lineIds: input.shopcart_bundle_client_id_list,
        method: input.payment_method,
        note: input.order_note,
        approvedAgreements: input.approved_agreement_list,
        currency: ctx.currency,
      });
      if (placed.total === 0) await allProductPayments(tx, tenantId, placed.orderId, 'approve', { kind: 'system', userId: null });
      return { order_client_id: placed.orderId };
    });
    return { order: await orderOf(ctx.db, tenantId, orderId.order_client_id), shopcart_list: await cartOf(ctx.db, tenantId, me.userId, ctx.currency) };
  },

  // The card goes to the provider inside the order's lock: a second payment of the same order waits, then
  // finds it paid. Only the brand and last four digits are kept; the request fingerprint of an idempotency
  // key leaves the card out. A card that asks for a 3-D Secure step is kept waiting (payment.three_d_secure)
  // until the confirm call; a transfer report waits for the shop's staff (a second report replaces the first).
  user_shopcart_bundle_payment_record: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const { card, ...rest } = input;
    if (card && !luhnValid(card.card_number)) throw new ApiError('card_number_invalid');
    if (card && !notExpired(card.card_month, card.card_year)) throw new ApiError('card_expired');
    const fingerprint = { ...rest, card_last_four: card?.card_number.slice(-4) };
    return keyed(ctx, me.userId, input.idempotency_key, fingerprint, async (tx) => {
      const order = await payableOrder(tx, tenantId, input.order_client_id, me.userId);
      const base = { tenantId, orderId: input.order_client_id, userId: me.userId, shopId: order.shop_client_id, currency: order.currency_type, amount: order.total_amount };
      if (!card) {
        const payment = await reportTransfer(tx, { ...base, method: 'transfer_to_account', status: 'payment_waiting', transfer: input.transfer ?? {} });
        return { payment, payment_status: order.payment_status, order_status: order.order_status };
      }
      const charged = await ctx.services.payments.charge({
        card,
        amount: order.total_amount,
        currency: order.currency_type,
        idempotencyKey: input.idempotency_key ?? `${input.order_client_id}:${crypto.randomUUID()}`,
        description: `order ${input.order_client_id}`,
      });
      if (charged.status === 'declined') throw new ApiError(charged.decline);
      // An earlier verification left unfinished gives way to this payment.
      await settleStaleAuthentications(tx, tenantId, input.order_client_id);
      const waits = charged.status === 'requires_action';
      const payment = await insertPayment(tx, {
        ...base,
        method: 'credit_card',
        status: waits ? 'payment_waiting' : 'payment_approved',
        card: { brand: charged.brand, lastFour: charged.lastFour, reference: charged.reference },
        authenticationPending: waits,
      });
      if (waits) {
        await recordEvent(tx, tenantId, input.order_client_id, 'card_authentication', 'payment_waiting', 'payment_waiting', { kind: 'provider', userId: me.userId });
        return { payment, payment_status: order.payment_status, order_status: order.order_status };
      }
      await allProductPayments(tx, tenantId, input.order_client_id, 'approve', { kind: 'provider', userId: me.userId });
      const after = await lockedOrder(tx, tenantId, input.order_client_id);
      return { payment, payment_status: after.payment_status, order_status: after.order_status };
    });
  },

  // The bank's verdict on a 3-D Secure step: a failed one is kept (the payment cancelled, the order still
  // waiting for another payment) and answered 12028 after the transaction has kept it.
  user_shopcart_bundle_payment_confirm: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const result = await keyed(ctx, me.userId, input.idempotency_key, input, async (tx) => {
      const order = await lockedOrder(tx, tenantId, input.order_client_id, { userId: me.userId });
      const pending = await pendingAuthentication(tx, tenantId, input.order_client_id, input.payment_client_id);
      if (!pending) {
        const payment = await paymentOf(tx, tenantId, input.order_client_id, input.payment_client_id);
        if (!payment) throw notFound('payment');
        return { failed: payment.payment_status === 'payment_cancel', payment, payment_status: order.payment_status, order_status: order.order_status };
      }
      const verdict = await ctx.services.payments.authenticate(pending.provider_reference, input.authentication_passed);
      const payment = await finishAuthentication(tx, input.payment_client_id, verdict.status === 'succeeded' ? { reference: verdict.reference } : { decline: verdict.decline });
      if (verdict.status === 'succeeded' && order.order_status === 'payment_waiting')
        await allProductPayments(tx, tenantId, input.order_client_id, 'approve', { kind: 'provider', userId: me.userId });
      const after = await lockedOrder(tx, tenantId, input.order_client_id);
      return { failed: verdict.status !== 'succeeded', payment, payment_status: after.payment_status, order_status: after.order_status };
    });
    const { failed, ...answer } = result;
    if (failed) throw new ApiError('card_authentication_failed');
    return answer;
  },

  user_shopcart_bundle_order_get: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    await ctx.transaction((tx) => currentOrder(tx, tenantId, input.order_client_id, { userId: me.userId }));
    return { order: await orderDetail(ctx.db, tenantId, input.order_client_id, 'buyer') };
  },

  // The buyer's own cancel of an unpaid order; cancelled already, it answers the order again.
  user_shopcart_bundle_order_cancel: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    await keyed(ctx, me.userId, input.idempotency_key, input, async (tx) => {
      const order = await currentOrder(tx, tenantId, input.order_client_id, { userId: me.userId });
      if (order.order_status === 'payment_cancel') return {};
      if (!(await cancelOrder(tx, tenantId, input.order_client_id, { kind: 'buyer', userId: me.userId }, 'cancel', input.note))) throw new ApiError('order_not_awaiting_payment');
      return {};
    });
    return { order: await orderDetail(ctx.db, tenantId, input.order_client_id, 'buyer') };
  },

  user_shopcart_bundle_renew: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const lineId = await ctx.transaction((tx) => addRenewal(tx, tenantId, me.userId, input.shopcart_bundle_client_id));
    return { shopcart_bundle_client_id: lineId, shopcart_list: await cartOf(ctx.db, tenantId, me.userId, ctx.currency) };
  },

  // The balance is the newest entry's balance_after: read from the same statement as the entries, the two agree.
  user_credit_balance: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const count = input.entry_count ?? 10;
    const entries = await latestCreditEntries(ctx.db, tenantId, me.userId, count);
    const balance = count > 0 ? (entries[0]?.balance_after ?? 0) : await creditBalance(ctx.db, tenantId, me.userId);
    return { credit_balance: balance, credit_entry_list: entries };
  },

  user_shopcart_bundle_status_change: async (input, ctx) => {
    const me = shopCaller(ctx);
    await staffShop(ctx.db, ctx, me, input.shop_client_id);
    const status = await ctx.transaction(async (tx) => {
      const line = await lineOfShop(tx, ctx.tenant.tenant_id, input.shop_client_id, input.user_client_id, input.shopcart_bundle_client_id);
      if (line.shopcart_bundle_status === input.shopcart_bundle_status) return line.shopcart_bundle_status;
      if (!LINE_TRANSITIONS[line.shopcart_bundle_status].includes(input.shopcart_bundle_status)) throw new ApiError('cart_line_status_refused');
      await changeLineStatus(tx, ctx.tenant.tenant_id, line, input.shopcart_bundle_status, staffActor(me.userId), input.note);
      return input.shopcart_bundle_status;
    });
    return { shopcart_bundle_client_id: input.shopcart_bundle_client_id, shopcart_bundle_status: status };
  },

  user_shopcart_bundle_product_status_change: async (input, ctx) => {
    const me = shopCaller(ctx);
    await staffShop(ctx.db, ctx, me, input.shop_client_id);
    await ctx.transaction(async (tx) => {
      const line = await lineOfShop(tx, ctx.tenant.tenant_id, input.shop_client_id, input.user_client_id, input.shopcart_bundle_client_id);
      if (line.shopcart_bundle_status !== 'active' && line.shopcart_bundle_status !== 'passive') throw new ApiError('cart_line_status_refused');
      await changeProductStatus(tx, ctx.tenant.tenant_id, line, input.pro_client_id, input.pro_status, staffActor(me.userId), input.note);
    });
    return { shopcart_bundle_client_id: input.shopcart_bundle_client_id, pro_client_id: input.pro_client_id, pro_status: input.pro_status };
  },

  // How a transfer is confirmed (or a payment cancelled or refunded): one product's payment moves, and the
  // order with it once all its products have. Sent twice or at once, an approval activates once.
  user_shopcart_bundle_product_payment_status_change: async (input, ctx) => {
    const me = shopCaller(ctx);
    await staffShop(ctx.db, ctx, me, input.shop_client_id);
    const tenantId = ctx.tenant.tenant_id;
    await ctx.transaction(async (tx) => {
      const line = await lineOfShop(tx, tenantId, input.shop_client_id, input.user_client_id, input.shopcart_bundle_client_id);
      if (!line.order_client_id) throw new ApiError('order_transition_refused');
      await lockedOrder(tx, tenantId, line.order_client_id);
      const at = { orderId: line.order_client_id, lineId: line.shopcart_bundle_client_id, proId: input.pro_client_id };
      const moved = await productPaymentTransition(tx, tenantId, at, input.payment_status, staffActor(me.userId), input.note);
      if (!moved) throw new ApiError('order_transition_refused');
      if (input.payment_status === 'payment_refunded') await refundProductPayment(tx, ctx.services.payments, tenantId, at);
      const order = await lockedOrder(tx, tenantId, line.order_client_id);
      if (order.payment_status === 'payment_approved' || order.payment_status === 'payment_cancel')
        await settleWaitingPayments(tx, tenantId, line.order_client_id, order.payment_status);
    });
    return { shopcart_bundle_client_id: input.shopcart_bundle_client_id, pro_client_id: input.pro_client_id, payment_status: input.payment_status };
  },
};
