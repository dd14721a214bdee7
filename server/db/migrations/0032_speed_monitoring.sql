-- Issue 13, speed monitoring (spec section 9: every route is speed-controlled).
-- Each process counts a site's calls per minute and route in memory and adds them here every ~15 s and when it
-- stops (one multi-row upsert: several processes add to the same minute). The speed-monitoring page sums the
-- buckets of a window and interpolates its percentiles. Minutes older than 8 days are rolled away.
create table route_minute (
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  minute timestamptz not null,
  route_name text not null,
  requests integer not null,
  -- Answered with a refusal (HTTP 4xx) / failed on the server (HTTP 5xx).
  refused integer not null,
  failed integer not null,
  duration_sum_ms double precision not null,
  duration_max_ms double precision not null,
  -- Calls per latency bucket, the bounds of server/monitoring/latency-histogram.ts (the last: above them all).
  buckets integer[] not null,
  primary key (tenant_id, minute, route_name)
);
create index route_minute_by_minute on route_minute (minute);

-- The shared side of the per-route rate limits: calls of one caller (user, front-end key or address) to one
-- route in one fixed window, added to by every process about once a second (server/monitoring/rate-limiter.ts).
create table route_call_count (
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  route_name text not null,
  caller_key text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (tenant_id, route_name, caller_key, window_start)
);
create index route_call_count_by_window on route_call_count (window_start);
