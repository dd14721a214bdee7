// Writing authorizations and holdings (the model of server/db/migrations/0005): used by the seed, the
// authorization handlers and, later, the routes that spend a counted authorization (shop_new...).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import contractSchemas from '../../src/generated/schemas.json' with { type: 'json' };
import { ApiError } from '../http/api-error.ts';

/** Every auth code of the contract (schemas/enums.json auth_code), in catalogue order. */
export const AUTH_CODES: readonly string[] = (
  contractSchemas.schemas.find((s) => (s as { $id?: string }).$id?.endsWith('/enums.json')) as unknown as { $defs: { auth_code: { enum: string[] } } }
).$defs.auth_code.enum;

export interface CreateAuthorization {
  tenantId: string;
  authName: string;
  authType?: 'unlimited' | 'counted';
  authCount?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  createdBy: string | null;
  /** The creator's (or first holder's) holding. */
  holder: { userId: string; canAssign: boolean; assignCount: number | null };
}

/** Creates an authorization and its first holding; answers both ids. */
export async function createAuthorization(tx: Queryable, c: CreateAuthorization): Promise<{ auth_id: string; user_auth_id: string }> {
  const authId = randomUUID();
  const userAuthId = randomUUID();
  await tx.query(
    `insert into "authorization" (auth_id, tenant_id, auth_name, auth_type, auth_count, start_date, end_date, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [authId, c.tenantId, c.authName, c.authType ?? 'unlimited', c.authCount ?? null, c.startDate ?? null, c.endDate ?? null, c.createdBy],
  );
  await tx.query(
    `insert into user_authorization (user_auth_id, tenant_id, user_id, auth_id, auth_name, can_assign_auth, auth_count, start_date, end_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [userAuthId, c.tenantId, c.holder.userId, authId, c.authName, c.holder.canAssign, c.holder.assignCount, c.startDate ?? null, c.endDate ?? null],
  );
  return { auth_id: authId, user_auth_id: userAuthId };
}

/**
 * The seed's grant to a tenant's administrator: one unlimited authorization per auth code, with no dates,
 * held with can_assign_auth and unlimited assigning. Only codes the user never held (cancelled holdings
 * count as held) are added, so the seed, which runs at every start, never revives a cancelled one.
 */
export async function grantEveryAuthCode(tx: Queryable, tenantId: string, userId: string): Promise<number> {
  const existing = new Set(
    (await tx.query<{ auth_name: string }>('select distinct auth_name from user_authorization where tenant_id = $1 and user_id = $2', [tenantId, userId])).map(
      (r) => r.auth_name,
    ),
  );
  let added = 0;
  for (const code of AUTH_CODES.filter((c) => !existing.has(c))) {
    await createAuthorization(tx, { tenantId, authName: code, createdBy: null, holder: { userId, canAssign: true, assignCount: null } });
    added += 1;
  }
  return added;
}

/**
 * Spends one use of a counted authorization the user holds today (e.g. opening a shop with shop_new): the
 * authorization's shared pool and the holding's own cap both go down by one, under lock, in the caller's
 * transaction. Unlimited holdings spend nothing. Throws 11021 when no valid holding has a use left.
 */
export async function spendAuthorizationUse(tx: Queryable, tenantId: string, userId: string, authName: string): Promise<void> {
  const rows = await tx.query<{ user_auth_id: string; auth_id: string; auth_type: string; pool: number | null; use_limit: number | null }>(
    `select h.user_auth_id, a.auth_id, a.auth_type, a.auth_count as pool, h.use_limit
       from user_authorization h join "authorization" a on a.auth_id = h.auth_id and a.tenant_id = h.tenant_id
      where h.tenant_id = $1 and h.user_id = $2 and h.auth_name = $3 and not h.is_cancelled and not a.is_cancelled
        and (h.start_date is null or h.start_date <= current_date) and (h.end_date is null or h.end_date >= current_date)
        and (a.start_date is null or a.start_date <= current_date) and (a.end_date is null or a.end_date >= current_date)
      order by (a.auth_type = 'unlimited' and h.use_limit is null) desc, h.created_at
      for update of h, a`,
    [tenantId, userId, authName],
  );
  const usable = rows.find((r) => (r.auth_type === 'unlimited' || (r.pool ?? 0) > 0) && (r.use_limit === null || r.use_limit > 0));
  if (!usable) throw new ApiError('authorization_amount');
  if (usable.auth_type === 'counted') await tx.query('update "authorization" set auth_count = auth_count - 1 where auth_id = $1', [usable.auth_id]);
  if (usable.use_limit !== null) await tx.query('update user_authorization set use_limit = use_limit - 1 where user_auth_id = $1', [usable.user_auth_id]);
}
