// The hospital settings of a clinical site (hospital_settings, migration 0023): the row as the contract's
// HospitalSettings, the site's defaults while none is saved, and the save.
import type { Queryable } from '../db/adapter.ts';
import type { HospitalSettings } from '../../src/generated/types/entities.ts';

type Units = HospitalSettings['preferred_units'];

interface SettingsRow {
  creatinine_unit: Units['creatinine'];
  height_unit: Units['height'];
  weight_unit: Units['weight'];
  default_data_model_id: string | null;
}

/** Until hospital management chooses: the units usual in Turkey (creatinine in mg/dL), metric height and weight, no default template. */
const DEFAULTS: HospitalSettings = { preferred_units: { creatinine: 'mg/dL', height: 'cm', weight: 'kg' }, default_templates: {} };

const answer = (r: SettingsRow): HospitalSettings => ({
  preferred_units: { creatinine: r.creatinine_unit, height: r.height_unit, weight: r.weight_unit },
  default_templates: r.default_data_model_id ? { data_model_id: r.default_data_model_id } : {},
});

export async function hospitalSettings(db: Queryable, tenantId: string): Promise<HospitalSettings> {
  const [row] = await db.query<SettingsRow & Record<string, unknown>>(
    'select creatinine_unit, height_unit, weight_unit, default_data_model_id from hospital_settings where tenant_id = $1',
    [tenantId],
  );
  return row ? answer(row) : structuredClone(DEFAULTS);
}

/** Replaces the site's settings; answers them as stored. */
export async function saveHospitalSettings(db: Queryable, tenantId: string, settings: HospitalSettings, userId: string): Promise<HospitalSettings> {
  const { creatinine, height, weight } = settings.preferred_units;
  const [row] = await db.query<SettingsRow & Record<string, unknown>>(
    `insert into hospital_settings (tenant_id, creatinine_unit, height_unit, weight_unit, default_data_model_id, updated_by)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (tenant_id) do update set creatinine_unit = excluded.creatinine_unit, height_unit = excluded.height_unit,
       weight_unit = excluded.weight_unit, default_data_model_id = excluded.default_data_model_id, updated_by = excluded.updated_by, updated_at = now()
     returning creatinine_unit, height_unit, weight_unit, default_data_model_id`,
    [tenantId, creatinine, height, weight, settings.default_templates.data_model_id ?? null, userId],
  );
  return answer(row);
}
