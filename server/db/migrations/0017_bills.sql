-- Issue 10: bills of paid orders. A bill is a draft (approve_status 0) the shop's staff may edit; approval
-- freezes it and gives it the shop's next number of the year from bill_sequence, taken in the approving
-- transaction so that numbers have no gaps; a refund of the order cancels it (cancel_date). Money in integer
-- minor units: net is the items' total, tax = round(net × rate / 100), total = net + tax.
create table bill (
  bill_client_id uuid primary key,
  tenant_id uuid not null references tenant (tenant_id) on delete cascade,
  shop_client_id uuid not null,
  order_client_id uuid not null references shop_order (order_client_id) on delete cascade,
  user_id uuid not null references app_user (user_id),
  bill_date timestamptz not null,
  shop_address text not null,
  shop_tax_number text not null,
  shop_tax_office text not null,
  product_items jsonb not null,
  currency_type smallint not null check (currency_type in (0, 1)),
  tax_rate_percent numeric(5, 2) not null check (tax_rate_percent between 0 and 100),
  net_price bigint not null check (net_price >= 0),
  tax_price bigint not null check (tax_price >= 0),
  total_price bigint not null check (total_price = net_price + tax_price),
  approve_status smallint not null default 0 check (approve_status in (0, 1)),
  approve_date timestamptz,
  bill_year integer,
  bill_seq integer,
  cancel_date timestamptz,
  created_by uuid references app_user (user_id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((approve_status = 1) = (bill_seq is not null)),
  unique (shop_client_id, bill_year, bill_seq),
  foreign key (shop_client_id, tenant_id) references shop (shop_client_id, tenant_id) on delete cascade
);
create index bill_by_shop on bill (shop_client_id, bill_date desc, bill_client_id);
create index bill_by_user on bill (tenant_id, user_id, bill_date desc);
-- At most one bill of an order that is not cancelled.
create unique index bill_open_per_order on bill (order_client_id) where cancel_date is null;

create table bill_sequence (
  shop_client_id uuid not null,
  bill_year integer not null,
  last_seq integer not null,
  primary key (shop_client_id, bill_year)
);
