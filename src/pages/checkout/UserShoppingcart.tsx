// user_shoppingcart: the buyer's cart, its lines grouped by shop, each bundle with its products and prices in
// the chosen currency, counts changed with +/− and Remove (cart add/cancel), and the total per shop. "Order"
// opens the shop's order form: the payment methods every product takes (src/domain/checkout.ts), the
// agreements that must be approved (each readable in a dialog, with a checkbox), a note for transfers; the
// order goes with a request key kept while the same order is retried. A free order is active at once; any
// other goes on to the payment page.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { bundleDetails, userShopcartBundleAdd, userShopcartBundleCancel, userShopcartBundleList, userShopcartBundleProductOrder } from '../../generated/client';
import { paymentMethod as paymentMethodEnum } from '../../generated/enums/paymentMethod';
import type { PaymentMethod, Shopcart } from '../../generated/types/entities';
import type { BundleDetailsResponse } from '../../generated/types/routes';
import { shopcartRules, orderRules } from '../../generated/field-rules';
import { catalogueText } from '../../domain/catalogue-text';
import { bundleUnitPrice, lineCurrencies, lineTotal, methodsForAll, mustApprove } from '../../domain/checkout';
import type { Lang } from '../../domain/language';
import { ApiError } from '../../api/errors';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { useAppStore } from '../../app/store';
import { Notice, TextAreaField, useErrorText, useRepeatableEffect } from '../../app/ui';
import { usePagePath } from '../shared/hooks';
import { AgreementDialog, Empty, LoadFailed, Loading, PageLink, useBuyerId, useEnumLabel, useMoney, useRequestKey } from './shared';

const MAX_COUNT = shopcartRules.add_bundle_count.maximum;

type Details = BundleDetailsResponse;
type DetailsState = Record<string, Details | { failed: unknown }>;
const isDetails = (d: DetailsState[string] | undefined): d is Details => Boolean(d && 'bundle' in d);

/** An agreement the order must approve, whichever kind (bundle or product). */
interface RequiredAgreement {
  id: string;
  name: string;
  text: string;
  /** What it belongs to, in the reader's language (the bundle or the product). */
  of: string;
}

/** The cart's lines of one shop, in the cart's order. */
interface ShopGroup {
  shopId: string;
  lines: Shopcart[];
}

function groupByShop(list: readonly Shopcart[]): ShopGroup[] {
  const groups: ShopGroup[] = [];
  for (const line of list) {
    const shopId = line.shop_client_id ?? '';
    const group = groups.find((g) => g.shopId === shopId);
    if (group) group.lines.push(line);
    else groups.push({ shopId, lines: [line] });
  }
  return groups;
}

/** The line's bundle name in the reader's language (the details' translations, else the cart's copy). */
function bundleNameOf(line: Shopcart, details: Details | undefined, lang: Lang): string {
  return (details && catalogueText(details.bundle, 'bundle_name', lang)) || line.bundle_name || '';
}

export default function UserShoppingcart({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const buyer = useBuyerId();
  const currency = useAppStore((s) => s.currency.type);
  const list = useAppStore((s) => s.cart.list);
  const setCartList = useAppStore((s) => s.setCartList);
  // pricedIn: the currency the list was read in (the transport sends the chosen one; a new choice, new prices).
  const [state, setState] = useState<{ loading: boolean; error: unknown; pricedIn?: number }>({ loading: true, error: null });
  const [details, setDetails] = useState<DetailsState>({});
  const [ordered, setOrdered] = useState<{ free: boolean } | null>(null);
  const [announce, setAnnounce] = useState('');

  // The cart, read again when the buyer or the currency changes (prices are answered in the chosen one).
  const reload = useRepeatableEffect(
    useCallback(() => {
      if (!buyer) return undefined;
      let live = true;
      setState({ loading: true, error: null, pricedIn: currency });
      userShopcartBundleList({ user_client_id: buyer }).then(
        (a) => {
          if (!live) return;
          setCartList(a.shopcart_list);
          setState({ loading: false, error: null, pricedIn: currency });
        },
        (error: unknown) => live && setState({ loading: false, error, pricedIn: currency }),
      );
      return () => {
        live = false;
      };
    }, [buyer, currency, setCartList]),
  );

  // Each bundle's details (names in both languages, products' payment methods, agreements), once per bundle.
  const bundleIds = useMemo(() => [...new Set(list.map((l) => l.bundle_client_id))].sort(), [list]);
  const missing = bundleIds.filter((id) => !details[id]);
  const missingKey = missing.join(',');
  useEffect(() => {
    if (!missingKey) return;
    let live = true;
    for (const id of missingKey.split(',')) {
      bundleDetails({ bundle_client_id: id }).then(
        (d) => live && setDetails((all) => ({ ...all, [id]: d })),
        (failed: unknown) => live && setDetails((all) => ({ ...all, [id]: { failed } })),
      );
    }
    return () => {
      live = false;
    };
  }, [missingKey]);
  const retryDetails = (id: string) =>
    setDetails((all) => {
      const { [id]: _gone, ...rest } = all;
      return rest;
    });

  const groups = groupByShop(list);
  const count = list.reduce((n, l) => n + l.add_bundle_count, 0);

  return (
    <article className="page checkout" aria-labelledby="page-title">
      <h1 id="page-title" tabIndex={-1}>
        {page.caption[lang]}
      </h1>
      <p className="visually-hidden" role="status">
        {announce}
      </p>
      {ordered?.free && (
        <Notice kind="success">
          <p className="checkout-notice__text">{t('checkout.freeOrdered')}</p>
          <PageLink route="user_product_bundles_active" className="button button--small">
            {t('checkout.seeActive')}
          </PageLink>
        </Notice>
      )}
      {state.error ? <LoadFailed error={state.error} onRetry={reload} /> : null}
      {state.loading && list.length === 0 && !state.error && <Loading>{t('checkout.loading')}</Loading>}
      {!state.loading && !state.error && list.length === 0 && !ordered?.free && (
        <Empty title={t('checkout.emptyCart')} hint={t('checkout.emptyCartHint')}>
          <PageLink route="shop" className="button">
            {t('checkout.toShop')}
          </PageLink>
        </Empty>
      )}
      {list.length > 0 && <p className="checkout-lead">{t('checkout.cartCount', { count })}</p>}
      {groups.map((g) => (
        <ShopSection
          key={g.shopId}
          group={g}
          details={details}
          onRetryDetails={retryDetails}
          onAnnounce={setAnnounce}
          onFreeOrder={() => setOrdered({ free: true })}
        />
      ))}
    </article>
  );
}

function ShopSection({
  group,
  details,
  onRetryDetails,
  onAnnounce,
  onFreeOrder,
}: {
  group: ShopGroup;
  details: DetailsState;
  onRetryDetails: (bundleId: string) => void;
  onAnnounce: (text: string) => void;
  onFreeOrder: () => void;
}) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const money = useMoney();
  const currency = useAppStore((s) => s.currency.type);
  const [ordering, setOrdering] = useState(false);
  const orderButton = useRef<HTMLButtonElement>(null);
  const firstDetails = group.lines.map((l) => details[l.bundle_client_id]).find(isDetails);
  const shopName = firstDetails?.shop.shop_name ?? t('checkout.unknownShop');
  const headingId = `shop-${group.shopId}`;

  // The shop's total per currency: one currency normally; a product not sold in the chosen one shows another.
  const totals = new Map<number, number>();
  for (const line of group.lines) {
    const [only, ...others] = lineCurrencies(line);
    if (only !== undefined && others.length === 0) totals.set(only, (totals.get(only) ?? 0) + lineTotal(line));
  }
  const mixed = group.lines.some((l) => lineCurrencies(l).some((c) => c !== currency));
  const failed = group.lines.filter((l) => details[l.bundle_client_id] && !isDetails(details[l.bundle_client_id]));
  const ready = group.lines.every((l) => isDetails(details[l.bundle_client_id]));
  const otherCurrency = currency === 0 ? 1 : 0;

  return (
    <section className="section cart-shop" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {shopName}
      </h2>
      <ul className="cart-lines">
        {group.lines.map((line) => (
          <CartLine key={line.shopcart_bundle_client_id} line={line} details={details[line.bundle_client_id]} onAnnounce={onAnnounce} headingId={headingId} />
        ))}
      </ul>
      {failed.map((l) => (
        <Notice key={l.shopcart_bundle_client_id}>
          <p className="checkout-notice__text">{t('checkout.detailsFailed', { bundle: l.bundle_name })}</p>
          <button type="button" className="button button--secondary button--small" onClick={() => onRetryDetails(l.bundle_client_id)}>
            {t('checkout.retry')}
          </button>
        </Notice>
      ))}
      {mixed && (
        <Notice kind="info">
          {t('checkout.otherCurrency', { currency: t(`currency.${currency}`), other: t(`currency.${otherCurrency}`) })}
        </Notice>
      )}
      <p className="cart-shop__total">
        <span>{t('checkout.shopTotal')}</span>{' '}
        <strong>
          {[...totals.entries()]
            .sort(([a], [b]) => (a === currency ? -1 : b === currency ? 1 : a - b))
            .map(([c, amount]) => money(amount, c))
            .join(' + ')}
        </strong>
      </p>
      {!ordering ? (
        <div className="form__actions">
          <button ref={orderButton} type="button" className="button" disabled={!ready || mixed} onClick={() => setOrdering(true)}>
            {t('checkout.order')}
          </button>
        </div>
      ) : (
        ready &&
        !mixed && (
          <OrderForm
            group={group}
            details={details as Record<string, Details>}
            shopName={shopName}
            total={totals.get(currency) ?? 0}
            lang={lang}
            onCancel={() => {
              setOrdering(false);
              requestAnimationFrame(() => orderButton.current?.focus());
            }}
            onFreeOrder={onFreeOrder}
          />
        )
      )}
    </section>
  );
}

function CartLine({ line, details, onAnnounce, headingId }: { line: Shopcart; details: DetailsState[string] | undefined; onAnnounce: (text: string) => void; headingId: string }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const money = useMoney();
  const buyer = useBuyerId();
  const setCartList = useAppStore((s) => s.setCartList);
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const known = isDetails(details) ? details : undefined;
  const name = bundleNameOf(line, known, lang);
  const products = Object.entries(line.product_payment_list ?? {});
  const unit = bundleUnitPrice(line);
  const currencies = lineCurrencies(line);
  const lineCurrency = currencies.length === 1 ? currencies[0] : undefined;

  const change = async (kind: 'add' | 'cancel', by: number) => {
    if (!line.shop_client_id) return;
    setBusy(true);
    setError(null);
    const request = { shop_client_id: line.shop_client_id, bundle_client_id: line.bundle_client_id, user_client_id: buyer, add_bundle_count: by };
    try {
      const answer = kind === 'add' ? await userShopcartBundleAdd(request) : await userShopcartBundleCancel(request);
      const after = answer.shopcart_list.find((l) => l.shopcart_bundle_client_id === line.shopcart_bundle_client_id);
      if (!after) {
        // The line is gone with its buttons: the keyboard goes to the shop's heading (or the page's) instead.
        onAnnounce(t('checkout.removed', { bundle: name }));
        setCartList(answer.shopcart_list);
        requestAnimationFrame(() => (document.getElementById(headingId) ?? document.getElementById('page-title'))?.focus());
        return;
      }
      setCartList(answer.shopcart_list);
      onAnnounce(t('checkout.countChanged', { bundle: name, count: after.add_bundle_count }));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="cart-line">
      <div className="cart-line__head">
        <h3 className="cart-line__name">{name}</h3>
        {lineCurrency !== undefined && line.add_bundle_count > 1 && <p className="cart-line__unit">{t('checkout.unitPrice', { price: money(unit, lineCurrency) })}</p>}
      </div>
      <ul className="cart-line__products" aria-label={t('checkout.products', { bundle: name })}>
        {products.map(([proId, p]) => {
          const product = known?.product_list.find((x) => x.pro_client_id === proId);
          return (
            <li key={proId} className="cart-line__product">
              <span>{(product && catalogueText(product, 'pro_name', lang)) || p?.pro_name}</span>
              <span className="cart-line__money">{p && (p.amount === 0 ? t('checkout.free') : money(p.amount, p.currency_type))}</span>
            </li>
          );
        })}
      </ul>
      <div className="cart-line__foot">
        <fieldset className="stepper" aria-label={t('checkout.bundleCount', { bundle: name })}>
          <button type="button" className="stepper__button" aria-label={t('checkout.decrease', { bundle: name })} disabled={busy || line.add_bundle_count <= 1} onClick={() => change('cancel', 1)}>
            −
          </button>
          <span className="stepper__value">{line.add_bundle_count}</span>
          <button
            type="button"
            className="stepper__button"
            aria-label={t('checkout.increase', { bundle: name })}
            disabled={busy || line.add_bundle_count >= MAX_COUNT}
            title={line.add_bundle_count >= MAX_COUNT ? t('checkout.maxCount', { count: MAX_COUNT }) : undefined}
            onClick={() => change('add', 1)}
          >
            +
          </button>
        </fieldset>
        <button type="button" className="button button--secondary button--small" aria-label={t('checkout.remove', { bundle: name })} disabled={busy} onClick={() => change('cancel', line.add_bundle_count)}>
          {t('checkout.removeShort')}
        </button>
        <p className="cart-line__total">
          <span>{t('checkout.lineTotal')}</span> <strong>{lineCurrency !== undefined ? money(lineTotal(line), lineCurrency) : '—'}</strong>
        </p>
      </div>
      {error ? <Notice>{errorText(error)}</Notice> : null}
    </li>
  );
}

function OrderForm({
  group,
  details,
  shopName,
  total,
  lang,
  onCancel,
  onFreeOrder,
}: {
  group: ShopGroup;
  details: Record<string, Details>;
  shopName: string;
  total: number;
  lang: Lang;
  onCancel: () => void;
  onFreeOrder: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const methodLabel = useEnumLabel(paymentMethodEnum);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const buyer = useBuyerId();
  const currency = useAppStore((s) => s.currency.type);
  const setCartList = useAppStore((s) => s.setCartList);
  const paymentPath = usePagePath('user_shoppingcart_payment');
  const requestKey = useRequestKey();
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = `order-${group.shopId}`;
  // The form replaces the button that opened it: the keyboard goes on to its heading.
  useEffect(() => document.getElementById(titleId)?.focus(), [titleId]);

  // The products of these lines as the details give them, beside their prices in the cart.
  const products = group.lines.flatMap((line) =>
    Object.entries(line.product_payment_list ?? {}).map(([proId, p]) => ({
      product: details[line.bundle_client_id].product_list.find((x) => x.pro_client_id === proId) ?? {},
      amount: p?.amount,
    })),
  );
  const methods = methodsForAll(products);
  const agreements = useMemo(() => requiredAgreements(group.lines, details, lang), [group.lines, details, lang]);

  const [method, setMethod] = useState<PaymentMethod | ''>(() => (methods.length === 1 ? methods[0] : ''));
  const [approved, setApproved] = useState<ReadonlySet<string>>(new Set());
  const [reading, setReading] = useState<RequiredAgreement | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ method?: string; agreements?: string }>({});
  const [refusal, setRefusal] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const free = total === 0;
  // A free order pays nothing: it is sent with the first method every product takes, and none is asked for.
  const chosen = free ? methods[0] : method && methods.includes(method) ? method : '';

  const approve = (id: string, on: boolean) =>
    setApproved((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const next: typeof errors = {};
    if (!chosen) next.method = t('checkout.methodRequired');
    if (agreements.some((a) => !approved.has(a.id))) next.agreements = t('validation.agreementsRequired');
    setErrors(next);
    if (next.method || next.agreements) {
      requestAnimationFrame(() => {
        const target = next.method
          ? formRef.current?.querySelector<HTMLElement>('input[name="payment_method"]')
          : formRef.current?.querySelector<HTMLElement>('.agreement input[type="checkbox"]:not(:checked)');
        target?.focus();
      });
      return;
    }
    const request = {
      shop_client_id: group.shopId,
      user_client_id: buyer,
      shopcart_bundle_client_id_list: group.lines.map((l) => l.shopcart_bundle_client_id),
      payment_method: chosen as PaymentMethod,
      approved_agreement_list: agreements.map((a) => a.id).filter((id) => approved.has(id)),
      ...(chosen === 'transfer_to_account' && note.trim() ? { order_note: note.trim() } : {}),
    };
    // The same order again (same lines and counts, currency, method, approvals, note) keeps its key.
    const key = requestKey.keyFor({ request, currency, counts: group.lines.map((l) => l.add_bundle_count) });
    setBusy(true);
    try {
      const answer = await userShopcartBundleProductOrder({ ...request, idempotency_key: key });
      requestKey.done();
      setCartList(answer.shopcart_list);
      if (answer.order.order_status !== 'payment_waiting') onFreeOrder();
      else if (paymentPath) navigate(`${paymentPath}?order_client_id=${encodeURIComponent(answer.order.order_client_id)}`);
    } catch (err) {
      setRefusal(err);
      if (err instanceof ApiError && err.status_code === '11010') setErrors({ agreements: t('validation.agreementsRequired') });
    } finally {
      setBusy(false);
    }
  };

  if (methods.length === 0)
    return (
      <Notice>
        <p className="checkout-notice__text">{t('checkout.noCommonMethod')}</p>
        <button type="button" className="button button--secondary button--small" onClick={onCancel}>
          {t('checkout.cancelOrder')}
        </button>
      </Notice>
    );

  return (
    <form ref={formRef} className="form order-form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
      <h3 id={titleId} tabIndex={-1}>
        {t('checkout.orderFrom', { shop: shopName })}
      </h3>
      {!free && (
        <fieldset className="fieldset order-form__group" aria-describedby={`${titleId}-method-hint${errors.method ? ` ${titleId}-method-error` : ''}`}>
          <legend className="field__label">
            {t('checkout.method')}
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          <p id={`${titleId}-method-hint`} className="field__hint">
            {t('checkout.methodHint')}
          </p>
          <div className="choice-list">
            {methods.map((m) => (
              <label key={m} className="choice">
                <input type="radio" name="payment_method" value={m} checked={chosen === m} onChange={() => setMethod(m)} aria-invalid={errors.method ? true : undefined} />
                <span>{methodLabel(m)}</span>
              </label>
            ))}
          </div>
          {errors.method && (
            <p id={`${titleId}-method-error`} className="field__error">
              {errors.method}
            </p>
          )}
        </fieldset>
      )}
      {chosen === 'transfer_to_account' && <Notice kind="info">{t('checkout.transferNote')}</Notice>}

      <fieldset className="fieldset order-form__group" aria-describedby={errors.agreements ? `${titleId}-agreements-error` : undefined}>
        <legend className="field__label">{t('checkout.agreements')}</legend>
        {agreements.length === 0 ? (
          <p className="field__hint">{t('checkout.noAgreements')}</p>
        ) : (
          <>
            <p className="field__hint">{t('checkout.agreementsHint')}</p>
            <ul className="agreements">
              {agreements.map((a) => {
                const boxId = `${titleId}-agreement-${a.id}`;
                return (
                  <li key={a.id} className="agreement">
                    <input
                      id={boxId}
                      type="checkbox"
                      checked={approved.has(a.id)}
                      onChange={(e) => approve(a.id, e.target.checked)}
                      aria-invalid={errors.agreements && !approved.has(a.id) ? true : undefined}
                      aria-describedby={`${boxId}-of`}
                    />
                    <label htmlFor={boxId}>{t('checkout.approve', { name: a.name })}</label>
                    <button type="button" className="button button--secondary button--small" aria-label={`${t('checkout.read')}: ${a.name}`} onClick={() => setReading(a)}>
                      {t('checkout.read')}
                    </button>
                    <p id={`${boxId}-of`} className="field__hint agreement__of">
                      {t('checkout.agreementOf', { name: a.of })}
                    </p>
                  </li>
                );
              })}
            </ul>
          </>
        )}
        {errors.agreements && (
          <p id={`${titleId}-agreements-error`} className="field__error">
            {errors.agreements}
          </p>
        )}
      </fieldset>

      {chosen === 'transfer_to_account' && (
        <TextAreaField
          label={t('checkout.orderNote')}
          hint={t('checkout.orderNoteHint')}
          name="order_note"
          rows={3}
          maxLength={orderRules.order_note.maxLength}
          value={note}
          onValue={setNote}
        />
      )}
      {refusal ? <Notice>{errorText(refusal)}</Notice> : null}
      <div className="form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('checkout.placing') : t('checkout.placeOrder', { total: free ? t('checkout.free') : money(total, currency) })}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {t('checkout.cancelOrder')}
        </button>
      </div>
      {reading && (
        <AgreementDialog
          name={reading.name}
          text={reading.text}
          context={t('checkout.agreementOf', { name: reading.of })}
          onClose={() => setReading(null)}
          onApprove={() => {
            approve(reading.id, true);
            setReading(null);
          }}
        />
      )}
    </form>
  );
}

/** The agreements of these lines' bundles and of their products that must be approved, each once. */
function requiredAgreements(lines: readonly Shopcart[], details: Record<string, Details>, lang: Lang): RequiredAgreement[] {
  const found = new Map<string, RequiredAgreement>();
  for (const line of lines) {
    const d = details[line.bundle_client_id];
    const bundle = catalogueText(d.bundle, 'bundle_name', lang) || line.bundle_name || '';
    for (const a of d.agreement_list)
      if (mustApprove(a) && !found.has(a.agreement_client_id)) found.set(a.agreement_client_id, { id: a.agreement_client_id, name: a.agreement_name, text: a.agreement_text, of: bundle });
    const bought = new Set(Object.keys(line.product_payment_list ?? {}));
    for (const a of d.product_agreement_list) {
      if (!mustApprove(a) || !bought.has(a.pro_client_id) || found.has(a.product_agreement_client_id)) continue;
      const product = d.product_list.find((p) => p.pro_client_id === a.pro_client_id);
      found.set(a.product_agreement_client_id, {
        id: a.product_agreement_client_id,
        name: a.agreement_name,
        text: a.agreement_text,
        of: (product && catalogueText(product, 'pro_name', lang)) || bundle,
      });
    }
  }
  return [...found.values()];
}
