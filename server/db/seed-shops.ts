// The demo shop of fixtures/seed/shops.json: one shop on localhost owned by the site's admin, with three
// active bundles, their products (prices in ₺ and $) and an agreement, so the shop window is not empty on
// first start. Added only when the shop is missing (an administrator's changes are never overwritten), in
// the seed's transaction.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from './adapter.ts';
import type { Agreement, Bundle, BundleProduct, Shop } from '../../src/generated/types/entities.ts';
import { insertBundle, insertProduct } from '../services/bundle-store.ts';

export interface SeedShop {
  domain: string;
  owner_username: string;
  shop: Shop;
  bundle_list: { bundle: Bundle; product_list: BundleProduct[]; agreement_list: Agreement[] }[];
}

export const SEED_SHOPS_PATH = join(import.meta.dirname, '..', '..', 'fixtures', 'seed', 'shops.json');

export function seedShopFixtures(): SeedShop[] {
  return (JSON.parse(readFileSync(SEED_SHOPS_PATH, 'utf8')) as { shops: SeedShop[] }).shops;
}

/** Adds each missing demo shop whose site and owner exist; answers the shops added. */
export async function seedShops(tx: Queryable): Promise<string[]> {
  const added: string[] = [];
  for (const s of seedShopFixtures()) {
    const [owner] = await tx.query<{ tenant_id: string; user_id: string }>(
      'select u.tenant_id, u.user_id from app_user u join tenant t on t.tenant_id = u.tenant_id where t.domain = $1 and u.username = $2',
      [s.domain, s.owner_username],
    );
    if (!owner) continue;
    const { shop } = s;
    const inserted = await tx.query(
      `insert into shop (shop_client_id, tenant_id, user_id, shop_name, shop_address, shop_tax_number, shop_tax_office, shop_mail, bank_account_list, shop_status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (shop_client_id) do nothing returning shop_client_id`,
      [
        shop.shop_client_id,
        owner.tenant_id,
        owner.user_id,
        shop.shop_name,
        shop.shop_address ?? null,
        shop.shop_tax_number ?? null,
        shop.shop_tax_office ?? null,
        shop.shop_mail ?? null,
        JSON.stringify(shop.bank_account_list ?? []),
        shop.shop_status ?? 'active',
      ],
    );
    if (!inserted.length) continue;
    await tx.query('insert into shop_member (shop_client_id, tenant_id, user_id) values ($1, $2, $3)', [shop.shop_client_id, owner.tenant_id, owner.user_id]);
    const ids = { tenantId: owner.tenant_id, shopId: shop.shop_client_id };
    for (const { bundle, product_list, agreement_list } of s.bundle_list) {
      const { bundle_client_id, shop_client_id: _s, bundle_status, user_client_id: _u, ...fields } = bundle;
      await insertBundle(tx, { ...ids, bundleId: bundle_client_id, userId: owner.user_id }, fields, null);
      for (const p of product_list) {
        const { pro_client_id, bundle_client_id: _b, shop_client_id: _ps, pro_status: _st, ...productFields } = p;
        await insertProduct(tx, { ...ids, bundleId: bundle_client_id, proId: pro_client_id }, productFields, null);
      }
      for (const a of agreement_list)
        await tx.query(
          `insert into agreement (agreement_client_id, tenant_id, shop_client_id, bundle_client_id, agreement_name, agreement_text, approve_required, agreement_status)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [a.agreement_client_id, owner.tenant_id, shop.shop_client_id, bundle_client_id, a.agreement_name, a.agreement_text, a.approve_required ?? false, a.agreement_status ?? 'active'],
        );
      if (bundle_status === 'active') await tx.query("update bundle set bundle_status = 'active', active_date = now() where bundle_client_id = $1", [bundle_client_id]);
    }
    added.push(shop.shop_name);
  }
  return added;
}
