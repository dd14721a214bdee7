// Who may reach which shop (docs/decisions.md "Who may work on a shop?"): auth codes (checked by the route
// table before any handler) say what a person may do, membership says where. A shop's staff are its owner
// and its members (shop_member, the owner included); `admin` reaches every shop of the tenant. Anything
// outside the caller's reach answers 10016 like an unknown id, so ids of other shops cannot be probed.
import type { Queryable } from '../db/adapter.ts';
import { ApiError, notFound, type Lang } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import { requireUser } from '../auth/caller.ts';
import type { Shop } from '../../src/generated/types/entities.ts';

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

export const SHOP_COLUMNS = `s.shop_client_id, s.user_id, s.shop_name, s.shop_address, s.shop_tax_number, s.shop_tax_office, s.shop_mail,
  s.bank_account_list, s.shop_status`;

/** Whether the user staffs the shop (owner or member). */
export async function isMember(db: Queryable, tenantId: string, shopId: string, userId: string): Promise<boolean> {
  const rows = await db.query('select 1 from shop_member where shop_client_id = $1 and tenant_id = $2 and user_id = $3', [shopId, tenantId, userId]);
  return rows.length > 0;
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
  const [row] = await db.query<ShopRow & Record<string, unknown>>(
    `select ${SHOP_COLUMNS} from shop s
      where s.shop_client_id = $1 and s.tenant_id = $2
        and ($3 or exists (select 1 from shop_member m where m.shop_client_id = s.shop_client_id and m.user_id = $4))
      ${options.lock ? 'for update' : ''}`,
    [shopId, ctx.tenant.tenant_id, caller.isAdmin, caller.userId],
  );
  if (!row) throw notFound('shop');
  return row;
}

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
