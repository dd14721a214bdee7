-- Issue 12: the clinical site's patients, their measurements and their laboratory results.
-- Every row carries its site (tenant_id); a patient's file number and national id are unique within the site
-- only (two hospitals may use the same file numbers). Measurements are stored in kg, cm and mg/dL whatever
-- unit they were entered in. row_version grows at every save of a patient (optimistic concurrency).
create table patient (
  patient_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  patient_no text,
  identity_number text,
  firstname text not null,
  lastname text not null,
  gender text not null,
  date_of_birth date not null,
  diagnosis text,
  icd10_code text,
  -- The names both ways round and the file number, folded (src/domain/search-text.ts): the search's "contains".
  search_text text not null,
  created_by uuid not null references app_user (user_id),
  created_at timestamptz not null default now(),
  updated_by uuid not null references app_user (user_id),
  updated_at timestamptz not null default now(),
  row_version integer not null default 1 check (row_version >= 1)
);
create unique index patient_no_per_site on patient (tenant_id, patient_no) where patient_no is not null;
create unique index patient_identity_per_site on patient (tenant_id, identity_number) where identity_number is not null;
-- The search's default order (by name) and its birth-date filter.
create index patient_by_name on patient (tenant_id, lower(lastname), lower(firstname), patient_id);
create index patient_by_birth on patient (tenant_id, date_of_birth);

create table patient_measurement (
  measurement_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  patient_id uuid not null references patient (patient_id) on delete cascade,
  measurement_date date not null,
  weight double precision,
  height double precision,
  bsa double precision,
  bsa_formula text,
  bmi double precision,
  creatinine double precision,
  creatinine_date date,
  created_by uuid not null references app_user (user_id),
  created_at timestamptz not null default now(),
  check (weight is not null or height is not null or creatinine is not null),
  check ((creatinine is null) = (creatinine_date is null))
);
create index patient_measurement_by_patient on patient_measurement (patient_id, measurement_date desc, created_at desc);

create table lab_result (
  lab_result_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  patient_id uuid not null references patient (patient_id) on delete cascade,
  test_code text not null,
  test_name jsonb,
  value double precision not null,
  unit text not null,
  reference_min double precision,
  reference_max double precision,
  result_date timestamptz not null,
  created_by uuid not null references app_user (user_id),
  created_at timestamptz not null default now()
);
create index lab_result_by_patient on lab_result (patient_id, result_date desc);
create index lab_result_by_test on lab_result (patient_id, test_code, result_date desc);
