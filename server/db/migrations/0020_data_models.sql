-- Issue 11: data models, kept as decision packages are (server/services/versioned-documents.ts): a model
-- belongs to a tenant and to the user who created it (its owner); its groups and parameters live in numbered
-- versions of one document: the newest may be a draft, every other version is published and never changes.
-- Shares name the users the owner lets view the model, or also edit it (can_edit). name repeats the model's
-- title for the list and its search; is_global is never set for a data model (a template is copied, not shared).
create table data_model (
  data_model_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  owner_id uuid not null references app_user (user_id),
  is_global boolean not null default false,
  name jsonb not null,
  description jsonb,
  current_version integer not null default 1 check (current_version between 1 and 100000),
  current_status text not null default 'draft' check (current_status in ('draft', 'published')),
  published_version integer check (published_version between 1 and 100000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index data_model_by_tenant on data_model (tenant_id, updated_at desc, data_model_id);
create index data_model_by_owner on data_model (owner_id, tenant_id);

create table data_model_version (
  data_model_id uuid not null references data_model (data_model_id) on delete cascade,
  version integer not null check (version between 1 and 100000),
  status text not null default 'draft' check (status in ('draft', 'published')),
  document jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  saved_by uuid references app_user (user_id) on delete set null,
  published_at timestamptz,
  published_by uuid references app_user (user_id) on delete set null,
  check ((status = 'published') = (published_at is not null)),
  primary key (data_model_id, version)
);
create unique index data_model_version_one_draft on data_model_version (data_model_id) where status = 'draft';

create table data_model_share (
  data_model_id uuid not null references data_model (data_model_id) on delete cascade,
  user_id uuid not null references app_user (user_id) on delete cascade,
  can_edit boolean not null default false,
  shared_by uuid references app_user (user_id) on delete set null,
  shared_at timestamptz not null default now(),
  primary key (data_model_id, user_id)
);
create index data_model_share_by_user on data_model_share (user_id, data_model_id);

-- A published version never changes (as a package's).
create function data_model_version_frozen() returns trigger language plpgsql as $$
begin
  raise exception 'version % of data model % is published and never changes', old.version, old.data_model_id
    using errcode = 'check_violation';
end
$$;
create trigger data_model_version_frozen before update on data_model_version
  for each row when (old.status = 'published') execute function data_model_version_frozen();
