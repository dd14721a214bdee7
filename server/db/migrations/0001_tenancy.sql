-- Tenants (one per domain) with their front-end configuration, website units and layer parameters.
create table tenant (
  tenant_id uuid primary key,
  domain text not null unique,
  frontend_client_id uuid not null unique,
  frontend_product_id uuid not null unique,
  frontend jsonb not null,
  session_idle_seconds integer not null default 3600 check (session_idle_seconds between 300 and 86400),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table website_unit (
  website_unit_client_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  route_name text not null,
  position integer not null default 0,
  definition jsonb not null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, route_name)
);
create index website_unit_by_tenant on website_unit (tenant_id, position);

create table layer_wdm (
  layer_code text primary key,
  data jsonb not null
);
