-- Issue 13, mail sending: the scopes an administrator gives a front-end key (a route's fkey_scope admits only
-- a key holding it), the mailings of the sending_mail page and where each recipient stands. Each mailing's
-- mails are ordinary outbox rows tied to it; its background process delivers them (server/mail/bulk-mail-job.ts),
-- so the outbox's own delivery at start leaves them alone.
alter table frontend_key add column scope_list text[] not null default '{}';

create table mailing (
  mailing_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  sender_user_id uuid references app_user (user_id) on delete set null,
  sender_key_name text,
  subject text not null,
  content text not null,
  -- The process of the job queue (issue 13, jobs); not a foreign key: the queue's tables are its own.
  process_id uuid,
  created_at timestamptz not null default now()
);
create index mailing_by_tenant on mailing (tenant_id, created_at desc);

alter table outbox add column mailing_id uuid references mailing (mailing_id) on delete cascade;

-- One row per chosen user: skipped users have no outbox mail; the others point at theirs.
create table mailing_recipient (
  mailing_id uuid not null references mailing (mailing_id) on delete cascade,
  user_id uuid not null references app_user (user_id) on delete cascade,
  status text not null check (status in ('queued', 'sent', 'failed', 'skipped', 'unsent')),
  skip_reason text check (skip_reason in ('no_mail', 'inactive', 'mail_off')),
  outbox_id uuid references outbox (outbox_id) on delete set null,
  primary key (mailing_id, user_id)
);
