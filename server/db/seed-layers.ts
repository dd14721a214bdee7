// The demo's data layers (fixtures/seed/layers.json): the system's (frd: the language options) and each demo site's
// own. A layer is added with its records only when its owner has no layer of that code, so an administrator's
// records are never overwritten and a site seeded earlier gets the layers offered since.
import { randomUUID } from 'node:crypto';
import type { Queryable } from './adapter.ts';
import type { DataLayer } from '../../src/generated/types/entities.ts';
import type { LayerValues } from '../../src/domain/layer-record.ts';

interface SeedRecord {
  record: LayerValues;
  children?: SeedRecord[];
}

export interface SeedLayer {
  layer: DataLayer;
  wdm_key?: string;
  record_list: SeedRecord[];
}

async function addRecords(tx: Queryable, layerId: string, records: SeedRecord[], parentId: string | null): Promise<void> {
  for (const [position, r] of records.entries()) {
    const id = randomUUID();
    await tx.query('insert into layer_record (record_id, layer_id, parent_record_id, position, data) values ($1, $2, $3, $4, $5)', [
      id,
      layerId,
      parentId,
      position,
      JSON.stringify(r.record),
    ]);
    await addRecords(tx, layerId, r.children ?? [], id);
  }
}

/** Adds the layers `tenantId` (null: the system) has no layer of the code of yet, with their records. */
export async function seedLayers(tx: Queryable, tenantId: string | null, layers: SeedLayer[]): Promise<void> {
  for (const { layer, wdm_key, record_list } of layers) {
    const [added] = await tx.query<{ layer_id: string }>(
      `insert into data_layer (layer_id, tenant_id, layer_code, layer_name, is_tree, label_parameter, parameter_list, wdm_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (tenant_id, layer_code) do nothing returning layer_id`,
      [randomUUID(), tenantId, layer.layer_code, JSON.stringify(layer.layer_name), layer.is_tree, layer.label_parameter, JSON.stringify(layer.parameter_list), wdm_key ?? null],
    );
    if (added) await addRecords(tx, added.layer_id, record_list, null);
  }
}
