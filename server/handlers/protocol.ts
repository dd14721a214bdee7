// Treatment protocols (schemas/routes/protocol.json); who may do what, the versions, the change warning and the
// FHIR exchange live in server/services/protocols.ts (on server/services/versioned-documents.ts).
import { requireUser } from '../auth/caller.ts';
import {
  copyProtocol,
  createProtocol,
  deleteProtocol,
  exportProtocol,
  getProtocol,
  importProtocol,
  listProtocols,
  protocolAt,
  publishProtocol,
  saveProtocol,
  shareProtocol,
  unshareProtocol,
} from '../services/protocols.ts';
import type { HandlerSet } from './types.ts';

export const protocolHandlers: HandlerSet = {
  protocol_new: async (input, ctx) => {
    const me = requireUser(ctx);
    const id = await ctx.transaction((tx) => createProtocol(tx, ctx.tenant.tenant_id, me, input.protocol, ctx.lang));
    return { protocol: await protocolAt(ctx.db, ctx.tenant.tenant_id, me, id) };
  },

  protocol_save: async (input, ctx) => {
    const me = requireUser(ctx);
    const protocol = await ctx.transaction(async (tx) => {
      await saveProtocol(tx, ctx.tenant.tenant_id, me, input, ctx.lang);
      return protocolAt(tx, ctx.tenant.tenant_id, me, input.protocol_id);
    });
    return { protocol };
  },

  protocol_publish: async (input, ctx) => {
    const me = requireUser(ctx);
    const protocol = await ctx.transaction(async (tx) => {
      await publishProtocol(tx, ctx.tenant.tenant_id, me, input, ctx.lang);
      return protocolAt(tx, ctx.tenant.tenant_id, me, input.protocol_id, input.version);
    });
    return { protocol };
  },

  protocol_get: async (input, ctx) => getProtocol(ctx.db, ctx.tenant.tenant_id, requireUser(ctx), input),

  protocol_list: async (input, ctx) => listProtocols(ctx.db, ctx.tenant.tenant_id, requireUser(ctx), input, ctx.lang),

  protocol_delete: async (input, ctx) => {
    const me = requireUser(ctx);
    await ctx.transaction((tx) => deleteProtocol(tx, ctx.tenant.tenant_id, me, input.protocol_id));
    return { protocol_id: input.protocol_id };
  },

  protocol_copy: async (input, ctx) => {
    const me = requireUser(ctx);
    const id = await ctx.transaction((tx) => copyProtocol(tx, ctx.tenant.tenant_id, me, input, ctx.lang));
    return { protocol: await protocolAt(ctx.db, ctx.tenant.tenant_id, me, id) };
  },

  protocol_share: async (input, ctx) => {
    const me = requireUser(ctx);
    return { share_list: await ctx.transaction((tx) => shareProtocol(tx, ctx.tenant.tenant_id, me, input, ctx.lang)) };
  },

  protocol_unshare: async (input, ctx) => {
    const me = requireUser(ctx);
    return { share_list: await ctx.transaction((tx) => unshareProtocol(tx, ctx.tenant.tenant_id, me, input, ctx.lang)) };
  },

  protocol_export: async (input, ctx) => exportProtocol(ctx.db, ctx.tenant.tenant_id, requireUser(ctx), input),

  protocol_import: async (input, ctx) => {
    const me = requireUser(ctx);
    const { id, note_list } = await ctx.transaction((tx) => importProtocol(tx, ctx.tenant.tenant_id, me, input.bundle, ctx.lang));
    return { protocol: await protocolAt(ctx.db, ctx.tenant.tenant_id, me, id), note_list };
  },
};
