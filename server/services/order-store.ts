// Orders in the database (shop_order, its cart lines and their products' payments, order_event, payment,
// agreement_acceptance: migrations 0006 and 0016), moved only through the state machine of
// src/domain/order-states.ts: every transition is a conditional update (`… where status = a state it may
// leave`) in the caller's transaction, recorded in order_event with who and when. Activation (paid lines
// become active, their products get their dates, uses and credits) happens in the transition that pays.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import type { OrderActor, OrderHistoryEvent, OrderStatus, PaymentMethod, PaymentStatus } from '../../src/generated/types/entities.ts';
import { productTakes } from '../../src/domain/checkout.ts';
import { LINE_AFTER, ORDER_TRANSITIONS, orderEventAfter, PAYMENT_TRANSITIONS, type OrderEvent, type PaymentEvent } from '../../src/domain/order-states.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import { ON_SALE } from './bundle-store.ts';
import { grantCredits, withdrawCredits } from './credit-ledger.ts';
import { cancelBillsOf } from './bill-store.ts';

export type Actor = { kind: OrderActor; userId: string | null };

/** Days an unpaid order may wait for its payment when none of its products says (pay_delay_max_days). */
export const DEFAULT_PAY_WITHIN_DAYS = 7;
/** The largest total an order holds (shop_order.total_amount's check, 0006_shop.sql): a billion in minor units ×100. */
export const ORDER_TOTAL_MAX = 100_000_000_000;

// ---------------------------------------------------------------------------------------------------------
// Placing an order

export interface NewOrder {
  tenantId: string;
  userId: string;
  shopId: string;
  lineIds: readonly string[];
  method: PaymentMethod;
  note?: string;
  approvedAgreements: readonly string[];
  currency: 0 | 1;
}

interface OrderedProduct {
  shopcart_bundle_client_id: string;
  add_bundle_count: number;
  pro_client_id: string;
  pro_name: string;
  pay_credit_card: boolean | null;
  pay_transfer_to_account: boolean | null;
  pay_type: string | null;
  pay_delay_max_days: number | null;
  amount: number | null;
}

/**
 * How many of a bundle one buyer can order in all (bundle.buyer_limit; every order but a cancelled one counts):
 * without a limit, a bundle that costs nothing (a trial) is each buyer's once, one at a time, or it would be
 * free credit without end. The buyer's orders are counted under a lock of the buyer, so two orders placed at
 * once are counted one after the other.
 */
async function refuseBeyondBuyerLimits(tx: Queryable, o: NewOrder, products: OrderedProduct[]): Promise<void> {
  const paid = new Set(products.filter((p) => Number(p.amount ?? 0) > 0).map((p) => p.shopcart_bundle_client_id));
  const lineIds = [...new Set(products.map((p) => p.shopcart_bundle_client_id))];
  const limited = await tx.query<{ shopcart_bundle_client_id: string; buyer_limit: number | null }>(
    `select l.shopcart_bundle_client_id, b.buyer_limit from shopcart_bundle l join bundle b on b.bundle_client_id = l.bundle_client_id
      where l.shopcart_bundle_client_id = any($1::uuid[]) and l.tenant_id = $2 and (b.buyer_limit is not null or not (l.shopcart_bundle_client_id = any($3::uuid[])))`,
    [lineIds, o.tenantId, [...paid]],
  );
  if (!limited.length) return;
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`sema:bundle-buyer:${o.userId}`]);
  const lines = await tx.query<{ shopcart_bundle_client_id: string; bundle_name: string; add_bundle_count: number; buyer_limit: number | null; held: number }>(
    `select l.shopcart_bundle_client_id, b.bundle_name, l.add_bundle_count, b.buyer_limit,
            (select coalesce(sum(e.add_bundle_count), 0) from shopcart_bundle e
              where e.tenant_id = l.tenant_id and e.user_id = l.user_id and e.bundle_client_id = l.bundle_client_id
                and e.shopcart_bundle_status in ('ordered', 'active', 'passive'))::integer as held
       from shopcart_bundle l join bundle b on b.bundle_client_id = l.bundle_client_id
      where l.shopcart_bundle_client_id = any($1::uuid[]) and l.tenant_id = $2`,
    [limited.map((l) => l.shopcart_bundle_client_id), o.tenantId],
  );
  for (const l of lines) {
    const count = Number(l.add_bundle_count);
    const held = Number(l.held);
    if (l.buyer_limit !== null) {
      if (held + count > l.buyer_limit) throw new ApiError('bundle_buyer_limit', { bundle: l.bundle_name, limit: l.buyer_limit, held, count });
    } else if (held > 0 || count > 1) throw new ApiError('free_bundle_once', { bundle: l.bundle_name });
  }
}

/**
 * Turns the caller's cart lines of one shop into an order waiting for its payment, in the buyer's currency;
 * answers its id and whether it costs nothing (a free order is approved at once by the caller). Refused: a
 * line that is not the caller's or not in the cart any more, a product that cannot be paid this way or has
 * no price in the currency, an agreement that must be approved and was not.
 */
export async function placeOrder(tx: Queryable, o: NewOrder): Promise<{ orderId: string; total: number }> {
  const lines = await tx.query<{ shopcart_bundle_client_id: string; shopcart_client_id: string }>(
    `select shopcart_bundle_client_id, shopcart_client_id from shopcart_bundle
      where tenant_id = $1 and user_id = $2 and shop_client_id = $3 and shopcart_bundle_client_id = any($4::uuid[]) and shopcart_bundle_status = 'in_cart'
      for update`,
    [o.tenantId, o.userId, o.shopId, o.lineIds],
  );
  if (lines.length !== o.lineIds.length) throw new ApiError('order_line_not_in_cart');
  const products = await tx.query<OrderedProduct & Record<string, unknown>>(
    `select l.shopcart_bundle_client_id, l.add_bundle_count, p.pro_client_id, p.pro_name, p.pay_credit_card, p.pay_transfer_to_account, p.pay_type, p.pay_delay_max_days,
            (select amount from bundle_product_price pp where pp.pro_client_id = p.pro_client_id and pp.currency_type = $3) as amount
       from shopcart_bundle l join bundle_product p on p.bundle_client_id = l.bundle_client_id and p.tenant_id = l.tenant_id and ${ON_SALE}
      where l.shopcart_bundle_client_id = any($2::uuid[]) and l.tenant_id = $1
      order by l.created_at, p.created_at`,
    [o.tenantId, o.lineIds, o.currency],
  );
  const linesWithProducts = new Set(products.map((p) => p.shopcart_bundle_client_id));
  if (linesWithProducts.size !== lines.length) throw new ApiError('cart_bundle_not_on_sale');
  for (const p of products) {
    if (p.amount === null && p.pay_type !== 'free') throw new ApiError('product_not_priced', { product: p.pro_name });
    if (!productTakes(p, p.amount, o.method)) throw new ApiError('payment_method_not_allowed', { product: p.pro_name });
  }
  const agreements = await tx.query<{ id: string; kind: 'bundle' | 'product'; agreement_version: number }>(
    `select a.agreement_client_id as id, 'bundle' as kind, a.agreement_version from agreement a
       join shopcart_bundle l on l.bundle_client_id = a.bundle_client_id
      where l.shopcart_bundle_client_id = any($1::uuid[]) and a.agreement_status = 'active' and a.approve_required
     union all
     select a.product_agreement_client_id, 'product', a.agreement_version from product_agreement a
      where a.pro_client_id = any($2::uuid[]) and a.agreement_status = 'active' and a.approve_required`,
    [o.lineIds, products.map((p) => p.pro_client_id)],
  );
  await refuseBeyondBuyerLimits(tx, o, products);
  const approved = new Set(o.approvedAgreements);
  if (agreements.some((a) => !approved.has(a.id))) throw new ApiError('agreements_required');

  const orderId = randomUUID();
  const total = products.reduce((sum, p) => sum + Number(p.amount ?? 0) * Number(p.add_bundle_count), 0);
  if (total > ORDER_TOTAL_MAX) throw new ApiError('order_total_too_large');
  const delays = products.map((p) => p.pay_delay_max_days).filter((d): d is number => d !== null);
  const payWithinDays = delays.length ? Math.min(...delays.map(Number)) : DEFAULT_PAY_WITHIN_DAYS;
  await tx.query(
    `insert into shop_order (order_client_id, tenant_id, shop_client_id, user_id, shopcart_client_id, order_status, payment_status, payment_method,
                             currency_type, total_amount, order_note, payment_due_date)
     values ($1, $2, $3, $4, $5, 'payment_waiting', 'payment_waiting', $6, $7, $8, $9, now() + make_interval(days => $10))`,
    [orderId, o.tenantId, o.shopId, o.userId, lines[0].shopcart_client_id, o.method, o.currency, total, o.note ?? null, payWithinDays],
  );
  await tx.query(
    `insert into shopcart_bundle_product (shopcart_bundle_client_id, pro_client_id, tenant_id, pro_name, currency_type, amount)
     select (r->>'line')::uuid, (r->>'pro')::uuid, $1, r->>'name', $2, (r->>'amount')::bigint from jsonb_array_elements($3::jsonb) r`,
    [
      o.tenantId,
      o.currency,
      JSON.stringify(products.map((p) => ({ line: p.shopcart_bundle_client_id, pro: p.pro_client_id, name: p.pro_name, amount: Number(p.amount ?? 0) * Number(p.add_bundle_count) }))),
    ],
  );
  await tx.query("update shopcart_bundle set shopcart_bundle_status = 'ordered', order_client_id = $1, updated_at = now() where shopcart_bundle_client_id = any($2::uuid[])", [
    orderId,
    o.lineIds,
  ]);
  if (agreements.length)
    await tx.query(
      `insert into agreement_acceptance (order_client_id, agreement_client_id, agreement_kind, agreement_version, tenant_id, user_id)
       select $1, (a->>'id')::uuid, a->>'kind', (a->>'agreement_version')::int, $2, $3 from jsonb_array_elements($4::jsonb) a`,
      [orderId, o.tenantId, o.userId, JSON.stringify(agreements)],
    );
  await recordEvent(tx, o.tenantId, orderId, 'place', 'in_cart', 'payment_waiting', { kind: 'buyer', userId: o.userId });
  return { orderId, total };
}

// ---------------------------------------------------------------------------------------------------------
// Transitions

/** One step of the order's history (order_event), with who took it. */
export async function recordEvent(tx: Queryable, tenantId: string, orderId: string, event: OrderHistoryEvent, from: string, to: string, actor: Actor, extra: { proId?: string; note?: string } = {}) {
  await tx.query(
    `insert into order_event (tenant_id, order_client_id, event, from_status, to_status, pro_client_id, actor_user_id, actor_kind, note)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [tenantId, orderId, event, from, to, extra.proId ?? null, actor.userId, actor.kind, extra.note ?? null],
  );
}

/** The order, locked for this transaction: of the tenant, and of this buyer or this shop when named. */
export async function lockedOrder(tx: Queryable, tenantId: string, orderId: string, of: { userId?: string; shopId?: string } = {}) {
  const [row] = await tx.query<{
    order_status: OrderStatus;
    payment_status: PaymentStatus;
    payment_method: PaymentMethod;
    user_id: string;
    shop_client_id: string;
    total_amount: number;
    currency_type: 0 | 1;
  }>(
    `select order_status, payment_status, payment_method, user_id, shop_client_id, total_amount, currency_type from shop_order
      where order_client_id = $1 and tenant_id = $2 and ($3::uuid is null or user_id = $3) and ($4::uuid is null or shop_client_id = $4) for update`,
    [orderId, tenantId, of.userId ?? null, of.shopId ?? null],
  );
  if (!row) throw notFound('order');
  return { ...row, total_amount: Number(row.total_amount) };
}

/**
 * Moves the order by `event` if its state allows (else false, nothing written): the order's state, its
 * payment's and its date, its lines (LINE_AFTER), and on approval the lines' activation; on a refund the
 * credits the lines granted are taken back as far as they are unspent.
 */
export async function orderTransition(
  tx: Queryable,
  tenantId: string,
  orderId: string,
  event: OrderEvent,
  actor: Actor,
  note?: string,
  /** The history's name of the step when it is not the event's own (a cancel by expiry is 'expire'). */
  recordAs: OrderHistoryEvent = event,
): Promise<boolean> {
  const t = ORDER_TRANSITIONS[event];
  const payment = event === 'approve' || event === 'cancel' || event === 'refund' ? PAYMENT_TRANSITIONS[event].to : null;
  const [current] = await tx.query<{ order_status: OrderStatus }>('select order_status from shop_order where order_client_id = $1 and tenant_id = $2 for update', [
    orderId,
    tenantId,
  ]);
  if (!current || !t.from.includes(current.order_status)) return false;
  await tx.query(
    `update shop_order set order_status = $3, payment_status = coalesce($4, payment_status), ${t.date} = now(), updated_at = now()
      where order_client_id = $1 and tenant_id = $2 and order_status = $5`,
    [orderId, tenantId, t.to, payment, current.order_status],
  );
  const moved = { from_status: current.order_status };
  await recordEvent(tx, tenantId, orderId, recordAs, moved.from_status, t.to, actor, { note });
  const line = LINE_AFTER[event];
  if (line)
    await tx.query(
      `update shopcart_bundle set shopcart_bundle_status = $3, updated_at = now(),
              active_date = case when $3 = 'active' then now() else active_date end, passive_date = case when $3 = 'cancelled' then now() else passive_date end
        where order_client_id = $1 and tenant_id = $2 and shopcart_bundle_status = any($4::text[])`,
      [orderId, tenantId, line.to, line.from],
    );
  if (event === 'approve') await activateOrder(tx, tenantId, orderId);
  if (event === 'refund') {
    await withdrawOrderCredits(tx, tenantId, orderId);
    if (await cancelBillsOf(tx, tenantId, orderId)) await tx.query('update shop_order set bill_cancel_date = now() where order_client_id = $1', [orderId]);
  }
  return true;
}

/** The period a periodic product's payment covers. */
const PERIOD_INTERVAL: Record<string, string> = { daily: '1 day', weekly: '7 days', monthly: '1 month', quarterly: '3 months', yearly: '1 year' };

/**
 * A paid order's products start today (a renewal's the day after the line it renews ends, if that is later):
 * active, with their end (a periodic product's paid period, else the
 * product's own end date), their uses (the product's count times the line's), and an analysis product counted
 * in total uses grants that many credits (docs/decisions.md).
 */
async function activateOrder(tx: Queryable, tenantId: string, orderId: string): Promise<void> {
  const products = await tx.query<{ line: string; pro: string; user_id: string; count: number; usage: number | null; usage_type: string | null; task_type: string | null; pay_type: string | null; period: string | null; pro_end_date: string | null; start: string }>(
    `select sp.shopcart_bundle_client_id as line, sp.pro_client_id as pro, l.user_id, l.add_bundle_count as count, p.pro_usage_count as usage,
            p.pro_usage_count_type as usage_type, p.task_type, p.pay_type, p.pay_period_type as period, to_char(p.pro_end_date, 'YYYY-MM-DD') as pro_end_date,
            to_char(greatest(current_date, (select max(r.active_end_date) + 1 from shopcart_bundle_product r
                                             where r.shopcart_bundle_client_id = l.renews_shopcart_bundle_client_id and r.pro_client_id = sp.pro_client_id)),
                    'YYYY-MM-DD') as start
       from shopcart_bundle_product sp
       join shopcart_bundle l on l.shopcart_bundle_client_id = sp.shopcart_bundle_client_id
       join bundle_product p on p.pro_client_id = sp.pro_client_id
      where l.order_client_id = $1 and l.tenant_id = $2 and sp.pro_status is null`,
    [orderId, tenantId],
  );
  for (const p of products) {
    const uses = p.usage !== null && p.usage_type !== 'unlimited' ? Number(p.usage) * Number(p.count) : null;
    const interval = p.pay_type === 'periodic' && p.period ? PERIOD_INTERVAL[p.period] : undefined;
    await tx.query(
      `update shopcart_bundle_product set pro_status = 'active', active_start_date = $6::date,
              active_end_date = coalesce(($6::date + $3::interval)::date - 1, $4::date), usage_left = $5
        where shopcart_bundle_client_id = $1 and pro_client_id = $2`,
      [p.line, p.pro, interval ?? null, p.pro_end_date, uses, p.start],
    );
    if (p.task_type === 'analysis' && p.usage_type === 'total' && uses)
      await grantCredits(tx, tenantId, p.user_id, uses, { reason: 'purchase', proClientId: p.pro, shopcartBundleClientId: p.line });
  }
}

/** A refunded order's credits go back, as far as they are unspent. */
async function withdrawOrderCredits(tx: Queryable, tenantId: string, orderId: string): Promise<void> {
  const grants = await tx.query<{ user_id: string; granted: number; line: string }>(
    `select e.user_id, sum(e.credit_change)::int as granted, e.shopcart_bundle_client_id as line from credit_entry e
       join shopcart_bundle l on l.shopcart_bundle_client_id = e.shopcart_bundle_client_id
      where l.order_client_id = $1 and e.tenant_id = $2 and e.credit_reason = 'purchase'
      group by e.user_id, e.shopcart_bundle_client_id`,
    [orderId, tenantId],
  );
  for (const g of grants) if (g.granted > 0) await withdrawCredits(tx, tenantId, g.user_id, g.granted, { reason: 'refund', shopcartBundleClientId: g.line });
}

/**
 * Moves one product's payment of a cart line (waiting → approved | cancel; approved → refunded), then the
 * order when its products call for it (src/domain/order-states.ts orderEventAfter). A product already in the
 * asked state answers true and changes nothing (an approval sent twice activates once); a move the machine
 * does not allow answers false.
 */
export async function productPaymentTransition(
  tx: Queryable,
  tenantId: string,
  at: { orderId: string; lineId: string; proId: string },
  to: PaymentStatus,
  actor: Actor,
  note?: string,
): Promise<boolean> {
  const [current] = await tx.query<{ payment_status: PaymentStatus }>(
    'select payment_status from shopcart_bundle_product where shopcart_bundle_client_id = $1 and pro_client_id = $2 and tenant_id = $3 for update',
    [at.lineId, at.proId, tenantId],
  );
  if (!current) throw notFound('bundle_product');
  if (current.payment_status === to) return true;
  const event = (Object.keys(PAYMENT_TRANSITIONS) as PaymentEvent[]).find((e) => PAYMENT_TRANSITIONS[e].to === to);
  if (!event || !PAYMENT_TRANSITIONS[event].from.includes(current.payment_status)) return false;
  await tx.query('update shopcart_bundle_product set payment_status = $3 where shopcart_bundle_client_id = $1 and pro_client_id = $2', [at.lineId, at.proId, to]);
  await recordEvent(tx, tenantId, at.orderId, `product_${event}`, current.payment_status, to, actor, { proId: at.proId, note });
  await followProducts(tx, tenantId, at.orderId, actor);
  return true;
}

/** Every product's payment of the order moved by `event` at once (a card payment approves them all). */
export async function allProductPayments(tx: Queryable, tenantId: string, orderId: string, event: PaymentEvent, actor: Actor, note?: string): Promise<void> {
  const t = PAYMENT_TRANSITIONS[event];
  await tx.query(
    `update shopcart_bundle_product sp set payment_status = $3 from shopcart_bundle l
      where l.shopcart_bundle_client_id = sp.shopcart_bundle_client_id and l.order_client_id = $1 and l.tenant_id = $2 and sp.payment_status = any($4::text[])`,
    [orderId, tenantId, t.to, t.from],
  );
  await followProducts(tx, tenantId, orderId, actor, note);
}

/** The order takes the step its products' payments call for, if any. */
async function followProducts(tx: Queryable, tenantId: string, orderId: string, actor: Actor, note?: string): Promise<void> {
  const [row] = await tx.query<{ order_status: OrderStatus; statuses: PaymentStatus[] }>(
    `select o.order_status, array(select sp.payment_status from shopcart_bundle_product sp join shopcart_bundle l on l.shopcart_bundle_client_id = sp.shopcart_bundle_client_id
                                  where l.order_client_id = o.order_client_id) as statuses
       from shop_order o where o.order_client_id = $1 and o.tenant_id = $2`,
    [orderId, tenantId],
  );
  const event = orderEventAfter(row.order_status, row.statuses);
  if (event) await orderTransition(tx, tenantId, orderId, event, actor, note);
}
