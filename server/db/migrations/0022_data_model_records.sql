-- Issue 11: records made with a data model, and retired models.
-- A record is tied to the published model version it was made with (an edit keeps it); record_values are what the
-- version's check keeps (src/domain/data-model/record.ts clean()), warnings the warning problems found when it
-- was saved (path, key, params: worded in the reader's language when read). row_version grows at every save
-- for optimistic concurrency. The model and version references take no cascade: a model with records is
-- never deleted, only retired (the tenant's deletion removes both in one statement).
create table data_model_record (
  data_model_record_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  data_model_id uuid not null references data_model (data_model_id),
  version integer not null,
  record_values jsonb not null,
  warnings jsonb not null default '[]',
  created_by uuid not null references app_user (user_id),
  created_at timestamptz not null default now(),
  updated_by uuid not null references app_user (user_id),
  updated_at timestamptz not null default now(),
  row_version integer not null default 1 check (row_version >= 1),
  foreign key (data_model_id, version) references data_model_version (data_model_id, version)
);
-- The list and the export: a model's records newest first, and the author's own.
create index data_model_record_by_model on data_model_record (data_model_id, created_at desc, data_model_record_id);
create index data_model_record_by_author on data_model_record (data_model_id, created_by, created_at desc);

-- A retired model is kept with its versions and records and takes no new records and no changes.
alter table data_model add column retired_at timestamptz;
alter table data_model add column retired_by uuid references app_user (user_id) on delete set null;
