-- Issue 4, engineer G1: shops and their staff, bundles, bundle products with their prices, agreements and
-- product agreements, and the cart and order tables the staff order list reads (filled by the cart and
-- payment calls later).
--
-- Ownership: every row carries tenant_id and its shop_client_id, and composite foreign keys make a record
-- of another tenant's or another shop's parent impossible (a product's bundle is in the product's shop, a
-- bundle's shop in the bundle's tenant). A shop's staff = its owner (shop.user_id, also a shop_member row)
-- plus the members the owner or an admin adds. Money is integer minor units (kurus, cents) in bigint.
-- created_at of catalogue rows is clock_timestamp(): rows written in one transaction (an Excel update) keep
-- the order they were written in, which is their display order.

create table shop (
  shop_client_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  user_id uuid not null references app_user (user_id),
  shop_name text not null,
  shop_address text,
  shop_tax_number text,
  shop_tax_office text,
  shop_mail text,
  bank_account_list jsonb not null default '[]',
  shop_status text not null default 'active' check (shop_status in ('active', 'passive')),
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default now(),
  unique (shop_client_id, tenant_id)
);
create index shop_by_tenant on shop (tenant_id, created_at desc, shop_client_id);

create table shop_member (
  shop_client_id uuid not null,
  tenant_id uuid not null,
  user_id uuid not null references app_user (user_id) on delete cascade,
  added_by uuid references app_user (user_id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (shop_client_id, user_id),
  foreign key (shop_client_id, tenant_id) references shop (shop_client_id, tenant_id) on delete cascade
);
create index shop_member_by_user on shop_member (tenant_id, user_id);

-- priority_rank orders bundles by importance (urgent first) for the priority sort keys.
create table bundle (
  bundle_client_id uuid primary key,
  tenant_id uuid not null,
  shop_client_id uuid not null,
  user_id uuid references app_user (user_id) on delete set null,
  bundle_name text not null,
  feature_list jsonb not null default '[]',
  bundle_status text not null default 'passive' check (bundle_status in ('active', 'passive')),
  active_date timestamptz,
  passive_date timestamptz,
  organization_id uuid,
  organization_name text,
  organization_user_id uuid references app_user (user_id) on delete set null,
  organization_username text,
  task_type text check (task_type in ('activation', 'delivery', 'analysis', 'consulting', 'other')),
  priority text check (priority in ('low', 'normal', 'high', 'urgent')),
  priority_rank smallint generated always as (
    case priority when 'urgent' then 1 when 'high' then 2 when 'normal' then 3 when 'low' then 4 end
  ) stored,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default now(),
  unique (bundle_client_id, shop_client_id, tenant_id),
  foreign key (shop_client_id, tenant_id) references shop (shop_client_id, tenant_id) on delete cascade
);
create index bundle_by_shop on bundle (shop_client_id, created_at desc, bundle_client_id);
create index bundle_by_shop_name on bundle (shop_client_id, lower(bundle_name), bundle_client_id);
create index bundle_by_shop_priority on bundle (shop_client_id, priority_rank, bundle_client_id);
create index bundle_window on bundle (tenant_id, priority_rank, created_at desc, bundle_client_id) where bundle_status = 'active';

create table bundle_product (
  pro_client_id uuid primary key,
  tenant_id uuid not null,
  shop_client_id uuid not null,
  bundle_client_id uuid not null,
  pro_name text not null,
  pro_info text,
  pro_group_name text,
  pay_type text check (pay_type in ('one_time', 'periodic', 'per_usage', 'free')),
  pay_period_type text check (pay_period_type in ('daily', 'weekly', 'monthly', 'quarterly', 'yearly')),
  currency_type smallint check (currency_type in (0, 1)),
  preparation_type text check (preparation_type in ('automatic', 'manual')),
  pay_credit_card boolean,
  pay_transfer_to_account boolean,
  pay_delay_max_days integer check (pay_delay_max_days between 0 and 365),
  pro_start_date date,
  pro_end_date date,
  pro_usage_count integer check (pro_usage_count >= 0),
  pro_usage_count_type text check (pro_usage_count_type in ('total', 'per_period', 'unlimited')),
  pro_count_suffix text,
  pro_auth_id uuid references "authorization" (auth_id) on delete set null,
  pro_status text not null default 'active' check (pro_status in ('active', 'passive')),
  organization_id uuid,
  organization_name text,
  organization_user_id uuid references app_user (user_id) on delete set null,
  organization_username text,
  task_type text check (task_type in ('activation', 'delivery', 'analysis', 'consulting', 'other')),
  priority text check (priority in ('low', 'normal', 'high', 'urgent')),
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default now(),
  check (pro_start_date is null or pro_end_date is null or pro_start_date <= pro_end_date),
  unique (pro_client_id, bundle_client_id, tenant_id),
  foreign key (bundle_client_id, shop_client_id, tenant_id) references bundle (bundle_client_id, shop_client_id, tenant_id) on delete cascade
);
create index bundle_product_by_bundle on bundle_product (bundle_client_id, created_at, pro_client_id);

-- currency_amount_list: one price per currency, in the order it was sent (position).
create table bundle_product_price (
  pro_client_id uuid not null references bundle_product (pro_client_id) on delete cascade,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  currency_type smallint not null check (currency_type in (0, 1)),
  amount bigint not null check (amount between 0 and 100000000000),
  position smallint not null,
  primary key (pro_client_id, currency_type)
);
create index bundle_product_price_by_currency on bundle_product_price (currency_type, pro_client_id);

create table agreement (
  agreement_client_id uuid primary key,
  tenant_id uuid not null,
  shop_client_id uuid not null,
  bundle_client_id uuid not null,
  agreement_name text not null,
  agreement_text text not null,
  approve_required boolean not null default false,
  agreement_version integer not null default 1 check (agreement_version >= 1),
  agreement_status text not null default 'active' check (agreement_status in ('active', 'passive')),
  created_by uuid references app_user (user_id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default now(),
  foreign key (bundle_client_id, shop_client_id, tenant_id) references bundle (bundle_client_id, shop_client_id, tenant_id) on delete cascade
);
create index agreement_by_bundle on agreement (bundle_client_id, created_at, agreement_client_id);

create table product_agreement (
  product_agreement_client_id uuid primary key,
  tenant_id uuid not null,
  shop_client_id uuid not null,
  bundle_client_id uuid not null,
  pro_client_id uuid not null,
  agreement_name text not null,
  agreement_text text not null,
  approve_required boolean not null default false,
  agreement_version integer not null default 1 check (agreement_version >= 1),
  agreement_status text not null default 'active' check (agreement_status in ('active', 'passive')),
  created_by uuid references app_user (user_id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default now(),
  foreign key (bundle_client_id, shop_client_id, tenant_id) references bundle (bundle_client_id, shop_client_id, tenant_id) on delete cascade,
  foreign key (pro_client_id, bundle_client_id, tenant_id) references bundle_product (pro_client_id, bundle_client_id, tenant_id) on delete cascade
);
create index product_agreement_by_product on product_agreement (pro_client_id, created_at, product_agreement_client_id);
create index product_agreement_by_bundle on product_agreement (bundle_client_id);

-- A user's cart in one shop, its lines (a bundle added add_bundle_count times) and, per line, the payment
-- and state of each product (shopcart.json product_payment_list). *_w_id are the opaque server row ids.
create table shopcart (
  shopcart_client_id uuid primary key,
  shopcart_w_id bigint generated always as identity,
  tenant_id uuid not null,
  shop_client_id uuid not null,
  user_id uuid not null references app_user (user_id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, shop_client_id, user_id),
  foreign key (shop_client_id, tenant_id) references shop (shop_client_id, tenant_id) on delete cascade
);

-- "order" is a reserved word: the table is shop_order. payment_status is the state of the order's payment,
-- kept by the payment calls; the *_date columns feed the order list's date filters.
create table shop_order (
  order_client_id uuid primary key,
  tenant_id uuid not null,
  shop_client_id uuid not null,
  user_id uuid not null references app_user (user_id),
  shopcart_client_id uuid references shopcart (shopcart_client_id) on delete set null,
  order_status text not null default 'payment_waiting'
    check (order_status in ('payment_waiting', 'payment_approved', 'payment_cancel', 'payment_refunded', 'bill_completed', 'bill_cancelled', 'product_send')),
  payment_status text check (payment_status in ('payment_waiting', 'payment_approved', 'payment_cancel', 'payment_refunded')),
  payment_method text not null check (payment_method in ('credit_card', 'transfer_to_account')),
  currency_type smallint not null check (currency_type in (0, 1)),
  total_amount bigint not null check (total_amount between 0 and 100000000000),
  order_note text,
  order_date timestamptz not null default now(),
  payment_date timestamptz,
  payment_refund_date timestamptz,
  bill_date timestamptz,
  bill_cancel_date timestamptz,
  cancel_date timestamptz,
  product_send_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (shop_client_id, tenant_id) references shop (shop_client_id, tenant_id) on delete cascade
);
create index shop_order_by_shop on shop_order (shop_client_id, order_date desc, order_client_id);
create index shop_order_by_user on shop_order (tenant_id, user_id);

create table shopcart_bundle (
  shopcart_bundle_client_id uuid primary key,
  shopcart_bundle_w_id bigint generated always as identity,
  tenant_id uuid not null,
  shopcart_client_id uuid not null references shopcart (shopcart_client_id) on delete cascade,
  shop_client_id uuid not null,
  user_id uuid not null references app_user (user_id) on delete cascade,
  bundle_client_id uuid not null,
  add_bundle_count integer not null check (add_bundle_count between 1 and 1000),
  shopcart_bundle_status text not null default 'in_cart'
    check (shopcart_bundle_status in ('in_cart', 'ordered', 'active', 'passive', 'cancelled')),
  order_client_id uuid references shop_order (order_client_id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (bundle_client_id, shop_client_id, tenant_id) references bundle (bundle_client_id, shop_client_id, tenant_id)
);
create index shopcart_bundle_by_cart on shopcart_bundle (shopcart_client_id);
create index shopcart_bundle_by_order on shopcart_bundle (order_client_id);

create table shopcart_bundle_product (
  shopcart_bundle_client_id uuid not null references shopcart_bundle (shopcart_bundle_client_id) on delete cascade,
  pro_client_id uuid not null,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  pro_name text not null,
  currency_type smallint not null check (currency_type in (0, 1)),
  amount bigint not null check (amount between 0 and 100000000000),
  payment_status text not null default 'payment_waiting'
    check (payment_status in ('payment_waiting', 'payment_approved', 'payment_cancel', 'payment_refunded')),
  pro_status text check (pro_status in ('active', 'passive')),
  active_start_date date,
  active_end_date date,
  usage_left integer check (usage_left >= 0),
  primary key (shopcart_bundle_client_id, pro_client_id)
);
