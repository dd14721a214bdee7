-- Issue 10: what the order pages and the staff's order steps need beyond 0016.
-- An unpaid order has a time to be paid by (its products' shortest pay_delay_max_days, else 7 days); past it,
-- the order is cancelled as expired when it is next read or paid (docs/decisions.md).
alter table shop_order add column payment_due_date timestamptz;
update shop_order set payment_due_date = order_date + interval '7 days' where order_status = 'payment_waiting';
create index shop_order_waiting_due on shop_order (tenant_id, payment_due_date) where order_status = 'payment_waiting';

-- A card payment that waits for the buyer's verification at the bank (3-D Secure).
alter table payment add column authentication_pending boolean not null default false;

-- A renewal of a periodic bundle is a cart line naming the line it renews.
alter table shopcart_bundle add column renews_shopcart_bundle_client_id uuid references shopcart_bundle (shopcart_bundle_client_id) on delete set null;
create index shopcart_bundle_renewals on shopcart_bundle (renews_shopcart_bundle_client_id) where renews_shopcart_bundle_client_id is not null;
