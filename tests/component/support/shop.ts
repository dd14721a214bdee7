// A fake of the shop-management routes for component tests (msw): shops, bundles, products, agreements and
// orders held in memory, answered in pages with search, filters and sort, refusing callers without the
// route's auth codes (from the generated route table) as the server does. Tests change `shop` and read
// `shop.calls`.
import { http, HttpResponse } from 'msw';
import routeTable from '../../../src/generated/route-table.json';
import { statusCatalogue } from '../../../src/generated/errors';
import { account } from './account';
import { statusMessage } from '../../../src/domain/status-messages';
import { fieldSummary, type FieldError } from '../../../src/domain/validation-messages';
import { ok } from './handlers';

type Row = Record<string, unknown>;

export const SHOP_ID = '5f0c6a2e-1b1e-4c53-9a55-0d9e7a1c0001';
export const OTHER_SHOP_ID = '5f0c6a2e-1b1e-4c53-9a55-0d9e7a1c0002';

export const uuid = (n: number, prefix = 'b') => `${prefix.padEnd(8, '0').slice(0, 8)}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export interface ShopState {
  shops: Row[];
  bundles: Row[];
  products: Row[];
  agreements: Row[];
  orders: Row[];
  users: Row[];
  calls: { route: string; body: Row }[];
  /** Routes that answer this envelope instead (status key and field errors). */
  failures: Record<string, { key: keyof typeof statusCatalogue; errors?: FieldError[] }>;
  /** Milliseconds each list answer waits. */
  delay: number;
}

export const shop: ShopState = fresh();

function fresh(): ShopState {
  return { shops: [], bundles: [], products: [], agreements: [], orders: [], users: [], calls: [], failures: {}, delay: 0 };
}

export function resetShop(): void {
  Object.assign(shop, fresh());
}

const PRIORITY = ['urgent', 'high', 'normal', 'low'];

/** n bundles of the shop, names "Paket 0001"..., every third passive. */
export function seedBundles(n: number, shopId = SHOP_ID): Row[] {
  const rows = Array.from({ length: n }, (_, i) => ({
    bundle_client_id: uuid(i + 1),
    shop_client_id: shopId,
    user_client_id: account.user.user_client_id,
    bundle_name: `Paket ${String(i + 1).padStart(4, '0')}`,
    bundle_status: i % 3 === 2 ? 'passive' : 'active',
    priority: PRIORITY[i % 4],
    task_type: 'activation',
    feature_list: [`Özellik ${i + 1}`],
    created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
  }));
  shop.bundles.push(...rows);
  return rows;
}

export function seedShop(): Row {
  const s = { shop_client_id: SHOP_ID, shop_name: 'Ayşe Mağazası', user_client_id: account.user.user_client_id, shop_mail: 'magaza@example.com', shop_status: 'active', created_at: '2025-01-01T00:00:00Z' };
  shop.shops.push(s, { shop_client_id: OTHER_SHOP_ID, shop_name: 'İkinci Mağaza', user_client_id: account.user.user_client_id, created_at: '2025-01-02T00:00:00Z' });
  return s;
}

const routes = (routeTable as unknown as { routes: { name: string; path: string; auth_codes: string[]; caller_type: string }[] }).routes;
const byName = new Map(routes.map((r) => [r.name, r]));

const langOf = (request: Request): 'tr' | 'en' => (new URL(request.url).searchParams.get('__lang__v') === '1' ? 'en' : 'tr');

function fail(request: Request, key: keyof typeof statusCatalogue, params: Record<string, string> = {}, errors?: FieldError[]) {
  const entry = statusCatalogue[key];
  const lang = langOf(request);
  const message = statusMessage(key, lang, errors && !params.details ? { ...params, details: fieldSummary(errors, lang) } : params);
  return HttpResponse.json({ status_code: entry.status_code, status_message: message, ...(errors ? { errors } : {}) }, { status: entry.http });
}

function bearer(request: Request): string | null {
  const h = request.headers.get('authorization');
  return h?.startsWith('Bearer ') ? h.slice(7) : null;
}

const delay = () => (shop.delay ? new Promise((r) => setTimeout(r, shop.delay)) : Promise.resolve());

/** A route handler behind the caller checks: token and auth codes of the route table. */
function route(name: string, answer: (body: Row, request: Request) => Response | Promise<Response>) {
  const r = byName.get(name);
  if (!r) throw new Error(`no route ${name}`);
  return http.post(`*${r.path}`, async ({ request }) => {
    const body = ((await request.clone().json().catch(() => ({}))) ?? {}) as Row;
    shop.calls.push({ route: name, body });
    if (r.caller_type === 'token' || r.caller_type === 'token_or_fkey') {
      const token = bearer(request);
      if (!token) return fail(request, 'login_required');
      if (!account.accessTokens.has(token)) return fail(request, 'session_ended');
      if (r.auth_codes.length && !r.auth_codes.some((c) => account.authCodes.includes(c as never))) return fail(request, 'forbidden', { auth_codes: r.auth_codes.join(', ') });
    }
    const failure = shop.failures[name];
    if (failure) return fail(request, failure.key, {}, failure.errors);
    return answer(body, request);
  });
}

/** Paging, search (contains, on `searchField`), equality filters and sort of a list, as the server does. */
export function page(rows: Row[], body: Row, searchFields: string[], filters: string[] = []): { list: Row[]; total: number; page: number; page_size: number } {
  let out = rows;
  const search = typeof body.search === 'string' ? body.search.toLocaleLowerCase('tr') : '';
  if (search) out = out.filter((r) => searchFields.some((f) => String(r[f] ?? '').toLocaleLowerCase('tr').includes(search)));
  for (const f of filters) if (body[f] !== undefined) out = out.filter((r) => r[f] === body[f]);
  const sort = typeof body.sort === 'string' ? body.sort : '';
  if (sort) {
    const desc = sort.startsWith('-');
    const key = desc ? sort.slice(1) : sort;
    const rank = (v: unknown) => (key === 'priority' ? PRIORITY.indexOf(String(v)) : v);
    out = [...out].sort((a, b) => {
      const x = rank(a[key]) as string | number;
      const y = rank(b[key]) as string | number;
      return (x < y ? -1 : x > y ? 1 : 0) * (desc ? -1 : 1);
    });
  }
  const p = Number(body.page ?? 1);
  const size = Number(body.page_size ?? 20);
  return { list: out.slice((p - 1) * size, p * size), total: out.length, page: p, page_size: size };
}

const strip = (r: Row) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'created_at'));

export const shopHandlers = [
  route('user_shop_list', async (body) => {
    await delay();
    const { list, ...rest } = page(shop.shops, body, ['shop_name']);
    return HttpResponse.json({ ...ok, shop_list: list.map(strip), ...rest });
  }),
  route('user_shop_get', (body) => {
    const s = shop.shops.find((x) => x.shop_client_id === body.shop_client_id);
    return s ? HttpResponse.json({ ...ok, shop: strip(s) }) : HttpResponse.json({ status_code: '10016', status_message: 'no shop' }, { status: 404 });
  }),
  route('user_shop_bundle_list', async (body) => {
    await delay();
    const { list, ...rest } = page(
      shop.bundles.filter((b) => b.shop_client_id === body.shop_client_id),
      body,
      ['bundle_name'],
      ['bundle_status'],
    );
    return HttpResponse.json({ ...ok, bundle_list: list.map(strip), ...rest });
  }),
  route('user_shop_bundle_get', (body) => {
    const b = shop.bundles.find((x) => x.bundle_client_id === body.bundle_client_id && x.shop_client_id === body.shop_client_id);
    if (!b) return HttpResponse.json({ status_code: '10016', status_message: 'no bundle' }, { status: 404 });
    return HttpResponse.json({ ...ok, bundle: strip(b), product_list: shop.products.filter((p) => p.bundle_client_id === b.bundle_client_id) });
  }),
  route('user_shop_bundle_new', (body) => {
    const b = {
      ...Object.fromEntries(Object.entries(body).filter(([k]) => !['user_client_id'].includes(k))),
      bundle_client_id: uuid(shop.bundles.length + 1, 'n'),
      user_client_id: body.user_client_id,
      bundle_status: 'passive',
    };
    shop.bundles.push(b);
    return HttpResponse.json({ ...ok, bundle: b });
  }),
  route('user_shop_bundle_edit', (body) => {
    const b = shop.bundles.find((x) => x.bundle_client_id === body.bundle_client_id);
    if (!b) return HttpResponse.json({ status_code: '10016', status_message: 'no bundle' }, { status: 404 });
    for (const k of ['bundle_name', 'feature_list', 'task_type', 'priority', 'organization_id', 'organization_user_id', 'translations']) {
      if (body[k] === undefined) delete b[k];
      else b[k] = body[k];
    }
    return HttpResponse.json({ ...ok, bundle: strip(b) });
  }),
  route('user_shop_bundle_status_active', (body) => {
    const b = shop.bundles.find((x) => x.bundle_client_id === body.bundle_client_id)!;
    b.bundle_status = 'active';
    return HttpResponse.json({ ...ok, bundle_client_id: b.bundle_client_id, bundle_status: 'active' });
  }),
  route('user_shop_bundle_status_passive', (body) => {
    const b = shop.bundles.find((x) => x.bundle_client_id === body.bundle_client_id)!;
    b.bundle_status = 'passive';
    return HttpResponse.json({ ...ok, bundle_client_id: b.bundle_client_id, bundle_status: 'passive' });
  }),
  route('user_shop_bundle_product_list', (body) => {
    const { list, ...rest } = page(
      shop.products.filter((p) => p.bundle_client_id === body.bundle_client_id),
      body,
      ['pro_name'],
    );
    return HttpResponse.json({ ...ok, bundle_product_list: list, ...rest });
  }),
  route('user_shop_bundle_product_get', (body) => {
    const p = shop.products.find((x) => x.pro_client_id === body.pro_client_id);
    return p ? HttpResponse.json({ ...ok, bundle_product: p }) : HttpResponse.json({ status_code: '10016', status_message: 'no product' }, { status: 404 });
  }),
  route('user_shop_bundle_product_new', (body) => {
    const { user_client_id: _u, ...rest } = body;
    const p = { ...rest, pro_client_id: uuid(shop.products.length + 1, 'p'), pro_status: 'active' };
    shop.products.push(p);
    return HttpResponse.json({ ...ok, bundle_product: p });
  }),
  route('user_shop_bundle_product_edit', (body) => {
    const p = shop.products.find((x) => x.pro_client_id === body.pro_client_id);
    if (!p) return HttpResponse.json({ status_code: '10016', status_message: 'no product' }, { status: 404 });
    const { user_client_id: _u, ...rest } = body;
    for (const k of Object.keys(p)) if (!['pro_client_id', 'bundle_client_id', 'shop_client_id', 'pro_status'].includes(k)) delete p[k];
    Object.assign(p, rest);
    return HttpResponse.json({ ...ok, bundle_product: p });
  }),
  route('user_shop_bundle_agreement_list', (body) => {
    const { list, ...rest } = page(
      shop.agreements.filter((a) => a.bundle_client_id === body.bundle_client_id),
      body,
      ['agreement_name'],
      ['agreement_status'],
    );
    return HttpResponse.json({ ...ok, agreement_list: list, ...rest });
  }),
  route('user_shop_bundle_product_agreement_list', (body) => {
    const { list, ...rest } = page(
      shop.agreements.filter((a) => a.pro_client_id === body.pro_client_id),
      body,
      ['agreement_name'],
    );
    return HttpResponse.json({ ...ok, product_agreement_list: list, ...rest });
  }),
  route('user_shop_order_list', (body) => {
    const { list, ...rest } = page(
      shop.orders.filter((o) => o.shop_client_id === body.shop_client_id),
      body,
      ['customer_username'],
      ['order_status', 'payment_status', 'customer_username'],
    );
    return HttpResponse.json({ ...ok, order_list: list, ...rest });
  }),
  route('bundle_details', (body) => {
    const b = shop.bundles.find((x) => x.bundle_client_id === body.bundle_client_id);
    if (!b) return HttpResponse.json({ status_code: '10016', status_message: 'no bundle' }, { status: 404 });
    return HttpResponse.json({
      ...ok,
      bundle: strip(b),
      shop: strip(shop.shops.find((s) => s.shop_client_id === b.shop_client_id) ?? shop.shops[0]),
      product_list: shop.products.filter((p) => p.bundle_client_id === b.bundle_client_id),
      agreement_list: shop.agreements.filter((a) => a.bundle_client_id === b.bundle_client_id),
      product_agreement_list: [],
    });
  }),
  route('user_search', (body) => {
    const q = String(body.search ?? '').toLowerCase();
    const list = shop.users.filter((u) => String(u.username).toLowerCase().includes(q));
    return HttpResponse.json({ ...ok, user_list: list, total: list.length, page: 1, page_size: 20 });
  }),
  route('authorization_list', () => HttpResponse.json({ ...ok, authorization_list: [], total: 0, page: 1, page_size: 10 })),
  route('table_to_excel', (body) => {
    const content = Buffer.from(JSON.stringify({ columns: body.column_list, rows: body.row_list })).toString('base64');
    return HttpResponse.json({ ...ok, file: { file_name: `${body.file_name}.xlsx`, content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content_base64: content } });
  }),
];
