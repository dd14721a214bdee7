// Cart lines after they were ordered (shopcart_bundle, shopcart_bundle_product: migrations 0006 and 0016):
// the staff's status changes of a line and of one of its products, recorded in the order's history, and the
// buyer's active products with what is left of them.
import type { Queryable } from '../db/adapter.ts';
import { notFound } from '../http/api-error.ts';
import type { BundleStatus, ShopcartBundleStatus } from '../../src/generated/types/entities.ts';
import type { UserShopcartBundleActiveListRequest, UserShopcartBundleActiveListResponse } from '../../src/generated/types/routes.ts';
import { bundleAnswer, BUNDLE_SELECT, productsOf } from './bundle-store.ts';
import { linesById } from './cart-store.ts';
import { containsPattern, orderBy, pageRows, Where } from './paging.ts';
import type { Actor } from './order-store.ts';

export interface LineRow {
  shopcart_bundle_client_id: string;
  shopcart_bundle_status: ShopcartBundleStatus;
  order_client_id: string | null;
}

/** A customer's cart line in this shop, locked for the change; else record_not_found. */
export async function lineOfShop(tx: Queryable, tenantId: string, shopId: string, userId: string, lineId: string): Promise<LineRow> {
  const [line] = await tx.query<LineRow & Record<string, unknown>>(
    `select shopcart_bundle_client_id, shopcart_bundle_status, order_client_id from shopcart_bundle
      where shopcart_bundle_client_id = $1 and shop_client_id = $2 and user_id = $3 and tenant_id = $4 for update`,
    [lineId, shopId, userId, tenantId],
  );
  if (!line) throw notFound('shopcart');
  return line;
}

async function recordLineEvent(tx: Queryable, tenantId: string, line: LineRow, event: string, from: string, to: string, actor: Actor, extra: { proId?: string; note?: string }) {
  if (!line.order_client_id) return;
  await tx.query(
    `insert into order_event (tenant_id, order_client_id, event, from_status, to_status, pro_client_id, actor_user_id, actor_kind, note)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [tenantId, line.order_client_id, event, from, to, extra.proId ?? null, actor.userId, actor.kind, extra.note ?? null],
  );
}

/** Sets a line's status (the caller checked the machine allows it), with its date, in the order's history. */
export async function changeLineStatus(tx: Queryable, tenantId: string, line: LineRow, to: ShopcartBundleStatus, actor: Actor, note?: string): Promise<void> {
  await tx.query(
    `update shopcart_bundle set shopcart_bundle_status = $2, updated_at = now(),
            active_date = case when $2 = 'active' then now() else active_date end, passive_date = case when $2 = 'passive' then now() else passive_date end
      where shopcart_bundle_client_id = $1 and shopcart_bundle_status = $3`,
    [line.shopcart_bundle_client_id, to, line.shopcart_bundle_status],
  );
  await recordLineEvent(tx, tenantId, line, `line_${to}`, line.shopcart_bundle_status, to, actor, { note });
}

/** Sets one product of a paid line active or passive, in the order's history. */
export async function changeProductStatus(tx: Queryable, tenantId: string, line: LineRow, proId: string, to: BundleStatus, actor: Actor, note?: string): Promise<void> {
  const [before] = await tx.query<{ pro_status: string | null }>(
    'select pro_status from shopcart_bundle_product where shopcart_bundle_client_id = $1 and pro_client_id = $2 for update',
    [line.shopcart_bundle_client_id, proId],
  );
  if (!before) throw notFound('bundle_product');
  if (before.pro_status === to) return;
  await tx.query('update shopcart_bundle_product set pro_status = $3 where shopcart_bundle_client_id = $1 and pro_client_id = $2', [line.shopcart_bundle_client_id, proId, to]);
  await recordLineEvent(tx, tenantId, line, `product_${to}`, before.pro_status ?? 'none', to, actor, { proId, note });
}

/** The buyer's active lines (paid, or free), each with its bundle, its products and what is left of them. */
export async function activeLines(
  db: Queryable,
  tenantId: string,
  userId: string,
  input: UserShopcartBundleActiveListRequest,
): Promise<UserShopcartBundleActiveListResponse> {
  const where = new Where().add('l.tenant_id = ?', tenantId).add('l.user_id = ?', userId).add("l.shopcart_bundle_status = 'active'");
  if (input.active_date_from) where.add('l.active_date >= ?::date', input.active_date_from);
  if (input.active_date_to) where.add('l.active_date < ?::date + 1', input.active_date_to);
  if (input.search) {
    const pattern = containsPattern(input.search);
    where.add(
      `(b.bundle_name ilike ? escape '\\' or exists (select 1 from shopcart_bundle_product sp where sp.shopcart_bundle_client_id = l.shopcart_bundle_client_id
          and sp.pro_name ilike ? escape '\\'))`,
      pattern,
      pattern,
    );
  }
  const order = orderBy(input.sort, '-created_at', { created_at: 'l.created_at', bundle_name: 'lower(b.bundle_name)' }, 'l.shopcart_bundle_client_id');
  const { rows, ...paging } = await pageRows(db, {
    select: 'select l.shopcart_bundle_client_id, l.bundle_client_id from shopcart_bundle l join bundle b on b.bundle_client_id = l.bundle_client_id',
    where,
    order,
    paging: input,
  });
  const ids = rows.map((r) => r.shopcart_bundle_client_id as string);
  const bundleIds = [...new Set(rows.map((r) => r.bundle_client_id as string))];
  const [lines, bundles, products] = await Promise.all([
    linesById(db, tenantId, userId, ids, 0),
    db.query(`${BUNDLE_SELECT} where b.tenant_id = $1 and b.bundle_client_id = any($2::uuid[])`, [tenantId, bundleIds]),
    productsOf(db, tenantId, bundleIds),
  ]);
  const bundleById = new Map(bundles.map((b) => [b.bundle_client_id as string, bundleAnswer(b)]));
  const lineById = new Map(lines.map((l) => [l.shopcart_bundle_client_id, l]));
  return {
    active_bundle_list: rows.map((r) => {
      const line = lineById.get(r.shopcart_bundle_client_id as string)!;
      const bought = new Set(Object.keys(line.product_payment_list ?? {}));
      return {
        shopcart: line,
        bundle: bundleById.get(r.bundle_client_id as string)!,
        product_list: (products.get(r.bundle_client_id as string) ?? []).filter((p) => bought.has(p.pro_client_id!)),
      };
    }),
    ...paging,
  };
}
