-- Issue 14: data-analysis projects. A project owns one dataset read from an uploaded workbook: its columns (with
-- the detected and the chosen type) and its rows. Rows are kept as one jsonb array of cells per row, in
-- column_index order, so that filters, queries and distinct values run in the database and a page of rows is one
-- indexed read (a 100,000-cell project reopens without loading its rows).
create table analysis_project (
  project_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  owner_user_id uuid not null references app_user (user_id) on delete cascade,
  project_name text not null,
  description text not null default '',
  is_public boolean not null default false,
  -- Facts about the dataset (the entity's details): null file_name = no workbook yet.
  file_name text,
  row_count integer not null default 0,
  column_count integer not null default 0,
  filled_cell_count integer not null default 0,
  credit_used integer not null default 0,
  -- Bumped by every change of the file, a column's type or a calculated column: stored results and models name
  -- the version they were computed on.
  dataset_version integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index analysis_project_by_owner on analysis_project (tenant_id, owner_user_id, updated_at desc);
create index analysis_project_public on analysis_project (tenant_id, updated_at desc) where is_public;

create table analysis_column (
  column_id uuid primary key,
  project_id uuid not null references analysis_project (project_id) on delete cascade,
  -- The cell's position in analysis_row.cells (0 = the workbook's first column; calculated columns follow).
  column_index integer not null,
  column_name text not null,
  -- The type the analyses read the column as (the user may change it) and the one detected from the file.
  column_type text not null,
  detected_type text not null,
  unit text,
  -- A calculated column's formula (the rule expression language over other columns' names); null = from the file.
  expression text,
  -- The entity's results (count, missing_count, mean, …), refreshed when the column's values or type change.
  results jsonb not null default '{}',
  unique (project_id, column_index),
  unique (project_id, column_name)
);

create table analysis_row (
  project_id uuid not null references analysis_project (project_id) on delete cascade,
  row_index integer not null,
  -- Cells in column_index order: number, text, true/false, a date as YYYY-MM-DD text, or null (empty).
  cells jsonb not null,
  primary key (project_id, row_index)
);
