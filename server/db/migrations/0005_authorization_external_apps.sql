-- Issue 3, engineer S2: authorizations and their holdings, external applications, access keys and their
-- tokens, and the management of front-end keys.
--
-- authorization: one grant of an auth code on a tenant (unlimited, or counted: auth_count = uses left,
-- shared by every holder), bounded by start_date/end_date, cancellable.
-- user_authorization (from 0002) becomes the holdings of an authorization: auth_count = how many
-- assignments the holder may still make (null = unlimited), use_limit = the holder's own cap on the uses
-- of a counted authorization (null = only the authorization's pool), parent_user_auth_id = the holding it
-- was assigned from (cancelling a holding cancels every holding below it).
-- auth_name and tenant_id stay on the holding, kept equal to the authorization's by a composite key.
-- ("authorization" is a reserved word in SQL: the table is always written in quotes.)
create table "authorization" (
  auth_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  auth_name text not null,
  auth_type text not null check (auth_type in ('unlimited', 'counted')),
  auth_count integer check (auth_count >= 0),
  start_date date,
  end_date date,
  is_cancelled boolean not null default false,
  cancelled_at timestamptz,
  created_by uuid references app_user (user_id) on delete set null,
  created_at timestamptz not null default now(),
  check ((auth_type = 'unlimited' and auth_count is null) or (auth_type = 'counted' and auth_count is not null)),
  check (start_date is null or end_date is null or start_date <= end_date),
  unique (auth_id, tenant_id, auth_name)
);
create index authorization_by_tenant on "authorization" (tenant_id, auth_name);

-- Every existing holding (0002: one row per user and auth code) is attached to one unlimited authorization
-- per tenant and auth code, with no dates, so nobody loses or gains an auth by the migration.
insert into "authorization" (auth_id, tenant_id, auth_name, auth_type)
select gen_random_uuid(), tenant_id, auth_name, 'unlimited'
  from (select distinct tenant_id, auth_name from user_authorization) held;

alter table user_authorization add column auth_id uuid;
alter table user_authorization add column parent_user_auth_id uuid references user_authorization (user_auth_id) on delete set null;
alter table user_authorization add column use_limit integer check (use_limit >= 0);
alter table user_authorization add column cancelled_at timestamptz;
alter table user_authorization add column cancelled_by uuid references app_user (user_id) on delete set null;
update user_authorization ua set auth_id = a.auth_id
  from "authorization" a
 where a.tenant_id = ua.tenant_id and a.auth_name = ua.auth_name;
update user_authorization set cancelled_at = created_at where is_cancelled;
alter table user_authorization alter column auth_id set not null;
alter table user_authorization add constraint user_authorization_count check (auth_count is null or auth_count >= 0);
alter table user_authorization add constraint user_authorization_dates check (start_date is null or end_date is null or start_date <= end_date);
alter table user_authorization add constraint user_authorization_of_authorization
  foreign key (auth_id, tenant_id, auth_name) references "authorization" (auth_id, tenant_id, auth_name) on delete cascade;
create index user_authorization_by_auth on user_authorization (auth_id);
create index user_authorization_by_assigner on user_authorization (tenant_id, assigned_by);
create index user_authorization_by_parent on user_authorization (parent_user_auth_id);

-- External applications of a tenant. The key is a secret: only its sha256 is kept.
create table external_application (
  externalapplication_client_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  externalapplication_name text not null,
  key_hash text not null,
  externalapplication_url text not null,
  externalapplication_route text,
  register_in_this_application_status smallint not null default 0 check (register_in_this_application_status in (0, 1)),
  external_application_for_register boolean not null default false,
  created_by uuid references app_user (user_id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, key_hash)
);

-- A user's access key for one external application (one key per user and application), hashed.
create table access_key (
  access_key_client_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  user_id uuid not null references app_user (user_id) on delete cascade,
  externalapplication_client_id uuid not null references external_application (externalapplication_client_id) on delete cascade,
  key_hash text not null,
  url text not null,
  route text,
  registered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, key_hash),
  unique (user_id, externalapplication_client_id)
);

-- Tokens made from an access key (user/accesskey/token/create), hashed; a new one revokes the previous.
create table access_key_token (
  token_hash text primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  access_key_client_id uuid not null references access_key (access_key_client_id) on delete cascade,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index access_key_token_by_key on access_key_token (access_key_client_id);

-- A session that oauth/token issued from an access key token remembers the key (and so the application),
-- for user/get/by/access_key.
alter table session_token add column access_key_client_id uuid references access_key (access_key_client_id) on delete cascade;

-- Front-end keys get an id (to list and revoke them without their secret) and their creator.
alter table frontend_key add column frontend_key_id uuid not null default gen_random_uuid();
alter table frontend_key add constraint frontend_key_id_unique unique (frontend_key_id);
alter table frontend_key add column created_by uuid references app_user (user_id) on delete set null;
