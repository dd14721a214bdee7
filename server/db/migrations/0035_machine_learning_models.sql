-- Issue 14: machine-learning models of analysis projects. A model is trained by the `ml_train` process on the
-- project's dataset (the rows passing its filter) and stores its held-out metrics and the fitted model as JSON
-- (src/domain/ml: the encoding and the parameters or trees, under ~5 MB), from which it predicts.
create table machine_learning_model (
  model_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  project_id uuid not null references analysis_project (project_id) on delete cascade,
  owner_user_id uuid not null references app_user (user_id) on delete cascade,
  model_name text not null,
  algorithm text not null,
  -- Column names, as the contract names them (a later rename of a column does not change a trained model).
  target_column text not null,
  feature_column_list jsonb not null,
  train_ratio double precision not null,
  filter jsonb,
  -- waiting → training → trained | failed (a stopped process leaves the model failed with its reason).
  training_status text not null default 'waiting',
  process_id uuid references process (process_id) on delete set null,
  metrics jsonb,
  model jsonb,
  -- The dataset version the model was trained on (analysis_project.dataset_version at the start).
  dataset_version integer not null,
  credit_used integer not null default 0,
  error_message text,
  created_at timestamptz not null default now(),
  trained_at timestamptz
);
create index machine_learning_model_by_project on machine_learning_model (project_id, created_at desc);
