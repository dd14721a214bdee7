// user_shopcart_bundle_order_list: the buyer's orders, paged on the server, newest first: what was bought and
// from which shop, when, the total, how it is paid and its state in words (the contract's labels), with
// filters by state and by one of section 4's dates (order, payment, refund, cancel, product send, bill, bill
// cancel) between two days, "Pay" on the orders the state machine says still wait for their payment, and
// "Details" opening an order with its products, payments and history (OrderDialog: cancel, bill, help).
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { userShopcartBundleOrderList } from '../../generated/client';
import { orderStatus as orderStatusEnum } from '../../generated/enums/orderStatus';
import { paymentMethod as paymentMethodEnum } from '../../generated/enums/paymentMethod';
import type { Order, OrderStatus } from '../../generated/types/entities';
import type { UserShopcartBundleOrderListRequest } from '../../generated/types/routes';
import { orderMay } from '../../domain/order-states';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { formatDate, SelectField, TextField } from '../../app/ui';
import { PagedTable, type TableColumn } from '../shared/PagedTable';
import { PAGE_SIZE, usePagedList } from '../shared/paged';
import { FilterActions } from '../shared/FilterActions';
import { usePagePath } from '../shared/hooks';
import { FilterPanel, Loading, PageLink, useBuyerId, useEnumLabel, useDateRangeFilters, useMoney, useOrderBundles } from './shared';
import { OrderDialog } from './OrderDialog';

type Sort = 'order_date' | '-order_date' | 'total_amount' | '-total_amount';
const SORTS: Sort[] = ['-order_date', 'order_date', '-total_amount', 'total_amount'];
const DATE_KINDS = ['order_date', 'payment_date', 'payment_refund_date', 'cancel_date', 'product_send_date', 'bill_date', 'bill_cancel_date'] as const;
type DateKind = (typeof DATE_KINDS)[number];

interface Filters {
  order_status: '' | OrderStatus;
  date_kind: DateKind;
  from: string;
  to: string;
  sort: Sort;
}
const NO_FILTERS: Filters = { order_status: '', date_kind: 'order_date', from: '', to: '', sort: '-order_date' };
const filtered = (f: Filters) => Boolean(f.order_status || f.from || f.to);

function requestOf(f: Filters): Omit<UserShopcartBundleOrderListRequest, 'user_client_id'> {
  return {
    ...(f.order_status ? { order_status: f.order_status } : {}),
    ...(f.from ? { [`${f.date_kind}_from`]: f.from } : {}),
    ...(f.to ? { [`${f.date_kind}_to`]: f.to } : {}),
    sort: f.sort,
  };
}

export default function UserShopcartBundleOrderList({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const buyer = useBuyerId();
  const money = useMoney();
  const bundles = useOrderBundles();
  const statusLabel = useEnumLabel(orderStatusEnum);
  const methodLabel = useEnumLabel(paymentMethodEnum);
  const paymentPath = usePagePath('user_shoppingcart_payment');
  const { formRef, draft, filters, errors, set: setDraftField, apply, reset } = useDateRangeFilters<Filters>(NO_FILTERS);
  const [open, setOpen] = useState<Order | null>(null);
  const list = usePagedList<Order>(
    useCallback(
      async (p: number) => {
        const a = await userShopcartBundleOrderList({ user_client_id: buyer, ...requestOf(filters), page: p, page_size: PAGE_SIZE });
        return { rows: a.order_list, total: a.total };
      },
      [buyer, filters],
    ),
  );
  const dateOf = (o: Order) => formatDate(o.order_date, lang, true);
  const columns: TableColumn<Order>[] = [
    {
      header: t('checkout.bundles'),
      cell: (o) => (
        <span className="order-cell">
          <span className="order-cell__bundles">{bundles(o).join(', ')}</span>
          {o.shop_name && <span className="order-cell__shop">{o.shop_name}</span>}
        </span>
      ),
    },
    { header: t('checkout.orderedAt'), cell: dateOf },
    { header: t('checkout.total'), cell: (o) => <span className="cart-line__money">{money(o.total_amount, o.currency_type)}</span> },
    { header: t('checkout.paymentMethod'), cell: (o) => methodLabel(o.payment_method), priority: 3 },
    { header: t('checkout.status'), cell: (o) => <span className={`order-status order-status--${o.order_status}`}>{statusLabel(o.order_status)}</span> },
    { header: t('checkout.paidAt'), cell: (o) => formatDate(o.payment_date, lang, true) || '—', priority: 3 },
    {
      header: t('common.actions'),
      priority: 1,
      cell: (o) => (
        <span className="order-actions">
          <button type="button" className="button button--secondary button--small" onClick={() => setOpen(o)} aria-label={t('checkout.detailsOf', { date: dateOf(o) })}>
            {t('checkout.details')}
          </button>
          {orderMay(o.order_status, 'approve') && paymentPath && (
            <Link className="button button--small" to={`${paymentPath}?order_client_id=${encodeURIComponent(o.order_client_id)}`} aria-label={t('checkout.payOrder', { date: dateOf(o) })}>
              {t('checkout.payAction')}
            </Link>
          )}
        </span>
      ),
    },
  ];
  const none = !list.loading && !list.error && list.rows.length === 0;

  return (
    <article className="page checkout" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <PagedTable
        id="orders-title"
        title={t('checkout.ordersTitle')}
        list={list}
        columns={columns}
        rowKey={(o) => o.order_client_id}
        pageSize={PAGE_SIZE}
        pagesLabel={t('checkout.ordersPages')}
        empty={filtered(filters) ? t('checkout.ordersNone') : t('checkout.ordersEmpty')}
        footer={
          none && !filtered(filters) ? (
            <PageLink route="shop" className="button">
              {t('checkout.toShop')}
            </PageLink>
          ) : null
        }
      >
        <FilterPanel active={[filters.order_status, filters.from, filters.to].filter(Boolean).length}>
          <form ref={formRef} className="filters" noValidate onSubmit={apply}>
            <SelectField
              label={t('checkout.status')}
              name="order_status"
              value={draft.order_status}
              onValue={(v) => setDraftField('order_status')(v as Filters['order_status'])}
              placeholder={t('common.all')}
              options={orderStatusEnum.values.map((v) => ({ value: v, label: statusLabel(v) }))}
            />
            <SelectField
              label={t('checkout.dateKind')}
              name="date_kind"
              value={draft.date_kind}
              onValue={(v) => setDraftField('date_kind')(v as DateKind)}
              options={DATE_KINDS.map((d) => ({ value: d, label: t(`checkout.dates.${d}`) }))}
            />
            <TextField label={t('checkout.from')} name="date_from" type="date" value={draft.from} onValue={setDraftField('from')} error={errors.from} />
            <TextField label={t('checkout.to')} name="date_to" type="date" value={draft.to} onValue={setDraftField('to')} error={errors.to} />
            <SelectField
              label={t('common.sort')}
              name="sort"
              value={draft.sort}
              onValue={(v) => setDraftField('sort')(v as Sort)}
              options={SORTS.map((s) => ({ value: s, label: t(`checkout.sorts.${s}`) }))}
            />
            <FilterActions
              onReset={reset}
            />
          </form>
        </FilterPanel>
        {list.loading && list.rows.length === 0 && <Loading />}
      </PagedTable>
      {open && <OrderDialog orderId={open.order_client_id} title={t('checkout.orderDetailsOf', { date: dateOf(open) })} onClose={() => setOpen(null)} onChanged={list.reload} />}
    </article>
  );
}
