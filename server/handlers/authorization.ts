// Authorizations (auth codes): create, list, assign, cancel, and the user's own list. The rules are in
// server/services/authorization-rules.ts; this file loads and locks rows, applies them and answers. The
// route descriptions in schemas/routes/authorization.json state the same rules for callers.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import type { Authorization, UserAuthorization } from '../../src/generated/types/entities.ts';
import { mayCancel, planAssignment, planNewAuthorization, refundOnCancel, usesLeft, type AuthorizationRow, type HoldingRow } from '../services/authorization-rules.ts';
import { createAuthorization } from '../services/authorization-store.ts';
import { containsPattern, isoOf, orderBy, pageRows, Where } from '../services/paging.ts';
import { requireUser } from '../auth/caller.ts';
import type { HandlerSet } from './types.ts';

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

export const authorizationAnswer = (v: HoldingView): Authorization => ({
  ...commonFields(v),
  ...(v.created_by_username ? { created_by_username: v.created_by_username } : {}),
});

export const userAuthorizationAnswer = (v: HoldingView): UserAuthorization => ({
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

const HOLDING_COLUMNS = `user_auth_id, user_id, can_assign_auth, auth_count, use_limit, ${DAY('start_date')} as start_date, ${DAY('end_date')} as end_date,
  is_cancelled, parent_user_auth_id, assigned_by`;

export const authorizationHandlers: HandlerSet = {
  authorization_new: async (input, ctx) => {
    const me = requireUser(ctx);
    const plan = planNewAuthorization(input);
    const ids = await ctx.transaction((tx) =>
      createAuthorization(tx, {
        tenantId: ctx.tenant.tenant_id,
        authName: input.auth_name,
        authType: plan.authorization.auth_type,
        authCount: plan.authorization.auth_count,
        startDate: plan.authorization.start_date,
        endDate: plan.authorization.end_date,
        createdBy: me.userId,
        holder: { userId: me.userId, canAssign: plan.holding.can_assign_auth, assignCount: plan.holding.auth_count },
      }),
    );
    return { authorization: authorizationAnswer(await holdingView(ctx.db, ctx.tenant.tenant_id, ids.user_auth_id)) };
  },

  authorization_list: async (input, ctx) => {
    const me = requireUser(ctx);
    const where = new Where().add('h.tenant_id = ?', ctx.tenant.tenant_id);
    if (!me.isAdmin) where.add('(h.user_id = ? or h.assigned_by = ?)', me.userId, me.userId);
    if (input.given_by_me) where.add('h.assigned_by = ? and h.user_id <> ?', me.userId, me.userId);
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
    const { rows, ...paging } = await pageRows<HoldingView & Record<string, unknown>>(ctx.db, { select: HOLDING_SELECT, where, order, paging: input });
    return { authorization_list: rows.map(authorizationAnswer), ...paging };
  },

  authorization_assign_to_user: async (input, ctx) => {
    const me = requireUser(ctx);
    const tenantId = ctx.tenant.tenant_id;
    const newId = await ctx.transaction(async (tx) => {
      const [authorization] = await tx.query<AuthorizationRow & Record<string, unknown>>(
        `select auth_id, auth_name, auth_type, auth_count, ${DAY('start_date')} as start_date, ${DAY('end_date')} as end_date, is_cancelled
           from "authorization" where auth_id = $1 and tenant_id = $2`,
        [input.auth_id, tenantId],
      );
      if (!authorization) throw notFound('authorization');
      const [receiver] = await tx.query<{ user_id: string }>('select user_id from app_user where tenant_id = $1 and lower(username) = lower($2) and is_active', [
        tenantId,
        input.assigning_username,
      ]);
      if (!receiver) throw notFound('user');
      if (receiver.user_id === me.userId) throw new ApiError('invalid_input', { details: 'assigning_username: must be another user' });
      // Lock every holding the caller has of this authorization: concurrent assignments queue here, and each
      // sees the count the previous one left.
      const holdings = await tx.query<HoldingRow & Record<string, unknown>>(
        `select ${HOLDING_COLUMNS} from user_authorization
          where auth_id = $1 and tenant_id = $2 and user_id = $3 order by created_at for update`,
        [input.auth_id, tenantId, me.userId],
      );
      const day = await today(tx);
      const usable = holdings
        .filter((h) => h.can_assign_auth && !h.is_cancelled && (h.start_date ?? day) <= day && day <= (h.end_date ?? day))
        .sort((x, y) => (x.auth_count === null ? -1 : y.auth_count === null ? 1 : y.auth_count - x.auth_count))[0];
      const plan = planAssignment(authorization, usable, input, day);
      const userAuthId = randomUUID();
      await tx.query(
        `insert into user_authorization (user_auth_id, tenant_id, user_id, auth_id, auth_name, can_assign_auth, auth_count, use_limit,
                                         start_date, end_date, assigned_by, parent_user_auth_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          userAuthId,
          tenantId,
          receiver.user_id,
          authorization.auth_id,
          authorization.auth_name,
          plan.holding.can_assign_auth,
          plan.holding.auth_count,
          plan.holding.use_limit,
          plan.holding.start_date,
          plan.holding.end_date,
          me.userId,
          usable!.user_auth_id,
        ],
      );
      if (plan.assignerCountAfter !== usable!.auth_count)
        await tx.query('update user_authorization set auth_count = $1 where user_auth_id = $2', [plan.assignerCountAfter, usable!.user_auth_id]);
      return userAuthId;
    });
    return { user_authorization: userAuthorizationAnswer(await holdingView(ctx.db, tenantId, newId)) };
  },

  authorization_cancel: async (input, ctx) => {
    const me = requireUser(ctx);
    const tenantId = ctx.tenant.tenant_id;
    await ctx.transaction(async (tx) => {
      const lockHolding = async (id: string) =>
        (
          await tx.query<HoldingRow & { assigned_by: string | null } & Record<string, unknown>>(
            `select ${HOLDING_COLUMNS} from user_authorization where user_auth_id = $1 and tenant_id = $2 for update`,
            [id, tenantId],
          )
        )[0];
      const [peek] = await tx.query<{ parent_user_auth_id: string | null }>('select parent_user_auth_id from user_authorization where user_auth_id = $1 and tenant_id = $2', [
        input.user_auth_id,
        tenantId,
      ]);
      if (!peek) throw notFound('user_authorization');
      // Ancestors are locked before descendants (as assignments lock the assigner's holding), so two cancels
      // in one chain queue instead of deadlocking.
      const parent = peek.parent_user_auth_id ? await lockHolding(peek.parent_user_auth_id) : undefined;
      const holding = await lockHolding(input.user_auth_id);
      if (!holding) throw notFound('user_authorization');
      if (!mayCancel(me, holding)) throw new ApiError('forbidden', { auth_codes: 'admin' });
      if (holding.is_cancelled) return;
      await tx.query(
        `with recursive chain as (
           select user_auth_id from user_authorization where user_auth_id = $1 and tenant_id = $2
           union
           select c.user_auth_id from user_authorization c join chain on c.parent_user_auth_id = chain.user_auth_id where c.tenant_id = $2
         )
         update user_authorization set is_cancelled = true, cancelled_at = now(), cancelled_by = $3
          where user_auth_id in (select user_auth_id from chain) and not is_cancelled`,
        [input.user_auth_id, tenantId, me.userId],
      );
      const refunded = refundOnCancel(holding, parent);
      if (parent && refunded !== null) await tx.query('update user_authorization set auth_count = $1 where user_auth_id = $2', [refunded, parent.user_auth_id]);
    });
    return { user_authorization: userAuthorizationAnswer(await holdingView(ctx.db, tenantId, input.user_auth_id)) };
  },

  user_authorization_list: async (input, ctx) => {
    const me = requireUser(ctx);
    const where = new Where().add('h.tenant_id = ?', ctx.tenant.tenant_id).add('h.user_id = ?', me.userId);
    if (input.auth_name) where.add('h.auth_name = ?', input.auth_name);
    if (!input.include_cancelled) where.add('not h.is_cancelled and not a.is_cancelled');
    const order = orderBy(input.sort, '-assign_date', { assign_date: 'h.created_at', end_date: 'h.end_date', auth_name: 'h.auth_name' }, 'h.created_at desc, h.user_auth_id');
    const { rows, ...paging } = await pageRows<HoldingView & Record<string, unknown>>(ctx.db, { select: HOLDING_SELECT, where, order, paging: input });
    return { user_authorization_list: rows.map(userAuthorizationAnswer), ...paging };
  },
};
