-- Users, their auth codes, session tokens and front-end keys. Every row belongs to one tenant: a domain
-- never sees another domain's users.
create table app_user (
  user_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  username text not null,
  mail text,
  firstname text,
  lastname text,
  password_hash text,
  active_lang smallint not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index app_user_username on app_user (tenant_id, lower(username));

create table user_authorization (
  user_auth_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  user_id uuid not null references app_user (user_id) on delete cascade,
  auth_name text not null,
  can_assign_auth boolean not null default false,
  auth_count integer,
  start_date date,
  end_date date,
  is_cancelled boolean not null default false,
  assigned_by uuid references app_user (user_id),
  created_at timestamptz not null default now()
);
create index user_authorization_by_user on user_authorization (user_id) where not is_cancelled;

-- Only hashes of tokens and keys are stored: a stolen database does not hand out sessions.
create table session_token (
  token_hash text primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  user_id uuid not null references app_user (user_id) on delete cascade,
  kind text not null check (kind in ('access', 'refresh')),
  family_id uuid not null,
  expires_at timestamptz not null,
  last_used_at timestamptz not null default now(),
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index session_token_by_family on session_token (family_id);

create table frontend_key (
  key_hash text primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  name text not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
