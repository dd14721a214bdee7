// A bundle's page in the storefront (route shop_bundle: /shop/bundle, /magaza/paket, ?bundle_client_id=…): the
// bundle with its shop, features, products (prices in the chosen currency, usage, delivery, ways to pay) and
// its agreements to read, and a purchase box with a quantity and "Add to cart" (/v1/user/shopcart/bundle/add).
// A visitor who is not signed in is sent to sign in and comes back here with the quantity kept (new_url).
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { bundleDetails, userShopcartBundleAdd } from '../../generated/client';
import { recordNotFound } from '../../generated/errors';
import type { BundleDetailsResponse } from '../../generated/types/routes';
import type { BundleProduct, CurrencyType } from '../../generated/types/entities';
import { onSale } from '../../domain/bundle-price';
import type { Lang } from '../../domain/language';
import { catalogueText } from '../../domain/catalogue-text';
import { formatDate, Notice, useErrorText, useRepeatableEffect } from '../../app/ui';
import { LOGIN_ROUTE, loginRedirect, pageNamed } from '../../app/router/catalogue';
import { useActiveLabel, usePages } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { isLoggedIn, useAppStore } from '../../app/store';
import { usePagePath } from '../shared/hooks';
import { BUNDLE_PARAM, isClientId, useCurrency } from './hooks';
import { bundleFeatures, bundleName, bundlePriceWords, preparationLabel, productName, productPriceText, usageText } from './words';
import './strings';
import './shop.css';
import { LoadFailed } from './LoadFailed';

/** The quantity's bounds (shopcart add_bundle_count). */
const MIN_COUNT = 1;
const MAX_COUNT = 1000;
export const COUNT_PARAM = 'count';

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; error: unknown } | { state: 'ready'; details: BundleDetailsResponse };

function parseCount(text: string | null): number | null {
  if (text === null || !/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= MIN_COUNT && n <= MAX_COUNT ? n : null;
}

export default function ShopBundle({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const currency = useCurrency();
  const [params] = useSearchParams();
  const bundleId = params.get(BUNDLE_PARAM);
  const shopPath = usePagePath('shop');
  const shopCaption = pageNamed(usePages(), 'shop')?.caption[lang];
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const run = useCallback(() => {
    if (!isClientId(bundleId)) {
      setLoad({ state: 'missing' });
      return undefined;
    }
    let live = true;
    setLoad({ state: 'loading' });
    bundleDetails({ bundle_client_id: bundleId }).then(
      (details) => live && setLoad({ state: 'ready', details }),
      (error: unknown) => {
        if (!live) return;
        setLoad(error instanceof ApiError && error.status_code === recordNotFound.status_code ? { state: 'missing' } : { state: 'failed', error });
      },
    );
    return () => {
      live = false;
    };
  }, [bundleId]);
  const retry = useRepeatableEffect(run);

  const name = load.state === 'ready' ? bundleName(load.details.bundle, lang) : page.caption[lang];

  return (
    <article className="page storefront-bundle" aria-labelledby="page-title" aria-busy={load.state === 'loading' || undefined}>
      <nav className="breadcrumb" aria-label={t('storefront.bundle.breadcrumb')}>
        <ol>
          {shopPath && (
            <li>
              <Link to={shopPath}>{shopCaption}</Link>
            </li>
          )}
          <li aria-current="page">{name}</li>
        </ol>
      </nav>
      {load.state === 'loading' && (
        <>
          <h1 id="page-title">{page.caption[lang]}</h1>
          <p role="status">{t('storefront.bundle.loading')}</p>
        </>
      )}
      {load.state === 'missing' && (
        <>
          <h1 id="page-title">{page.caption[lang]}</h1>
          <p role="alert">{t('storefront.bundle.notFound')}</p>
          {shopPath && <Link to={shopPath}>{t('storefront.toShop')}</Link>}
        </>
      )}
      {load.state === 'failed' && (
        <>
          <h1 id="page-title">{page.caption[lang]}</h1>
          <LoadFailed what={t('storefront.bundle.loadFailed')} error={load.error} onRetry={retry} />
        </>
      )}
      {load.state === 'ready' && <BundleView details={load.details} currency={currency} lang={lang} />}
    </article>
  );
}

function BundleView({ details, currency, lang }: { details: BundleDetailsResponse; currency: CurrencyType; lang: Lang }) {
  const { t } = useTranslation();
  const { bundle, shop } = details;
  const name = bundleName(bundle, lang);
  const features = bundleFeatures(bundle, lang);
  const products = details.product_list;
  const selling = products.filter((p) => onSale(p));
  const onSaleNow = bundle.bundle_status !== 'passive' && shop.shop_status !== 'passive' && selling.length > 0;
  const productNames = new Map(products.map((p) => [p.pro_client_id, productName(p, lang)]));
  const agreements = [
    ...details.agreement_list.map((a) => ({ key: a.agreement_client_id, a, product: '' })),
    ...details.product_agreement_list.map((a) => ({ key: a.product_agreement_client_id, a, product: productNames.get(a.pro_client_id) ?? '' })),
  ];

  return (
    <div className="storefront-bundle__layout">
      <div className="storefront-bundle__head">
        <p className="storefront-bundle__shop">{t('storefront.bundle.soldBy', { shop: shop.shop_name })}</p>
        <h1 id="page-title">{name}</h1>
        {!onSaleNow && <Notice kind="info">{t('storefront.bundle.notOnSale')}</Notice>}
        {features.length > 0 && (
          <section className="page-section" aria-labelledby="bundle-features">
            <h2 id="bundle-features">{t('storefront.bundle.features')}</h2>
            <ul className="storefront-bundle__features">
              {features.map((f, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: feature lines may repeat; their order is their identity
                <li key={i}>{f}</li>
              ))}
            </ul>
          </section>
        )}
      </div>
      {/* Right after the name on a phone, beside everything on a wide screen. */}
      <Purchase details={details} name={name} selling={selling} onSaleNow={onSaleNow} currency={currency} lang={lang} />
      <div className="storefront-bundle__body">
        <section className="page-section" aria-labelledby="bundle-products">
          <h2 id="bundle-products">{t('storefront.bundle.products')}</h2>
          <ul className="product-list">
            {products.map((p) => (
              <ProductItem key={p.pro_client_id} product={p} currency={currency} lang={lang} selling={onSale(p)} />
            ))}
          </ul>
        </section>
        <section className="page-section" aria-labelledby="bundle-agreements">
          <h2 id="bundle-agreements">{t('storefront.bundle.agreements')}</h2>
          {agreements.length === 0 ? (
            <p>{t('storefront.bundle.noAgreements')}</p>
          ) : (
            <>
              {agreements.some(({ a }) => a.approve_required) && <p>{t('storefront.bundle.agreementsLead')}</p>}
              {agreements.map(({ key, a, product }) => (
                <details key={key} className="agreement">
                  <summary>
                    <span>{a.agreement_name}</span>
                    {product && <span className="agreement__for">{t('storefront.bundle.forProduct', { product })}</span>}
                    {a.approve_required && <span className="agreement__required">{t('storefront.bundle.approveRequired')}</span>}
                  </summary>
                  <p className="agreement__text">{a.agreement_text}</p>
                </details>
              ))}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function ProductItem({ product: p, currency, lang, selling }: { product: BundleProduct; currency: CurrencyType; lang: Lang; selling: boolean }) {
  const { t } = useTranslation();
  const group = catalogueText(p, 'pro_group_name', lang);
  const info = catalogueText(p, 'pro_info', lang);
  const usage = usageText(p, lang, t);
  const preparation = preparationLabel(p.preparation_type, lang);
  const ways = [p.pay_credit_card ? t('storefront.bundle.card') : '', p.pay_transfer_to_account ? t('storefront.bundle.transfer') : ''].filter(Boolean);
  return (
    <li className={selling ? 'product' : 'product product--off'}>
      <h3>{productName(p, lang)}</h3>
      {group && <p className="product__group">{group}</p>}
      {info && <p className="product__info">{info}</p>}
      <dl className="product__facts">
        <dt>{t('storefront.bundle.price')}</dt>
        <dd>{productPriceText(p, currency, lang, t)}</dd>
        {usage && (
          <>
            <dt>{t('storefront.bundle.usage')}</dt>
            <dd>{usage}</dd>
          </>
        )}
        {preparation && (
          <>
            <dt>{t('storefront.bundle.preparation')}</dt>
            <dd>{preparation}</dd>
          </>
        )}
        {ways.length > 0 && (
          <>
            <dt>{t('storefront.bundle.payment')}</dt>
            <dd>{ways.join(', ')}</dd>
          </>
        )}
        {selling && p.pro_end_date && (
          <>
            <dt>{t('storefront.bundle.saleEnds')}</dt>
            <dd>{formatDate(p.pro_end_date, lang)}</dd>
          </>
        )}
      </dl>
      {!selling && <span className="product__off">{t('storefront.bundle.productNotOnSale')}</span>}
    </li>
  );
}

function Purchase({
  details,
  name,
  selling,
  onSaleNow,
  currency,
  lang,
}: {
  details: BundleDetailsResponse;
  name: string;
  selling: BundleProduct[];
  onSaleNow: boolean;
  currency: CurrencyType;
  lang: Lang;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const pages = usePages();
  const loggedIn = useAppStore((s) => isLoggedIn(s.session));
  const userId = useAppStore((s) => s.session.user?.user_client_id);
  const setCartList = useAppStore((s) => s.setCartList);
  const cartPath = usePagePath('user_shoppingcart');
  const shopPath = usePagePath('shop');
  const errorText = useErrorText();
  const canSignIn = Boolean(pageNamed(pages, LOGIN_ROUTE));

  const [count, setCount] = useState(() => String(parseCount(params.get(COUNT_PARAM)) ?? MIN_COUNT));
  const [countError, setCountError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [added, setAdded] = useState<number | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const countRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (added !== null) doneRef.current?.focus();
  }, [added]);

  const price = bundlePriceWords(selling, currency, lang, t);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const n = parseCount(count);
    setCountError(n === null);
    setAdded(null);
    setFailure(null);
    if (n === null) {
      countRef.current?.focus();
      return;
    }
    if (!loggedIn) {
      // Back to this bundle after signing in, with the quantity chosen.
      const back = new URLSearchParams(location.search);
      back.set(COUNT_PARAM, String(n));
      navigate(loginRedirect(pages, lang, `${location.pathname}?${back}`));
      return;
    }
    setBusy(true);
    try {
      const answer = await userShopcartBundleAdd({
        shop_client_id: details.bundle.shop_client_id,
        bundle_client_id: details.bundle.bundle_client_id,
        user_client_id: userId ?? '',
        add_bundle_count: n,
      });
      setCartList(answer.shopcart_list);
      setAdded(n);
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <aside className="purchase" aria-labelledby={`${ids}-buy`}>
      <h2 id={`${ids}-buy`}>{t('storefront.bundle.buy')}</h2>
      <div>
        <p className="purchase__price">{price.price ?? price.note}</p>
        {price.price && price.note && <p className="purchase__note">{price.note}</p>}
      </div>
      {onSaleNow && (loggedIn || canSignIn) ? (
        <form className="purchase__form" noValidate onSubmit={onSubmit}>
          <div className="field purchase__count">
            <label className="field__label" htmlFor={`${ids}-count`}>
              {t('storefront.bundle.count')}
            </label>
            <input
              ref={countRef}
              id={`${ids}-count`}
              className="field__input"
              type="number"
              inputMode="numeric"
              min={MIN_COUNT}
              max={MAX_COUNT}
              step={1}
              value={count}
              onChange={(e) => setCount(e.target.value)}
              aria-invalid={countError || undefined}
              aria-describedby={`${ids}-count-hint${countError ? ` ${ids}-count-error` : ''}`}
            />
            <p id={`${ids}-count-hint`} className="field__hint">
              {t('storefront.bundle.countHint')}
            </p>
            {countError && (
              <p id={`${ids}-count-error`} className="field__error">
                {t('storefront.bundle.countInvalid')}
              </p>
            )}
          </div>
          <button type="submit" className="button purchase__add" disabled={busy}>
            {busy ? t('storefront.bundle.adding') : t('storefront.bundle.add')}
          </button>
          {!loggedIn && <p className="purchase__hint">{t('storefront.bundle.signInHint')}</p>}
        </form>
      ) : (
        onSaleNow && <p className="purchase__hint">{t('storefront.bundle.noCart')}</p>
      )}
      <Notice>{failure ? errorText(failure) : null}</Notice>
      {added !== null && (
        <div ref={doneRef} tabIndex={-1} className="notice notice--success purchase__done" role="status">
          <p>{t('storefront.bundle.added', { bundle: name, count: added })}</p>
          <p className="purchase__links">
            {cartPath && <Link to={cartPath}>{t('storefront.bundle.toCart')}</Link>}
            {shopPath && <Link to={shopPath}>{t('storefront.bundle.keepShopping')}</Link>}
          </p>
        </div>
      )}
    </aside>
  );
}
