-- Issue 13: background processes. The process row is what /process/* shows and what decides whether the work
-- may run; pg-boss (its own schema, installed by server/jobs/queue.ts) only carries "process X is waiting" to
-- a worker. A handler writes the row and the pg-boss job in one transaction (server/jobs/job-kind.ts).
create table process (
  process_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  -- Who started it: a user, or (user_id null) the front-end key of this name.
  user_id uuid references app_user (user_id) on delete set null,
  frontend_key_name text,
  project_id uuid,
  process_kind text not null,
  process_name text not null,
  lang text not null check (lang in ('tr', 'en')),
  payload jsonb not null,
  process_status text not null default 'waiting' check (process_status in ('waiting', 'running', 'stopped', 'finished', 'failed')),
  progress_percent integer not null default 0 check (progress_percent between 0 and 100),
  -- Runs begun so far (a retry after a failure or a crash begins another).
  attempt integer not null default 0,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  -- Written by the run that claimed it (worker_id: the worker and that claim) every few seconds; a stale one
  -- means the worker died (the crash sweep).
  heartbeat_at timestamptz,
  worker_id text
);
create index process_by_tenant on process (tenant_id, created_at desc);
create index process_by_user on process (tenant_id, user_id, created_at desc);
create index process_running on process (heartbeat_at) where process_status = 'running';

-- The log, oldest first by log_id; at most 1000 lines per process are kept (the oldest go).
create table process_log (
  log_id bigint generated always as identity primary key,
  process_id uuid not null references process (process_id) on delete cascade,
  log_date timestamptz not null default now(),
  log_level text not null check (log_level in ('info', 'warning', 'error')),
  message text not null
);
create index process_log_by_process on process_log (process_id, log_id);
