// What a signed-in buyer's new support request is about: one of their orders (user/shopcart/bundle/order/list,
// each named by its date, shop and bundles, never by an id; the request then goes to the order's shop), a
// bundle of the chosen shop (bundle/and/product/list/all, in the reader's language, passive ones marked), or
// nothing in particular. An order named in the page's address (?order=…) is read on its own and chosen.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bundleAndProductListAll, userShopcartBundleOrderList } from '../../generated/client';
import { orderStatus } from '../../generated/enums/orderStatus';
import type { Bundle, Order } from '../../generated/types/entities';
import { catalogueText } from '../../domain/catalogue-text';
import { useActiveLabel } from '../../app/router/hooks';
import { Notice, SelectField, TextField } from '../../app/ui';
import { usePagedList } from '../shared/paged';
import { LoadFailed, Time, useLoadedList } from './shared';

export type AboutKind = 'order' | 'bundle' | 'none';
export const ABOUT_KINDS: readonly AboutKind[] = ['order', 'bundle', 'none'];

/** Orders shown at first, and how many more each "Show more" adds (the route answers at most 100 a page). */
const ORDERS_STEP = 5;
const ORDERS_MAX = 100;

/** An order's bundles in the reader's language, with their counts. */
function bundlesOf(order: Order, lang: 'tr' | 'en'): string {
  return (order.shopcart_bundle_list ?? [])
    .map((line) => {
      const name = catalogueText(line, 'bundle_name', lang);
      return line.add_bundle_count > 1 ? `${name} × ${line.add_bundle_count}` : name;
    })
    .join(', ');
}

/** The kind of request: radio chips, keyboard-usable as one group. */
export function AboutKindField({ value, onValue }: { value: AboutKind; onValue: (kind: AboutKind) => void }) {
  const { t } = useTranslation();
  const label = { order: t('support.form.aboutOrder'), bundle: t('support.form.aboutBundle'), none: t('support.form.aboutNone') };
  return (
    <fieldset className="choice-chips support-about">
      <legend>{t('support.form.about')}</legend>
      {ABOUT_KINDS.map((kind) => (
        <label key={kind}>
          <input type="radio" name="support-about" value={kind} checked={value === kind} onChange={() => onValue(kind)} />
          {label[kind]}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The buyer's orders as a list of choices, newest first: a few at a time ("Show more"), searched by shop or
 * bundle name once there are more than fit. `preselect` (an order id from the address) is read on its own and
 * chosen when it is the caller's; otherwise the list says so.
 */
export function OrderPicker({
  userId,
  chosen,
  onChoose,
  error,
  preselect,
}: {
  userId: string;
  chosen: Order | null;
  onChoose: (order: Order) => void;
  error?: string;
  preselect?: string;
}) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const ids = useId().replace(/:/g, '');
  const [size, setSize] = useState(ORDERS_STEP);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const list = usePagedList(
    useCallback(
      async () => {
        const a = await userShopcartBundleOrderList({ user_client_id: userId, sort: '-order_date', page: 1, page_size: size, ...(search ? { search } : {}) });
        return { rows: a.order_list, total: a.total };
      },
      [userId, size, search],
    ),
  );
  const [missing, setMissing] = useState(false);
  const choose = useRef(onChoose);
  useEffect(() => {
    choose.current = onChoose;
  });
  useEffect(() => {
    if (!preselect) return;
    let live = true;
    userShopcartBundleOrderList({ user_client_id: userId, order_client_id: preselect }).then(
      (a) => {
        if (!live) return;
        if (a.order_list[0]) choose.current(a.order_list[0]);
        else setMissing(true);
      },
      () => live && setMissing(true),
    );
    return () => {
      live = false;
    };
  }, [userId, preselect]);

  const apply = () => {
    setSearch(typed.trim());
    setSize(ORDERS_STEP);
  };
  // The chosen order stays in view (first) when the list shown does not hold it.
  const rows = chosen && !list.rows.some((o) => o.order_client_id === chosen.order_client_id) ? [chosen, ...list.rows] : list.rows;
  const searchable = search !== '' || list.total > ORDERS_STEP;
  const errorId = `${ids}-order-error`;

  return (
    <fieldset className="fieldset support-orders" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">
        {t('support.form.order')}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      {missing && <Notice kind="info">{t('support.form.orderNotFound')}</Notice>}
      {searchable && (
        <div className="support-orders__search">
          <TextField
            label={t('support.form.ordersSearch')}
            name="order-search"
            type="search"
            autoComplete="off"
            maxLength={100}
            value={typed}
            onValue={setTyped}
            hint={t('support.form.ordersSearchHint')}
            onKeyDown={(e) => {
              // Enter searches the orders; it does not send the request.
              if (e.key === 'Enter') {
                e.preventDefault();
                apply();
              }
            }}
          />
          <button type="button" className="button button--secondary" onClick={apply}>
            {t('support.form.ordersSearchButton')}
          </button>
        </div>
      )}
      {list.error ? (
        <LoadFailed error={list.error} onRetry={list.reload} />
      ) : list.loading && rows.length === 0 ? (
        <p role="status">{t('support.form.ordersLoading')}</p>
      ) : rows.length === 0 ? (
        <p className="field__hint">{search ? t('support.form.ordersNoMatch', { search }) : t('support.form.ordersEmpty')}</p>
      ) : (
        <ul className="support-orders__list">
          {rows.map((order, i) => (
            <li key={order.order_client_id}>
              <label className="support-order">
                <input
                  type="radio"
                  name="support-order"
                  checked={chosen?.order_client_id === order.order_client_id}
                  onChange={() => onChoose(order)}
                  aria-invalid={error && i === 0 ? true : undefined}
                />
                {/* The spaces between the parts keep the words apart in the choice's accessible name. */}
                <span className="support-order__text">
                  <span className="support-order__date">
                    <Time value={order.order_date} />
                  </span>{' '}
                  <span className="support-order__shop">{order.shop_name}</span>{' '}
                  <span className="support-order__bundles">{bundlesOf(order, lang)}</span>
                </span>{' '}
                {order.order_status && <span className="support-order__status">{orderStatus.labels[orderStatus.values.indexOf(order.order_status)][lang]}</span>}
              </label>
            </li>
          ))}
        </ul>
      )}
      {list.rows.length > 0 && list.total > list.rows.length && (
        <div className="support-orders__more">
          <span className="field__hint" role="status">
            {t('support.form.ordersShown', { shown: list.rows.length, total: list.total })}
          </span>
          {size < ORDERS_MAX && (
            <button type="button" className="button button--small button--secondary" disabled={list.loading} onClick={() => setSize((s) => Math.min(s + ORDERS_STEP * 2, ORDERS_MAX))}>
              {t('support.form.ordersMore')}
            </button>
          )}
        </div>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {chosen && <p className="support-orders__shop">{t('support.form.orderShop', { shop: chosen.shop_name })}</p>}
    </fieldset>
  );
}

/**
 * The bundles of the chosen shop, by their name in the reader's language; ones no longer on sale are marked.
 * `optional`: a request need not be about a bundle (the visitor's form), so "none" is a choice.
 */
export function BundleField({
  shopId,
  value,
  onValue,
  error,
  optional = false,
}: {
  shopId: string;
  value: string;
  onValue: (bundleId: string) => void;
  error?: string;
  optional?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const bundles = useLoadedList(
    useCallback(async (): Promise<Bundle[]> => {
      if (!shopId) return [];
      const a = await bundleAndProductListAll({ shop_client_id: shopId, sort: 'bundle_name', page_size: 100 });
      return a.bundle_list.map((b) => b.bundle);
    }, [shopId]),
  );
  if (bundles.error) return <LoadFailed error={bundles.error} onRetry={bundles.retry} />;
  const options = (bundles.items ?? [])
    .map((b) => {
      const name = catalogueText(b, 'bundle_name', lang);
      return { value: b.bundle_client_id!, label: b.bundle_status === 'passive' ? t('support.form.notOnSale', { name }) : name };
    })
    .sort((a, b) => a.label.localeCompare(b.label, lang));
  const hint = !shopId
    ? t('support.form.bundleShopFirst')
    : !bundles.items
      ? t('support.form.bundlesLoading')
      : options.length === 0
        ? t(optional ? 'support.form.bundlesNone' : 'support.form.bundlesEmpty')
        : undefined;
  return (
    <SelectField
      label={optional ? t('support.form.bundleOptional') : t('support.form.bundle')}
      name="bundle_client_id"
      required={!optional}
      value={value}
      onValue={onValue}
      placeholder={optional ? t('support.form.noBundle') : t('common.choose')}
      options={options}
      disabled={options.length === 0}
      hint={hint}
      error={error}
    />
  );
}
