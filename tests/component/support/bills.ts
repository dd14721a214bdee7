// A fake of the buyer's bill list (/v1/user/bill/list) for the billing page's component tests (msw), answering
// as the server does a buyer: their approved bills only (drafts are the shop's), newest first, paged, one bill
// by its id. Calls are recorded in `checkout.calls` under the route name 'bills'; `checkout.failNext.bills`
// makes it refuse.
import { HttpResponse } from 'msw';
import type { Bill } from '../../../src/generated/types/entities';
import { account } from './account';
import { checkout, route, SHOP, STARTER } from './checkout';
import { ok } from './handlers';

export const bills: Bill[] = [];

export function resetBills(): void {
  bills.length = 0;
}

const price = (i: number) => STARTER.products[i].currency_amount_list!.find((c) => c.currency_type === 0)!.amount;

/**
 * An approved bill of the demo shop for the Starter bundle (499,00 + 149,90) at 20 %: net 64890, tax 12978,
 * total 77868 kuruş — the figures of tests/server/bills.test.ts.
 */
export function starterBill(over: Partial<Bill> = {}): Bill {
  const bill: Bill = {
    bill_client_id: `b1110000-0000-4000-8000-${String(bills.length + 1).padStart(12, '0')}`,
    order_client_id: 'c3330000-0000-4000-8000-000000000001',
    shop_client_id: SHOP.shop_client_id,
    shop_name: SHOP.shop_name,
    user_client_id: account.user.user_client_id,
    bill_date: '2026-11-25T10:00:00.000Z',
    shop_address: SHOP.shop_address!,
    shop_tax_number: SHOP.shop_tax_number!,
    shop_tax_office: SHOP.shop_tax_office!,
    product_items: [0, 1].map((i) => ({ pro_client_id: STARTER.products[i].pro_client_id, pro_name: STARTER.products[i].pro_name, quantity: 1, unit_price: price(i), line_total: price(i) })),
    currency_type: 0,
    tax_rate_percent: 20,
    net_price: 64890,
    tax_price: 12978,
    total_price: 77868,
    approve_status: 1,
    approve_date: '2026-11-25T11:00:00.000Z',
    bill_number: '2026-000002',
    ...over,
  };
  bills.push(bill);
  return bill;
}

export const billHandlers = [
  route('/v1/user/bill/list', 'bills', (body) => {
    let rows = bills.filter((b) => b.user_client_id === account.user.user_client_id && b.approve_status === 1);
    if (body.bill_client_id) rows = rows.filter((b) => b.bill_client_id === body.bill_client_id);
    rows = [...rows].sort((a, b) => (a.bill_date < b.bill_date ? 1 : a.bill_date > b.bill_date ? -1 : 0));
    const page = Number(body.page ?? 1);
    const size = Number(body.page_size ?? 20);
    return HttpResponse.json({ ...ok, bill_list: rows.slice((page - 1) * size, page * size), total: rows.length, page, page_size: size });
  }),
];

/** How many calls the billing page made of the bill list. */
export const billCalls = () => checkout.calls.filter((c) => c.route === 'bills');
