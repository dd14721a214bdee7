// A website unit of content kind shop_highlights (the shop site's home page): its text, then the shop window's
// first bundles, recommended first, as cards in the chosen currency, with a link to the shop and one to the
// campaigns. On a site without the shop feature only the text (and the unit's child pages) is shown.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { useAppStore } from '../../app/store';
import { usePagePath } from '../shared/hooks';
import { BundleCard } from './BundleCard';
import { useBundleLink, useCurrency, useWindowList } from './hooks';
import './strings';
import './shop.css';
import { ChildPagesNav, useChildPages } from '../shared/ChildPages';
import { LoadFailed } from './LoadFailed';

const DEFAULT_COUNT = 3;

export function ShopHighlights({ page }: PageProps) {
  const lang = useActiveLabel();
  const children = useChildPages(page.route_name);
  const content = page.content?.kind === 'shop_highlights' ? page.content : undefined;
  const text = content?.text?.[lang];
  const shopPath = usePagePath('shop');
  const shopOn = useAppStore((s) => s.configuration.settings?.shop_function === 1);

  return (
    <article className="page highlights" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      {text && <p className="page__text highlights__text">{text}</p>}
      {shopOn && shopPath && <Featured count={content?.count ?? DEFAULT_COUNT} shopPath={shopPath} />}
      <ChildPagesNav pages={children} />
    </article>
  );
}

function Featured({ count, shopPath }: { count: number; shopPath: string }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const currency = useCurrency();
  const bundleLink = useBundleLink();
  const campaignsPath = usePagePath('campaigns');
  const { data, loading, error, retry } = useWindowList({ currency_type: currency, sort: 'priority', page: 1, page_size: count });
  const shopNames = new Map((data?.shop_list ?? []).map((s) => [s.shop_client_id, s.shop_name]));
  const items = data?.bundle_list ?? [];

  return (
    <section aria-labelledby="highlights-title">
      <div className="highlights__head">
        <h2 id="highlights-title">{t('storefront.highlights.title')}</h2>
        <p className="page__links">
          <Link to={shopPath}>{t('storefront.highlights.toShop')}</Link>
          {campaignsPath && <Link to={campaignsPath}>{t('storefront.toCampaigns')}</Link>}
        </p>
      </div>
      {error ? (
        <LoadFailed what={t('storefront.highlights.loadFailed')} error={error} onRetry={retry} />
      ) : loading && !data ? (
        <p className="storefront__status" role="status">
          {t('storefront.loading')}
        </p>
      ) : items.length === 0 ? (
        <p className="storefront__empty">{t('storefront.highlights.empty')}</p>
      ) : (
        <ul className="storefront__grid" aria-busy={loading || undefined}>
          {items.map((item) => (
            <li key={item.bundle.bundle_client_id}>
              <BundleCard
                item={item}
                shopName={shopNames.get(item.bundle.shop_client_id)}
                to={bundleLink(item.bundle.bundle_client_id) ?? shopPath}
                currency={currency}
                lang={lang}
                headingLevel={3}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
