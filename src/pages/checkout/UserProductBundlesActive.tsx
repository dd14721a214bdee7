// user_product_bundles_active ("My Active Products"): the buyer's credits (the balance and its latest changes,
// /v1/user/credit/balance) and the bundles that are active for them, paged on the server, each product with
// its uses left in its own unit (pro_usage_count, pro_count_suffix in the reader's language), the days it is
// valid and its state; a search over bundle and product names and the day it became active; "Renew" on a
// periodic bundle puts its renewal into the cart.
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { userCreditBalance, userShopcartBundleActiveList, userShopcartBundleRenew } from '../../generated/client';
import { bundleStatus as bundleStatusEnum } from '../../generated/enums/bundleStatus';
import { creditReason as creditReasonEnum } from '../../generated/enums/creditReason';
import type { UserCreditBalanceResponse, UserShopcartBundleActiveListResponse } from '../../generated/types/routes';
import { catalogueText } from '../../domain/catalogue-text';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { formatDate, Notice, Pagination, TextField, useErrorText, useRepeatableEffect } from '../../app/ui';
import { useAppStore } from '../../app/store';
import { usePagePath } from '../shared/hooks';
import { PAGE_SIZE, usePagedList } from '../shared/paged';
import { FilterActions } from '../shared/FilterActions';
import { Empty, FilterPanel, LoadFailed, Loading, PageLink, useBuyerId, useCount, useDateRangeFilters, useEnumLabel } from './shared';

type ActiveBundle = UserShopcartBundleActiveListResponse['active_bundle_list'][number];

interface Filters {
  search: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { search: '', from: '', to: '' };

export default function UserProductBundlesActive({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const buyer = useBuyerId();
  const { formRef, draft, filters, errors, set, apply, reset } = useDateRangeFilters<Filters>(NO_FILTERS);
  const list = usePagedList<ActiveBundle>(
    useCallback(
      async (p: number) => {
        const a = await userShopcartBundleActiveList({
          user_client_id: buyer,
          ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
          ...(filters.from ? { active_date_from: filters.from } : {}),
          ...(filters.to ? { active_date_to: filters.to } : {}),
          page: p,
          page_size: PAGE_SIZE,
        });
        return { rows: a.active_bundle_list, total: a.total };
      },
      [buyer, filters],
    ),
  );
  const isFiltered = Boolean(filters.search.trim() || filters.from || filters.to);

  return (
    <article className="page checkout" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <Credits />
      <section className="section" aria-labelledby="active-title">
        <h2 id="active-title">{t('checkout.activeList')}</h2>
        <FilterPanel active={[filters.search.trim(), filters.from, filters.to].filter(Boolean).length}>
          <form ref={formRef} className="filters" noValidate onSubmit={apply}>
            <TextField label={t('checkout.searchActive')} name="search" type="search" autoComplete="off" maxLength={100} value={draft.search} onValue={set('search')} />
            <TextField label={t('checkout.activeFrom')} name="active_date_from" type="date" value={draft.from} onValue={set('from')} error={errors.from} />
            <TextField label={t('checkout.activeTo')} name="active_date_to" type="date" value={draft.to} onValue={set('to')} error={errors.to} />
            <FilterActions
              onReset={reset}
            />
          </form>
        </FilterPanel>
        {list.error ? <LoadFailed error={list.error} onRetry={list.reload} /> : null}
        {list.loading && list.rows.length === 0 && <Loading />}
        {!list.loading && !list.error && list.rows.length === 0 && (
          <Empty title={isFiltered ? t('checkout.activeNone') : t('checkout.activeEmpty')}>
            {!isFiltered && (
              <PageLink route="shop" className="button">
                {t('checkout.toShop')}
              </PageLink>
            )}
          </Empty>
        )}
        {list.rows.length > 0 && (
          <ul className="active-bundles" aria-labelledby="active-title" aria-busy={list.loading || undefined}>
            {list.rows.map((item) => (
              <ActiveBundleCard key={item.shopcart.shopcart_bundle_client_id} item={item} />
            ))}
          </ul>
        )}
        {list.total > PAGE_SIZE && <Pagination page={list.page} pageSize={PAGE_SIZE} total={list.total} onPage={list.setPage} label={t('checkout.activePages')} />}
      </section>
    </article>
  );
}

function ActiveBundleCard({ item }: { item: ActiveBundle }) {
  const { t } = useTranslation();
  const buyer = useBuyerId();
  const lang = useActiveLabel();
  const count = useCount();
  const status = useEnumLabel(bundleStatusEnum);
  const name = catalogueText(item.bundle, 'bundle_name', lang) || item.shopcart.bundle_name || '';
  const payments = Object.entries(item.shopcart.product_payment_list ?? {});
  const since = payments
    .map(([, p]) => p?.active_start_date)
    .filter((d): d is string => Boolean(d))
    .sort()[0];
  const titleId = `active-${item.shopcart.shopcart_bundle_client_id}`;
  // A periodic bundle is paid again by renewing it: a renewal line goes into the cart, then the cart takes over.
  const periodic = item.product_list.some((p) => p.pay_type === 'periodic');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const cartPath = usePagePath('user_shoppingcart');
  const setCartList = useAppStore((s) => s.setCartList);
  const [renewing, setRenewing] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  const renew = async () => {
    setRenewing(true);
    setRefusal(null);
    try {
      const a = await userShopcartBundleRenew({ user_client_id: buyer, shopcart_bundle_client_id: item.shopcart.shopcart_bundle_client_id });
      setCartList(a.shopcart_list);
      if (cartPath) navigate(cartPath);
    } catch (e) {
      setRefusal(e);
    } finally {
      setRenewing(false);
    }
  };
  return (
    <li className="active-bundle">
      <h3 id={titleId} className="active-bundle__name">
        {name}
        {item.shopcart.add_bundle_count > 1 && <span className="active-bundle__count"> × {item.shopcart.add_bundle_count}</span>}
      </h3>
      {since && <p className="active-bundle__since">{t('checkout.activatedAt', { date: formatDate(since, lang) })}</p>}
      {periodic && (
        <div className="active-bundle__renew">
          <button type="button" className="button button--secondary button--small" onClick={renew} disabled={renewing} aria-describedby={titleId}>
            {renewing ? t('common.sending') : t('checkout.renew')}
          </button>
          <span className="field__hint">{t('checkout.renewHint')}</span>
          {refusal ? <Notice>{errorText(refusal)}</Notice> : null}
        </div>
      )}
      <ul className="active-products" aria-labelledby={titleId}>
        {payments.map(([proId, p]) => {
          const product = item.product_list.find((x) => x.pro_client_id === proId);
          const productName = (product && catalogueText(product, 'pro_name', lang)) || p?.pro_name || '';
          const suffix = product ? catalogueText(product, 'pro_count_suffix', lang) : '';
          const unlimited = p?.usage_left === undefined || product?.pro_usage_count_type === 'unlimited';
          const from = formatDate(p?.active_start_date, lang);
          const to = formatDate(p?.active_end_date, lang);
          return (
            <li key={proId} className="active-product">
              <p className="active-product__name">{productName}</p>
              <dl className="active-product__facts">
                <div>
                  <dt>{t('checkout.usesLeft')}</dt>
                  <dd className="active-product__uses">{unlimited ? t('checkout.unlimited') : [count(p?.usage_left ?? 0), suffix].filter(Boolean).join(' ')}</dd>
                </div>
                <div>
                  <dt>{t('checkout.validity')}</dt>
                  <dd>{from ? (to ? t('checkout.validFromTo', { from, to }) : t('checkout.validFrom', { from })) : '—'}</dd>
                </div>
                <div>
                  <dt>{t('checkout.status')}</dt>
                  <dd>{p?.pro_status ? status(p.pro_status) : '—'}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

function Credits() {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const buyer = useBuyerId();
  const count = useCount();
  const reason = useEnumLabel(creditReasonEnum);
  const [state, setState] = useState<{ loading: boolean; error: unknown; data: UserCreditBalanceResponse | null }>({ loading: true, error: null, data: null });
  const reload = useRepeatableEffect(
    useCallback(() => {
      if (!buyer) return undefined;
      let live = true;
      setState((s) => ({ ...s, loading: true, error: null }));
      userCreditBalance({ user_client_id: buyer, entry_count: 5 }).then(
        (data) => live && setState({ loading: false, error: null, data }),
        (error: unknown) => live && setState({ loading: false, error, data: null }),
      );
      return () => {
        live = false;
      };
    }, [buyer]),
  );
  const data = state.data;
  const signed = (n: number) => (n > 0 ? `+${count(n)}` : `−${count(-n)}`);
  return (
    <section className="section credits" aria-labelledby="credits-title">
      <h2 id="credits-title">{t('checkout.credits')}</h2>
      {state.error ? <LoadFailed error={state.error} onRetry={reload} /> : null}
      {state.loading && !data && <Loading />}
      {data && (
        <>
          <p className="credits__balance">
            <span className="credits__label">{t('checkout.creditBalanceLabel')}</span>{' '}
            <strong className="credits__amount">{t('checkout.creditBalance', { count: data.credit_balance, amount: count(data.credit_balance) })}</strong>
          </p>
          {data.credit_entry_list.length === 0 ? (
            <p className="field__hint">{t('checkout.creditNone')}</p>
          ) : (
            <>
              <h3 id="credit-history">{t('checkout.creditHistory')}</h3>
              <ol className="credit-entries" aria-labelledby="credit-history">
                {data.credit_entry_list.map((e) => (
                  <li key={e.credit_client_id} className="credit-entry">
                    <span className="credit-entry__what">
                      <span className="credit-entry__reason">{reason(e.credit_reason)}</span>
                      <span className="credit-entry__at">{formatDate(e.created_at, lang, true)}</span>
                    </span>
                    <span className="credit-entry__numbers">
                      <span className={`credit-entry__change ${e.credit_change > 0 ? 'credits__plus' : 'credits__minus'}`}>
                        <span className="visually-hidden">{t('checkout.creditChange')}: </span>
                        {signed(e.credit_change)}
                      </span>
                      <span className="credit-entry__after">{t('checkout.creditAfterValue', { amount: count(e.balance_after) })}</span>
                    </span>
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </section>
  );
}
