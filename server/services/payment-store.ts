// Payments of orders in the database (payment: migrations 0016 and 0019): card payments as the provider
// answered them (brand, last four digits and its reference only), transfers as the buyer reported them and as
// the shop's staff confirmed them, refunds never above what was paid. The order's own state moves through
// server/services/order-store.ts; this module keeps the money records beside it in the same transaction.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import type { Payment, PaymentMethod, PaymentStatus } from '../../src/generated/types/entities.ts';
import { isoOf } from './paging.ts';
import { recordEvent } from './order-store.ts';
import type { PaymentProvider } from './payment-provider.ts';

export interface NewPayment {
  tenantId: string;
  orderId: string;
  userId: string;
  shopId: string;
  method: PaymentMethod;
  status: PaymentStatus;
  currency: 0 | 1;
  amount: number;
  card?: { brand: string; lastFour: string; reference: string };
  transfer?: { sender_name?: string; transfer_date?: string; transfer_reference?: string };
  /** A card payment waiting for the buyer's verification at the bank (3-D Secure). */
  authenticationPending?: boolean;
}

const PAYMENT_COLUMNS = `payment_client_id, order_client_id, user_id, shop_client_id, payment_method, payment_status, currency_type, amount, refunded_amount,
  payment_date, payment_refund_date, card_brand, card_last_four, sender_name, to_char(transfer_date, 'YYYY-MM-DD') as transfer_date, transfer_reference,
  provider_reference, authentication_pending`;

function paymentAnswer(r: Record<string, unknown>): Payment {
  const opt = (k: string) => (r[k] !== null && r[k] !== undefined ? { [k]: r[k] } : {});
  return {
    payment_client_id: r.payment_client_id as string,
    order_client_id: r.order_client_id as string,
    user_client_id: r.user_id as string,
    shop_client_id: r.shop_client_id as string,
    payment_method: r.payment_method as PaymentMethod,
    payment_status: r.payment_status as PaymentStatus,
    currency_type: Number(r.currency_type) as 0 | 1,
    amount: Number(r.amount),
    ...(Number(r.refunded_amount) > 0 ? { refunded_amount: Number(r.refunded_amount) } : {}),
    ...(r.payment_date ? { payment_date: isoOf(r.payment_date) } : {}),
    ...(r.payment_refund_date ? { payment_refund_date: isoOf(r.payment_refund_date) } : {}),
    ...opt('card_brand'),
    ...opt('card_last_four'),
    ...opt('sender_name'),
    ...opt('transfer_date'),
    ...opt('transfer_reference'),
    ...opt('provider_reference'),
    ...(r.authentication_pending ? { three_d_secure: true } : {}),
  } as Payment;
}

/** Stores a payment of an order; answers it as the contract has it. */
export async function insertPayment(tx: Queryable, p: NewPayment): Promise<Payment> {
  const [row] = await tx.query(
    `insert into payment (payment_client_id, tenant_id, order_client_id, user_id, shop_client_id, payment_method, payment_status, currency_type, amount,
                          card_brand, card_last_four, provider_reference, sender_name, transfer_date, transfer_reference, authentication_pending, payment_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, case when $7 = 'payment_approved' then now() end)
     returning ${PAYMENT_COLUMNS}`,
    [
      randomUUID(),
      p.tenantId,
      p.orderId,
      p.userId,
      p.shopId,
      p.method,
      p.status,
      p.currency,
      p.amount,
      p.card?.brand ?? null,
      p.card?.lastFour ?? null,
      p.card?.reference ?? null,
      p.transfer?.sender_name ?? null,
      p.transfer?.transfer_date ?? null,
      p.transfer?.transfer_reference ?? null,
      p.authenticationPending ?? false,
    ],
  );
  return paymentAnswer(row);
}

/** The payments of an order, oldest first. */
export async function paymentsOf(db: Queryable, tenantId: string, orderId: string): Promise<Payment[]> {
  const rows = await db.query(`select ${PAYMENT_COLUMNS} from payment where order_client_id = $1 and tenant_id = $2 order by created_at, payment_client_id`, [orderId, tenantId]);
  return rows.map(paymentAnswer);
}

/**
 * The buyer's transfer report: a second report of the same order (a reloaded form, a correction) replaces the
 * one still waiting for the staff's check instead of adding another.
 */
export async function reportTransfer(tx: Queryable, p: NewPayment & { transfer: NonNullable<NewPayment['transfer']> }): Promise<Payment> {
  const [row] = await tx.query(
    `update payment set sender_name = $3, transfer_date = $4, transfer_reference = $5, amount = $6
      where order_client_id = $1 and tenant_id = $2 and payment_method = 'transfer_to_account' and payment_status = 'payment_waiting'
      returning ${PAYMENT_COLUMNS}`,
    [p.orderId, p.tenantId, p.transfer.sender_name ?? null, p.transfer.transfer_date ?? null, p.transfer.transfer_reference ?? null, p.amount],
  );
  const payment = row ? paymentAnswer(row) : await insertPayment(tx, p);
  await recordEvent(tx, p.tenantId, p.orderId, 'transfer_report', 'payment_waiting', 'payment_waiting', { kind: 'buyer', userId: p.userId });
  return payment;
}

/**
 * The staff's confirmation of a transfer: the buyer's waiting report (or a new record when they sent none)
 * becomes the approved payment with the bank statement's description and the amount that arrived.
 */
export async function confirmTransfer(tx: Queryable, p: NewPayment & { transfer: { transfer_reference: string } }): Promise<void> {
  const [row] = await tx.query<{ payment_client_id: string }>(
    `update payment set payment_status = 'payment_approved', payment_date = now(), transfer_reference = $3, amount = $4
      where payment_client_id = (select payment_client_id from payment
                                  where order_client_id = $1 and tenant_id = $2 and payment_method = 'transfer_to_account' and payment_status = 'payment_waiting'
                                  order by created_at desc limit 1)
      returning payment_client_id`,
    [p.orderId, p.tenantId, p.transfer.transfer_reference, p.amount],
  );
  if (!row) await insertPayment(tx, p);
}

/** A card payment of the order that waits for its 3-D Secure verification, locked; undefined when there is none. */
export async function pendingAuthentication(tx: Queryable, tenantId: string, orderId: string, paymentId: string) {
  const [row] = await tx.query<{ provider_reference: string; amount: number }>(
    `select provider_reference, amount from payment
      where payment_client_id = $1 and order_client_id = $2 and tenant_id = $3 and authentication_pending and payment_status = 'payment_waiting' for update`,
    [paymentId, orderId, tenantId],
  );
  return row;
}

/** Ends a 3-D Secure wait: approved with the provider's charge reference, or cancelled with the reason. */
export async function finishAuthentication(tx: Queryable, paymentId: string, outcome: { reference: string } | { decline: string }): Promise<Payment> {
  const approved = 'reference' in outcome;
  const [row] = await tx.query(
    `update payment set authentication_pending = false, payment_status = $2, provider_reference = coalesce($3, provider_reference), decline_reason = $4,
            payment_date = case when $2 = 'payment_approved' then now() else payment_date end
      where payment_client_id = $1 returning ${PAYMENT_COLUMNS}`,
    [paymentId, approved ? 'payment_approved' : 'payment_cancel', approved ? outcome.reference : null, approved ? null : outcome.decline],
  );
  return paymentAnswer(row);
}

/** A verification the buyer left unfinished is cancelled when they pay the order again. */
export async function settleStaleAuthentications(tx: Queryable, tenantId: string, orderId: string): Promise<void> {
  await tx.query(
    `update payment set payment_status = 'payment_cancel', authentication_pending = false, decline_reason = 'abandoned'
      where order_client_id = $1 and tenant_id = $2 and authentication_pending`,
    [orderId, tenantId],
  );
}

/** The payment as it is now (a repeated confirmation answers it). */
export async function paymentOf(db: Queryable, tenantId: string, orderId: string, paymentId: string): Promise<Payment | undefined> {
  const [row] = await db.query(`select ${PAYMENT_COLUMNS} from payment where payment_client_id = $1 and order_client_id = $2 and tenant_id = $3`, [
    paymentId,
    orderId,
    tenantId,
  ]);
  return row ? paymentAnswer(row) : undefined;
}

/**
 * One refunded product's amount goes back on the order's approved payment: through the provider for a card
 * (a transfer is paid back by the shop outside the product), never more than was paid.
 */
export async function refundProductPayment(
  tx: Queryable,
  provider: PaymentProvider,
  tenantId: string,
  at: { orderId: string; lineId: string; proId: string },
): Promise<void> {
  const [product] = await tx.query<{ amount: number }>('select amount from shopcart_bundle_product where shopcart_bundle_client_id = $1 and pro_client_id = $2', [
    at.lineId,
    at.proId,
  ]);
  const [paid] = await tx.query<{ payment_client_id: string; payment_method: PaymentMethod; provider_reference: string | null; open: number }>(
    `select payment_client_id, payment_method, provider_reference, amount - refunded_amount as open from payment
      where order_client_id = $1 and tenant_id = $2 and payment_status = 'payment_approved' order by created_at limit 1 for update`,
    [at.orderId, tenantId],
  );
  if (!paid) return;
  const amount = Math.min(Number(product.amount), Number(paid.open));
  if (amount <= 0) return;
  if (paid.payment_method === 'credit_card' && paid.provider_reference) await provider.refund(paid.provider_reference, amount);
  await tx.query(
    `update payment set refunded_amount = refunded_amount + $2, payment_refund_date = now(),
            payment_status = case when refunded_amount + $2 >= amount then 'payment_refunded' else payment_status end
      where payment_client_id = $1`,
    [paid.payment_client_id, amount],
  );
}

/** Payments still waiting when the order is approved or cancelled follow it (a stale 3-D Secure wait is cancelled). */
export async function settleWaitingPayments(tx: Queryable, tenantId: string, orderId: string, to: 'payment_approved' | 'payment_cancel'): Promise<void> {
  await tx.query(
    `update payment set payment_status = case when authentication_pending then 'payment_cancel' else $3 end, authentication_pending = false,
            payment_date = case when $3 = 'payment_approved' and not authentication_pending then now() else payment_date end
      where order_client_id = $1 and tenant_id = $2 and payment_status = 'payment_waiting'`,
    [orderId, tenantId, to],
  );
}
