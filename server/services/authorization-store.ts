// Authorizations and their holdings in the database (the model of server/db/migrations/0005): the holding as
// answered (with its authorization and the names around it), the reads and locks the authorization handlers
// apply the rules of server/services/authorization-rules.ts to, and the writes used by the seed, those
// handlers and the routes that spend a counted authorization (shop_new...).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import contractSchemas from '../../src/generated/schemas.json' with { type: 'json' };
import type { Authorization, UserAuthorization } from '../../src/generated/types/entities.ts';
import type { AuthorizationListRequest, UserAuthorizationListRequest } from '../../src/generated/types/routes.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import { usesLeft, type AuthorizationRow, type HoldingRow } from './authorization-rules.ts';
import { containsPattern, isoOf, orderBy, pageRows, Where } from './paging.ts';

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

/** The database's day (YYYY-MM-DD): the day validity dates are compared with. */
export async function today(db: Queryable): Promise<string> {
  return (await db.query<{ today: string }>("select to_char(current_date, 'YYYY-MM-DD') as today"))[0].today;
}

const DAY = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
const VALID_TODAY = `(not h.is_cancelled and not a.is_cancelled
  and (h.start_date is null or h.start_date <= current_date) and (h.end_date is null or h.end_date >= current_date)
  and (a.start_date is null or a.start_date <= current_date) and (a.end_date is null or a.end_date >= current_date))`;

/** A holding with its authorization and the names around it: one row of every answer of this area. */
const HOLDING_SELECT = `
  select h.user_auth_id, h.auth_id, h.auth_name, h.user_id, h.can_assign_auth, h.auth_count, h.use_limit,
         ${DAY('h.start_date')} as start_date, ${DAY('h.end_date')} as end_date, h.is_cancelled, h.parent_user_auth_id,
         h.assigned_by, h.created_at, h.cancelled_at,
         a.auth_type, a.auth_count as pool, a.is_cancelled as auth_cancelled, ${DAY('a.start_date')} as auth_start, ${DAY('a.end_date')} as auth_end,
         hu.username, bu.username as assigned_by_username, cu.username as created_by_username, ${VALID_TODAY} as valid_today
    from user_authorization h
    join "authorization" a on a.auth_id = h.auth_id and a.tenant_id = h.tenant_id
    join app_user hu on hu.user_id = h.user_id
    left join app_user bu on bu.user_id = h.assigned_by
    left join app_user cu on cu.user_id = a.created_by`;

interface HoldingView extends HoldingRow {
  auth_id: string;
  auth_name: string;
  assigned_by: string | null;
  created_at: unknown;
  cancelled_at: unknown;
  auth_type: 'unlimited' | 'counted';
  pool: number | null;
  auth_cancelled: boolean;
  auth_start: string | null;
  auth_end: string | null;
  username: string;
  assigned_by_username: string | null;
  created_by_username: string | null;
  valid_today: boolean;
}

const authorizationOf = (v: HoldingView): AuthorizationRow => ({
  auth_id: v.auth_id,
  auth_name: v.auth_name,
  auth_type: v.auth_type,
  auth_count: v.pool,
  start_date: v.auth_start,
  end_date: v.auth_end,
  is_cancelled: v.auth_cancelled,
});

/** The fields both answer shapes share: type and uses as this holder sees them, counts, dates, state. */
function commonFields(v: HoldingView) {
  const uses = usesLeft(authorizationOf(v), v);
  return {
    auth_id: v.auth_id,
    user_auth_id: v.user_auth_id,
    auth_name: v.auth_name as Authorization['auth_name'],
    ...(uses === null ? { auth_type: 'unlimited' as const } : { auth_type: 'counted' as const, auth_count: uses }),
    can_assign_auth: v.can_assign_auth,
    ...(!v.can_assign_auth ? { auth_count_create: 0 } : v.auth_count === null ? {} : { auth_count_create: v.auth_count }),
    ...(v.start_date ? { start_date: v.start_date } : {}),
    ...(v.end_date ? { end_date: v.end_date } : {}),
    is_cancelled: v.is_cancelled || v.auth_cancelled,
    username: v.username,
    ...(v.assigned_by_username ? { assigned_by_username: v.assigned_by_username } : {}),
  };
}

const authorizationAnswer = (v: HoldingView): Authorization => ({
  ...commonFields(v),
  ...(v.created_by_username ? { created_by_username: v.created_by_username } : {}),
});

const userAuthorizationAnswer = (v: HoldingView): UserAuthorization => ({
  ...commonFields(v),
  user_client_id: v.user_id,
  is_valid_today: v.valid_today,
  assign_date: isoOf(v.created_at),
  ...(v.cancelled_at ? { cancel_date: isoOf(v.cancelled_at) } : {}),
});

async function holdingView(db: Queryable, tenantId: string, userAuthId: string): Promise<HoldingView> {
  const [row] = await db.query<HoldingView & Record<string, unknown>>(`${HOLDING_SELECT} where h.user_auth_id = $1 and h.tenant_id = $2`, [userAuthId, tenantId]);
  if (!row) throw notFound('user_authorization');
  return row;
}

/** The holding as an authorization of its holder (authorization/new, authorization/list). */
export const authorizationOfHolding = async (db: Queryable, tenantId: string, userAuthId: string): Promise<Authorization> =>
  authorizationAnswer(await holdingView(db, tenantId, userAuthId));

/** The holding as a user authorization (assignment, cancel, the user's own list). */
export const userAuthorizationOfHolding = async (db: Queryable, tenantId: string, userAuthId: string): Promise<UserAuthorization> =>
  userAuthorizationAnswer(await holdingView(db, tenantId, userAuthId));

/** Which holdings authorization/list shows beyond its request's filters: those a user holds or gave, those a user gave to others. */
export interface HoldingScope {
  heldOrGivenBy?: string;
  givenToOthersBy?: string;
}

/** One page of the site's holdings as authorizations. */
export async function listAuthorizations(db: Queryable, tenantId: string, scope: HoldingScope, input: AuthorizationListRequest) {
  const where = new Where().add('h.tenant_id = ?', tenantId);
  if (scope.heldOrGivenBy !== undefined) where.add('(h.user_id = ? or h.assigned_by = ?)', scope.heldOrGivenBy, scope.heldOrGivenBy);
  if (scope.givenToOthersBy !== undefined) where.add('h.assigned_by = ? and h.user_id <> ?', scope.givenToOthersBy, scope.givenToOthersBy);
  if (input.auth_name) where.add('h.auth_name = ?', input.auth_name);
  if (input.username) where.add('lower(hu.username) = lower(?)', input.username);
  if (!input.include_cancelled) where.add('not h.is_cancelled and not a.is_cancelled');
  if (input.start_date_from) where.add('h.start_date >= ?::date', input.start_date_from);
  if (input.start_date_to) where.add('h.start_date <= ?::date', input.start_date_to);
  if (input.search) {
    const pattern = containsPattern(input.search);
    where.add("(hu.username ilike ? escape '\\' or bu.username ilike ? escape '\\')", pattern, pattern);
  }
  const order = orderBy(input.sort, '-start_date', { start_date: 'h.start_date', end_date: 'h.end_date', auth_name: 'h.auth_name' }, 'h.created_at desc, h.user_auth_id');
  const { rows, ...paging } = await pageRows<HoldingView & Record<string, unknown>>(db, { select: HOLDING_SELECT, where, order, paging: input });
  return { rows: rows.map(authorizationAnswer), ...paging };
}

/** One page of a user's own holdings. */
export async function listUserAuthorizations(db: Queryable, tenantId: string, userId: string, input: UserAuthorizationListRequest) {
  const where = new Where().add('h.tenant_id = ?', tenantId).add('h.user_id = ?', userId);
  if (input.auth_name) where.add('h.auth_name = ?', input.auth_name);
  if (!input.include_cancelled) where.add('not h.is_cancelled and not a.is_cancelled');
  const order = orderBy(input.sort, '-assign_date', { assign_date: 'h.created_at', end_date: 'h.end_date', auth_name: 'h.auth_name' }, 'h.created_at desc, h.user_auth_id');
  const { rows, ...paging } = await pageRows<HoldingView & Record<string, unknown>>(db, { select: HOLDING_SELECT, where, order, paging: input });
  return { rows: rows.map(userAuthorizationAnswer), ...paging };
}

/** The site's authorization as the rules read it. */
export async function authorizationById(db: Queryable, tenantId: string, authId: string): Promise<AuthorizationRow | undefined> {
  const [authorization] = await db.query<AuthorizationRow & Record<string, unknown>>(
    `select auth_id, auth_name, auth_type, auth_count, ${DAY('start_date')} as start_date, ${DAY('end_date')} as end_date, is_cancelled
       from "authorization" where auth_id = $1 and tenant_id = $2`,
    [authId, tenantId],
  );
  return authorization;
}

const HOLDING_COLUMNS = `user_auth_id, user_id, can_assign_auth, auth_count, use_limit, ${DAY('start_date')} as start_date, ${DAY('end_date')} as end_date,
  is_cancelled, parent_user_auth_id, assigned_by`;

type LockedHolding = HoldingRow & { assigned_by: string | null };

/** Every holding the user has of the authorization, oldest first, locked for this transaction. */
export async function lockHoldingsOf(tx: Queryable, tenantId: string, authId: string, userId: string): Promise<LockedHolding[]> {
  return tx.query<LockedHolding & Record<string, unknown>>(
    `select ${HOLDING_COLUMNS} from user_authorization
      where auth_id = $1 and tenant_id = $2 and user_id = $3 order by created_at for update`,
    [authId, tenantId, userId],
  );
}

/** One holding, locked for this transaction. */
export async function lockHolding(tx: Queryable, tenantId: string, userAuthId: string): Promise<LockedHolding | undefined> {
  return (await tx.query<LockedHolding & Record<string, unknown>>(`select ${HOLDING_COLUMNS} from user_authorization where user_auth_id = $1 and tenant_id = $2 for update`, [userAuthId, tenantId]))[0];
}

/** The holding it was assigned from (null for a first holding), read without a lock; undefined when there is no such holding. */
export async function parentOfHolding(db: Queryable, tenantId: string, userAuthId: string): Promise<{ parent_user_auth_id: string | null } | undefined> {
  const [peek] = await db.query<{ parent_user_auth_id: string | null }>('select parent_user_auth_id from user_authorization where user_auth_id = $1 and tenant_id = $2', [
    userAuthId,
    tenantId,
  ]);
  return peek;
}

/** A holding assigned from another (`parentId`) by `assignedBy`. */
export async function insertHolding(
  tx: Queryable,
  h: { tenantId: string; userAuthId: string; userId: string; authorization: Pick<AuthorizationRow, 'auth_id' | 'auth_name'>; assignedBy: string; parentId: string },
  plan: Pick<HoldingRow, 'can_assign_auth' | 'auth_count' | 'use_limit' | 'start_date' | 'end_date'>,
): Promise<void> {
  await tx.query(
    `insert into user_authorization (user_auth_id, tenant_id, user_id, auth_id, auth_name, can_assign_auth, auth_count, use_limit,
                                     start_date, end_date, assigned_by, parent_user_auth_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      h.userAuthId,
      h.tenantId,
      h.userId,
      h.authorization.auth_id,
      h.authorization.auth_name,
      plan.can_assign_auth,
      plan.auth_count,
      plan.use_limit,
      plan.start_date,
      plan.end_date,
      h.assignedBy,
      h.parentId,
    ],
  );
}

/** Sets how many assignments the holder may still make. */
export async function setAssignCount(tx: Queryable, userAuthId: string, count: number | null): Promise<void> {
  await tx.query('update user_authorization set auth_count = $1 where user_auth_id = $2', [count, userAuthId]);
}

/** Cancels the holding and every holding assigned from it, down the whole chain (those not cancelled yet). */
export async function cancelHoldingChain(tx: Queryable, tenantId: string, userAuthId: string, cancelledBy: string): Promise<void> {
  await tx.query(
    `with recursive chain as (
       select user_auth_id from user_authorization where user_auth_id = $1 and tenant_id = $2
       union
       select c.user_auth_id from user_authorization c join chain on c.parent_user_auth_id = chain.user_auth_id where c.tenant_id = $2
     )
     update user_authorization set is_cancelled = true, cancelled_at = now(), cancelled_by = $3
      where user_auth_id in (select user_auth_id from chain) and not is_cancelled`,
    [userAuthId, tenantId, cancelledBy],
  );
}
