-- Issue 13: uploaded documents. The metadata (listed often) apart from the content (read only when a file is
-- fetched), so a list never reads the bytes. The content lives in document_content (the database store) or in
-- an S3-compatible bucket (storage_bucket names it); storage_key is the object's key in either.
create table document (
  document_client_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  owner_user_id uuid not null references app_user (user_id) on delete cascade,
  document_name text not null,
  file_type text not null,
  content_type text not null,
  size_bytes integer not null check (size_bytes > 0),
  is_public boolean not null default false,
  storage_bucket text not null,
  storage_key text not null,
  is_deleted boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index document_by_owner on document (tenant_id, owner_user_id, created_at desc) where not is_deleted;
create unique index document_by_key on document (tenant_id, storage_bucket, storage_key);

-- The database store's objects, by key (the key starts with the tenant's id).
create table document_content (
  storage_key text primary key,
  content bytea not null
);

-- Who else may read a document: its owner shares it with users of the same tenant.
create table document_share (
  document_client_id uuid not null references document (document_client_id) on delete cascade,
  user_id uuid not null references app_user (user_id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (document_client_id, user_id)
);
create index document_share_by_user on document_share (user_id);
