-- Every state-changing call (route effect "write"), allowed or refused: who, tenant, route, target, outcome,
-- time. Never values: secrets cannot reach it because only field names are kept.
create table audit_record (
  audit_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  occurred_at timestamptz not null default now(),
  user_id uuid references app_user (user_id) on delete set null,
  username text,
  caller_kind text not null check (caller_kind in ('anonymous', 'user', 'fkey')),
  route_name text not null,
  status_code text not null,
  ip_address text,
  user_agent text,
  duration_ms integer not null,
  entity text,
  record_id uuid,
  changed_fields text[] not null default '{}'
);
create index audit_record_by_time on audit_record (tenant_id, occurred_at desc);
create index audit_record_by_user on audit_record (tenant_id, user_id, occurred_at desc);
