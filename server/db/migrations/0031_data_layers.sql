-- Data layers (the db page, /v1/db/*, /v1/layer_tree/wdm/get, /v1/system/update/by_excel): a layer is a named
-- collection of records whose fields are its parameters, owned by the system (tenant_id null: shared by every
-- site, read-only on a site's db page) or by one site. layer_wdm's documents move here: the frd layer becomes a
-- system layer whose records are the language options, which /v1/layer/wdm/get answers under its wdm_key.
create table data_layer (
  layer_id uuid primary key,
  tenant_id uuid references tenant (tenant_id) on delete cascade,
  layer_code text not null,
  layer_name jsonb not null,
  is_tree boolean not null default false,
  label_parameter text not null,
  parameter_list jsonb not null default '[]',
  -- Set on a system layer that /v1/layer/wdm/get publishes: its records, in order, under this key.
  wdm_key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique nulls not distinct (tenant_id, layer_code)
);

create table layer_record (
  record_id uuid primary key,
  layer_id uuid not null references data_layer (layer_id) on delete cascade,
  -- A parent of the same layer (the handlers check it); a record with records under it is not deleted.
  parent_record_id uuid references layer_record (record_id),
  position integer not null default 0,
  data jsonb not null,
  row_version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index layer_record_by_layer on layer_record (layer_id, created_at desc);
create index layer_record_by_parent on layer_record (parent_record_id);

-- Every change of a record with its values before and after (the audit trail keeps names only).
create table layer_record_change (
  change_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  layer_id uuid not null references data_layer (layer_id) on delete cascade,
  record_id uuid not null,
  user_id uuid references app_user (user_id) on delete set null,
  changed_by text not null check (changed_by in ('record', 'delete', 'import')),
  changed_at timestamptz not null default now(),
  before jsonb,
  after jsonb
);
create index layer_record_change_by_record on layer_record_change (record_id, changed_at);

insert into data_layer (layer_id, tenant_id, layer_code, layer_name, label_parameter, parameter_list, wdm_key)
select gen_random_uuid(), null, 'frd', '{"en": "Languages offered", "tr": "Sunulan diller"}', 'label',
       '[{"id": "label", "label": {"en": "Language", "tr": "Dil"}, "type": "select", "required": true,
          "option_list": [{"value": "tr", "label": {"en": "Turkish", "tr": "Türkçe"}}, {"value": "en", "label": {"en": "English", "tr": "İngilizce"}}]},
         {"id": "value", "label": {"en": "Value", "tr": "Değer"}, "type": "number", "required": true, "min": 0, "max": 1}]',
       'language_options'
  from layer_wdm where layer_code = 'frd';

insert into layer_record (record_id, layer_id, position, data)
select gen_random_uuid(), l.layer_id, o.n::integer, o.option
  from layer_wdm w
  join data_layer l on l.tenant_id is null and l.layer_code = w.layer_code
  cross join lateral jsonb_array_elements(w.data -> 'language_options') with ordinality as o(option, n)
 where w.layer_code = 'frd';

drop table layer_wdm;
