-- Versioned website units (issue 4): who saved the current version, and every replaced version kept in a
-- history table (an update or delete first copies the stored row here). Front-end settings are saved in
-- tenant.frontend (0001); their changes are in the audit trail.
alter table website_unit add column updated_by uuid references app_user (user_id) on delete set null;

create table website_unit_version (
  website_unit_client_id uuid not null,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  version integer not null check (version >= 1),
  route_name text not null,
  position integer not null,
  definition jsonb not null,
  -- When and by whom this version was saved (the unit's updated_at / updated_by at the time).
  saved_at timestamptz not null,
  saved_by uuid references app_user (user_id) on delete set null,
  -- When it was replaced, by whom, and how: a newer version (update) or the unit's removal (delete).
  replaced_at timestamptz not null default now(),
  replaced_by uuid references app_user (user_id) on delete set null,
  change text not null check (change in ('update', 'delete')),
  primary key (website_unit_client_id, version)
);
create index website_unit_version_by_tenant on website_unit_version (tenant_id, website_unit_client_id);
