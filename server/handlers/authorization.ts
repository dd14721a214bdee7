// Authorizations (auth codes): create, list, assign, cancel, and the user's own list. The rules are in
// server/services/authorization-rules.ts, the rows in server/services/authorization-store.ts; this file
// locks what a change needs in one transaction, applies the rules and answers. The route descriptions in
// schemas/routes/authorization.json state the same rules for callers.
import { randomUUID } from 'node:crypto';
import { ApiError, notFound } from '../http/api-error.ts';
import { mayCancel, planAssignment, planNewAuthorization, refundOnCancel } from '../services/authorization-rules.ts';
import {
  authorizationById,
  authorizationOfHolding,
  cancelHoldingChain,
  createAuthorization,
  insertHolding,
  listAuthorizations,
  listUserAuthorizations,
  lockHolding,
  lockHoldingsOf,
  parentOfHolding,
  setAssignCount,
  today,
  userAuthorizationOfHolding,
} from '../services/authorization-store.ts';
import { activeUserIdByUsername } from '../services/accounts.ts';
import { requireUser } from '../auth/caller.ts';
import type { HandlerSet } from './types.ts';

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
    return { authorization: await authorizationOfHolding(ctx.db, ctx.tenant.tenant_id, ids.user_auth_id) };
  },

  authorization_list: async (input, ctx) => {
    const me = requireUser(ctx);
    // An admin sees every holding of the site; anyone else those they hold or gave.
    const scope = { heldOrGivenBy: me.isAdmin ? undefined : me.userId, givenToOthersBy: input.given_by_me ? me.userId : undefined };
    const { rows, ...paging } = await listAuthorizations(ctx.db, ctx.tenant.tenant_id, scope, input);
    return { authorization_list: rows, ...paging };
  },

  authorization_assign_to_user: async (input, ctx) => {
    const me = requireUser(ctx);
    const tenantId = ctx.tenant.tenant_id;
    const newId = await ctx.transaction(async (tx) => {
      const authorization = await authorizationById(tx, tenantId, input.auth_id);
      if (!authorization) throw notFound('authorization');
      const receiverId = await activeUserIdByUsername(tx, tenantId, input.assigning_username);
      if (!receiverId) throw notFound('user');
      if (receiverId === me.userId) throw new ApiError('invalid_input', { details: 'assigning_username: must be another user' });
      // Lock every holding the caller has of this authorization: concurrent assignments queue here, and each
      // sees the count the previous one left.
      const holdings = await lockHoldingsOf(tx, tenantId, input.auth_id, me.userId);
      const day = await today(tx);
      const usable = holdings
        .filter((h) => h.can_assign_auth && !h.is_cancelled && (h.start_date ?? day) <= day && day <= (h.end_date ?? day))
        .sort((x, y) => (x.auth_count === null ? -1 : y.auth_count === null ? 1 : y.auth_count - x.auth_count))[0];
      const plan = planAssignment(authorization, usable, input, day);
      const userAuthId = randomUUID();
      await insertHolding(tx, { tenantId, userAuthId, userId: receiverId, authorization, assignedBy: me.userId, parentId: usable!.user_auth_id }, plan.holding);
      if (plan.assignerCountAfter !== usable!.auth_count) await setAssignCount(tx, usable!.user_auth_id, plan.assignerCountAfter);
      return userAuthId;
    });
    return { user_authorization: await userAuthorizationOfHolding(ctx.db, tenantId, newId) };
  },

  authorization_cancel: async (input, ctx) => {
    const me = requireUser(ctx);
    const tenantId = ctx.tenant.tenant_id;
    await ctx.transaction(async (tx) => {
      const peek = await parentOfHolding(tx, tenantId, input.user_auth_id);
      if (!peek) throw notFound('user_authorization');
      // Ancestors are locked before descendants (as assignments lock the assigner's holding), so two cancels
      // in one chain queue instead of deadlocking.
      const parent = peek.parent_user_auth_id ? await lockHolding(tx, tenantId, peek.parent_user_auth_id) : undefined;
      const holding = await lockHolding(tx, tenantId, input.user_auth_id);
      if (!holding) throw notFound('user_authorization');
      if (!mayCancel(me, holding)) throw new ApiError('forbidden', { auth_codes: 'admin' });
      if (holding.is_cancelled) return;
      await cancelHoldingChain(tx, tenantId, input.user_auth_id, me.userId);
      const refunded = refundOnCancel(holding, parent);
      if (parent && refunded !== null) await setAssignCount(tx, parent.user_auth_id, refunded);
    });
    return { user_authorization: await userAuthorizationOfHolding(ctx.db, tenantId, input.user_auth_id) };
  },

  user_authorization_list: async (input, ctx) => {
    const me = requireUser(ctx);
    const { rows, ...paging } = await listUserAuthorizations(ctx.db, ctx.tenant.tenant_id, me.userId, input);
    return { user_authorization_list: rows, ...paging };
  },
};
