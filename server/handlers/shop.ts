// Shops and their staff (schemas/routes/shop.json): open a shop (spending a counted shop_new), edit it and
// its staff, get one (open to visitors), list the caller's shops. Who may reach which shop:
// server/services/shop-access.ts.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import type { Shop } from '../../src/generated/types/entities.ts';
import { spendAuthorizationUse } from '../services/authorization-store.ts';
import { containsPattern, orderBy, pageRows, Where } from '../services/paging.ts';
import { isStaffOf, SHOP_COLUMNS, shopAnswer, shopCaller, staffShop, type Member, type ShopRow } from '../services/shop-access.ts';
import { optionalUser } from '../auth/caller.ts';
import type { HandlerSet } from './types.ts';

/** The staff of the given shops: the owner first, then by username. */
async function membersOf(db: Queryable, tenantId: string, shopIds: string[]): Promise<Map<string, Member[]>> {
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

async function shopWithMembers(db: Queryable, tenantId: string, shopId: string): Promise<Shop> {
  const [row] = await db.query<ShopRow & Record<string, unknown>>(`select ${SHOP_COLUMNS} from shop s where s.shop_client_id = $1 and s.tenant_id = $2`, [shopId, tenantId]);
  return shopAnswer(row, (await membersOf(db, tenantId, [shopId])).get(shopId));
}

/** The staff a request names plus the owner, every one a user of the site (10016 otherwise). */
async function wantedStaff(tx: Queryable, ctx: RequestContext, ownerId: string, list: { user_client_id: string }[]): Promise<Set<string>> {
  const ids = [...new Set(list.map((m) => m.user_client_id))].filter((id) => id !== ownerId);
  if (ids.length) {
    const found = await tx.query<{ user_id: string }>('select user_id from app_user where tenant_id = $1 and user_id = any($2::uuid[])', [ctx.tenant.tenant_id, ids]);
    if (found.length !== ids.length) throw notFound('user');
  }
  return new Set([ownerId, ...ids]);
}

async function replaceStaff(tx: Queryable, tenantId: string, shopId: string, wanted: Set<string>, addedBy: string): Promise<void> {
  await tx.query('delete from shop_member where shop_client_id = $1 and tenant_id = $2 and not (user_id = any($3::uuid[]))', [shopId, tenantId, [...wanted]]);
  for (const userId of wanted)
    await tx.query('insert into shop_member (shop_client_id, tenant_id, user_id, added_by) values ($1, $2, $3, $4) on conflict do nothing', [shopId, tenantId, userId, addedBy]);
}

const detailValues = (input: {
  shop_name: string;
  shop_address?: string;
  shop_tax_number?: string;
  shop_tax_office?: string;
  shop_mail?: string;
  bank_account_list?: unknown[];
}) => [input.shop_name, input.shop_address ?? null, input.shop_tax_number ?? null, input.shop_tax_office ?? null, input.shop_mail ?? null, JSON.stringify(input.bank_account_list ?? [])];

export const shopHandlers: HandlerSet = {
  user_shop_new: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const shopId = randomUUID();
    await ctx.transaction(async (tx) => {
      const staff = await wantedStaff(tx, ctx, me.userId, input.shop_member_list ?? []);
      // A counted shop_new is spent here, in the same transaction as the shop: no shop, no spent use.
      if (!me.isAdmin) await spendAuthorizationUse(tx, tenantId, me.userId, 'shop_new');
      await tx.query(
        `insert into shop (shop_client_id, tenant_id, user_id, shop_name, shop_address, shop_tax_number, shop_tax_office, shop_mail, bank_account_list)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [shopId, tenantId, me.userId, ...detailValues(input)],
      );
      await replaceStaff(tx, tenantId, shopId, staff, me.userId);
    });
    return { shop: await shopWithMembers(ctx.db, tenantId, shopId) };
  },

  user_shop_edit: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    await ctx.transaction(async (tx) => {
      const shop = await staffShop(tx, ctx, me, input.shop_client_id, { lock: true });
      if (input.shop_member_list) {
        const wanted = await wantedStaff(tx, ctx, shop.user_id, input.shop_member_list);
        const current = new Set((await tx.query<{ user_id: string }>('select user_id from shop_member where shop_client_id = $1', [shop.shop_client_id])).map((r) => r.user_id));
        const changed = wanted.size !== current.size || [...wanted].some((id) => !current.has(id));
        if (changed) {
          // The staff are the owner's (or an admin's) to choose; other editors may send the list unchanged.
          if (!me.isAdmin && shop.user_id !== me.userId) throw new ApiError('forbidden', { auth_codes: 'admin' });
          await replaceStaff(tx, tenantId, shop.shop_client_id, wanted, me.userId);
        }
      }
      await tx.query(
        `update shop set shop_name = $3, shop_address = $4, shop_tax_number = $5, shop_tax_office = $6, shop_mail = $7, bank_account_list = $8,
                shop_status = coalesce($9, shop_status), updated_at = now()
          where shop_client_id = $1 and tenant_id = $2`,
        [shop.shop_client_id, tenantId, ...detailValues(input), input.shop_status ?? null],
      );
    });
    return { shop: await shopWithMembers(ctx.db, tenantId, input.shop_client_id) };
  },

  user_shop_get: async (input, ctx) => {
    const tenantId = ctx.tenant.tenant_id;
    const [row] = await ctx.db.query<ShopRow & Record<string, unknown>>(`select ${SHOP_COLUMNS} from shop s where s.shop_client_id = $1 and s.tenant_id = $2`, [
      input.shop_client_id,
      tenantId,
    ]);
    if (!row) throw notFound('shop');
    const staff = await isStaffOf(ctx.db, tenantId, row.shop_client_id, optionalUser(ctx));
    return { shop: shopAnswer(row, staff ? (await membersOf(ctx.db, tenantId, [row.shop_client_id])).get(row.shop_client_id) : undefined) };
  },

  user_shop_list: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const where = new Where().add('s.tenant_id = ?', tenantId);
    if (!me.isAdmin) where.add('exists (select 1 from shop_member m where m.shop_client_id = s.shop_client_id and m.user_id = ?)', me.userId);
    if (input.shop_status) where.add('s.shop_status = ?', input.shop_status);
    if (input.search) where.add("s.shop_name ilike ? escape '\\'", containsPattern(input.search));
    const order = orderBy(input.sort, '-created_at', { created_at: 's.created_at', shop_name: 'lower(s.shop_name)' }, 's.shop_client_id');
    const { rows, ...paging } = await pageRows<ShopRow & Record<string, unknown>>(ctx.db, { select: `select ${SHOP_COLUMNS} from shop s`, where, order, paging: input });
    const members = await membersOf(ctx.db, tenantId, rows.map((r) => r.shop_client_id));
    return { shop_list: rows.map((r) => shopAnswer(r, members.get(r.shop_client_id))), ...paging };
  },
};
