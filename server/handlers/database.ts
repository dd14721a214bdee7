// The data layers of the db page (schemas/routes/analysis.json db/*, db_*, layer_tree/wdm/get) and their Excel
// update (/v1/system/update/by_excel, a background process). Who reaches what: a site's admin reaches its own layers
// and reads the system's (writing one answers 13081); another site's layer is an unknown code (10016).
import { ApiError, notFound, type Lang } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import { checkLayerRecord, isLayerDate, layerProblemMessage, storedLayerValues, type LayerParameter } from '../../src/domain/layer-record.ts';
import { workbookBytes, XLSX_CONTENT_TYPE } from '../services/excel.ts';
import { readWorkbookSheet } from '../services/workbook-reader.ts';
import {
  deleteRecord,
  insertRecord,
  isAtOrUnder,
  layerOf,
  layersOf,
  recordAnswer,
  recordChange,
  recordOf,
  recordsOf,
  replaceRecord,
  type LayerRow,
} from '../services/layer-store.ts';
import { layerImportJob, layerTemplate, type LayerImportPayload } from '../services/layer-import.ts';
import type { Queryable } from '../db/adapter.ts';
import type { DbLayerQueryRequest } from '../../src/generated/types/routes.ts';
import type { HandlerSet } from './types.ts';

async function layerFor(tx: Queryable, ctx: RequestContext, code: string): Promise<LayerRow> {
  const layer = await layerOf(tx, ctx.tenant.tenant_id, code);
  if (!layer) throw notFound('data_layer');
  return layer;
}

/** A layer the site may change: its own (a system layer is read-only here). */
async function ownLayer(tx: Queryable, ctx: RequestContext, code: string): Promise<LayerRow> {
  const layer = await layerFor(tx, ctx, code);
  if (layer.tenant_id === null) throw new ApiError('layer_read_only');
  return layer;
}

const userIdOf = (ctx: RequestContext) => (ctx.caller.kind === 'user' ? ctx.caller.userId : null);

/** Refuses with 10001 naming one field of the request. */
const fieldRefusal = (field: string, message: string) => new ApiError('invalid_input', { details: `${field} ${message}` }, { errors: [{ field, message }] });

/** The query's conditions with each value of its field's type: unknown fields 13085, values that cannot be compared 10001. */
function typedConditions(layer: LayerRow, conditions: DbLayerQueryRequest['condition_list'], lang: Lang): DbLayerQueryRequest['condition_list'] {
  const byId = new Map<string, LayerParameter>(layer.parameter_list.map((p) => [p.id, p]));
  return conditions.map((c, i) => {
    const p = byId.get(c.field);
    if (!p) throw new ApiError('layer_field_unknown', { field: c.field }, { errors: [{ field: `condition_list.${i}.field`, message: layerProblemMessage({ field: c.field, key: 'layer_field_unknown', params: { field: c.field } }, lang) }] });
    const compares = ['greater', 'greater_or_equal', 'smaller', 'smaller_or_equal'].includes(c.operator);
    const v = c.value ?? null;
    if (v === null || c.operator === 'includes' || c.operator === 'not_includes' || c.operator === 'do_not_look_for_value') return c;
    const where = `condition_list.${i}.value`;
    if (p.type === 'number') {
      const n = typeof v === 'number' ? v : Number(String(v).replace(',', '.'));
      if (typeof v === 'boolean' || String(v).trim() === '' || !Number.isFinite(n)) throw fieldRefusal(where, layerProblemMessage({ field: p.id, key: 'record_number_invalid', params: {} }, lang));
      return { ...c, value: n };
    }
    if (p.type === 'boolean') {
      if (typeof v !== 'boolean') throw fieldRefusal(where, layerProblemMessage({ field: p.id, key: 'layer_value_boolean', params: {} }, lang));
      return c;
    }
    if (p.type === 'date' && compares && !isLayerDate(v)) throw fieldRefusal(where, layerProblemMessage({ field: p.id, key: 'layer_value_date', params: {} }, lang));
    return { ...c, value: String(v) };
  });
}

export const databaseHandlers: HandlerSet = {
  db_layer_list: async (_input, ctx) => ({ layer_list: await layersOf(ctx.db, ctx.tenant.tenant_id) }),

  db_data_get: async (input, ctx) => recordsOf(ctx.db, await layerFor(ctx.db, ctx, input.layer_code), input),

  db_layer_query: async (input, ctx) => {
    const layer = await layerFor(ctx.db, ctx, input.layer_code);
    return recordsOf(ctx.db, layer, { ...input, condition_list: typedConditions(layer, input.condition_list, ctx.lang) });
  },

  db_record: async (input, ctx) =>
    ctx.transaction(async (tx) => {
      const layer = await ownLayer(tx, ctx, input.layer_code);
      const problems = checkLayerRecord(layer, input.record);
      if (problems.length) {
        const errors = problems.map((p) => ({ field: `record.${p.field}`, message: layerProblemMessage(p, ctx.lang) }));
        throw new ApiError('layer_record_invalid', { details: errors.map((e) => `${e.field}: ${e.message}`).join('; ') }, { errors });
      }
      const parentId = input.parent_record_id ?? null;
      if (parentId && !layer.is_tree) throw new ApiError('layer_not_tree');
      if (parentId && (!(await recordOf(tx, layer, parentId)) || (input.record_id && (await isAtOrUnder(tx, parentId, input.record_id)))))
        throw new ApiError('layer_parent_invalid');
      const values = storedLayerValues(input.record);
      let id = input.record_id;
      if (id) {
        if (input.row_version === undefined) throw fieldRefusal('row_version', ctx.lang === 'en' ? 'is needed to change a record' : 'bir kaydı değiştirmek için gerekli');
        const before = await recordOf(tx, layer, id, true);
        if (!before) throw notFound('layer_record');
        if (before.row_version !== input.row_version)
          throw new ApiError('layer_record_version_conflict', { current_row_version: before.row_version, row_version: input.row_version });
        await replaceRecord(tx, id, values, parentId);
        await recordChange(tx, { tenantId: ctx.tenant.tenant_id, layer, recordId: id, userId: userIdOf(ctx), by: 'record', before: before.data, after: values });
      } else {
        id = await insertRecord(tx, layer, values, parentId);
        await recordChange(tx, { tenantId: ctx.tenant.tenant_id, layer, recordId: id, userId: userIdOf(ctx), by: 'record', before: null, after: values });
      }
      const saved = recordAnswer(layer.layer_code, (await recordOf(tx, layer, id))!);
      return { record_id: id, record: saved.record, layer_record: saved };
    }),

  db_record_delete: async (input, ctx) =>
    ctx.transaction(async (tx) => {
      const layer = await ownLayer(tx, ctx, input.layer_code);
      const record = await recordOf(tx, layer, input.record_id, true);
      if (!record) throw notFound('layer_record');
      if (record.row_version !== input.row_version)
        throw new ApiError('layer_record_version_conflict', { current_row_version: record.row_version, row_version: input.row_version });
      if (record.child_count) throw new ApiError('layer_record_has_children', { count: record.child_count });
      await deleteRecord(tx, input.record_id);
      await recordChange(tx, { tenantId: ctx.tenant.tenant_id, layer, recordId: input.record_id, userId: userIdOf(ctx), by: 'delete', before: record.data, after: null });
      return { record_id: input.record_id };
    }),

  db_layer_template: async (input, ctx) => {
    const layer = await layerFor(ctx.db, ctx, input.layer_code);
    const bytes = await layerTemplate(layer, ctx.lang);
    return { file: { file_name: `${layer.layer_code}.xlsx`, content_type: XLSX_CONTENT_TYPE, content_base64: bytes.toString('base64') } };
  },

  // The layer's parameters as a tree for forms and pickers: each parameter, a select's options under it.
  layer_tree_wdm_get: async (input, ctx) => {
    const layer = await layerFor(ctx.db, ctx, input.layer_code);
    return {
      layer_code: layer.layer_code,
      layer_tree: layer.parameter_list.map((p) => ({
        id: p.id,
        label: p.label,
        type: p.type,
        children: (p.option_list ?? []).map((o) => ({ id: `${p.id}.${o.value}`, label: o.label, type: 'option', children: [] })),
      })),
    };
  },

  system_update_by_excel: async (input, ctx) => {
    const layer = await ownLayer(ctx.db, ctx, input.layer_code);
    const sheet = await readWorkbookSheet(workbookBytes(input.excel_file, ctx.lang), ctx);
    const processName = {
      en: `Update of the layer ${layer.layer_name.en} from ${input.excel_file.file_name}`,
      tr: `${layer.layer_name.tr} katmanının ${input.excel_file.file_name} dosyasından güncellenmesi`,
    }[ctx.lang];
    const process_info = await ctx.transaction((tx) =>
      ctx.services.jobs.start<LayerImportPayload>(tx, {
        kind: layerImportJob.kind,
        tenantId: ctx.tenant.tenant_id,
        userId: userIdOf(ctx),
        lang: ctx.lang,
        processName,
        payload: { layer_code: layer.layer_code, file_name: input.excel_file.file_name, sheet },
      }),
    );
    return { process_info };
  },
};
