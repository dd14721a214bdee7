// The data layers and their records (data_layer, layer_record, layer_record_change; migration 0031): a site reaches
// its own layers and the system's (tenant_id null); the SQL of the db page's lists, queries and writes. Values are
// filtered on jsonb with every field name and value as a parameter, never as SQL text.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import type { DataLayer, LayerRecord, RuleOperator } from '../../src/generated/types/entities.ts';
import type { DbLayerQueryRequest } from '../../src/generated/types/routes.ts';
import type { LayerParameter, LayerValues } from '../../src/domain/layer-record.ts';
import { containsPattern, isoOf, orderBy, pageRows, Where } from './paging.ts';
import { jsonConditionSql, type ValueKind } from './json-conditions.ts';

export type LayerRow = {
  layer_id: string;
  tenant_id: string | null;
  layer_code: string;
  layer_name: DataLayer['layer_name'];
  is_tree: boolean;
  label_parameter: string;
  parameter_list: LayerParameter[];
  wdm_key: string | null;
};

type RecordRow = {
  record_id: string;
  parent_record_id: string | null;
  data: LayerValues;
  row_version: number;
  child_count: number;
  created_at: string;
  updated_at: string;
};

export const layerAnswer = (l: LayerRow, recordCount?: number): DataLayer => ({
  layer_code: l.layer_code,
  layer_name: l.layer_name,
  is_system: l.tenant_id === null,
  is_tree: l.is_tree,
  label_parameter: l.label_parameter,
  parameter_list: l.parameter_list,
  ...(recordCount === undefined ? {} : { record_count: recordCount }),
});

export const recordAnswer = (layerCode: string, r: RecordRow): LayerRecord => ({
  record_id: r.record_id,
  layer_code: layerCode,
  ...(r.parent_record_id ? { parent_record_id: r.parent_record_id } : {}),
  record: r.data,
  row_version: r.row_version,
  child_count: r.child_count,
  created_at: isoOf(r.created_at)!,
  updated_at: isoOf(r.updated_at)!,
});

const LAYER_COLUMNS = 'layer_id, tenant_id, layer_code, layer_name, is_tree, label_parameter, parameter_list, wdm_key';

/** The layer of this code the site reaches: its own, else the system's; undefined for another site's or an unknown code. */
export async function layerOf(db: Queryable, tenantId: string, code: string): Promise<LayerRow | undefined> {
  const [row] = await db.query<LayerRow>(
    `select ${LAYER_COLUMNS} from data_layer where layer_code = $2 and (tenant_id = $1 or tenant_id is null) order by tenant_id nulls last limit 1`,
    [tenantId, code],
  );
  return row;
}

/** Every layer the site reaches with its record count: its own first, then the system's, by code. */
export async function layersOf(db: Queryable, tenantId: string): Promise<DataLayer[]> {
  const rows = await db.query<LayerRow & { record_count: number }>(
    `select ${LAYER_COLUMNS}, (select count(*)::int from layer_record r where r.layer_id = l.layer_id) as record_count
       from data_layer l where tenant_id = $1 or tenant_id is null order by tenant_id nulls last, layer_code`,
    [tenantId],
  );
  return rows.map((r) => layerAnswer(r, r.record_count));
}

const RECORD_SELECT = `select r.record_id, r.parent_record_id, r.data, r.row_version, r.created_at, r.updated_at,
  (select count(*)::int from layer_record c where c.parent_record_id = r.record_id) as child_count from layer_record r`;
const SORTS = { created_at: 'r.created_at', updated_at: 'r.updated_at', position: 'r.position' };

export interface RecordFilter {
  record_id?: string;
  search?: string;
  parent_record_id?: string;
  top_level?: boolean;
  sort?: string;
  page?: number;
  page_size?: number;
  logic?: 'and' | 'or';
  condition_list?: DbLayerQueryRequest['condition_list'];
}

/** A condition's SQL on `r.data`: the field name and the value are parameters; `value` is already of the field's type. */
function conditionSql(where: Where, p: LayerParameter, operator: RuleOperator, value: string | number | boolean | null): string {
  const kind: ValueKind = p.type === 'number' ? 'number' : p.type === 'boolean' ? 'boolean' : p.type === 'text' ? 'text' : 'exact';
  return jsonConditionSql(where, () => `(r.data -> ${where.param(p.id)}::text)`, kind, operator, value);
}

/** A page of the layer's records under the filter (search, place in the tree, the query's conditions). */
export async function recordsOf(db: Queryable, layer: LayerRow, filter: RecordFilter): Promise<{ record_list: LayerRecord[]; total: number; page: number; page_size: number }> {
  const where = new Where().add('r.layer_id = ?', layer.layer_id);
  if (filter.record_id) where.add('r.record_id = ?', filter.record_id);
  if (filter.search) where.add('exists (select 1 from jsonb_each_text(r.data) v where v.value ilike ?::text)', containsPattern(filter.search));
  if (filter.parent_record_id) where.add('r.parent_record_id = ?', filter.parent_record_id);
  if (filter.top_level) where.add('r.parent_record_id is null');
  if (filter.condition_list?.length) {
    const byId = new Map(layer.parameter_list.map((p) => [p.id, p]));
    const parts = filter.condition_list.map((c) => conditionSql(where, byId.get(c.field)!, c.operator, c.value ?? null));
    where.add(`(${parts.join(filter.logic === 'or' ? ' or ' : ' and ')})`);
  }
  const order = orderBy(filter.sort, '-created_at', SORTS, 'r.position, r.record_id');
  const { rows, ...paging } = await pageRows<RecordRow>(db, { select: RECORD_SELECT, where, order, paging: filter });
  return { record_list: rows.map((r) => recordAnswer(layer.layer_code, r)), ...paging };
}

/** One record of the layer (locked for an update when `lock`); undefined when the layer has no such record. */
export async function recordOf(db: Queryable, layer: LayerRow, recordId: string, lock = false): Promise<RecordRow | undefined> {
  const [row] = await db.query<RecordRow>(`${RECORD_SELECT} where r.layer_id = $1 and r.record_id = $2${lock ? ' for update of r' : ''}`, [layer.layer_id, recordId]);
  return row;
}

/** Whether `candidate` is `recordId` itself or lies under it (a parent there would make a loop). */
export async function isAtOrUnder(db: Queryable, candidate: string, recordId: string): Promise<boolean> {
  const [row] = await db.query<{ found: boolean }>(
    `with recursive up(id) as (select $1::uuid union select r.parent_record_id from layer_record r join up on r.record_id = up.id where r.parent_record_id is not null)
     select exists (select 1 from up where id = $2::uuid) as found`,
    [candidate, recordId],
  );
  return row.found;
}

export async function insertRecord(db: Queryable, layer: LayerRow, values: LayerValues, parentId: string | null, position = 0): Promise<string> {
  const id = randomUUID();
  await db.query('insert into layer_record (record_id, layer_id, parent_record_id, position, data) values ($1, $2, $3, $4, $5)', [
    id,
    layer.layer_id,
    parentId,
    position,
    JSON.stringify(values),
  ]);
  return id;
}

export async function replaceRecord(db: Queryable, recordId: string, values: LayerValues, parentId: string | null): Promise<void> {
  await db.query('update layer_record set data = $2, parent_record_id = $3, row_version = row_version + 1, updated_at = now() where record_id = $1', [
    recordId,
    JSON.stringify(values),
    parentId,
  ]);
}

export async function deleteRecord(db: Queryable, recordId: string): Promise<void> {
  await db.query('delete from layer_record where record_id = $1', [recordId]);
}

/** Keeps a change's values before and after (null: created / deleted). */
export async function recordChange(
  db: Queryable,
  change: { tenantId: string; layer: LayerRow; recordId: string; userId: string | null; by: 'record' | 'delete' | 'import'; before: LayerValues | null; after: LayerValues | null },
): Promise<void> {
  await db.query(
    `insert into layer_record_change (change_id, tenant_id, layer_id, record_id, user_id, changed_by, before, after) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      randomUUID(),
      change.tenantId,
      change.layer.layer_id,
      change.recordId,
      change.userId,
      change.by,
      change.before && JSON.stringify(change.before),
      change.after && JSON.stringify(change.after),
    ],
  );
}

/** The ids of the layer's records among `ids` (for an import naming record_id / parent_record_id). */
export async function existingRecordIds(db: Queryable, layer: LayerRow, ids: string[]): Promise<Map<string, LayerValues>> {
  if (!ids.length) return new Map();
  const rows = await db.query<{ record_id: string; data: LayerValues }>('select record_id, data from layer_record where layer_id = $1 and record_id = any($2::uuid[])', [
    layer.layer_id,
    ids,
  ]);
  return new Map(rows.map((r) => [r.record_id, r.data]));
}

/** The documents /v1/layer/wdm/get answers: each system layer with a wdm_key, its records in order under that key. */
export async function wdmDocuments(db: Queryable, codes: string[]): Promise<Record<string, object>> {
  const rows = await db.query<{ layer_code: string; wdm_key: string; list: object[] }>(
    `select l.layer_code, l.wdm_key,
            coalesce((select jsonb_agg(r.data order by r.position, r.created_at) from layer_record r where r.layer_id = l.layer_id), '[]') as list
       from data_layer l where l.tenant_id is null and l.wdm_key is not null and l.layer_code = any($1)`,
    [codes],
  );
  return Object.fromEntries(rows.map((r) => [r.layer_code, { [r.wdm_key]: r.list }]));
}
