// The layers (layer_wdm): documents shared by every site, read by code (the frd layer with the language
// options...). The seed writes them.
import type { Queryable } from '../db/adapter.ts';

/** The layers with these codes, by code (unknown codes are left out). */
export async function layersByCode(db: Queryable, codes: string[]): Promise<Record<string, object>> {
  const rows = await db.query<{ layer_code: string; data: object }>('select layer_code, data from layer_wdm where layer_code = any($1)', [codes]);
  return Object.fromEntries(rows.map((r) => [r.layer_code, r.data]));
}
