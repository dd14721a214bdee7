-- Issue 11: the hospital settings of a clinical site (schemas/entities/hospital_settings.json), one row per site
-- once hospital management saves them (none: mg/dL, cm, kg and no default template). The units are UCUM codes
-- of the unit catalogue (src/domain/units.ts), checked by the route's schema; the default data-model template
-- is forgotten if the model goes. The idle time stays tenant.session_idle_seconds, which the server enforces.
create table hospital_settings (
  tenant_id uuid primary key references tenant (tenant_id) on delete cascade,
  creatinine_unit text not null,
  height_unit text not null,
  weight_unit text not null,
  default_data_model_id uuid references data_model (data_model_id) on delete set null,
  updated_at timestamptz not null default now(),
  updated_by uuid references app_user (user_id) on delete set null
);
