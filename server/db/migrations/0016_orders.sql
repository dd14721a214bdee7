-- Issue 10: the buyer's journey after the cart — orders moving through the state machine of
-- src/domain/order-states.ts with every transition recorded, payments (only a card's brand and last four
-- digits, never its number or CVV), accepted agreements with their versions, answers kept for idempotency
-- keys, and the credit ledger.

-- Every transition of an order (or of one product's payment in it): who, when, from which state to which.
create table order_event (
  order_event_id bigint generated always as identity primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  order_client_id uuid not null references shop_order (order_client_id) on delete cascade,
  event text not null,
  from_status text not null,
  to_status text not null,
  pro_client_id uuid,
  actor_user_id uuid references app_user (user_id) on delete set null,
  actor_kind text not null check (actor_kind in ('buyer', 'staff', 'provider', 'system')),
  note text,
  created_at timestamptz not null default clock_timestamp()
);
create index order_event_by_order on order_event (order_client_id, order_event_id);

-- One attempt to pay an order. A declined card payment is kept (payment_cancel) so the buyer sees why.
create table payment (
  payment_client_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  order_client_id uuid not null references shop_order (order_client_id) on delete cascade,
  user_id uuid not null references app_user (user_id),
  shop_client_id uuid not null,
  payment_method text not null check (payment_method in ('credit_card', 'transfer_to_account')),
  payment_status text not null check (payment_status in ('payment_waiting', 'payment_approved', 'payment_cancel', 'payment_refunded')),
  currency_type smallint not null check (currency_type in (0, 1)),
  amount bigint not null check (amount between 0 and 100000000000),
  refunded_amount bigint not null default 0 check (refunded_amount >= 0 and refunded_amount <= amount),
  card_brand text,
  card_last_four text check (card_last_four ~ '^[0-9]{4}$'),
  provider_reference text,
  decline_reason text,
  sender_name text,
  transfer_date date,
  transfer_reference text,
  payment_date timestamptz,
  payment_refund_date timestamptz,
  created_at timestamptz not null default clock_timestamp()
);
create index payment_by_order on payment (order_client_id, created_at);

-- The agreements a buyer approved with an order, at the version they read.
create table agreement_acceptance (
  order_client_id uuid not null references shop_order (order_client_id) on delete cascade,
  agreement_client_id uuid not null,
  agreement_kind text not null check (agreement_kind in ('bundle', 'product')),
  agreement_version integer not null,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  user_id uuid not null references app_user (user_id),
  accepted_at timestamptz not null default now(),
  primary key (order_client_id, agreement_client_id)
);

-- The answer of an order or payment call, kept under the caller's idempotency key for a day: the same call
-- again gets the same answer and does nothing twice; the same key with another request is refused.
create table idempotent_call (
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  user_id uuid not null references app_user (user_id) on delete cascade,
  route_name text not null,
  idempotency_key uuid not null,
  request_hash text not null,
  answer jsonb,
  created_at timestamptz not null default now(),
  primary key (tenant_id, user_id, route_name, idempotency_key)
);
create index idempotent_call_by_age on idempotent_call (created_at);

-- Credits: an append-only ledger. A user's balance is the balance_after of their newest entry; the
-- credit_account row is what a change locks, so concurrent spends of one balance queue instead of racing.
create table credit_account (
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  user_id uuid not null references app_user (user_id) on delete cascade,
  primary key (tenant_id, user_id)
);
create table credit_entry (
  credit_client_id uuid primary key,
  credit_seq bigint generated always as identity,
  tenant_id uuid not null,
  user_id uuid not null,
  credit_change integer not null check (credit_change <> 0),
  balance_after integer not null check (balance_after >= 0),
  credit_reason text not null check (credit_reason in ('purchase', 'excel_upload', 'analysis', 'machine_learning', 'refund', 'manual_adjustment')),
  project_id uuid,
  pro_client_id uuid,
  shopcart_bundle_client_id uuid,
  description text,
  created_at timestamptz not null default clock_timestamp(),
  foreign key (tenant_id, user_id) references credit_account (tenant_id, user_id) on delete cascade
);
create index credit_entry_by_user on credit_entry (tenant_id, user_id, credit_seq desc);

-- When a cart line was activated and by which order (the active list's date filters).
alter table shopcart_bundle add column active_date timestamptz, add column passive_date timestamptz;
