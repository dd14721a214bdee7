-- Issue 28: the demo seed runs at a start only when what it is made from changed (its code, fixtures and the
-- contract's auth codes: server/db/seed-fingerprint.ts), not on every start. One row: the fingerprint last seeded.
create table seed_state (
  only_row boolean primary key default true check (only_row),
  fingerprint text not null,
  seeded_at timestamptz not null default now()
);
