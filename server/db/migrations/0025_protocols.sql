-- Issue 12: treatment protocols, kept as data models and decision packages are (server/services/versioned-documents.ts):
-- a protocol belongs to a tenant and to the user who created it; its lines live in numbered versions of one
-- document (schemas/entities/protocol.json without the version fields): the newest may be a draft, every other
-- version is published and never changes, and treatments stay tied to the version they were planned with.
-- name is {en, tr} for the generic list and search (a protocol's name is one text: both hold it).
-- visibility: private = the owner (and editors it is shared with), shared = the users it names, public = everyone
-- on the owner's site (the hospital), global = every clinical site's users, who read its published versions
-- only (is_global mirrors it for the generic rules). The list's filters read protocol_group, protocol_type and
-- drug_names from the newest version, kept here by every save.
create table protocol (
  protocol_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  owner_id uuid not null references app_user (user_id),
  is_global boolean not null default false,
  visibility text not null default 'private' check (visibility in ('private', 'shared', 'public', 'global')),
  check (is_global = (visibility = 'global')),
  is_example boolean not null default false,
  name jsonb not null,
  description jsonb,
  protocol_group text not null default '',
  protocol_type text,
  drug_names text[] not null default '{}',
  current_version integer not null default 1 check (current_version between 1 and 100000),
  current_status text not null default 'draft' check (current_status in ('draft', 'published')),
  published_version integer check (published_version between 1 and 100000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index protocol_by_tenant on protocol (tenant_id, updated_at desc, protocol_id);
create index protocol_by_owner on protocol (owner_id, tenant_id);
create index protocol_global on protocol (updated_at desc, protocol_id) where is_global;

create table protocol_version (
  protocol_id uuid not null references protocol (protocol_id) on delete cascade,
  version integer not null check (version between 1 and 100000),
  status text not null default 'draft' check (status in ('draft', 'published')),
  document jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  saved_by uuid references app_user (user_id) on delete set null,
  published_at timestamptz,
  published_by uuid references app_user (user_id) on delete set null,
  check ((status = 'published') = (published_at is not null)),
  primary key (protocol_id, version)
);
create unique index protocol_version_one_draft on protocol_version (protocol_id) where status = 'draft';

create table protocol_share (
  protocol_id uuid not null references protocol (protocol_id) on delete cascade,
  user_id uuid not null references app_user (user_id) on delete cascade,
  can_edit boolean not null default false,
  shared_by uuid references app_user (user_id) on delete set null,
  shared_at timestamptz not null default now(),
  primary key (protocol_id, user_id)
);
create index protocol_share_by_user on protocol_share (user_id, protocol_id);

-- Spec section 5: a change beyond the protocol's percent is confirmed before it is saved; who confirmed what, and when.
create table protocol_change_confirmation (
  protocol_id uuid not null references protocol (protocol_id) on delete cascade,
  version integer not null check (version between 1 and 100000),
  confirmed_by uuid references app_user (user_id) on delete set null,
  confirmed_at timestamptz not null default now(),
  change_list jsonb not null
);
create index protocol_change_confirmation_by_protocol on protocol_change_confirmation (protocol_id, version);

-- A published version never changes (as a package's and a data model's).
create function protocol_version_frozen() returns trigger language plpgsql as $$
begin
  raise exception 'version % of protocol % is published and never changes', old.version, old.protocol_id
    using errcode = 'check_violation';
end
$$;
create trigger protocol_version_frozen before update on protocol_version
  for each row when (old.status = 'published') execute function protocol_version_frozen();
