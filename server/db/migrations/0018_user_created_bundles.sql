-- Issue 10: bundles a user composes from the shops' products for their own use (a quote, a plan); not sold.
-- Each belongs to its creator: a signed-in user, or the front-end key that made it (by the key's name).
create table user_created_bundle (
  user_created_bundle_client_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  owner_user_id uuid references app_user (user_id) on delete cascade,
  owner_key_name text,
  bundle_name text not null,
  feature_list jsonb not null default '[]',
  item_list jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((owner_user_id is null) <> (owner_key_name is null))
);
create index user_created_bundle_by_user on user_created_bundle (tenant_id, owner_user_id, created_at desc);
create index user_created_bundle_by_key on user_created_bundle (tenant_id, owner_key_name, created_at desc);
