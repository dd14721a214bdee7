// Shops, bundles and products for server tests, made through the real routes (so the tests of other routes
// start from records the handlers themselves wrote), and a few direct inserts for what has no route yet
// (orders: the cart work fills them).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  userShopBundleNew,
  userShopBundleProductNew,
  userShopBundleStatusActive,
  userShopNew,
} from '../../../src/generated/client/index.ts';
import type { Queryable } from '../../../server/db/adapter.ts';
import type { Actor } from './actors.ts';

/** The demo shop of fixtures/seed/shops.json (on localhost, owned by admin). */
export const SEED_SHOP_ID = '4a8f3ee7-7ad5-4a3b-a0ac-e769781ad817';

/** Opens a shop as `owner` (who needs admin or shop_new), with `members` as staff. */
export async function openShop(owner: Actor, name: string, members: Actor[] = []): Promise<string> {
  owner.use();
  const res = await userShopNew({ user_client_id: owner.userId, shop_name: name, shop_member_list: members.map((m) => ({ user_client_id: m.userId })) });
  expect(res.status_code, res.status_message).toBe('10000');
  return res.shop.shop_client_id;
}

/** Adds a bundle to the shop as `who` (staff with a bundle auth). */
export async function addBundle(who: Actor, shopId: string, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  who.use();
  const res = await userShopBundleNew({ shop_client_id: shopId, user_client_id: who.userId, bundle_name: name, ...extra });
  expect(res.status_code, res.status_message).toBe('10000');
  return res.bundle.bundle_client_id;
}

/** Adds a product to the bundle as `who`. */
export async function addProduct(who: Actor, shopId: string, bundleId: string, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  who.use();
  const res = await userShopBundleProductNew({ shop_client_id: shopId, bundle_client_id: bundleId, user_client_id: who.userId, pro_name: name, ...extra });
  expect(res.status_code, res.status_message).toBe('10000');
  return res.bundle_product.pro_client_id;
}

/** A bundle on sale: created, given one product with prices, set active. */
export async function bundleOnSale(who: Actor, shopId: string, name: string, extra: Record<string, unknown> = {}): Promise<{ bundleId: string; proId: string }> {
  const bundleId = await addBundle(who, shopId, name, extra);
  const proId = await addProduct(who, shopId, bundleId, `${name} ürünü`, {
    pay_type: 'one_time',
    currency_type: 0,
    currency_amount_list: [
      { currency_type: 0, amount: 10000 },
      { currency_type: 1, amount: 400 },
    ],
  });
  who.use();
  expect((await userShopBundleStatusActive({ shop_client_id: shopId, bundle_client_id: bundleId, user_client_id: who.userId })).status_code).toBe('10000');
  return { bundleId, proId };
}

/** Writes an order of one cart line straight into the tables the cart calls will fill. */
export async function insertOrder(
  db: Queryable,
  o: { tenantId: string; shopId: string; bundleId: string; userId: string; orderStatus?: string; paymentStatus?: string; total?: number; orderDate?: string; paymentDate?: string },
): Promise<string> {
  const cart = randomUUID();
  const order = randomUUID();
  await db.query(
    `insert into shopcart (shopcart_client_id, tenant_id, shop_client_id, user_id) values ($1, $2, $3, $4)
     on conflict (tenant_id, shop_client_id, user_id) do nothing`,
    [cart, o.tenantId, o.shopId, o.userId],
  );
  const [{ shopcart_client_id }] = await db.query<{ shopcart_client_id: string }>('select shopcart_client_id from shopcart where tenant_id = $1 and shop_client_id = $2 and user_id = $3', [
    o.tenantId,
    o.shopId,
    o.userId,
  ]);
  await db.query(
    `insert into shop_order (order_client_id, tenant_id, shop_client_id, user_id, shopcart_client_id, order_status, payment_status, payment_method, currency_type,
                             total_amount, order_date, payment_date)
     values ($1, $2, $3, $4, $5, $6, $7, 'transfer_to_account', 0, $8, coalesce($9::timestamptz, now()), $10::timestamptz)`,
    [order, o.tenantId, o.shopId, o.userId, shopcart_client_id, o.orderStatus ?? 'payment_waiting', o.paymentStatus ?? null, o.total ?? 10000, o.orderDate ?? null, o.paymentDate ?? null],
  );
  await db.query(
    `insert into shopcart_bundle (shopcart_bundle_client_id, tenant_id, shopcart_client_id, shop_client_id, user_id, bundle_client_id, add_bundle_count,
                                  shopcart_bundle_status, order_client_id)
     values ($1, $2, $3, $4, $5, $6, 1, 'ordered', $7)`,
    [randomUUID(), o.tenantId, shopcart_client_id, o.shopId, o.userId, o.bundleId, order],
  );
  return order;
}
