// Data models (schemas/routes/data_model.json); who may do what and the versioning live in
// server/services/data-models.ts (on server/services/versioned-documents.ts).
import { requireUser } from '../auth/caller.ts';
import { createModel, deleteModel, getModel, listModels, modelAt, publishModel, retireModel, saveModel, shareModel, unshareModel } from '../services/data-models.ts';
import type { HandlerSet } from './types.ts';

export const dataModelHandlers: HandlerSet = {
  data_model_new: async (input, ctx) => {
    const me = requireUser(ctx);
    const id = await ctx.transaction((tx) => createModel(tx, ctx.tenant.tenant_id, me, input.data_model));
    return { data_model: await modelAt(ctx.db, ctx.tenant.tenant_id, me, id) };
  },

  data_model_save: async (input, ctx) => ({ data_model: await saveModel(ctx.db, ctx.tenant.tenant_id, requireUser(ctx), input) }),

  data_model_publish: async (input, ctx) => {
    const me = requireUser(ctx);
    const data_model = await ctx.transaction(async (tx) => {
      await publishModel(tx, ctx.tenant.tenant_id, me, input, ctx.lang);
      return modelAt(tx, ctx.tenant.tenant_id, me, input.data_model_id, input.version);
    });
    return { data_model };
  },

  data_model_get: async (input, ctx) => getModel(ctx.db, ctx.tenant.tenant_id, requireUser(ctx), input),

  data_model_list: async (input, ctx) => listModels(ctx.db, ctx.tenant.tenant_id, requireUser(ctx), input, ctx.lang),

  data_model_delete: async (input, ctx) => {
    const me = requireUser(ctx);
    await ctx.transaction((tx) => deleteModel(tx, ctx.tenant.tenant_id, me, input.data_model_id));
    return { data_model_id: input.data_model_id, status: 'deleted' as const };
  },

  data_model_retire: async (input, ctx) => {
    const me = requireUser(ctx);
    await ctx.transaction((tx) => retireModel(tx, ctx.tenant.tenant_id, me, input.data_model_id));
    return { data_model_id: input.data_model_id, status: 'retired' as const };
  },

  data_model_share: async (input, ctx) => {
    const me = requireUser(ctx);
    return { share_list: await ctx.transaction((tx) => shareModel(tx, ctx.tenant.tenant_id, me, input, ctx.lang)) };
  },

  data_model_unshare: async (input, ctx) => {
    const me = requireUser(ctx);
    return { share_list: await ctx.transaction((tx) => unshareModel(tx, ctx.tenant.tenant_id, me, input, ctx.lang)) };
  },
};
