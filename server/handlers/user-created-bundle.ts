// Bundles a user (or a front-end key) composes from the shops' products for their own use
// (schemas/routes/bundle.json user_created_bundle/*; server/services/user-created-bundle-store.ts).
import type { RequestContext } from '../http/context.ts';
import { ApiError } from '../http/api-error.ts';
import { getComposed, listComposed, recordComposed, type Owner } from '../services/user-created-bundle-store.ts';
import type { HandlerSet } from './types.ts';

/** Whose composed bundles a call reaches: the signed-in user's, or the calling front-end key's. */
function ownerOf(ctx: RequestContext): Owner {
  if (ctx.caller.kind === 'user') return { userId: ctx.caller.userId };
  if (ctx.caller.kind === 'fkey') return { keyName: ctx.caller.keyName };
  throw new ApiError('login_required');
}

export const userCreatedBundleHandlers: HandlerSet = {
  user_created_bundle_list: async (input, ctx) => listComposed(ctx.db, ctx.tenant.tenant_id, ownerOf(ctx), input),
  user_created_bundle_get: async ({ user_created_bundle_client_id: id }, ctx) => ({ user_created_bundle: await getComposed(ctx.db, ctx.tenant.tenant_id, ownerOf(ctx), id) }),
  user_created_bundle_record: async (input, ctx) => {
    const owner = ownerOf(ctx);
    const id = await ctx.transaction((tx) => recordComposed(tx, ctx.tenant.tenant_id, owner, input));
    return { user_created_bundle: await getComposed(ctx.db, ctx.tenant.tenant_id, owner, id) };
  },
};
