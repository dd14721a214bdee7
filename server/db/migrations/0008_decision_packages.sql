-- Issue 5: decision-support packages of the rule engine (schemas/routes/rule.json). A package belongs to a
-- tenant and to the user who created it (its owner); its rules live in numbered versions: the newest may be
-- a draft, every other version is published, and a published version never changes (the trigger below
-- refuses any update of one). Shares name the users of the tenant the owner lets read and run the package,
-- or also edit it (can_edit). A global package is for every signed-in user of the tenant; only
-- administrators change it, and it is never shared.
--
-- The package row repeats what the list shows of its newest version (current_version, current_status,
-- published_version, updated_at), kept in step by every save and publish in the same transaction, so the
-- list pages without a lateral join per package and a save's version check reads one locked row.

create table decision_package (
  package_id uuid primary key,
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
-- The list: the caller's tenant, newest change first; owned, global and shared packages.
create index decision_package_by_tenant on decision_package (tenant_id, updated_at desc, package_id);
create index decision_package_by_owner on decision_package (owner_id, tenant_id);
create index decision_package_global on decision_package (tenant_id, updated_at desc) where is_global;

create table decision_package_version (
  package_id uuid not null references decision_package (package_id) on delete cascade,
  version integer not null check (version between 1 and 100000),
  status text not null default 'draft' check (status in ('draft', 'published')),
  document jsonb not null,
  created_at timestamptz not null default now(),
  -- The last save (or the publication) of this version, and who saved it last.
  updated_at timestamptz not null default now(),
  saved_by uuid references app_user (user_id) on delete set null,
  published_at timestamptz,
  published_by uuid references app_user (user_id) on delete set null,
  check ((status = 'published') = (published_at is not null)),
  primary key (package_id, version)
);
-- At most one draft per package (always its newest version).
create unique index decision_package_version_one_draft on decision_package_version (package_id) where status = 'draft';

create table decision_package_share (
  package_id uuid not null references decision_package (package_id) on delete cascade,
  user_id uuid not null references app_user (user_id) on delete cascade,
  can_edit boolean not null default false,
  shared_by uuid references app_user (user_id) on delete set null,
  shared_at timestamptz not null default now(),
  primary key (package_id, user_id)
);
create index decision_package_share_by_user on decision_package_share (user_id, package_id);

-- A published version never changes: any update of one fails, whatever the caller (the handlers' guarded
-- updates `where status = 'draft'` already never touch one; this keeps a mistaken statement from doing so).
create function decision_package_version_frozen() returns trigger language plpgsql as $$
begin
  raise exception 'version % of decision package % is published and never changes', old.version, old.package_id
    using errcode = 'check_violation';
end
$$;
create trigger decision_package_version_frozen before update on decision_package_version
  for each row when (old.status = 'published') execute function decision_package_version_frozen();
