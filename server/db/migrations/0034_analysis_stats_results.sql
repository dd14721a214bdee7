-- Issue 14: stored statistics results. One row per analysis asked on a project (its analyze_type, the columns it
-- was asked with and its result in the shape of schemas/entities/stats_result.json), on the dataset version it
-- was computed from. request_key is a hash of the canonical request (type, columns, group, outcome, filter): the
-- same request on the same version finds its stored result instead of a second copy ("You already got results
-- with these values", 13006).
create table analysis_stats_result (
  result_id uuid primary key,
  project_id uuid not null references analysis_project (project_id) on delete cascade,
  dataset_version integer not null,
  analyze_type text not null,
  column_list jsonb not null,
  group_column_id uuid,
  dependent_column_id uuid,
  filter jsonb,
  request_key text not null,
  result jsonb not null,
  -- Who asked (the project's owner: docs/decisions.md "Who owns a stored statistics result?").
  asker_user_id uuid references app_user (user_id) on delete set null,
  created_at timestamptz not null default now(),
  unique (project_id, dataset_version, request_key)
);
create index analysis_stats_result_by_project on analysis_stats_result (project_id, dataset_version, created_at desc);
