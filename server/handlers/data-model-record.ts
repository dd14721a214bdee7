// Records made with data models (schemas/routes/data_model_record.json); who reaches which record, the check and
// the export live in server/services/data-model-records.ts. Values are never logged: the audit names the record only.
import { requireUser } from '../auth/caller.ts';
import { deleteRecordOf, exportRecords, getRecord, listRecordsOf, saveRecord } from '../services/data-model-records.ts';
import type { HandlerSet } from './types.ts';

export const dataModelRecordHandlers: HandlerSet = {
  data_model_record_save: async (input, ctx) => {
    const me = requireUser(ctx);
    const tenantId = ctx.tenant.tenant_id;
    return ctx.transaction(async (tx) => {
      const id = await saveRecord(tx, ctx.services.recordModels, tenantId, me, input, ctx.lang);
      return { data_model_record: await getRecord(tx, tenantId, me, id, ctx.lang) };
    });
  },

  data_model_record_get: async (input, ctx) => ({ data_model_record: await getRecord(ctx.db, ctx.tenant.tenant_id, requireUser(ctx), input.data_model_record_id, ctx.lang) }),

  data_model_record_list: async (input, ctx) => listRecordsOf(ctx.db, ctx.tenant.tenant_id, requireUser(ctx), input, ctx.lang),

  data_model_record_delete: async (input, ctx) => {
    const me = requireUser(ctx);
    await ctx.transaction((tx) => deleteRecordOf(tx, ctx.tenant.tenant_id, me, input));
    return { data_model_record_id: input.data_model_record_id };
  },

  data_model_record_export: async (input, ctx) => exportRecords(ctx.db, ctx.tenant.tenant_id, requireUser(ctx), input, ctx.lang),
};
