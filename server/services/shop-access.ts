// Who may reach which shop (docs/decisions.md "Who may work on a shop?"): auth codes (checked by the route
// table before any handler) say what a person may do, membership says where (read through
// server/services/shop-store.ts). A shop's staff are its owner and its members (shop_member, the owner
// included); `admin` reaches every shop of the tenant. Anything outside the caller's reach answers 10016 like
// an unknown id, so ids of other shops cannot be probed.
import type { Queryable } from '../db/adapter.ts';
import { ApiError, notFound, type Lang } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import { requireUser } from '../auth/caller.ts';
import { isMember, staffedShop, type ShopRow } from './shop-store.ts';

type Names = Record<Lang, string>;

/** 10001 naming one field, with the message in the caller's language (the shape schema errors have). */
export function fieldError(field: string, message: Names, lang: Lang): ApiError {
  return new ApiError('invalid_input', { details: `${field} ${message[lang]}` }, { errors: [{ field, message: message[lang] }] });
}

export interface ShopCaller {
  userId: string;
  isAdmin: boolean;
}

/**
 * The signed-in caller of a shop route. Section 5 makes user_client_id required on shop calls; it must be
 * the caller's own id (the token stays the only identity).
 */
export function shopCaller(ctx: RequestContext, userClientId?: string): ShopCaller {
  const me = requireUser(ctx);
  if (userClientId !== undefined && userClientId !== me.userId)
    throw fieldError('user_client_id', { en: 'must be your own user id', tr: 'kendi kullanıcı numaranız olmalıdır' }, ctx.lang);
  return me;
}

/** Whether this caller sees the shop's staff-only data (admin of the tenant or a member). */
export async function isStaffOf(db: Queryable, tenantId: string, shopId: string, caller: ShopCaller | undefined): Promise<boolean> {
  if (!caller) return false;
  return caller.isAdmin || isMember(db, tenantId, shopId, caller.userId);
}

/**
 * The shop, when the caller may work on it: a shop of the request's tenant that the caller staffs (admin:
 * any shop of the tenant). `lock` takes the row for update (writes that must not race an edit of the shop).
 */
export async function staffShop(db: Queryable, ctx: RequestContext, caller: ShopCaller, shopId: string, options: { lock?: boolean } = {}): Promise<ShopRow> {
  const row = await staffedShop(db, ctx.tenant.tenant_id, shopId, caller, options);
  if (!row) throw notFound('shop');
  return row;
}
