-- Issue 10: support tickets to a shop and their comments (schemas/entities/support_ticket.json,
-- support_comment.json), opened by a signed-in user or, without an account, by a mail address; and the
-- tokens mailed to such an address (stored only as sha256 hashes, like session tokens: 0002).
--
-- A ticket belongs to its tenant and shop (a composite foreign key: never another site's shop) and to its
-- opener: a user, or a mail address — exactly one of them. One opened by mail is 'pending' until the link
-- in its confirmation mail records it; the shop's staff see it only then. Each side's seen mark is the
-- time it last looked (live_seen); a comment is unseen by the other side while it is newer than that.
-- support_w_id is the opaque server id of the contract (`id`). created_at of comments is
-- clock_timestamp(): two comments in one transaction keep their order.

create table support_ticket (
  client_id uuid primary key,
  support_w_id bigint generated always as identity,
  tenant_id uuid not null,
  shop_client_id uuid not null,
  user_id uuid references app_user (user_id) on delete cascade,
  mail text,
  fullname text,
  -- The language of the mails about a ticket opened by mail (0 Turkish, 1 English).
  mail_lang smallint check (mail_lang in (0, 1)),
  subject text not null,
  message text not null,
  order_client_id uuid references shop_order (order_client_id) on delete set null,
  bundle_client_id uuid references bundle (bundle_client_id) on delete set null,
  support_status text not null check (support_status in ('pending', 'open', 'terminated')),
  terminated_by_shop boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  recorded_at timestamptz,
  terminated_at timestamptz,
  user_seen_at timestamptz,
  shop_seen_at timestamptz,
  check ((user_id is null) <> (mail is null)),
  check ((support_status = 'terminated') = (terminated_at is not null)),
  foreign key (shop_client_id, tenant_id) references shop (shop_client_id, tenant_id) on delete cascade
);
create index support_ticket_by_user on support_ticket (tenant_id, user_id, updated_at desc) where user_id is not null;
create index support_ticket_by_mail on support_ticket (tenant_id, lower(mail), updated_at desc) where mail is not null;
create index support_ticket_by_shop on support_ticket (shop_client_id, updated_at desc) where support_status <> 'pending';

create table support_comment (
  comment_client_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  client_id uuid not null references support_ticket (client_id) on delete cascade,
  user_id uuid references app_user (user_id) on delete set null,
  by_shop boolean not null,
  comment text not null,
  created_at timestamptz not null default clock_timestamp()
);
create index support_comment_by_ticket on support_comment (client_id, created_at);

-- A token admits every ticket of its mail address on its site until it expires; each mail about a ticket
-- opened by mail carries a new one. mail_key is the address in lower case.
create table support_mail_token (
  token_hash text primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  mail_key text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index support_mail_token_by_mail on support_mail_token (tenant_id, mail_key);
