// A bundle as a card of the storefront (shop, campaigns, the home page's highlights): its shop, name, features,
// products with their prices and usage, and the bundle's price in the chosen currency. The whole card opens the
// bundle page through its one link (the name), so it is one stop for the keyboard.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../domain/language';
import type { Bundle, BundleProduct, CurrencyType } from '../../generated/types/entities';
import { bundleFeatures, bundleName, bundlePriceWords, isCampaign, productName, productPriceText, usageText } from './words';

/** Products listed on a card; the rest are counted ("and 2 more products"). */
const CARD_PRODUCTS = 4;

export interface WindowItem {
  bundle: Bundle;
  product_list: BundleProduct[];
}

export function BundleCard({
  item,
  shopName,
  to,
  currency,
  lang,
  headingLevel = 2,
}: {
  item: WindowItem;
  shopName?: string;
  to: string;
  currency: CurrencyType;
  lang: Lang;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { bundle, product_list: products } = item;
  const name = bundleName(bundle, lang);
  const features = bundleFeatures(bundle, lang);
  const price = bundlePriceWords(products, currency, lang, t);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const shown = products.slice(0, CARD_PRODUCTS);
  const more = products.length - shown.length;

  return (
    <article className="bundle-card" aria-labelledby={`${id}-name`}>
      <div className="bundle-card__top">
        {shopName && <p className="bundle-card__shop">{shopName}</p>}
        {isCampaign(bundle) && <p className="bundle-card__badge">{t('storefront.card.campaign')}</p>}
      </div>
      <Heading className="bundle-card__title" id={`${id}-name`}>
        <Link className="bundle-card__link" to={to}>
          {name}
        </Link>
      </Heading>
      {features.length > 0 && (
        <ul className="bundle-card__features">
          {features.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: feature lines may repeat; their order is their identity
            <li key={i}>{f}</li>
          ))}
        </ul>
      )}
      <div className="bundle-card__products">
        <p className="visually-hidden">{t('storefront.card.products')}</p>
        <ul>
          {shown.map((p) => {
            const usage = usageText(p, lang, t);
            return (
              <li key={p.pro_client_id} className="bundle-card__product">
                <span className="bundle-card__product-name">{productName(p, lang)}</span>
                <span className="bundle-card__product-price">{productPriceText(p, currency, lang, t)}</span>
                {usage && <span className="bundle-card__product-usage">{usage}</span>}
              </li>
            );
          })}
        </ul>
        {more > 0 && <p className="bundle-card__more">{t('storefront.card.more', { count: more })}</p>}
      </div>
      <div className="bundle-card__footer">
        <div>
          <p className="bundle-card__price-label">{t('storefront.card.bundlePrice')}</p>
          <p className={price.price ? 'bundle-card__price' : 'bundle-card__price bundle-card__price--none'}>{price.price ?? price.note}</p>
          {price.price && price.note && <p className="bundle-card__price-note">{price.note}</p>}
        </div>
        <span className="bundle-card__cta" aria-hidden="true">
          {t('storefront.card.view')} →
        </span>
      </div>
    </article>
  );
}
