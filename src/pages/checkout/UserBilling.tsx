// user_billing: the signed-in buyer's bills, newest first and paged on the server, and one bill as an invoice
// (?bill=<bill_client_id> in the address, the link the order list gives): the seller with its address, tax
// office and number, the bill's number and date, the buyer, the lines, the net, the tax at its rate and the
// total in the bill's currency and the reader's language; a cancelled bill says so. "Print" prints the invoice
// alone (billing.css's print rules). The server answers a buyer approved bills only: a draft is the shop's.
import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { userBillList } from '../../generated/client';
import { billApproveStatus as billApproveStatusEnum } from '../../generated/enums/billApproveStatus';
import { currencyType as currencyTypeEnum } from '../../generated/enums/currencyType';
import type { Bill } from '../../generated/types/entities';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { useAppStore } from '../../app/store';
import { formatDate, useFocusOnMount, useRepeatableEffect } from '../../app/ui';
import { PagedTable, type TableColumn } from '../shared/PagedTable';
import { PAGE_SIZE, usePagedList } from '../shared/paged';
import { Empty, isUuid, LoadFailed, Loading, PageLink, useBuyerId, useCount, useEnumLabel, useMoney } from './shared';
import './billing-strings';
import './billing.css';

export default function UserBilling({ page }: PageProps) {
  const lang = useActiveLabel();
  const [params] = useSearchParams();
  const billId = params.get('bill');
  const caption = page.caption[lang];
  return billId === null ? <BillList caption={caption} /> : <BillPage caption={caption} billId={billId} />;
}

function BillList({ caption }: { caption: string }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const buyer = useBuyerId();
  const money = useMoney();
  const approval = useEnumLabel(billApproveStatusEnum);
  const list = usePagedList<Bill>(
    useCallback(
      async (p: number) => {
        const a = await userBillList({ user_client_id: buyer, sort: '-bill_date', page: p, page_size: PAGE_SIZE });
        return { rows: a.bill_list, total: a.total };
      },
      [buyer],
    ),
  );
  const columns: TableColumn<Bill>[] = [
    {
      header: t('billing.number'),
      cell: (b) => (
        <Link to={`?bill=${encodeURIComponent(b.bill_client_id)}`} aria-label={t('billing.openBill', { number: b.bill_number })}>
          {b.bill_number}
        </Link>
      ),
    },
    { header: t('billing.date'), cell: (b) => formatDate(b.bill_date, lang) },
    { header: t('billing.shop'), cell: (b) => b.shop_name ?? '' },
    { header: t('billing.total'), cell: (b) => <span className="cart-line__money">{money(b.total_price, b.currency_type)}</span> },
    {
      header: t('billing.state'),
      cell: (b) =>
        b.cancel_date ? (
          <span className="order-status order-status--bill_cancelled">{t('billing.cancelled')}</span>
        ) : (
          <span className="order-status order-status--bill_completed">{approval(b.approve_status)}</span>
        ),
    },
  ];

  return (
    <article className="page checkout" aria-labelledby="page-title">
      <h1 id="page-title">{caption}</h1>
      <PagedTable
        id="bills-title"
        title={t('billing.listTitle')}
        list={list}
        columns={columns}
        rowKey={(b) => b.bill_client_id}
        pageSize={PAGE_SIZE}
        pagesLabel={t('billing.pages')}
        failed={(error) => <LoadFailed error={error} onRetry={list.reload} />}
        empty={
          <Empty title={t('billing.empty')} hint={t('billing.emptyHint')}>
            <PageLink route="user_shopcart_bundle_order_list" className="button">
              {t('billing.toOrders')}
            </PageLink>
          </Empty>
        }
      >
        {list.loading && list.rows.length === 0 && <Loading />}
      </PagedTable>
    </article>
  );
}

type Loaded = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'missing' } | { state: 'ready'; bill: Bill };

/** One bill from the address: read by its id from the buyer's own list (a draft or another's bill is not there). */
function BillPage({ caption, billId }: { caption: string; billId: string }) {
  const { t } = useTranslation();
  const buyer = useBuyerId();
  const { pathname } = useLocation();
  const valid = isUuid(billId);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const reload = useRepeatableEffect(
    useCallback(() => {
      if (!buyer || !valid) return undefined;
      let live = true;
      setLoaded({ state: 'loading' });
      userBillList({ user_client_id: buyer, bill_client_id: billId, page: 1, page_size: 1 }).then(
        ({ bill_list: [bill] }) => live && setLoaded(bill && bill.approve_status === 1 ? { state: 'ready', bill } : { state: 'missing' }),
        (error: unknown) => live && setLoaded({ state: 'failed', error }),
      );
      return () => {
        live = false;
      };
    }, [buyer, valid, billId]),
  );
  const state = valid ? loaded.state : 'missing';

  return (
    <article className="page checkout billing" aria-labelledby="page-title">
      {state !== 'missing' && (
        <p className="billing__back">
          <Link to={pathname}>
            <span aria-hidden="true">← </span>
            {t('billing.allBills')}
          </Link>
        </p>
      )}
      <div className="billing__bar">
        <h1 id="page-title">{caption}</h1>
        {loaded.state === 'ready' && valid && (
          <button type="button" className="button" onClick={() => window.print()} aria-describedby="print-hint">
            {t('billing.print')}
          </button>
        )}
      </div>
      {state === 'loading' && <Loading>{t('billing.loadingBill')}</Loading>}
      {loaded.state === 'failed' && <LoadFailed error={loaded.error} onRetry={reload} />}
      {state === 'missing' && (
        <Empty title={t('billing.notFound')} hint={t('billing.notFoundHint')}>
          <Link to={pathname} className="button">
            {t('billing.allBills')}
          </Link>
        </Empty>
      )}
      {loaded.state === 'ready' && valid && (
        <>
          <p id="print-hint" className="billing__hint">
            {t('billing.printHint')}
          </p>
          <Invoice bill={loaded.bill} />
        </>
      )}
    </article>
  );
}

/** A tax rate in the reader's language: 20 → "%20" (tr), "20%" (en). */
function usePercent(): (rate: number) => string {
  const lang = useActiveLabel();
  return useMemo(() => {
    const f = new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', { style: 'percent', maximumFractionDigits: 2 });
    return (rate: number) => f.format(rate / 100);
  }, [lang]);
}

/** The buyer as the bill names them: the signed-in buyer's name (their username without one) and e-mail. */
function useBuyerParty(): { name: string; mail: string } {
  const user = useAppStore((s) => s.session.user);
  const name = [user?.firstname, user?.lastname].filter(Boolean).join(' ') || user?.username || '';
  return { name, mail: user?.mail ?? '' };
}

/** The bill as an invoice document: what is printed. */
function Invoice({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const money = useMoney();
  const count = useCount();
  const percent = usePercent();
  const currency = useEnumLabel(currencyTypeEnum);
  const buyer = useBuyerParty();
  const titleRef = useFocusOnMount<HTMLHeadingElement>();
  const amount = (n: number | undefined) => money(n ?? 0, bill.currency_type ?? 0);
  const cancelled = bill.cancel_date ? formatDate(bill.cancel_date, lang) : '';

  return (
    <article className={`invoice${cancelled ? ' invoice--cancelled' : ''}`} aria-label={t('billing.documentOf', { number: bill.bill_number })}>
      {cancelled && (
        <p className="invoice__cancelled">
          <strong className="invoice__stamp">{t('billing.cancelledStamp')}</strong> {t('billing.cancelledOn', { date: cancelled })}
        </p>
      )}
      <header className="invoice__head">
        <div className="invoice__seller">
          <p className="invoice__label">{t('billing.seller')}</p>
          <p className="invoice__shop">{bill.shop_name}</p>
          <p className="invoice__address">{bill.shop_address}</p>
          <p>
            {t('billing.taxOffice')}: {bill.shop_tax_office}
          </p>
          <p>
            {t('billing.taxNumber')}: {bill.shop_tax_number}
          </p>
        </div>
        <div className="invoice__meta">
          <h2 ref={titleRef} tabIndex={-1} className="invoice__title">
            {t('billing.document')}
          </h2>
          <dl className="invoice__facts">
            <div>
              <dt>{t('billing.number')}</dt>
              <dd className="invoice__number">{bill.bill_number}</dd>
            </div>
            <div>
              <dt>{t('billing.date')}</dt>
              <dd>{formatDate(bill.bill_date, lang)}</dd>
            </div>
            <div>
              <dt>{t('billing.currency')}</dt>
              <dd>{currency(bill.currency_type ?? 0)}</dd>
            </div>
          </dl>
        </div>
      </header>
      <section className="invoice__buyer" aria-labelledby="invoice-buyer">
        <h3 id="invoice-buyer" className="invoice__label">
          {t('billing.buyer')}
        </h3>
        <p className="invoice__party">{buyer.name}</p>
        {buyer.mail && <p>{buyer.mail}</p>}
      </section>
      <table className="invoice-lines">
        <caption className="visually-hidden">{t('billing.lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('billing.product')}</th>
            <th scope="col" className="num">
              {t('billing.quantity')}
            </th>
            <th scope="col" className="num">
              {t('billing.unitPrice')}
            </th>
            <th scope="col" className="num">
              {t('billing.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {bill.product_items.map((item, i) => (
            <tr key={item.pro_client_id ?? i}>
              <th scope="row">{item.pro_name}</th>
              <td className="num" data-label={t('billing.quantity')}>
                {count(item.quantity)}
              </td>
              <td className="num" data-label={t('billing.unitPrice')}>
                {amount(item.unit_price)}
              </td>
              <td className="num invoice-lines__amount" data-label={t('billing.amount')}>
                {amount(item.line_total)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="invoice__totals">
        <div>
          <dt>{t('billing.net')}</dt>
          <dd>{amount(bill.net_price)}</dd>
        </div>
        <div>
          <dt>{t('billing.tax', { rate: percent(bill.tax_rate_percent) })}</dt>
          <dd>{amount(bill.tax_price)}</dd>
        </div>
        <div className="invoice__total">
          <dt>{t('billing.grandTotal')}</dt>
          <dd>{amount(bill.total_price)}</dd>
        </div>
      </dl>
    </article>
  );
}
