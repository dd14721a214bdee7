// A fake of the buyer's routes for the checkout pages' component tests (msw): the demo shop's bundles
// (fixtures/seed/shops.json) and a second shop, a cart priced in the caller's currency, orders with their
// agreements, payment methods and request keys, card payments with the test provider's numbers, transfers,
// active lines and credits — answering as the server does, in the caller's language. Tests read
// `checkout.calls` (every request body, the card included, so a test can see exactly what was sent).
import { http, HttpResponse } from 'msw';
import seed from '../../../fixtures/seed/shops.json';
import { statusCatalogue, type StatusKey } from '../../../src/generated/errors';
import type { Agreement, Bundle, BundleProduct, Credit, Order, Payment, ProductAgreement, Shop, Shopcart } from '../../../src/generated/types/entities';
import { statusMessage } from '../../../src/domain/status-messages';
import { luhnValid, notExpired } from '../../../src/domain/card';
import { productTakes } from '../../../src/domain/checkout';
import { account } from './account';
import { ok } from './handlers';

type Row = Record<string, unknown>;
const [SEED] = seed.shops;
export const SHOP = SEED.shop as Shop;
export const [STARTER, LEARNING, TRIAL] = SEED.bundle_list.map((b) => ({
  bundle: b.bundle as Bundle,
  products: b.product_list as BundleProduct[],
  agreements: (b.agreement_list ?? []) as Agreement[],
  productAgreements: [] as ProductAgreement[],
}));
export const STARTER_AGREEMENT = STARTER.agreements[0];

/** A second shop: one bundle paid only by transfer, with a product agreement to approve. */
export const OTHER_SHOP: Shop = {
  shop_client_id: '7c2f0a11-2b1e-4c53-9a55-0d9e7a1c0002',
  shop_name: 'Kuzey Veri',
  user_client_id: '00000000-0000-4000-8000-000000000001',
  bank_account_list: [
    { bank_name: 'Kuzey Bankası', account_holder: 'Kuzey Veri A.Ş.', iban: 'TR120006200119000006672315' },
    { bank_name: 'Güney Bankası', account_holder: 'Kuzey Veri A.Ş.', iban: 'TR450001000100000012345678' },
  ],
};
const REPORT_ID = 'e8d7c6b5-0000-4000-8000-000000000001';
export const REPORT = {
  bundle: { bundle_client_id: 'a1b2c3d4-0000-4000-8000-000000000001', shop_client_id: OTHER_SHOP.shop_client_id, bundle_name: 'Yıllık Rapor', bundle_status: 'active', translations: { en: { bundle_name: 'Yearly Report' } } } as Bundle,
  products: [
    {
      pro_client_id: REPORT_ID,
      bundle_client_id: 'a1b2c3d4-0000-4000-8000-000000000001',
      pro_name: 'Rapor Hazırlama',
      pay_type: 'one_time',
      currency_amount_list: [
        { currency_type: 0, amount: 250000 },
        { currency_type: 1, amount: 9000 },
      ],
      pay_credit_card: false,
      pay_transfer_to_account: true,
      pro_usage_count: 1,
      pro_usage_count_type: 'total',
      pro_count_suffix: 'rapor',
      translations: { en: { pro_name: 'Report Writing', pro_count_suffix: 'report' } },
    },
  ] as BundleProduct[],
  agreements: [] as Agreement[],
  productAgreements: [
    {
      product_agreement_client_id: 'f0e1d2c3-0000-4000-8000-000000000001',
      pro_client_id: REPORT_ID,
      bundle_client_id: 'a1b2c3d4-0000-4000-8000-000000000001',
      agreement_name: 'Gizlilik Taahhüdü',
      agreement_text: 'Rapor verileri üçüncü kişilerle paylaşılmaz.',
      approve_required: true,
      agreement_status: 'active',
    },
  ] as ProductAgreement[],
};
const BUNDLES = [STARTER, LEARNING, TRIAL, REPORT];
const shopOf = (id: string) => (id === OTHER_SHOP.shop_client_id ? OTHER_SHOP : SHOP);

export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002', insufficientFunds: '4000000000009995', threeDSecure: '4000000000003220' };

interface Line {
  id: string;
  bundleId: string;
  count: number;
  status: 'in_cart' | 'ordered' | 'active';
  orderId?: string;
  /** Prices as ordered (pro id → amount, currency). */
  ordered?: Record<string, { amount: number; currency: 0 | 1 }>;
}

interface State {
  lines: Line[];
  orders: (Order & { key?: string })[];
  /** Each order's payments and history, as the order's get call answers them. */
  payments: Record<string, Payment[]>;
  events: Record<string, NonNullable<Order['order_event_list']>>;
  credits: Credit[];
  calls: { route: string; body: Row; query: Record<string, string> }[];
  /** A route answering this status instead, `times` times (once by default). */
  failNext: Record<string, { key: StatusKey; times?: number }>;
  /** Milliseconds the cart list waits (loading states). */
  delay: number;
  n: number;
}

export const checkout: State = fresh();
function fresh(): State {
  return { lines: [], orders: [], payments: {}, events: {}, credits: [], calls: [], failNext: {}, delay: 0, n: 0 };
}
export function resetCheckout(): void {
  Object.assign(checkout, fresh());
}

const id = (prefix: string) => `${prefix.padEnd(8, '0').slice(0, 8)}-0000-4000-8000-${String(++checkout.n).padStart(12, '0')}`;
const bundleOf = (bundleId: string) => BUNDLES.find((b) => b.bundle.bundle_client_id === bundleId)!;
const priceOf = (p: BundleProduct, currency: 0 | 1) => p.currency_amount_list?.find((c) => c.currency_type === currency) ?? p.currency_amount_list?.[0] ?? { currency_type: currency, amount: 0 };

/** Puts `count` of a bundle in the cart, as the storefront's "Add to cart" would. */
export function putInCart(bundle: { bundle: Bundle }, count = 1): Line {
  const line: Line = { id: id('1'), bundleId: bundle.bundle.bundle_client_id, count, status: 'in_cart' };
  checkout.lines.push(line);
  return line;
}

function lineAnswer(line: Line, currency: 0 | 1): Shopcart {
  const b = bundleOf(line.bundleId);
  return {
    shopcart_bundle_client_id: line.id,
    bundle_client_id: line.bundleId,
    bundle_name: b.bundle.bundle_name,
    shop_client_id: b.bundle.shop_client_id,
    user_client_id: account.user.user_client_id,
    add_bundle_count: line.count,
    shopcart_bundle_status: line.status,
    product_payment_list: Object.fromEntries(
      b.products.map((p) => {
        const price = line.ordered?.[p.pro_client_id] ?? { amount: priceOf(p, currency).amount, currency: priceOf(p, currency).currency_type as 0 | 1 };
        const active = line.status === 'active';
        return [
          p.pro_client_id,
          {
            pro_name: p.pro_name,
            currency_type: price.currency,
            amount: price.amount,
            payment_status: active ? 'payment_approved' : 'payment_waiting',
            ...(active
              ? { pro_status: 'active' as const, active_start_date: '2026-11-25', ...(p.pay_type === 'periodic' ? { active_end_date: '2026-12-24' } : {}), ...(p.pro_usage_count && p.pro_usage_count_type !== 'unlimited' ? { usage_left: p.pro_usage_count * line.count } : {}) }
              : {}),
          },
        ];
      }),
    ),
  };
}

const cart = (currency: 0 | 1) => checkout.lines.filter((l) => l.status === 'in_cart').map((l) => lineAnswer(l, currency));
const langOf = (request: Request): 'tr' | 'en' => (new URL(request.url).searchParams.get('__lang__v') === '1' ? 'en' : 'tr');
const currencyOf = (request: Request): 0 | 1 => (new URL(request.url).searchParams.get('__user__currency__type') === '1' ? 1 : 0);

export function refusal(request: Request, key: StatusKey, params: Record<string, string> = {}) {
  const entry = statusCatalogue[key];
  return HttpResponse.json({ status_code: entry.status_code, status_message: statusMessage(key, langOf(request), params), ...(Object.keys(params).length ? { status_params: params } : {}) }, { status: entry.http });
}

/** A fake route: records the call, answers a queued refusal or a foreign user id as the server would, else `answer`. */
export function route(path: string, name: string, answer: (body: Row, request: Request) => Response | Promise<Response>) {
  return http.post(`*${path}`, async ({ request }) => {
    const body = ((await request.clone().json().catch(() => ({}))) ?? {}) as Row;
    checkout.calls.push({ route: name, body, query: Object.fromEntries(new URL(request.url).searchParams) });
    const failing = checkout.failNext[name];
    if (failing) {
      failing.times = (failing.times ?? 1) - 1;
      if (failing.times <= 0) delete checkout.failNext[name];
      return refusal(request, failing.key);
    }
    if (body.user_client_id !== undefined && body.user_client_id !== account.user.user_client_id) return refusal(request, 'invalid_input');
    return answer(body, request);
  });
}

/** Marks an order paid: its lines active (with uses), credits for counted analysis products. */
function approve(order: Order) {
  step(order, 'approve', 'payment_approved', 'provider');
  order.order_status = 'payment_approved';
  order.payment_status = 'payment_approved';
  // An order placed as already paid keeps its payment date: a test's date filter must not depend on today.
  order.payment_date ??= new Date().toISOString();
  for (const line of checkout.lines.filter((l) => l.orderId === order.order_client_id)) {
    line.status = 'active';
    for (const p of bundleOf(line.bundleId).products)
      if (p.task_type === 'analysis' && p.pro_usage_count_type === 'total' && p.pro_usage_count) {
        const before = checkout.credits[0]?.balance_after ?? 0;
        const change = p.pro_usage_count * line.count;
        checkout.credits.unshift({ credit_client_id: id('2'), user_client_id: account.user.user_client_id, credit_change: change, balance_after: before + change, credit_reason: 'purchase', pro_client_id: p.pro_client_id, created_at: new Date().toISOString() });
      }
  }
}

/** A step of the order's history. */
function step(order: Order, event: NonNullable<Order['order_event_list']>[number]['order_event'], to: string, actor: 'buyer' | 'staff' | 'provider' | 'system') {
  checkout.events[order.order_client_id] ??= [];
  checkout.events[order.order_client_id].push({ order_event: event, to_status: to, actor_kind: actor, ...(actor === 'buyer' ? { actor_username: account.user.username } : {}), created_at: new Date().toISOString() });
}

/** The order with its details, as the order's get call answers it. */
function detailOf(order: Order): Order {
  const { key: _key, ...rest } = order as Order & { key?: string };
  return {
    ...rest,
    product_list: checkout.lines
      .filter((l) => l.orderId === order.order_client_id)
      .flatMap((l) =>
        bundleOf(l.bundleId).products.map((p) => ({
          shopcart_bundle_client_id: l.id,
          pro_client_id: p.pro_client_id,
          pro_name: p.pro_name,
          amount: l.ordered?.[p.pro_client_id]?.amount ?? 0,
          payment_status: order.payment_status ?? 'payment_waiting',
          ...(l.status === 'active' ? { pro_status: 'active' as const } : {}),
        })),
      ),
    payment_list: checkout.payments[order.order_client_id] ?? [],
    order_event_list: checkout.events[order.order_client_id] ?? [],
  };
}

/** An order already placed (for the orders and payment pages). */
export function placedOrder(over: Partial<Order> & { bundle?: (typeof BUNDLES)[number]; count?: number } = {}): Order {
  const { bundle = STARTER, count = 1, ...rest } = over;
  const line = putInCart(bundle, count);
  line.status = 'ordered';
  const order: Order = {
    order_client_id: id('3'),
    user_client_id: account.user.user_client_id,
    shop_client_id: bundle.bundle.shop_client_id,
    shop_name: shopOf(bundle.bundle.shop_client_id).shop_name,
    shopcart_bundle_client_id_list: [line.id],
    shopcart_bundle_list: [{ shopcart_bundle_client_id: line.id, bundle_client_id: bundle.bundle.bundle_client_id, bundle_name: bundle.bundle.bundle_name, add_bundle_count: count, ...(bundle.bundle.translations ? { translations: { en: { bundle_name: bundle.bundle.translations.en?.bundle_name } } } : {}) }],
    order_status: 'payment_waiting',
    payment_status: 'payment_waiting',
    payment_method: 'credit_card',
    currency_type: 0,
    total_amount: bundle.products.reduce((s, p) => s + priceOf(p, 0).amount, 0) * count,
    order_date: '2026-11-20T10:30:00.000Z',
    ...rest,
  };
  line.orderId = order.order_client_id;
  line.ordered = Object.fromEntries(bundle.products.map((p) => [p.pro_client_id, { amount: priceOf(p, order.currency_type).amount * count, currency: order.currency_type }]));
  checkout.orders.push(order);
  step(order, 'place', 'payment_waiting', 'buyer');
  if (order.order_status === 'payment_approved') approve(order);
  return order;
}

const DATES = ['order_date', 'payment_date', 'payment_refund_date', 'cancel_date', 'product_send_date', 'bill_date', 'bill_cancel_date'] as const;

export const checkoutHandlers = [
  route('/v1/user/shopcart/bundle/list', 'list', async (_b, request) => {
    if (checkout.delay) await new Promise((r) => setTimeout(r, checkout.delay));
    return HttpResponse.json({ ...ok, shopcart_list: cart(currencyOf(request)) });
  }),
  route('/v1/user/shopcart/bundle/add', 'add', (body, request) => {
    const line = checkout.lines.find((l) => l.status === 'in_cart' && l.bundleId === body.bundle_client_id);
    if (line) line.count = Math.min(1000, line.count + Number(body.add_bundle_count));
    else putInCart(bundleOf(String(body.bundle_client_id)), Number(body.add_bundle_count));
    return HttpResponse.json({ ...ok, shopcart_list: cart(currencyOf(request)) });
  }),
  route('/v1/user/shopcart/bundle/cancel', 'cancel', (body, request) => {
    const line = checkout.lines.find((l) => l.status === 'in_cart' && l.bundleId === body.bundle_client_id);
    if (!line) return refusal(request, 'record_not_found', { entity: 'shopcart' });
    line.count -= Number(body.add_bundle_count);
    if (line.count <= 0) checkout.lines.splice(checkout.lines.indexOf(line), 1);
    return HttpResponse.json({ ...ok, shopcart_list: cart(currencyOf(request)) });
  }),
  route('/v1/bundle/details', 'details', (body, request) => {
    const b = BUNDLES.find((x) => x.bundle.bundle_client_id === body.bundle_client_id);
    if (!b) return refusal(request, 'record_not_found', { entity: 'bundle' });
    return HttpResponse.json({ ...ok, bundle: b.bundle, shop: shopOf(b.bundle.shop_client_id), product_list: b.products, agreement_list: b.agreements, product_agreement_list: b.productAgreements });
  }),
  route('/v1/user/shop/get', 'shop', (body) => HttpResponse.json({ ...ok, shop: shopOf(String(body.shop_client_id)) })),
  route('/v1/user/shopcart/bundle/product/order', 'order', (body, request) => {
    const key = body.idempotency_key as string | undefined;
    const again = key && checkout.orders.find((o) => o.key === key);
    if (again) return HttpResponse.json({ ...ok, order: again, shopcart_list: cart(currencyOf(request)) });
    const currency = currencyOf(request);
    const lines = checkout.lines.filter((l) => (body.shopcart_bundle_client_id_list as string[]).includes(l.id) && l.status === 'in_cart');
    const products = lines.flatMap((l) => bundleOf(l.bundleId).products.map((p) => ({ p, l, price: priceOf(p, currency) })));
    for (const { p, price } of products) if (!productTakes(p, price.amount, body.payment_method as 'credit_card')) return refusal(request, 'payment_method_not_allowed', { product: p.pro_name });
    const approved = new Set(body.approved_agreement_list as string[]);
    const needed = lines.flatMap((l) => [...bundleOf(l.bundleId).agreements.map((a) => a.agreement_client_id), ...bundleOf(l.bundleId).productAgreements.map((a) => a.product_agreement_client_id)]);
    if (needed.some((a) => !approved.has(a))) return refusal(request, 'agreements_required');
    const order = placedOrder({ bundle: bundleOf(lines[0].bundleId), count: lines[0].count, payment_method: body.payment_method as Order['payment_method'], currency_type: currency });
    checkout.lines.splice(checkout.lines.indexOf(lines[0]), 1);
    order.total_amount = products.reduce((s, x) => s + x.price.amount * x.l.count, 0);
    (order as { key?: string }).key = key;
    if (order.total_amount === 0) approve(order);
    return HttpResponse.json({ ...ok, order: { ...order, key: undefined }, shopcart_list: cart(currency) });
  }),
  route('/v1/user/shopcart/bundle/order/list', 'orders', (body) => {
    let rows = checkout.orders.map(({ key: _key, ...o }) => o as Order);
    if (body.order_client_id) rows = rows.filter((o) => o.order_client_id === body.order_client_id);
    if (body.order_status) rows = rows.filter((o) => o.order_status === body.order_status);
    for (const d of DATES) {
      const from = body[`${d}_from`] as string | undefined;
      const to = body[`${d}_to`] as string | undefined;
      if (from) rows = rows.filter((o) => o[d] && String(o[d]).slice(0, 10) >= from);
      if (to) rows = rows.filter((o) => o[d] && String(o[d]).slice(0, 10) <= to);
    }
    const sort = String(body.sort ?? '-order_date');
    const key = sort.replace('-', '') as 'order_date' | 'total_amount';
    rows = [...rows].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (sort.startsWith('-') ? -1 : 1));
    const page = Number(body.page ?? 1);
    const size = Number(body.page_size ?? 20);
    return HttpResponse.json({ ...ok, order_list: rows.slice((page - 1) * size, page * size), total: rows.length, page, page_size: size });
  }),
  route('/v1/user/shopcart/bundle/payment/record', 'pay', (body, request) => {
    const order = checkout.orders.find((o) => o.order_client_id === body.order_client_id);
    if (!order) return refusal(request, 'record_not_found', { entity: 'order' });
    const card = body.card as { card_number: string; card_month: number; card_year: number } | undefined;
    if (card && !luhnValid(card.card_number)) return refusal(request, 'card_number_invalid');
    if (card && !notExpired(card.card_month, card.card_year)) return refusal(request, 'card_expired');
    if (order.order_status !== 'payment_waiting') return refusal(request, 'order_not_awaiting_payment');
    if (card?.card_number === TEST_CARDS.declined) return refusal(request, 'card_declined');
    if (card?.card_number === TEST_CARDS.insufficientFunds) return refusal(request, 'card_insufficient_funds');
    const verify = card?.card_number === TEST_CARDS.threeDSecure;
    const transfer = body.transfer as { sender_name: string; transfer_date: string; transfer_reference?: string } | undefined;
    checkout.payments[order.order_client_id] ??= [];
    const payments = checkout.payments[order.order_client_id];
    const reported = transfer && payments.find((p) => p.payment_method === 'transfer_to_account' && p.payment_status === 'payment_waiting');
    const payment: Payment = {
      payment_client_id: reported?.payment_client_id ?? id('4'),
      order_client_id: order.order_client_id,
      payment_method: body.payment_method as Payment['payment_method'],
      currency_type: order.currency_type,
      amount: order.total_amount,
      ...(card
        ? { payment_status: verify ? 'payment_waiting' : 'payment_approved', card_brand: 'visa', card_last_four: card.card_number.slice(-4), ...(verify ? { three_d_secure: true } : {}) }
        : { payment_status: 'payment_waiting', ...transfer }),
    } as Payment;
    if (reported) payments.splice(payments.indexOf(reported), 1, payment);
    else payments.push(payment);
    if (card && !verify) approve(order);
    return HttpResponse.json({ ...ok, payment, payment_status: order.payment_status, order_status: order.order_status });
  }),
  route('/v1/user/shopcart/bundle/payment/confirm', 'confirm', (body, request) => {
    const order = checkout.orders.find((o) => o.order_client_id === body.order_client_id);
    const payment = order && checkout.payments[order.order_client_id]?.find((p) => p.payment_client_id === body.payment_client_id);
    if (!order || !payment) return refusal(request, 'record_not_found', { entity: 'payment' });
    delete payment.three_d_secure;
    if (!body.authentication_passed) {
      payment.payment_status = 'payment_cancel';
      return refusal(request, 'card_authentication_failed');
    }
    payment.payment_status = 'payment_approved';
    approve(order);
    return HttpResponse.json({ ...ok, payment, payment_status: order.payment_status, order_status: order.order_status });
  }),
  route('/v1/user/shopcart/bundle/order/get', 'order-get', (body, request) => {
    const order = checkout.orders.find((o) => o.order_client_id === body.order_client_id);
    if (!order) return refusal(request, 'record_not_found', { entity: 'order' });
    return HttpResponse.json({ ...ok, order: detailOf(order) });
  }),
  route('/v1/user/shopcart/bundle/order/cancel', 'order-cancel', (body, request) => {
    const order = checkout.orders.find((o) => o.order_client_id === body.order_client_id);
    if (!order) return refusal(request, 'record_not_found', { entity: 'order' });
    if (order.order_status !== 'payment_waiting' && order.order_status !== 'payment_cancel') return refusal(request, 'order_not_awaiting_payment');
    if (order.order_status === 'payment_waiting') step(order, 'cancel', 'payment_cancel', 'buyer');
    order.order_status = 'payment_cancel';
    order.payment_status = 'payment_cancel';
    order.cancel_date = new Date().toISOString();
    return HttpResponse.json({ ...ok, order: detailOf(order) });
  }),
  route('/v1/user/shopcart/bundle/renew', 'renew', (body, request) => {
    const line = checkout.lines.find((l) => l.id === body.shopcart_bundle_client_id && l.status === 'active');
    if (!line) return refusal(request, 'record_not_found', { entity: 'shopcart' });
    if (!bundleOf(line.bundleId).products.some((p) => p.pay_type === 'periodic')) return refusal(request, 'renewal_not_periodic');
    const renewal = putInCart(bundleOf(line.bundleId), line.count);
    return HttpResponse.json({ ...ok, shopcart_bundle_client_id: renewal.id, shopcart_list: cart(currencyOf(request)) });
  }),
  route('/v1/user/shopcart/bundle/active/list', 'active', (body) => {
    let lines = checkout.lines.filter((l) => l.status === 'active');
    const search = String(body.search ?? '').toLocaleLowerCase('tr');
    if (search) lines = lines.filter((l) => bundleOf(l.bundleId).bundle.bundle_name.toLocaleLowerCase('tr').includes(search));
    const page = Number(body.page ?? 1);
    const size = Number(body.page_size ?? 20);
    return HttpResponse.json({
      ...ok,
      active_bundle_list: lines.slice((page - 1) * size, page * size).map((l) => ({ shopcart: lineAnswer(l, 0), bundle: bundleOf(l.bundleId).bundle, product_list: bundleOf(l.bundleId).products })),
      total: lines.length,
      page,
      page_size: size,
    });
  }),
  route('/v1/user/credit/balance', 'credits', (body) =>
    HttpResponse.json({ ...ok, credit_balance: checkout.credits[0]?.balance_after ?? 0, credit_entry_list: checkout.credits.slice(0, Number(body.entry_count ?? 10)) }),
  ),
];
