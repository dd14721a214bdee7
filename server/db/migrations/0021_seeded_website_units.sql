-- The website units of fixtures/seed/tenants.json that the seed has offered to each site. The seed adds a
-- fixture unit to a site whose row here is missing and records it, so a unit added to the fixtures later
-- reaches sites created before it, exactly once: a seeded unit an administrator deleted or changed is never
-- brought back or overwritten by a restart (server/db/seed-units.ts).
create table seeded_website_unit (
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  website_unit_client_id uuid not null,
  seeded_at timestamptz not null default now(),
  primary key (tenant_id, website_unit_client_id)
);

-- Until now units were seeded only when a site was created. Every unit a site has, or had (a deleted one is
-- in website_unit_version, kept since deletion exists), counts as offered: the units seeded at creation stay
-- as the administrators left them.
insert into seeded_website_unit (tenant_id, website_unit_client_id)
  select tenant_id, website_unit_client_id from website_unit
  union
  select tenant_id, website_unit_client_id from website_unit_version;
