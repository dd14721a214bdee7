// Bills of paid orders (bill, bill_sequence: migration 0017) as the contract's Bill: drafts the shop's staff
// edit, approval that freezes a bill with the shop's next number of the year (no gaps: the number is taken in
// the approving transaction), and cancellation with the order's refund. The sums are checked here by the rule
// of src/domain/bill-sums.ts.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import type { Bill } from '../../src/generated/types/entities.ts';
import type { UserBillListRequest, UserBillListNotApprovedRequest } from '../../src/generated/types/routes.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import { billTotals } from '../../src/domain/bill-sums.ts';
import { formatMinor, type Lang } from '../../src/domain/money.ts';
import { containsPattern, isoOf, orderBy, pageRows, Where } from './paging.ts';

export type BillFields = Pick<Bill, 'bill_date' | 'shop_address' | 'shop_tax_number' | 'shop_tax_office' | 'product_items' | 'total_price' | 'tax_rate_percent' | 'currency_type'>;

/** The bill's sums as they must be; refused (10001 naming the field) when what was sent does not add up. */
export function billSums(b: BillFields): { net: number; tax: number } {
  b.product_items.forEach((item, i) => {
    if (item.line_total !== item.quantity * item.unit_price)
      throw new ApiError('invalid_input', { details: `product_items.${i}.line_total: ${item.quantity} × ${item.unit_price} = ${item.quantity * item.unit_price}` });
  });
  const { net, tax, total } = billTotals(b.product_items, b.tax_rate_percent);
  if (b.total_price !== total) throw new ApiError('invalid_input', { details: `total_price: ${net} + ${tax} = ${total}` });
  return { net, tax };
}

// The shop's name is a display copy read with the bill, as an order's is.
const BILL_SELECT = `select b.bill_client_id, b.order_client_id, b.shop_client_id, s.shop_name, b.user_id, b.bill_date, b.shop_address, b.shop_tax_number,
  b.shop_tax_office, b.product_items, b.currency_type, b.tax_rate_percent::float8 as tax_rate_percent, b.net_price, b.tax_price, b.total_price,
  b.approve_status, b.approve_date, b.bill_year, b.bill_seq, b.cancel_date
  from bill b join shop s on s.shop_client_id = b.shop_client_id and s.tenant_id = b.tenant_id`;

function billAnswer(r: Record<string, unknown>): Bill {
  return {
    bill_client_id: r.bill_client_id as string,
    order_client_id: r.order_client_id as string,
    shop_client_id: r.shop_client_id as string,
    shop_name: r.shop_name as string,
    user_client_id: r.user_id as string,
    bill_date: isoOf(r.bill_date)!,
    shop_address: r.shop_address as string,
    shop_tax_number: r.shop_tax_number as string,
    shop_tax_office: r.shop_tax_office as string,
    product_items: (typeof r.product_items === 'string' ? JSON.parse(r.product_items) : r.product_items) as Bill['product_items'],
    currency_type: Number(r.currency_type) as 0 | 1,
    tax_rate_percent: Number(r.tax_rate_percent),
    net_price: Number(r.net_price),
    tax_price: Number(r.tax_price),
    total_price: Number(r.total_price),
    approve_status: Number(r.approve_status) as 0 | 1,
    ...(r.approve_date ? { approve_date: isoOf(r.approve_date) } : {}),
    ...(r.bill_seq ? { bill_number: `${r.bill_year}-${String(r.bill_seq).padStart(6, '0')}` } : {}),
    ...(r.cancel_date ? { cancel_date: isoOf(r.cancel_date) } : {}),
  };
}

export async function billOf(db: Queryable, tenantId: string, billId: string): Promise<Bill> {
  const [row] = await db.query(`${BILL_SELECT} where b.bill_client_id = $1 and b.tenant_id = $2`, [billId, tenantId]);
  if (!row) throw notFound('bill');
  return billAnswer(row);
}

/**
 * A bill bills what its order was paid, in its currency (prices include the tax: the total is what was paid, or
 * a minor unit below where no whole net adds up to it, see linesFromPaid): a bill of 1,180,000,000 for an order
 * paid 1,180 is refused (12046), saying both sums in the caller's language. Its own sums are checked first.
 */
export async function refuseBillOtherThanOrder(tx: Queryable, orderId: string, bill: BillFields, lang: Lang): Promise<void> {
  billSums(bill);
  const [order] = await tx.query<{ total_amount: string | number; currency_type: number }>('select total_amount, currency_type from shop_order where order_client_id = $1', [orderId]);
  const paid = Number(order.total_amount);
  const currency = bill.currency_type ?? order.currency_type;
  if (bill.total_price > paid || bill.total_price < paid - 1 || currency !== order.currency_type)
    throw new ApiError('bill_total_not_order', { total: formatMinor(bill.total_price, currency, lang), paid: formatMinor(paid, order.currency_type, lang) });
}

/** The order's newest bill (only an approved one when `approvedOnly`), if it has one. */
export async function latestBillOf(db: Queryable, tenantId: string, orderId: string, approvedOnly: boolean): Promise<Bill | undefined> {
  const [row] = await db.query(`${BILL_SELECT} where b.order_client_id = $1 and b.tenant_id = $2 and (not $3 or b.approve_status = 1) order by b.created_at desc limit 1`, [
    orderId,
    tenantId,
    approvedOnly,
  ]);
  return row ? billAnswer(row) : undefined;
}

/** A new draft bill of a paid order of this shop; answers its id. A second open bill of an order is refused. */
export async function insertBill(tx: Queryable, at: { tenantId: string; shopId: string; orderId: string; buyerId: string; by: string }, b: BillFields): Promise<string> {
  const { net, tax } = billSums(b);
  const id = randomUUID();
  const inserted = await tx.query(
    `insert into bill (bill_client_id, tenant_id, shop_client_id, order_client_id, user_id, bill_date, shop_address, shop_tax_number, shop_tax_office,
                       product_items, currency_type, tax_rate_percent, net_price, tax_price, total_price, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     on conflict (order_client_id) where cancel_date is null do nothing returning 1`,
    [id, at.tenantId, at.shopId, at.orderId, at.buyerId, b.bill_date, b.shop_address, b.shop_tax_number, b.shop_tax_office, JSON.stringify(b.product_items), b.currency_type ?? 0, b.tax_rate_percent, net, tax, b.total_price, at.by],
  );
  if (!inserted.length) throw new ApiError('bill_exists');
  return id;
}

/** The bill of this shop, locked; record_not_found otherwise. */
export async function lockedBill(tx: Queryable, tenantId: string, shopId: string, billId: string) {
  const [row] = await tx.query<{ approve_status: number; cancel_date: unknown; order_client_id: string }>(
    'select approve_status, cancel_date, order_client_id from bill where bill_client_id = $1 and shop_client_id = $2 and tenant_id = $3 for update',
    [billId, shopId, tenantId],
  );
  if (!row) throw notFound('bill');
  return row;
}

/** Replaces a draft's fields (the caller checked it is a draft). */
export async function updateBill(tx: Queryable, billId: string, b: BillFields): Promise<void> {
  const { net, tax } = billSums(b);
  await tx.query(
    `update bill set bill_date = $2, shop_address = $3, shop_tax_number = $4, shop_tax_office = $5, product_items = $6, currency_type = $7,
            tax_rate_percent = $8, net_price = $9, tax_price = $10, total_price = $11, updated_at = now()
      where bill_client_id = $1 and approve_status = 0`,
    [billId, b.bill_date, b.shop_address, b.shop_tax_number, b.shop_tax_office, JSON.stringify(b.product_items), b.currency_type ?? 0, b.tax_rate_percent, net, tax, b.total_price],
  );
}

/** Approves a draft with the shop's next number of the bill's year (taken here, so none is lost). */
export async function approveBill(tx: Queryable, shopId: string, billId: string): Promise<void> {
  const [{ year }] = await tx.query<{ year: number }>("select extract(year from bill_date at time zone 'UTC')::int as year from bill where bill_client_id = $1", [billId]);
  const [{ seq }] = await tx.query<{ seq: number }>(
    `insert into bill_sequence (shop_client_id, bill_year, last_seq) values ($1, $2, 1)
     on conflict (shop_client_id, bill_year) do update set last_seq = bill_sequence.last_seq + 1 returning last_seq as seq`,
    [shopId, year],
  );
  await tx.query('update bill set approve_status = 1, approve_date = now(), bill_year = $2, bill_seq = $3, updated_at = now() where bill_client_id = $1 and approve_status = 0', [
    billId,
    year,
    seq,
  ]);
}

/** An order's bill that is not cancelled yet is cancelled (with the order's refund); answers whether one was. */
export async function cancelBillsOf(tx: Queryable, tenantId: string, orderId: string): Promise<boolean> {
  const cancelled = await tx.query(
    'update bill set cancel_date = now(), updated_at = now() where order_client_id = $1 and tenant_id = $2 and cancel_date is null returning 1',
    [orderId, tenantId],
  );
  return cancelled.length > 0;
}

/** Bills a list shows: a shop's (its staff), or a buyer's own approved ones. */
export async function listBills(
  db: Queryable,
  tenantId: string,
  scope: { shopId: string } | { userId: string },
  input: Partial<UserBillListRequest & UserBillListNotApprovedRequest>,
) {
  const where = new Where().add('b.tenant_id = ?', tenantId);
  if ('shopId' in scope) where.add('b.shop_client_id = ?', scope.shopId);
  else where.add('b.user_id = ?', scope.userId).add('b.approve_status = 1');
  if (input.bill_client_id) where.add('b.bill_client_id = ?', input.bill_client_id);
  if (input.approve_status !== undefined) where.add('b.approve_status = ?', input.approve_status);
  if (input.bill_date_from) where.add('b.bill_date >= ?::date', input.bill_date_from);
  if (input.bill_date_to) where.add('b.bill_date < ?::date + 1', input.bill_date_to);
  if (input.search) {
    const pattern = containsPattern(input.search);
    where.add(`(b.shop_tax_number ilike ? escape '\\' or s.shop_name ilike ? escape '\\')`, pattern, pattern);
  }
  const order = orderBy(input.sort, '-bill_date', { bill_date: 'b.bill_date', total_price: 'b.total_price' }, 'b.bill_client_id');
  const { rows, ...paging } = await pageRows(db, { select: BILL_SELECT, where, order, paging: input });
  return { bill_list: rows.map(billAnswer), ...paging };
}
