// Front-end keys (fkey): an admin makes, lists and revokes the per-site secrets that front ends send as
// `Authorization: Fkey <key>` (server/auth/caller.ts). The key is answered once; only its hash is kept.
import { notFound } from '../http/api-error.ts';
import { newKey } from '../auth/access-keys.ts';
import { frontendKeyById, insertFrontendKey, listFrontendKeys, revokeFrontendKey } from '../services/frontend-key-store.ts';
import { requireUser } from '../auth/caller.ts';
import type { HandlerSet } from './types.ts';

export const frontendKeyHandlers: HandlerSet = {
  frontend_key_new: async (input, ctx) => {
    const me = requireUser(ctx);
    const key = newKey();
    const id = await insertFrontendKey(ctx.db, ctx.tenant.tenant_id, key, input.name, input.scope_list ?? [], me.userId);
    return { frontend_key: await frontendKeyById(ctx.db, ctx.tenant.tenant_id, id), new_frontend_key: key };
  },

  frontend_key_list: async (input, ctx) => {
    const { rows, ...paging } = await listFrontendKeys(ctx.db, ctx.tenant.tenant_id, input);
    return { frontend_key_list: rows, ...paging };
  },

  frontend_key_revoke: async (input, ctx) => {
    if (!(await revokeFrontendKey(ctx.db, ctx.tenant.tenant_id, input.frontend_key_id))) throw notFound('frontend_key');
    return { frontend_key: await frontendKeyById(ctx.db, ctx.tenant.tenant_id, input.frontend_key_id) };
  },
};
