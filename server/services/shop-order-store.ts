// Orders of a shop in the database (shop_order, with their cart lines in shopcart_bundle:
// server/db/migrations/0006_shop.sql) as the contract's Order, and the staff's order list with the date
// filters of spec section 4 (order, payment, refund, bill, bill cancel, cancel, product send).
import type { Queryable } from '../db/adapter.ts';
import type { Order, OrderActor, OrderHistoryEvent, PaymentStatus } from '../../src/generated/types/entities.ts';
import { paymentsOf } from './payment-store.ts';
import { latestBillOf } from './bill-store.ts';
import type { UserShopOrderListRequest } from '../../src/generated/types/routes.ts';
import { containsPattern, isoOf, orderBy, pageRows, Where } from './paging.ts';

const DATE_FILTERS = ['order_date', 'payment_date', 'payment_refund_date', 'bill_date', 'bill_cancel_date', 'cancel_date', 'product_send_date'] as const;

// The order's lines with their bundles' names (display copies: shopcart_bundle_list), in one json array.
const ORDER_SELECT = `select o.order_client_id, o.user_id, u.username as customer_username, o.shop_client_id, s.shop_name, o.shopcart_client_id, o.order_status,
  o.payment_status, o.payment_method, o.currency_type, o.total_amount, o.order_note, o.order_date, o.payment_due_date, o.payment_date, o.payment_refund_date, o.bill_date,
  o.bill_cancel_date, o.cancel_date, o.product_send_date,
  coalesce((select json_agg(json_build_object('shopcart_bundle_client_id', l.shopcart_bundle_client_id, 'bundle_client_id', l.bundle_client_id,
                    'bundle_name', b.bundle_name, 'add_bundle_count', l.add_bundle_count, 'translations', b.translations)
                    order by l.created_at, l.shopcart_bundle_client_id)
              from shopcart_bundle l join bundle b on b.bundle_client_id = l.bundle_client_id
             where l.order_client_id = o.order_client_id), '[]') as lines
  from shop_order o join app_user u on u.user_id = o.user_id join shop s on s.shop_client_id = o.shop_client_id`;

interface LineCopy {
  shopcart_bundle_client_id: string;
  bundle_client_id: string;
  bundle_name: string;
  add_bundle_count: number;
  translations: Record<string, { bundle_name?: string } | undefined> | null;
}

/** A record's `field` in each language that has it, as `{translations}` (its other texts stay out); {} when none. */
function namesIn(translations: unknown, field: 'bundle_name' | 'pro_name'): { translations?: Record<string, Record<string, string>> } {
  const all = translations as Record<string, Record<string, unknown> | undefined> | null;
  const names = Object.fromEntries(
    (['en', 'tr'] as const).flatMap((lang) => {
      const name = all?.[lang]?.[field];
      return typeof name === 'string' && name.trim() ? [[lang, { [field]: name }]] : [];
    }),
  );
  return Object.keys(names).length ? { translations: names } : {};
}

/** A line's display copy: the bundle's name in each language that has one. */
function lineCopy(l: LineCopy): NonNullable<Order['shopcart_bundle_list']>[number] {
  return {
    shopcart_bundle_client_id: l.shopcart_bundle_client_id,
    bundle_client_id: l.bundle_client_id,
    bundle_name: l.bundle_name,
    add_bundle_count: Number(l.add_bundle_count),
    ...namesIn(l.translations, 'bundle_name'),
  };
}

function orderAnswer(r: Record<string, unknown>): Order {
  const dates = Object.fromEntries(DATE_FILTERS.filter((d) => r[d]).map((d) => [d, isoOf(r[d])]));
  const lines = (typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines) as LineCopy[];
  return {
    order_client_id: r.order_client_id as string,
    user_client_id: r.user_id as string,
    customer_username: r.customer_username as string,
    shop_client_id: r.shop_client_id as string,
    shop_name: r.shop_name as string,
    ...(r.shopcart_client_id ? { shopcart_client_id: r.shopcart_client_id as string } : {}),
    shopcart_bundle_client_id_list: lines.map((l) => l.shopcart_bundle_client_id),
    shopcart_bundle_list: lines.map(lineCopy),
    order_status: r.order_status as Order['order_status'],
    ...(r.payment_status ? { payment_status: r.payment_status as Order['payment_status'] } : {}),
    payment_method: r.payment_method as Order['payment_method'],
    currency_type: Number(r.currency_type) as 0 | 1,
    total_amount: Number(r.total_amount),
    ...(r.order_note ? { order_note: r.order_note as string } : {}),
    ...(r.payment_due_date && r.order_status === 'payment_waiting' ? { payment_due_date: isoOf(r.payment_due_date) } : {}),
    ...dates,
    order_date: isoOf(r.order_date)!,
  };
}

/** One order of the tenant, as the contract has it. */
export async function orderOf(db: Queryable, tenantId: string, orderId: string): Promise<Order> {
  const [row] = await db.query(`${ORDER_SELECT} where o.order_client_id = $1 and o.tenant_id = $2`, [orderId, tenantId]);
  return orderAnswer(row);
}

/** Who reads an order's details: its buyer sees a bill once approved, the shop's staff every bill. */
export type DetailReader = 'buyer' | 'staff';

/**
 * One order with its details (the get calls): each product's price and states, its payments, its history
 * with who took each step, and its newest bill.
 */
export async function orderDetail(db: Queryable, tenantId: string, orderId: string, reader: DetailReader): Promise<Order> {
  const [order, products, payment_list, events, bill] = await Promise.all([
    orderOf(db, tenantId, orderId),
    db.query<Record<string, unknown>>(
      `select sp.shopcart_bundle_client_id, sp.pro_client_id, sp.pro_name, sp.amount, sp.payment_status, sp.pro_status,
              to_char(sp.active_start_date, 'YYYY-MM-DD') as active_start_date, to_char(sp.active_end_date, 'YYYY-MM-DD') as active_end_date, sp.usage_left,
              p.translations
         from shopcart_bundle_product sp join shopcart_bundle l on l.shopcart_bundle_client_id = sp.shopcart_bundle_client_id
         left join bundle_product p on p.pro_client_id = sp.pro_client_id
        where l.order_client_id = $1 and l.tenant_id = $2 order by l.created_at, sp.pro_name, sp.pro_client_id`,
      [orderId, tenantId],
    ),
    paymentsOf(db, tenantId, orderId),
    db.query<Record<string, unknown>>(
      `select e.event, e.to_status, e.actor_kind, u.username as actor_username, sp.pro_name, e.note, e.created_at
         from order_event e left join app_user u on u.user_id = e.actor_user_id
         left join lateral (select pro_name from shopcart_bundle_product sp where sp.pro_client_id = e.pro_client_id limit 1) sp on true
        where e.order_client_id = $1 and e.tenant_id = $2 order by e.order_event_id`,
      [orderId, tenantId],
    ),
    latestBillOf(db, tenantId, orderId, reader === 'buyer'),
  ]);
  const opt = (r: Record<string, unknown>, k: string) => (r[k] !== null && r[k] !== undefined ? { [k]: r[k] } : {});
  return {
    ...order,
    product_list: products.map((p) => ({
      shopcart_bundle_client_id: p.shopcart_bundle_client_id as string,
      pro_client_id: p.pro_client_id as string,
      pro_name: p.pro_name as string,
      amount: Number(p.amount),
      payment_status: p.payment_status as PaymentStatus,
      ...opt(p, 'pro_status'),
      ...opt(p, 'active_start_date'),
      ...opt(p, 'active_end_date'),
      ...(p.usage_left !== null ? { usage_left: Number(p.usage_left) } : {}),
      ...namesIn(p.translations, 'pro_name'),
    })),
    payment_list,
    order_event_list: events.map((e) => ({
      order_event: e.event as OrderHistoryEvent,
      to_status: e.to_status as string,
      actor_kind: e.actor_kind as OrderActor,
      ...opt(e, 'actor_username'),
      ...opt(e, 'pro_name'),
      ...opt(e, 'note'),
      created_at: isoOf(e.created_at)!,
    })),
    ...(bill
      ? {
          bill: {
            bill_client_id: bill.bill_client_id,
            approve_status: bill.approve_status ?? 0,
            ...(bill.bill_number ? { bill_number: bill.bill_number } : {}),
            ...(bill.cancel_date ? { cancel_date: bill.cancel_date } : {}),
          },
        }
      : {}),
  } as Order;
}

/** Whose orders a list shows: a shop's (its staff) or a buyer's own. */
export type OrderScope = { shopId: string } | { userId: string };

/** One page of a shop's or a buyer's orders, newest first unless sorted otherwise. */
export async function listOrders(
  db: Queryable,
  tenantId: string,
  scope: OrderScope,
  input: Omit<UserShopOrderListRequest, 'shop_client_id'> & { shop_client_id?: string; order_client_id?: string },
) {
  const where = new Where().add('o.tenant_id = ?', tenantId);
  if ('shopId' in scope) where.add('o.shop_client_id = ?', scope.shopId);
  else where.add('o.user_id = ?', scope.userId);
  if (input.order_client_id) where.add('o.order_client_id = ?', input.order_client_id);
  if (input.order_status) where.add('o.order_status = ?', input.order_status);
  if (input.payment_status) where.add('o.payment_status = ?', input.payment_status);
  if (input.customer_username) where.add('lower(u.username) = lower(?)', input.customer_username);
  const filters = input as unknown as Record<string, unknown>;
  for (const d of DATE_FILTERS) {
    if (filters[`${d}_from`]) where.add(`o.${d} >= ?::date`, filters[`${d}_from`]);
    if (filters[`${d}_to`]) where.add(`o.${d} < ?::date + 1`, filters[`${d}_to`]);
  }
  if (input.search) {
    const pattern = containsPattern(input.search);
    where.add(
      `(u.username ilike ? escape '\\' or u.firstname ilike ? escape '\\' or u.lastname ilike ? escape '\\'
          or exists (select 1 from shop s where s.shop_client_id = o.shop_client_id and s.shop_name ilike ? escape '\\')
          or exists (select 1 from shopcart_bundle l join bundle b on b.bundle_client_id = l.bundle_client_id
                      where l.order_client_id = o.order_client_id and b.bundle_name ilike ? escape '\\'))`,
      pattern,
      pattern,
      pattern,
      pattern,
      pattern,
    );
  }
  const order = orderBy(input.sort, '-order_date', { order_date: 'o.order_date', payment_date: 'o.payment_date', total_amount: 'o.total_amount' }, 'o.order_client_id');
  const { rows, ...paging } = await pageRows(db, { select: ORDER_SELECT, where, order, paging: input });
  return { rows: rows.map(orderAnswer), ...paging };
}
