// Shops and their staff in the database (shop, shop_member: server/db/migrations/0006_shop.sql): the row as
// the contract's Shop, the staff lists, the writes of the shop handlers and the membership reads that
// server/services/shop-access.ts decides who may reach a shop with.
import type { Queryable } from '../db/adapter.ts';
import type { Shop } from '../../src/generated/types/entities.ts';
import type { UserShopListRequest } from '../../src/generated/types/routes.ts';
import { containsPattern, orderBy, pageRows, Where } from './paging.ts';

export interface ShopRow {
  shop_client_id: string;
  user_id: string;
  shop_name: string;
  shop_address: string | null;
  shop_tax_number: string | null;
  shop_tax_office: string | null;
  shop_mail: string | null;
  bank_account_list: unknown;
  shop_status: 'active' | 'passive';
}

const SHOP_COLUMNS = `s.shop_client_id, s.user_id, s.shop_name, s.shop_address, s.shop_tax_number, s.shop_tax_office, s.shop_mail,
  s.bank_account_list, s.shop_status`;

export type Member = NonNullable<Shop['shop_member_list']>[number];

/** A shop as answered; the staff only when given (staff answers). */
export function shopAnswer(row: ShopRow, members?: Member[]): Shop {
  const banks = (typeof row.bank_account_list === 'string' ? JSON.parse(row.bank_account_list) : row.bank_account_list) as Shop['bank_account_list'];
  return {
    shop_client_id: row.shop_client_id,
    shop_name: row.shop_name,
    user_client_id: row.user_id,
    ...(row.shop_address ? { shop_address: row.shop_address } : {}),
    ...(row.shop_tax_number ? { shop_tax_number: row.shop_tax_number } : {}),
    ...(row.shop_tax_office ? { shop_tax_office: row.shop_tax_office } : {}),
    ...(row.shop_mail ? { shop_mail: row.shop_mail } : {}),
    ...(banks?.length ? { bank_account_list: banks } : {}),
    shop_status: row.shop_status,
    ...(members ? { shop_member_list: members } : {}),
  };
}

export async function shopById(db: Queryable, tenantId: string, shopId: string): Promise<ShopRow | undefined> {
  const [row] = await db.query<ShopRow & Record<string, unknown>>(`select ${SHOP_COLUMNS} from shop s where s.shop_client_id = $1 and s.tenant_id = $2`, [shopId, tenantId]);
  return row;
}

/**
 * The tenant's shop when the caller staffs it (an admin: any shop of the tenant). `lock` takes the row for
 * update (writes that must not race an edit of the shop).
 */
export async function staffedShop(db: Queryable, tenantId: string, shopId: string, caller: { userId: string; isAdmin: boolean }, options: { lock?: boolean }): Promise<ShopRow | undefined> {
  const [row] = await db.query<ShopRow & Record<string, unknown>>(
    `select ${SHOP_COLUMNS} from shop s
      where s.shop_client_id = $1 and s.tenant_id = $2
        and ($3 or exists (select 1 from shop_member m where m.shop_client_id = s.shop_client_id and m.user_id = $4))
      ${options.lock ? 'for update' : ''}`,
    [shopId, tenantId, caller.isAdmin, caller.userId],
  );
  return row;
}

/** Whether the user staffs the shop (owner or member). */
export async function isMember(db: Queryable, tenantId: string, shopId: string, userId: string): Promise<boolean> {
  const rows = await db.query('select 1 from shop_member where shop_client_id = $1 and tenant_id = $2 and user_id = $3', [shopId, tenantId, userId]);
  return rows.length > 0;
}

/** The staff of the given shops: the owner first, then by username. */
export async function membersOf(db: Queryable, tenantId: string, shopIds: string[]): Promise<Map<string, Member[]>> {
  const byShop = new Map<string, Member[]>(shopIds.map((id) => [id, []]));
  if (!shopIds.length) return byShop;
  const rows = await db.query<{ shop_client_id: string; user_id: string; username: string; is_owner: boolean }>(
    `select m.shop_client_id, m.user_id, u.username, m.user_id = s.user_id as is_owner
       from shop_member m join shop s on s.shop_client_id = m.shop_client_id join app_user u on u.user_id = m.user_id
      where m.tenant_id = $1 and m.shop_client_id = any($2::uuid[])
      order by m.shop_client_id, (m.user_id = s.user_id) desc, lower(u.username), m.user_id`,
    [tenantId, shopIds],
  );
  for (const r of rows) byShop.get(r.shop_client_id)?.push({ user_client_id: r.user_id, username: r.username, is_owner: r.is_owner });
  return byShop;
}

/** The shop just written, with its staff. */
export async function shopWithMembers(db: Queryable, tenantId: string, shopId: string): Promise<Shop> {
  const row = await shopById(db, tenantId, shopId);
  return shopAnswer(row!, (await membersOf(db, tenantId, [shopId])).get(shopId));
}

/** The ids of the shop's staff now. */
export async function staffIds(db: Queryable, shopId: string): Promise<Set<string>> {
  return new Set((await db.query<{ user_id: string }>('select user_id from shop_member where shop_client_id = $1', [shopId])).map((r) => r.user_id));
}

/** Makes the shop's staff exactly `wanted`: others are removed, new ones added by `addedBy`. */
export async function replaceStaff(tx: Queryable, tenantId: string, shopId: string, wanted: Set<string>, addedBy: string): Promise<void> {
  await tx.query('delete from shop_member where shop_client_id = $1 and tenant_id = $2 and not (user_id = any($3::uuid[]))', [shopId, tenantId, [...wanted]]);
  for (const userId of wanted)
    await tx.query('insert into shop_member (shop_client_id, tenant_id, user_id, added_by) values ($1, $2, $3, $4) on conflict do nothing', [shopId, tenantId, userId, addedBy]);
}

/** What a shop form sends (shop/new and shop/edit without the ids, staff and status). */
export interface ShopDetails {
  shop_name: string;
  shop_address?: string;
  shop_tax_number?: string;
  shop_tax_office?: string;
  shop_mail?: string;
  bank_account_list?: unknown[];
}

const detailValues = (d: ShopDetails) => [d.shop_name, d.shop_address ?? null, d.shop_tax_number ?? null, d.shop_tax_office ?? null, d.shop_mail ?? null, JSON.stringify(d.bank_account_list ?? [])];

export async function insertShop(tx: Queryable, ids: { tenantId: string; shopId: string; ownerId: string }, details: ShopDetails): Promise<void> {
  await tx.query(
    `insert into shop (shop_client_id, tenant_id, user_id, shop_name, shop_address, shop_tax_number, shop_tax_office, shop_mail, bank_account_list)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [ids.shopId, ids.tenantId, ids.ownerId, ...detailValues(details)],
  );
}

/** Replaces the shop's details (absent optional ones are cleared); an absent status is kept. */
export async function updateShop(tx: Queryable, tenantId: string, shopId: string, details: ShopDetails, status: Shop['shop_status'] | undefined): Promise<void> {
  await tx.query(
    `update shop set shop_name = $3, shop_address = $4, shop_tax_number = $5, shop_tax_office = $6, shop_mail = $7, bank_account_list = $8,
            shop_status = coalesce($9, shop_status), updated_at = now()
      where shop_client_id = $1 and tenant_id = $2`,
    [shopId, tenantId, ...detailValues(details), status ?? null],
  );
}

/** One page of the tenant's shops (those the user staffs, with `memberId`), with their staff. */
export async function listShops(db: Queryable, tenantId: string, scope: { memberId?: string }, input: UserShopListRequest) {
  const where = new Where().add('s.tenant_id = ?', tenantId);
  if (scope.memberId !== undefined) where.add('exists (select 1 from shop_member m where m.shop_client_id = s.shop_client_id and m.user_id = ?)', scope.memberId);
  if (input.shop_status) where.add('s.shop_status = ?', input.shop_status);
  if (input.search) where.add("s.shop_name ilike ? escape '\\'", containsPattern(input.search));
  const order = orderBy(input.sort, '-created_at', { created_at: 's.created_at', shop_name: 'lower(s.shop_name)' }, 's.shop_client_id');
  const { rows, ...paging } = await pageRows<ShopRow & Record<string, unknown>>(db, { select: `select ${SHOP_COLUMNS} from shop s`, where, order, paging: input });
  const members = await membersOf(db, tenantId, rows.map((r) => r.shop_client_id));
  return { rows: rows.map((r) => shopAnswer(r, members.get(r.shop_client_id))), ...paging };
}
