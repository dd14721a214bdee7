// Shops and their staff (schemas/routes/shop.json): open a shop (spending a counted shop_new), edit it and
// its staff, get one (open to visitors), list the caller's shops. Who may reach which shop:
// server/services/shop-access.ts.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import { siteUserIds } from '../services/accounts.ts';
import { spendAuthorizationUse } from '../services/authorization-store.ts';
import { isStaffOf, shopCaller, staffShop } from '../services/shop-access.ts';
import { insertShop, listShops, membersOf, replaceStaff, shopAnswer, shopById, shopWithMembers, staffIds, updateShop } from '../services/shop-store.ts';
import { optionalUser } from '../auth/caller.ts';
import type { HandlerSet } from './types.ts';

/** The staff a request names plus the owner, every one a user of the site (10016 otherwise). */
async function wantedStaff(tx: Queryable, ctx: RequestContext, ownerId: string, list: { user_client_id: string }[]): Promise<Set<string>> {
  const ids = [...new Set(list.map((m) => m.user_client_id))].filter((id) => id !== ownerId);
  if (ids.length && (await siteUserIds(tx, ctx.tenant.tenant_id, ids)).length !== ids.length) throw notFound('user');
  return new Set([ownerId, ...ids]);
}

export const shopHandlers: HandlerSet = {
  user_shop_new: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    const shopId = randomUUID();
    await ctx.transaction(async (tx) => {
      const staff = await wantedStaff(tx, ctx, me.userId, input.shop_member_list ?? []);
      // A counted shop_new is spent here, in the same transaction as the shop: no shop, no spent use.
      if (!me.isAdmin) await spendAuthorizationUse(tx, tenantId, me.userId, 'shop_new');
      await insertShop(tx, { tenantId, shopId, ownerId: me.userId }, input);
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
        const current = await staffIds(tx, shop.shop_client_id);
        const changed = wanted.size !== current.size || [...wanted].some((id) => !current.has(id));
        if (changed) {
          // The staff are the owner's (or an admin's) to choose; other editors may send the list unchanged.
          if (!me.isAdmin && shop.user_id !== me.userId) throw new ApiError('forbidden', { auth_codes: 'admin' });
          await replaceStaff(tx, tenantId, shop.shop_client_id, wanted, me.userId);
        }
      }
      await updateShop(tx, tenantId, shop.shop_client_id, input, input.shop_status);
    });
    return { shop: await shopWithMembers(ctx.db, tenantId, input.shop_client_id) };
  },

  user_shop_get: async (input, ctx) => {
    const tenantId = ctx.tenant.tenant_id;
    const row = await shopById(ctx.db, tenantId, input.shop_client_id);
    if (!row) throw notFound('shop');
    const staff = await isStaffOf(ctx.db, tenantId, row.shop_client_id, optionalUser(ctx));
    return { shop: shopAnswer(row, staff ? (await membersOf(ctx.db, tenantId, [row.shop_client_id])).get(row.shop_client_id) : undefined) };
  },

  user_shop_list: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    // An admin lists every shop of the site; anyone else the shops they staff.
    const { rows, ...paging } = await listShops(ctx.db, ctx.tenant.tenant_id, { memberId: me.isAdmin ? undefined : me.userId }, input);
    return { shop_list: rows, ...paging };
  },
};
