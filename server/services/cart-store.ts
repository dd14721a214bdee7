// A buyer's cart in the database (shopcart, shopcart_bundle, shopcart_bundle_product: migration 0006) as the
// contract's Shopcart lines: what is in the cart (priced in the buyer's currency, as it is today), and lines
// once ordered (priced as they were ordered, with each product's payment and state).
import type { Queryable } from '../db/adapter.ts';
import type { Shopcart } from '../../src/generated/types/entities.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import { ON_SALE } from './bundle-store.ts';

/** Lines a cart holds at most (the list is not paginated). */
export const MAX_CART_LINES = 100;
/** The most of one bundle a line holds (the table's bound). */
const MAX_COUNT = 1000;

type ProductPayment = NonNullable<NonNullable<Shopcart['product_payment_list']>[string]>;

interface LineRow {
  shopcart_client_id: string;
  shopcart_w_id: number;
  shopcart_bundle_client_id: string;
  shopcart_bundle_w_id: number;
  bundle_client_id: string;
  bundle_name: string;
  shop_client_id: string;
  user_id: string;
  add_bundle_count: number;
  shopcart_bundle_status: Shopcart['shopcart_bundle_status'];
  renews_shopcart_bundle_client_id: string | null;
  products: { pro_client_id: string; pro_name: string; currency_type: number | null; amount: number | null; payment_status: string; pro_status: string | null; active_start_date: string | null; active_end_date: string | null; usage_left: number | null }[];
}

/**
 * A line's products: ordered lines as stored with their payments; lines still in the cart as the bundle's
 * products on sale today, priced in the currency $2 (a product without that price shows its first one).
 */
const LINE_SELECT = `select l.shopcart_client_id, c.shopcart_w_id, l.shopcart_bundle_client_id, l.shopcart_bundle_w_id, l.bundle_client_id,
    b.bundle_name, l.shop_client_id, l.user_id, l.add_bundle_count, l.shopcart_bundle_status, l.renews_shopcart_bundle_client_id,
    case when l.shopcart_bundle_status = 'in_cart' then
      coalesce((select json_agg(json_build_object('pro_client_id', p.pro_client_id, 'pro_name', p.pro_name,
                  'currency_type', pr.currency_type, 'amount', pr.amount, 'payment_status', 'payment_waiting') order by p.created_at, p.pro_client_id)
           from bundle_product p
           left join lateral (select currency_type, amount from bundle_product_price pp where pp.pro_client_id = p.pro_client_id
                               order by (pp.currency_type = $2) desc, pp.position limit 1) pr on true
          where p.bundle_client_id = l.bundle_client_id and p.tenant_id = l.tenant_id and ${ON_SALE}), '[]')
    else
      coalesce((select json_agg(json_build_object('pro_client_id', sp.pro_client_id, 'pro_name', sp.pro_name, 'currency_type', sp.currency_type,
                  'amount', sp.amount, 'payment_status', sp.payment_status, 'pro_status', sp.pro_status,
                  'active_start_date', sp.active_start_date, 'active_end_date', sp.active_end_date, 'usage_left', sp.usage_left) order by sp.pro_name)
           from shopcart_bundle_product sp where sp.shopcart_bundle_client_id = l.shopcart_bundle_client_id), '[]')
    end as products
  from shopcart_bundle l
  join shopcart c on c.shopcart_client_id = l.shopcart_client_id
  join bundle b on b.bundle_client_id = l.bundle_client_id`;

export function lineAnswer(r: LineRow): Shopcart {
  const payments: Record<string, ProductPayment> = {};
  for (const p of typeof r.products === 'string' ? (JSON.parse(r.products) as LineRow['products']) : r.products) {
    payments[p.pro_client_id] = {
      pro_name: p.pro_name,
      currency_type: Number(p.currency_type ?? 0) as 0 | 1,
      amount: Number(p.amount ?? 0),
      payment_status: p.payment_status as ProductPayment['payment_status'],
      ...(p.pro_status ? { pro_status: p.pro_status as 'active' | 'passive' } : {}),
      ...(p.active_start_date ? { active_start_date: p.active_start_date.slice(0, 10) } : {}),
      ...(p.active_end_date ? { active_end_date: p.active_end_date.slice(0, 10) } : {}),
      ...(p.usage_left !== null && p.usage_left !== undefined ? { usage_left: Number(p.usage_left) } : {}),
    };
  }
  return {
    shopcart_client_id: r.shopcart_client_id,
    shopcart_w_id: String(r.shopcart_w_id),
    shopcart_bundle_client_id: r.shopcart_bundle_client_id,
    shopcart_bundle_w_id: String(r.shopcart_bundle_w_id),
    bundle_client_id: r.bundle_client_id,
    bundle_name: r.bundle_name,
    shop_client_id: r.shop_client_id,
    user_client_id: r.user_id,
    add_bundle_count: Number(r.add_bundle_count),
    shopcart_bundle_status: r.shopcart_bundle_status,
    ...(r.renews_shopcart_bundle_client_id ? { renews_shopcart_bundle_client_id: r.renews_shopcart_bundle_client_id } : {}),
    product_payment_list: payments,
  };
}

/** Lines of the tenant ($1) priced in currency $2, matching `where`. */
const lineSql = (where: string) => `${LINE_SELECT} where l.tenant_id = $1 and ${where} order by l.created_at, l.shopcart_bundle_client_id`;

/** The caller's cart: the lines still in it, of every shop, oldest first, priced in `currency`. */
export async function cartOf(db: Queryable, tenantId: string, userId: string, currency: 0 | 1): Promise<Shopcart[]> {
  const rows = await db.query<LineRow & Record<string, unknown>>(lineSql("l.user_id = $3 and l.shopcart_bundle_status = 'in_cart'"), [tenantId, currency, userId]);
  return rows.map(lineAnswer);
}

/** Cart lines by id (any status), of this user. */
export async function linesById(db: Queryable, tenantId: string, userId: string, ids: readonly string[], currency: 0 | 1): Promise<Shopcart[]> {
  const rows = await db.query<LineRow & Record<string, unknown>>(lineSql('l.user_id = $3 and l.shopcart_bundle_client_id = any($4::uuid[])'), [tenantId, currency, userId, ids]);
  return rows.map(lineAnswer);
}

/** The buyer's cart of a shop, made if new; its row is the lock: two changes of one cart go one after the other. */
async function lockedCart(tx: Queryable, tenantId: string, userId: string, shopId: string): Promise<{ shopcart_client_id: string }> {
  const [cart] = await tx.query<{ shopcart_client_id: string }>(
    `insert into shopcart (shopcart_client_id, tenant_id, shop_client_id, user_id) values (gen_random_uuid(), $1, $2, $3)
     on conflict (tenant_id, shop_client_id, user_id) do update set updated_at = now() returning shopcart_client_id`,
    [tenantId, shopId, userId],
  );
  return cart;
}

/** Refuses a new line in a full cart. */
async function roomForALine(tx: Queryable, tenantId: string, userId: string): Promise<void> {
  const [{ lines }] = await tx.query<{ lines: number }>(
    "select count(*)::int as lines from shopcart_bundle where tenant_id = $1 and user_id = $2 and shopcart_bundle_status = 'in_cart'",
    [tenantId, userId],
  );
  if (lines >= MAX_CART_LINES) throw new ApiError('cart_full');
}

/**
 * Puts a renewal of the caller's active (or passive) line into the cart: the same bundle and count, naming the
 * line it renews; answers the renewal's line id (the one already in the cart when asked again). Refused: a
 * line that is not the caller's (10016), one without a periodic product or not active or passive (12029), a
 * bundle no longer on sale, a full cart.
 */
export async function addRenewal(tx: Queryable, tenantId: string, userId: string, lineId: string): Promise<string> {
  const [line] = await tx.query<{ shop_client_id: string; bundle_client_id: string; add_bundle_count: number; renewable: boolean }>(
    `select l.shop_client_id, l.bundle_client_id, l.add_bundle_count,
            l.shopcart_bundle_status in ('active', 'passive') and exists (
              select 1 from shopcart_bundle_product sp join bundle_product p on p.pro_client_id = sp.pro_client_id
               where sp.shopcart_bundle_client_id = l.shopcart_bundle_client_id and p.pay_type = 'periodic') as renewable
       from shopcart_bundle l where l.shopcart_bundle_client_id = $1 and l.tenant_id = $2 and l.user_id = $3`,
    [lineId, tenantId, userId],
  );
  if (!line) throw notFound('shopcart');
  if (!line.renewable) throw new ApiError('renewal_not_periodic');
  await assertOnSale(tx, tenantId, line.shop_client_id, line.bundle_client_id);
  const cart = await lockedCart(tx, tenantId, userId, line.shop_client_id);
  const [waiting] = await tx.query<{ shopcart_bundle_client_id: string }>(
    "select shopcart_bundle_client_id from shopcart_bundle where renews_shopcart_bundle_client_id = $1 and shopcart_bundle_status = 'in_cart'",
    [lineId],
  );
  if (waiting) return waiting.shopcart_bundle_client_id;
  await roomForALine(tx, tenantId, userId);
  const [renewal] = await tx.query<{ shopcart_bundle_client_id: string }>(
    `insert into shopcart_bundle (shopcart_bundle_client_id, tenant_id, shopcart_client_id, shop_client_id, user_id, bundle_client_id, add_bundle_count,
                                  renews_shopcart_bundle_client_id)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7) returning shopcart_bundle_client_id`,
    [tenantId, cart.shopcart_client_id, line.shop_client_id, userId, line.bundle_client_id, line.add_bundle_count, lineId],
  );
  return renewal.shopcart_bundle_client_id;
}

/** Refuses a bundle that is not on sale (passive, or without a product on sale). */
async function assertOnSale(tx: Queryable, tenantId: string, shopId: string, bundleId: string): Promise<void> {
  const [bundle] = await tx.query<{ on_sale: boolean }>(
    `select b.bundle_status = 'active' and exists (select 1 from bundle_product p where p.bundle_client_id = b.bundle_client_id and ${ON_SALE}) as on_sale
       from bundle b where b.bundle_client_id = $1 and b.shop_client_id = $2 and b.tenant_id = $3`,
    [bundleId, shopId, tenantId],
  );
  if (!bundle?.on_sale) throw new ApiError('cart_bundle_not_on_sale');
}

/**
 * Puts `count` more of a bundle on sale into the caller's cart (one line per bundle: a second add raises its
 * count; a renewal is a line of its own). Refused: a bundle not on sale (passive, or without a product on sale), a full cart,
 * a line past 1,000 of its bundle (12044, saying how many more fit).
 */
export async function addToCart(tx: Queryable, tenantId: string, userId: string, shopId: string, bundleId: string, count: number): Promise<void> {
  await assertOnSale(tx, tenantId, shopId, bundleId);
  const cart = await lockedCart(tx, tenantId, userId, shopId);
  const [line] = await tx.query<{ shopcart_bundle_client_id: string; add_bundle_count: number }>(
    `select shopcart_bundle_client_id, add_bundle_count from shopcart_bundle
      where shopcart_client_id = $1 and bundle_client_id = $2 and shopcart_bundle_status = 'in_cart' and renews_shopcart_bundle_client_id is null`,
    [cart.shopcart_client_id, bundleId],
  );
  const had = line?.add_bundle_count ?? 0;
  // Past the line's cap the buyer is told, never answered success with fewer than asked.
  if (had + count > MAX_COUNT) throw new ApiError('cart_line_count_limit', { max: MAX_COUNT, count: had, room: MAX_COUNT - had });
  if (line) {
    await tx.query('update shopcart_bundle set add_bundle_count = $2, updated_at = now() where shopcart_bundle_client_id = $1', [line.shopcart_bundle_client_id, had + count]);
    return;
  }
  await roomForALine(tx, tenantId, userId);
  await tx.query(
    `insert into shopcart_bundle (shopcart_bundle_client_id, tenant_id, shopcart_client_id, shop_client_id, user_id, bundle_client_id, add_bundle_count)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6)`,
    [tenantId, cart.shopcart_client_id, shopId, userId, bundleId, count],
  );
}

/** Takes `count` of a bundle out of the caller's cart; at zero the line goes. False when the bundle is not in it. */
export async function removeFromCart(tx: Queryable, tenantId: string, userId: string, shopId: string, bundleId: string, count: number): Promise<boolean> {
  const [line] = await tx.query<{ shopcart_bundle_client_id: string; add_bundle_count: number }>(
    `select shopcart_bundle_client_id, add_bundle_count from shopcart_bundle
      where tenant_id = $1 and user_id = $2 and shop_client_id = $3 and bundle_client_id = $4 and shopcart_bundle_status = 'in_cart'
      order by renews_shopcart_bundle_client_id nulls first limit 1 for update`,
    [tenantId, userId, shopId, bundleId],
  );
  if (!line) return false;
  if (line.add_bundle_count <= count) await tx.query('delete from shopcart_bundle where shopcart_bundle_client_id = $1', [line.shopcart_bundle_client_id]);
  else
    await tx.query('update shopcart_bundle set add_bundle_count = add_bundle_count - $2, updated_at = now() where shopcart_bundle_client_id = $1', [
      line.shopcart_bundle_client_id,
      count,
    ]);
  return true;
}
