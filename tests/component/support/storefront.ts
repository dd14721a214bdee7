// A fake of the shop window for component tests (msw), answered from the demo seed (fixtures/seed/shops.json)
// as the server answers it: bundle/and/product/list/active with its search (bundle and product names in every
// language), shop, task type, priority and currency filters, sorts (priority, price in a currency, newness,
// name as the reader reads it), pages and shop_list; bundle/details; and the cart's add call, which another
// part of the work builds on the server (its contract: schemas/routes/cart.json). Tests change `storefront`
// and read `storefront.calls`.
import { http, HttpResponse } from 'msw';
import seed from '../../../fixtures/seed/shops.json';
import { statusCatalogue } from '../../../src/generated/errors';
import { catalogueText } from '../../../src/domain/catalogue-text';
import { bundlePrice } from '../../../src/domain/bundle-price';
import type { Agreement, Bundle, BundleProduct, Shop } from '../../../src/generated/types/entities';
import { account } from './account';
import { ok } from './handlers';

type Row = Record<string, unknown>;

export interface WindowBundle {
  bundle: Bundle;
  product_list: BundleProduct[];
  agreement_list: Agreement[];
  /** Newer bundles first when sorted by -created_at. */
  created_at: string;
}

export interface StorefrontState {
  shops: Shop[];
  bundles: WindowBundle[];
  calls: { route: string; body: Row; query: URLSearchParams }[];
  /** Routes answering this status instead (a key of the error catalogue). */
  failures: Record<string, keyof typeof statusCatalogue>;
  /** The cart's lines after the adds (the answer of /user/shopcart/bundle/add). */
  cart: Row[];
}

const seedShop = seed.shops[0];
export const SEED_SHOP = seedShop.shop as unknown as Shop;
export const [STARTER, MACHINE_LEARNING, FREE_TRIAL] = seedShop.bundle_list.map((b) => b.bundle.bundle_client_id);

function fromSeed(): WindowBundle[] {
  return structuredClone(seedShop.bundle_list).map((b, i) => ({
    bundle: b.bundle as unknown as Bundle,
    product_list: b.product_list as unknown as BundleProduct[],
    agreement_list: b.agreement_list as unknown as Agreement[],
    created_at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
  }));
}

export const storefront: StorefrontState = fresh();

function fresh(): StorefrontState {
  return { shops: [structuredClone(SEED_SHOP)], bundles: fromSeed(), calls: [], failures: {}, cart: [] };
}

export function resetStorefront(): void {
  Object.assign(storefront, fresh());
}

/** n more bundles on sale in the seed's shop ("Ek Paket 01"...), each with one product priced in both currencies. */
export function addBundles(n: number, shopId = SEED_SHOP.shop_client_id): void {
  for (let i = 1; i <= n; i++) {
    const id = `e0000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    storefront.bundles.push({
      bundle: { bundle_client_id: id, shop_client_id: shopId, bundle_name: `Ek Paket ${String(i).padStart(2, '0')}`, bundle_status: 'active', priority: 'normal', task_type: 'other' },
      product_list: [
        {
          pro_client_id: `f0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          bundle_client_id: id,
          pro_name: `Ek Ürün ${i}`,
          pay_type: 'one_time',
          currency_amount_list: [
            { currency_type: 0, amount: 1000 * i },
            { currency_type: 1, amount: 100 * i },
          ],
        },
      ],
      agreement_list: [],
      created_at: new Date(Date.UTC(2024, 0, i)).toISOString(),
    });
  }
}

const RANK = ['urgent', 'high', 'normal', 'low'];
const langOf = (request: Request): 'tr' | 'en' => (new URL(request.url).searchParams.get('__lang__v') === '1' ? 'en' : 'tr');

function fail(request: Request, key: keyof typeof statusCatalogue) {
  const entry = statusCatalogue[key];
  const message = entry.message[langOf(request)].replace('{{entity}}', langOf(request) === 'tr' ? 'paket' : 'bundle').replace(/\{\{\w+\}\}/g, '');
  return HttpResponse.json({ status_code: entry.status_code, status_message: message }, { status: entry.http });
}

async function record(route: string, request: Request): Promise<Row> {
  const body = ((await request.clone().json().catch(() => ({}))) ?? {}) as Row;
  storefront.calls.push({ route, body, query: new URL(request.url).searchParams });
  return body;
}

export const callsOf = (route: string) => storefront.calls.filter((c) => c.route === route);

const activeShop = (id: string) => storefront.shops.some((s) => s.shop_client_id === id && s.shop_status !== 'passive');
const inWindow = (b: WindowBundle) => b.bundle.bundle_status === 'active' && activeShop(b.bundle.shop_client_id) && b.product_list.length > 0;
const names = (r: object, field: string) => [catalogueText(r, field, 'tr'), catalogueText(r, field, 'en')].map((s) => s.toLocaleLowerCase('tr'));

function windowList(body: Row, request: Request) {
  const lang = langOf(request);
  const userCurrency = new URL(request.url).searchParams.get('__user__currency__type');
  const currency = (body.currency_type ?? (userCurrency === null ? 0 : Number(userCurrency))) as 0 | 1;
  let rows = storefront.bundles.filter(inWindow);
  const search = typeof body.search === 'string' ? body.search.toLocaleLowerCase('tr') : '';
  if (search) rows = rows.filter((b) => names(b.bundle, 'bundle_name').some((n) => n.includes(search)) || b.product_list.some((p) => names(p, 'pro_name').some((n) => n.includes(search))));
  if (body.shop_client_id) rows = rows.filter((b) => b.bundle.shop_client_id === body.shop_client_id);
  if (body.task_type) rows = rows.filter((b) => b.bundle.task_type === body.task_type);
  if (Array.isArray(body.priority_list)) rows = rows.filter((b) => (body.priority_list as string[]).includes(b.bundle.priority ?? ''));
  if (body.currency_type !== undefined) rows = rows.filter((b) => b.product_list.some((p) => p.currency_amount_list?.some((c) => c.currency_type === body.currency_type)));
  const sort = String(body.sort ?? 'priority');
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  const value = (b: WindowBundle): number | string | null =>
    key === 'price'
      ? bundlePrice(b.product_list, currency)
      : key === 'bundle_name'
        ? catalogueText(b.bundle, 'bundle_name', lang).toLocaleLowerCase(lang)
        : key === 'created_at'
          ? b.created_at
          : RANK.indexOf(b.bundle.priority ?? 'low');
  rows = [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === y) return b.created_at.localeCompare(a.created_at);
    if (x === null) return 1;
    if (y === null) return -1;
    return (x < y ? -1 : 1) * (desc ? -1 : 1);
  });
  const page = Number(body.page ?? 1);
  const pageSize = Number(body.page_size ?? 20);
  const shopIds = new Set(storefront.bundles.filter(inWindow).map((b) => b.bundle.shop_client_id));
  return {
    ...ok,
    bundle_list: rows.slice((page - 1) * pageSize, page * pageSize).map(({ bundle, product_list }) => ({ bundle, product_list })),
    shop_list: storefront.shops
      .filter((s) => shopIds.has(s.shop_client_id))
      .map(({ shop_client_id, shop_name }) => ({ shop_client_id, shop_name }))
      .sort((a, b) => a.shop_name.localeCompare(b.shop_name, 'tr')),
    total: rows.length,
    page,
    page_size: pageSize,
  };
}

function bearer(request: Request): string | null {
  const h = request.headers.get('authorization');
  return h?.startsWith('Bearer ') ? h.slice(7) : null;
}

export const storefrontHandlers = [
  http.post('*/v1/bundle/and/product/list/active', async ({ request }) => {
    const body = await record('bundle_and_product_list_active', request);
    const failure = storefront.failures.bundle_and_product_list_active;
    if (failure) return fail(request, failure);
    return HttpResponse.json(windowList(body, request));
  }),

  http.post('*/v1/bundle/details', async ({ request }) => {
    const body = await record('bundle_details', request);
    const failure = storefront.failures.bundle_details;
    if (failure) return fail(request, failure);
    const found = storefront.bundles.find((b) => b.bundle.bundle_client_id === body.bundle_client_id);
    if (!found) return fail(request, 'record_not_found');
    const shop = storefront.shops.find((s) => s.shop_client_id === found.bundle.shop_client_id)!;
    const { shop_member_list: _staff, ...publicShop } = shop;
    return HttpResponse.json({
      ...ok,
      bundle: found.bundle,
      shop: publicShop,
      product_list: found.product_list,
      agreement_list: found.agreement_list.filter((a) => a.agreement_status !== 'passive'),
      product_agreement_list: [],
    });
  }),

  // The cart's add call (contract: schemas/routes/cart.json): the caller's token, their own user id, an active bundle.
  http.post('*/v1/user/shopcart/bundle/add', async ({ request }) => {
    const body = await record('user_shopcart_bundle_add', request);
    const token = bearer(request);
    if (!token) return fail(request, 'login_required');
    if (!account.accessTokens.has(token)) return fail(request, 'session_ended');
    const failure = storefront.failures.user_shopcart_bundle_add;
    if (failure) return fail(request, failure);
    if (body.user_client_id !== account.user.user_client_id) return fail(request, 'invalid_input');
    const found = storefront.bundles.find((b) => b.bundle.bundle_client_id === body.bundle_client_id && b.bundle.shop_client_id === body.shop_client_id);
    if (!found) return fail(request, 'record_not_found');
    const line = storefront.cart.find((l) => l.bundle_client_id === body.bundle_client_id);
    if (line) line.add_bundle_count = Number(line.add_bundle_count) + Number(body.add_bundle_count);
    else
      storefront.cart.push({
        shopcart_bundle_client_id: `c0000000-0000-4000-8000-${String(storefront.cart.length + 1).padStart(12, '0')}`,
        bundle_client_id: body.bundle_client_id,
        shop_client_id: body.shop_client_id,
        add_bundle_count: body.add_bundle_count,
        shopcart_bundle_status: 'in_cart',
      });
    return HttpResponse.json({ ...ok, shopcart_list: storefront.cart });
  }),
];
