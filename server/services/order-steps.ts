// Whole-order steps that the buyer and the shop's staff take (the order get, cancel and status-change calls):
// each moves the order through the state machine (server/services/order-store.ts) and its money records
// (server/services/payment-store.ts) together, in the caller's transaction, under the order's row lock.
import type { Queryable } from '../db/adapter.ts';
import type { Lang } from '../../src/domain/language.ts';
import { formatMinor } from '../../src/domain/money.ts';
import { PAID_STATES } from '../../src/domain/order-states.ts';
import { ApiError } from '../http/api-error.ts';
import { allProductPayments, lockedOrder, orderTransition, productPaymentTransition, type Actor } from './order-store.ts';
import { confirmTransfer, refundProductPayment, settleWaitingPayments } from './payment-store.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** Unpaid orders cancelled as expired in one read at most (the rest go at the next). */
const EXPIRE_BATCH = 50;

/**
 * Cancels an unpaid order: its products' payments, the order with its lines, and the payments still waiting.
 * `as` names the step in the history (a buyer's or staff's cancel, or an expiry). False when not unpaid.
 */
export async function cancelOrder(tx: Queryable, tenantId: string, orderId: string, actor: Actor, as: 'cancel' | 'expire', note?: string): Promise<boolean> {
  await tx.query(
    `update shopcart_bundle_product sp set payment_status = 'payment_cancel' from shopcart_bundle l
      where l.shopcart_bundle_client_id = sp.shopcart_bundle_client_id and l.order_client_id = $1 and l.tenant_id = $2 and sp.payment_status = 'payment_waiting'`,
    [orderId, tenantId],
  );
  if (!(await orderTransition(tx, tenantId, orderId, 'cancel', actor, note, as))) return false;
  await settleWaitingPayments(tx, tenantId, orderId, 'payment_cancel');
  return true;
}

/**
 * Unpaid orders past their payment_due_date are cancelled as expired, by the system: those of one order, one
 * buyer or one shop, before they are read or paid. Orders another transaction holds are left for the next read.
 */
export async function expireOverdue(tx: Queryable, tenantId: string, of: { orderId: string } | { userId: string } | { shopId: string }): Promise<void> {
  const [column, value] = 'orderId' in of ? ['order_client_id', of.orderId] : 'userId' in of ? ['user_id', of.userId] : ['shop_client_id', of.shopId];
  const due = await tx.query<{ order_client_id: string }>(
    `select order_client_id from shop_order
      where tenant_id = $1 and ${column} = $2 and order_status = 'payment_waiting' and payment_due_date < now()
      order by payment_due_date limit ${EXPIRE_BATCH} for update skip locked`,
    [tenantId, value],
  );
  for (const o of due) await cancelOrder(tx, tenantId, o.order_client_id, { kind: 'system', userId: null }, 'expire');
}

/**
 * The order as it is now, locked: of this buyer or this shop (else 10016), expired first if it is unpaid past
 * its time.
 */
export async function currentOrder(tx: Queryable, tenantId: string, orderId: string, of: { userId: string } | { shopId: string }) {
  await lockedOrder(tx, tenantId, orderId, of);
  await expireOverdue(tx, tenantId, { orderId });
  return lockedOrder(tx, tenantId, orderId);
}

/**
 * The buyer's order, locked, to be paid now: an overdue one is expired first; one not waiting for its payment
 * (paid, cancelled, expired) is refused with 12014.
 */
export async function payableOrder(tx: Queryable, tenantId: string, orderId: string, userId: string) {
  const order = await currentOrder(tx, tenantId, orderId, { userId });
  if (order.order_status !== 'payment_waiting') throw new ApiError('order_not_awaiting_payment');
  return order;
}

export interface StaffStep {
  tenantId: string;
  shopId: string;
  orderId: string;
  step: 'approve' | 'cancel' | 'send' | 'refund';
  actor: Actor;
  transferReference?: string;
  receivedAmount?: number;
  note?: string;
  lang: Lang;
}

/** The order state a step leads to: asked again once there, the step changes nothing and is not refused. */
const REACHED: Record<StaffStep['step'], (status: string) => boolean> = {
  approve: (s) => PAID_STATES.includes(s as never) || s === 'payment_refunded',
  cancel: (s) => s === 'payment_cancel',
  send: (s) => s === 'product_send',
  refund: (s) => s === 'payment_refunded',
};

/**
 * A step of the shop's staff on a whole order (see the route's description): refused with 12015 when the
 * order's state does not allow it, answered unchanged when the order has taken it already.
 */
export async function staffOrderStep(tx: Queryable, provider: PaymentProvider, s: StaffStep): Promise<void> {
  const order = await currentOrder(tx, s.tenantId, s.orderId, { shopId: s.shopId });
  const status = order.order_status;
  if (REACHED[s.step](status)) return;
  if (s.step === 'approve') {
    if (status !== 'payment_waiting') throw new ApiError('order_transition_refused');
    if (order.payment_method !== 'transfer_to_account') throw new ApiError('payment_approval_card');
    const received = s.receivedAmount ?? 0;
    if (received < order.total_amount)
      throw new ApiError('payment_short', { received: formatMinor(received, order.currency_type, s.lang), total: formatMinor(order.total_amount, order.currency_type, s.lang) });
    await confirmTransfer(tx, {
      tenantId: s.tenantId,
      orderId: s.orderId,
      userId: order.user_id,
      shopId: s.shopId,
      method: 'transfer_to_account',
      status: 'payment_approved',
      currency: order.currency_type,
      amount: received,
      transfer: { transfer_reference: s.transferReference ?? '' },
    });
    await allProductPayments(tx, s.tenantId, s.orderId, 'approve', s.actor, s.note);
    await settleWaitingPayments(tx, s.tenantId, s.orderId, 'payment_approved');
    return;
  }
  if (s.step === 'cancel') {
    if (!(await cancelOrder(tx, s.tenantId, s.orderId, s.actor, 'cancel', s.note))) throw new ApiError('order_transition_refused');
    return;
  }
  if (s.step === 'send') {
    if (!(await orderTransition(tx, s.tenantId, s.orderId, 'send', s.actor, s.note))) throw new ApiError('order_transition_refused');
    return;
  }
  // Refund: each paid product's payment goes back (the order follows once all have), never above what was paid.
  if (!PAID_STATES.includes(status)) throw new ApiError('order_transition_refused');
  const paid = await tx.query<{ line: string; pro: string }>(
    `select sp.shopcart_bundle_client_id as line, sp.pro_client_id as pro from shopcart_bundle_product sp
       join shopcart_bundle l on l.shopcart_bundle_client_id = sp.shopcart_bundle_client_id
      where l.order_client_id = $1 and l.tenant_id = $2 and sp.payment_status = 'payment_approved'`,
    [s.orderId, s.tenantId],
  );
  for (const p of paid) {
    const at = { orderId: s.orderId, lineId: p.line, proId: p.pro };
    await productPaymentTransition(tx, s.tenantId, at, 'payment_refunded', s.actor, s.note);
    await refundProductPayment(tx, provider, s.tenantId, at);
  }
}
