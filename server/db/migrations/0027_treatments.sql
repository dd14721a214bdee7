-- Issue 12: patients' treatments planned from a published protocol version.
-- The treatment is one document (cycles, drug days with their doses, derivations and step histories, the
-- laboratory-gate runs and confirmed changes) beside the columns its lists filter by. Every change is a
-- conditional update `where row_version = $expected` that writes the state and its history together, so two
-- users taking the same step at once record it once (the second finds the new state).
create table treatment (
  treatment_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  patient_id uuid not null references patient (patient_id),
  protocol_id uuid not null,
  protocol_version integer not null,
  start_date date not null,
  treatment_status text not null,
  document jsonb not null,
  doctor_id uuid references app_user (user_id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  row_version integer not null default 1 check (row_version >= 1),
  -- The version planned with stays: a protocol's published versions never change or go.
  foreign key (protocol_id, protocol_version) references protocol_version (protocol_id, version)
);
create index treatment_by_patient on treatment (tenant_id, patient_id, start_date desc);
create index treatment_by_start on treatment (tenant_id, start_date desc);

-- One row per drug day, rewritten from the document in the same transaction as every change of it: the day
-- list (the chemotherapy list and the pharmacy's queue) finds a date's days across the site's patients by
-- index, which a document's nested arrays cannot give on both PGlite and PostgreSQL.
create table treatment_drug_day (
  treatment_id uuid not null references treatment (treatment_id) on delete cascade,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  cycle_number integer not null,
  item_id uuid not null,
  day integer not null,
  planned_date date not null,
  drug_name text not null,
  calculated_dose double precision,
  unit text not null,
  drug_status text not null,
  primary key (treatment_id, cycle_number, item_id, day)
);
create index treatment_drug_day_by_date on treatment_drug_day (tenant_id, planned_date, drug_status);
