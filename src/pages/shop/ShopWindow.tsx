// The shop window a visitor browses (spec section 2: shop /shop and campaigns /campaigns): the bundles on sale
// as cards, with a search over bundle and product names, filters by shop and type of service, sorts by
// recommendation (priority), price in the chosen currency, newness and name, and pages from the server. The
// campaigns page is the same window narrowed to campaign bundles (docs/decisions.md). Its state lives in the
// address (q, shop, task, sort, page), so back, forward and shared links restore it.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { BundleAndProductListActiveRequest } from '../../generated/types/routes';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { usePagePath } from '../shared/hooks';
import { BundleCard } from './BundleCard';
import { isClientId, useBundleLink, useCurrency, useWindowList } from './hooks';
import { CAMPAIGN_PRIORITIES, TASK_TYPES, taskTypeLabel } from './words';
import './strings';
import './shop.css';
import { LoadFailed } from './LoadFailed';

export const WINDOW_PAGE_SIZE = 12;
const SORTS = ['priority', 'price', '-price', '-created_at', 'bundle_name'] as const;
type Sort = (typeof SORTS)[number];

export function ShopWindow({ page, campaigns }: PageProps & { campaigns: boolean }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const currency = useCurrency();
  const bundleLink = useBundleLink();
  const otherPath = usePagePath(campaigns ? 'shop' : 'campaigns');
  const [params, setParams] = useSearchParams();
  const ids = useId();

  const q = params.get('q')?.trim() ?? '';
  const shop = isClientId(params.get('shop')) ? params.get('shop')! : '';
  const task = (TASK_TYPES as readonly string[]).includes(params.get('task') ?? '') ? params.get('task')! : '';
  const sort: Sort = (SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as Sort) : 'priority';
  const pageNo = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const filtered = Boolean(q || shop || task);

  const request: BundleAndProductListActiveRequest = {
    currency_type: currency,
    sort,
    page: pageNo,
    page_size: WINDOW_PAGE_SIZE,
    ...(q ? { search: q.slice(0, 100) } : {}),
    ...(shop ? { shop_client_id: shop } : {}),
    ...(task ? { task_type: task as BundleAndProductListActiveRequest['task_type'] } : {}),
    ...(campaigns ? { priority_list: CAMPAIGN_PRIORITIES } : {}),
  };
  const { data, loading, error, retry } = useWindowList(request);

  // The search box keeps what is typed until it is sent; a new address (back, a cleared search) puts its query back.
  const [typed, setTyped] = useState(q);
  useEffect(() => setTyped(q), [q]);

  /** Changes the address's state; any change but the page starts again at page 1. */
  const change = (next: Record<string, string>) => {
    setParams((current) => {
      const p = new URLSearchParams(current);
      for (const [k, v] of Object.entries(next)) {
        if (v) p.set(k, v);
        else p.delete(k);
      }
      if (!('page' in next)) p.delete('page');
      return p;
    });
  };

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    change({ q: typed.trim() });
  };

  const shops = data?.shop_list ?? [];
  const shopNames = new Map(shops.map((s) => [s.shop_client_id, s.shop_name]));
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / WINDOW_PAGE_SIZE));
  const items = data?.bundle_list ?? [];
  // The first answer has not come yet: nothing to show but the loading line.
  const firstLoad = loading && !data;

  // After a move to another page of results, the list's heading line takes the focus (not the top of the document).
  const statusRef = useRef<HTMLParagraphElement>(null);
  const movedPage = useRef(false);
  useEffect(() => {
    if (!loading && movedPage.current) {
      movedPage.current = false;
      statusRef.current?.focus();
    }
  }, [loading]);
  // A page past the last (an old link, fewer bundles now): the last page instead.
  const pastEnd = Boolean(data && !loading && !error && pageNo > pages);
  useEffect(() => {
    if (pastEnd) setParams((current) => {
      const p = new URLSearchParams(current);
      if (pages > 1) p.set('page', String(pages));
      else p.delete('page');
      return p;
    }, { replace: true });
  }, [pastEnd, pages, setParams]);
  const toPage = (n: number) => {
    movedPage.current = true;
    change({ page: n > 1 ? String(n) : '' });
  };

  return (
    <article className="page storefront" aria-labelledby="page-title">
      <div className="storefront__header">
        <div>
          <h1 id="page-title">{page.caption[lang]}</h1>
          <p className="storefront__lead">{t(campaigns ? 'storefront.campaignsLead' : 'storefront.shopLead')}</p>
        </div>
        {otherPath && (
          <Link className="button button--secondary storefront__other" to={otherPath}>
            {t(campaigns ? 'storefront.toShop' : 'storefront.toCampaigns')}
          </Link>
        )}
      </div>

      <search aria-label={t('storefront.tools')}>
        <form className="storefront__tools" onSubmit={onSearch}>
          <div className="storefront__search field">
            <label className="field__label" htmlFor={`${ids}-q`}>
              {t('storefront.search')}
            </label>
            <div className="storefront__search-row">
              <input
                id={`${ids}-q`}
                className="field__input"
                type="search"
                name="q"
                maxLength={100}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
              <button type="submit" className="button">
                {t('storefront.searchButton')}
              </button>
            </div>
          </div>
          {shops.length > 1 && (
            <Choice id={`${ids}-shop`} label={t('storefront.shopFilter')} value={shop} onValue={(v) => change({ shop: v })}>
              <option value="">{t('storefront.allShops')}</option>
              {shops.map((s) => (
                <option key={s.shop_client_id} value={s.shop_client_id}>
                  {s.shop_name}
                </option>
              ))}
            </Choice>
          )}
          <Choice id={`${ids}-task`} label={t('storefront.taskFilter')} value={task} onValue={(v) => change({ task: v })}>
            <option value="">{t('storefront.allTasks')}</option>
            {TASK_TYPES.map((v) => (
              <option key={v} value={v}>
                {taskTypeLabel(v, lang)}
              </option>
            ))}
          </Choice>
          <Choice id={`${ids}-sort`} label={t('storefront.sort')} value={sort} onValue={(v) => change({ sort: v === 'priority' ? '' : v })}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`storefront.sorts.${s}`)}
              </option>
            ))}
          </Choice>
        </form>
      </search>

      {error ? (
        <LoadFailed what={t('storefront.loadFailed')} error={error} onRetry={retry} />
      ) : null}

      {firstLoad ? (
        <p className="storefront__status" role="status">
          {t('storefront.loading')}
        </p>
      ) : (
        !error &&
        data && (
          <p className="storefront__status" role="status" tabIndex={-1} ref={statusRef}>
            {loading ? t('storefront.loading') : total > 0 ? t('storefront.found', { count: total }) : ''}
          </p>
        )
      )}

      {!firstLoad && !error && data && total === 0 && (
        <div className="storefront__empty">
          {filtered ? (
            <>
              <p>{t('storefront.noResults')}</p>
              <button type="button" className="button button--secondary" onClick={() => change({ q: '', shop: '', task: '' })}>
                {t('storefront.clear')}
              </button>
            </>
          ) : (
            <>
              <p>{t(campaigns ? 'storefront.emptyCampaigns' : 'storefront.emptyShop')}</p>
              {campaigns && otherPath && <Link to={otherPath}>{t('storefront.toShop')}</Link>}
            </>
          )}
        </div>
      )}

      {items.length > 0 && (
        <ul className="storefront__grid" aria-busy={loading || undefined}>
          {items.map((item) => (
            <li key={item.bundle.bundle_client_id}>
              <BundleCard
                item={item}
                shopName={shopNames.get(item.bundle.shop_client_id)}
                to={bundleLink(item.bundle.bundle_client_id) ?? '#'}
                currency={currency}
                lang={lang}
              />
            </li>
          ))}
        </ul>
      )}

      {!error && pages > 1 && (
        <nav className="storefront__pager" aria-label={t('storefront.pages')}>
          <button type="button" className="button button--secondary" disabled={pageNo <= 1 || loading} onClick={() => toPage(pageNo - 1)}>
            {t('storefront.previous')}
          </button>
          <span>{t('storefront.pageOf', { page: pageNo, pages })}</span>
          <button type="button" className="button button--secondary" disabled={pageNo >= pages || loading} onClick={() => toPage(pageNo + 1)}>
            {t('storefront.next')}
          </button>
        </nav>
      )}
    </article>
  );
}

function Choice({ id, label, value, onValue, children }: { id: string; label: string; value: string; onValue: (v: string) => void; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" value={value} onChange={(e) => onValue(e.target.value)}>
        {children}
      </select>
    </div>
  );
}
