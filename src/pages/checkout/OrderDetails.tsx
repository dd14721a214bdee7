// One order as its buyer and the shop's staff read it (the order get calls): what was bought and its state, each
// product with its price and its payment's and product's state, the payments (a card's brand and last four
// digits, a transfer's sender, date and description, what was given back) and the history, oldest first, with
// who took each step. Every value in words: the contract's labels, money and dates in the reader's language.
import { useTranslation } from 'react-i18next';
import { bundleStatus as bundleStatusEnum } from '../../generated/enums/bundleStatus';
import { orderActor as orderActorEnum } from '../../generated/enums/orderActor';
import { orderHistoryEvent as orderHistoryEventEnum } from '../../generated/enums/orderHistoryEvent';
import { orderStatus as orderStatusEnum } from '../../generated/enums/orderStatus';
import { paymentMethod as paymentMethodEnum } from '../../generated/enums/paymentMethod';
import { paymentStatus as paymentStatusEnum } from '../../generated/enums/paymentStatus';
import type { Order, Payment } from '../../generated/types/entities';
import { useActiveLabel } from '../../app/router/hooks';
import { formatDate } from '../../app/ui';
import { catalogueText } from '../../domain/catalogue-text';
import { FactList, useEnumLabel, useMoney, useOrderBundles } from './shared';

/** The order's own facts: shop, bundles, dates of its milestones, method, state, total. */
export function OrderFacts({ order, showCustomer = false }: { order: Order; showCustomer?: boolean }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const money = useMoney();
  const bundles = useOrderBundles();
  const status = useEnumLabel(orderStatusEnum);
  const method = useEnumLabel(paymentMethodEnum);
  const date = (d: string | undefined) => (d ? formatDate(d, lang, true) : '');
  return (
    <FactList
      facts={[
        [t('checkout.shop'), order.shop_name ?? ''],
        [t('checkout.customer'), showCustomer ? (order.customer_username ?? '') : ''],
        [t('checkout.bundles'), bundles(order).join(', ')],
        [t('checkout.status'), status(order.order_status)],
        [t('checkout.total'), money(order.total_amount, order.currency_type)],
        [t('checkout.paymentMethod'), method(order.payment_method)],
        [t('checkout.orderedAt'), date(order.order_date)],
        [t('checkout.payBy'), date(order.payment_due_date)],
        [t('checkout.paidAt'), date(order.payment_date)],
        [t('checkout.dates.product_send_date'), date(order.product_send_date)],
        [t('checkout.dates.bill_date'), date(order.bill_date)],
        [t('checkout.dates.cancel_date'), date(order.cancel_date)],
        [t('checkout.dates.payment_refund_date'), date(order.payment_refund_date)],
        [t('checkout.noteShown'), order.order_note ?? ''],
      ]}
    />
  );
}

/** What one payment was: method, amount and state, then the card or the transfer it came from. */
function PaymentItem({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const money = useMoney();
  const status = useEnumLabel(paymentStatusEnum);
  const method = useEnumLabel(paymentMethodEnum);
  const brand = payment.card_brand ? t(`checkout.brands.${payment.card_brand}`, { defaultValue: t('checkout.brands.other') }) : '';
  return (
    <li className="order-payment">
      <p className="order-payment__head">
        <strong>{method(payment.payment_method)}</strong> · {money(payment.amount, payment.currency_type)} ·{' '}
        <span className={`order-status order-status--${payment.payment_status}`}>
          {payment.three_d_secure ? t('checkout.awaitingVerification') : status(payment.payment_status)}
        </span>
      </p>
      <FactList
        facts={[
          [t('checkout.cardUsed'), payment.card_last_four ? t('checkout.cardEnding', { brand, last4: payment.card_last_four }) : ''],
          [t('checkout.senderName'), payment.sender_name ?? ''],
          [t('checkout.transferDate'), payment.transfer_date ? formatDate(payment.transfer_date, lang) : ''],
          [t('checkout.transferDescription'), payment.transfer_reference ?? ''],
          [t('checkout.paidAt'), payment.payment_date ? formatDate(payment.payment_date, lang, true) : ''],
          [t('checkout.refunded'), payment.refunded_amount ? money(payment.refunded_amount, payment.currency_type) : ''],
        ]}
      />
    </li>
  );
}

/** The order's products, payments and history (the facts are shown by the page: it knows what to put first). */
export function OrderRecords({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const money = useMoney();
  const paymentStatus = useEnumLabel(paymentStatusEnum);
  const productStatus = useEnumLabel(bundleStatusEnum);
  const eventLabel = useEnumLabel(orderHistoryEventEnum);
  const actorLabel = useEnumLabel(orderActorEnum);
  const products = order.product_list ?? [];
  const payments = order.payment_list ?? [];
  const events = order.order_event_list ?? [];
  return (
    <>
      <section className="order-section" aria-labelledby="order-products">
        <h3 id="order-products">{t('checkout.productsTitle')}</h3>
        <ul className="order-products">
          {products.map((p) => (
            <li key={`${p.shopcart_bundle_client_id}:${p.pro_client_id}`} className="order-product">
              <span className="order-product__name">{catalogueText(p, 'pro_name', lang) || p.pro_name}</span>
              <span className="order-product__amount">{money(p.amount, order.currency_type)}</span>
              <span className="order-product__states">
                <span className={`order-status order-status--${p.payment_status}`}>{paymentStatus(p.payment_status)}</span>
                {p.pro_status && <span className="order-product__state">{productStatus(p.pro_status)}</span>}
                {p.active_end_date && <span className="order-product__state">{t('checkout.activeUntil', { date: formatDate(p.active_end_date, lang) })}</span>}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className="order-section" aria-labelledby="order-payments">
        <h3 id="order-payments">{t('checkout.payments')}</h3>
        {payments.length ? <ul className="order-payments">{payments.map((p) => <PaymentItem key={p.payment_client_id} payment={p} />)}</ul> : <p>{t('checkout.noPayments')}</p>}
      </section>
      <section className="order-section" aria-labelledby="order-history">
        <h3 id="order-history">{t('checkout.history')}</h3>
        <ol className="order-history">
          {events.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only and never reordered
            <li key={i} className="order-history__step">
              <time dateTime={e.created_at}>{formatDate(e.created_at, lang, true)}</time>
              <span className="order-history__what">
                {eventLabel(e.order_event)}
                {e.pro_name ? ` — ${e.pro_name}` : ''}
              </span>
              <span className="order-history__who">{e.actor_username ? `${actorLabel(e.actor_kind)} (${e.actor_username})` : actorLabel(e.actor_kind)}</span>
              {e.note && <span className="order-history__note">“{e.note}”</span>}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
