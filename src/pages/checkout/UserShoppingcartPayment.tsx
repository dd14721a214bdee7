// user_shoppingcart_payment: paying one of the buyer's orders (?order_client_id=… in the address). A card order
// gets a card form checked in the browser (src/domain/card.ts and the card schema's bounds) before it is sent;
// the provider's refusals are shown beside it in the page's language. A transfer order gets the specification's
// note, the shop's bank accounts and a form to report the transfer. Both go with a request key kept while the
// same payment is retried. The card number and CVV live only in this form's state while it is on screen:
// never in the store, the address, the request key's memory, a log or the browser's storage.
import { useCallback, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { userShopGet, userShopcartBundleOrderGet, userShopcartBundlePaymentConfirm, userShopcartBundlePaymentRecord } from '../../generated/client';
import { orderStatus as orderStatusEnum } from '../../generated/enums/orderStatus';
import { paymentMethod as paymentMethodEnum } from '../../generated/enums/paymentMethod';
import { cardRules, paymentRules } from '../../generated/field-rules';
import type { Order, Payment, Shop } from '../../generated/types/entities';
import { cardBrand, luhnValid, notExpired, type CardBrand } from '../../domain/card';
import { orderMay } from '../../domain/order-states';
import { statusMessage } from '../../domain/status-messages';
import { ApiError } from '../../api/errors';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { focusFirstInvalid, formatDate, Notice, SelectField, TextField, useErrorText, useFocusOnMount, useRepeatableEffect } from '../../app/ui';
import { FactList, isUuid, LoadFailed, Loading, PageLink, reportedTransfer, useBuyerId, useEnumLabel, useMoney, useOrderBundles, useRequestKey, type Facts } from './shared';
import { TestBankDialog } from './TestBankDialog';

const CARD_NUMBER = new RegExp(cardRules.card_number.pattern);
const CARD_CVV = new RegExp(cardRules.card_cvv.pattern);
const MAX_DIGITS = cardRules.card_number.maxLength;

/** The digits in groups as cards print them: American Express 4-6-5, the others by fours. */
function groupCardDigits(digits: string, brand: CardBrand): string {
  const sizes = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  return groups.join(' ');
}

type Loaded = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'missing' } | { state: 'ready'; order: Order; shop?: Shop };

export default function UserShoppingcartPayment({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const buyer = useBuyerId();
  const [params] = useSearchParams();
  const orderId = params.get('order_client_id') ?? '';
  const valid = isUuid(orderId);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [done, setDone] = useState<{ kind: 'card'; text: string } | { kind: 'transfer' } | null>(null);

  const reload = useRepeatableEffect(
    useCallback(() => {
      if (!buyer || !valid) return undefined;
      let live = true;
      setLoaded({ state: 'loading' });
      (async () => {
        const found = await userShopcartBundleOrderGet({ user_client_id: buyer, order_client_id: orderId }).catch((e: unknown) => {
          if (e instanceof ApiError && e.status_code === '10016') return undefined;
          throw e;
        });
        const order = found?.order;
        if (!order) return { state: 'missing' } as const;
        // A transfer needs the shop's bank accounts; a card payment needs nothing more.
        const shop = order.payment_method === 'transfer_to_account' ? (await userShopGet({ shop_client_id: order.shop_client_id })).shop : undefined;
        return { state: 'ready', order, shop } as const;
      })().then(
        (next) => live && setLoaded(next),
        (error: unknown) => live && setLoaded({ state: 'failed', error }),
      );
      return () => {
        live = false;
      };
    }, [buyer, valid, orderId]),
  );

  const title = (
    <h1 id="page-title" tabIndex={-1}>
      {page.caption[lang]}
    </h1>
  );
  if (done) return <Done caption={page.caption[lang]} done={done} />;
  if (!valid)
    return (
      <article className="page checkout" aria-labelledby="page-title">
        {title}
        <Notice kind="info">{t('checkout.noOrder')}</Notice>
        <PageLink route="user_shopcart_bundle_order_list" className="button">
          {t('checkout.toOrders')}
        </PageLink>
      </article>
    );
  return (
    <article className="page checkout" aria-labelledby="page-title">
      {title}
      {loaded.state === 'loading' && <Loading />}
      {loaded.state === 'failed' && <LoadFailed error={loaded.error} onRetry={reload} />}
      {loaded.state === 'missing' && (
        <>
          <Notice>{t('checkout.orderNotFound')}</Notice>
          <PageLink route="user_shopcart_bundle_order_list" className="button">
            {t('checkout.toOrders')}
          </PageLink>
        </>
      )}
      {loaded.state === 'ready' && (
        <div className="payment">
          <OrderSummary order={loaded.order} />
          {!orderMay(loaded.order.order_status, 'approve') ? (
            <div className="payment__main">
              <Notice kind="info">{t('checkout.notWaiting')}</Notice>
              <p className="page__links">
                <PageLink route="user_shopcart_bundle_order_list">{t('checkout.toOrders')}</PageLink>
                <PageLink route="user_product_bundles_active">{t('checkout.seeActive')}</PageLink>
              </p>
            </div>
          ) : loaded.order.payment_method === 'credit_card' ? (
            <CardForm order={loaded.order} onPaid={(text) => setDone({ kind: 'card', text })} onStale={reload} />
          ) : (
            <TransferForm order={loaded.order} shop={loaded.shop} onReported={() => setDone({ kind: 'transfer' })} />
          )}
        </div>
      )}
    </article>
  );
}

function OrderSummary({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const money = useMoney();
  const bundles = useOrderBundles();
  const status = useEnumLabel(orderStatusEnum);
  const method = useEnumLabel(paymentMethodEnum);
  const rows: Facts = [
    [t('checkout.shop'), order.shop_name ?? ''],
    [t('checkout.bundles'), bundles(order).join(', ')],
    [t('checkout.orderedAt'), formatDate(order.order_date, lang, true)],
    [t('checkout.paymentMethod'), method(order.payment_method)],
    [t('checkout.status'), status(order.order_status)],
    [t('checkout.payBy'), order.payment_due_date ? formatDate(order.payment_due_date, lang, true) : ''],
  ];
  return (
    <section className="section payment__summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{t('checkout.summary')}</h2>
      <FactList facts={rows} />
      <p className="payment__total">
        <span>{t('checkout.total')}</span> <strong>{money(order.total_amount, order.currency_type)}</strong>
      </p>
    </section>
  );
}

interface CardFields {
  holder: string;
  /** As shown: the digits grouped with spaces. */
  number: string;
  month: string;
  year: string;
  cvv: string;
}
const EMPTY_CARD: CardFields = { holder: '', number: '', month: '', year: '', cvv: '' };
type CardErrors = Partial<Record<keyof CardFields | 'expiry', string>>;

function CardForm({ order, onPaid, onStale }: { order: Order; onPaid: (text: string) => void; onStale: () => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const money = useMoney();
  const errorText = useErrorText();
  const buyer = useBuyerId();
  const requestKey = useRequestKey();
  const formRef = useRef<HTMLFormElement>(null);
  const caret = useRef<number | null>(null);
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const [refusal, setRefusal] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [verifying, setVerifying] = useState<Payment | null>(null);
  const digits = card.number.replace(/\D/g, '');
  const brand = cardBrand(digits);
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 16 }, (_, i) => thisYear + i).filter((y) => y <= cardRules.card_year.maximum);
  const set = (key: keyof CardFields) => (value: string) => setCard((c) => ({ ...c, [key]: value }));

  // The number is shown grouped as it is typed; the caret stays after the same digit it followed.
  const onNumber = (e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.target.value;
    const before = raw.slice(0, e.target.selectionStart ?? raw.length).replace(/\D/g, '').length;
    const next = raw.replace(/\D/g, '').slice(0, MAX_DIGITS);
    const shown = groupCardDigits(next, cardBrand(next));
    let at = 0;
    for (let seen = 0; at < shown.length && seen < before; at++) if (/\d/.test(shown[at])) seen++;
    caret.current = at;
    setCard((c) => ({ ...c, number: shown }));
  };
  useLayoutEffect(() => {
    const input = document.getElementById('card-number') as HTMLInputElement | null;
    if (caret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const check = (): CardErrors => {
    const next: CardErrors = {};
    const holder = card.holder.trim();
    if (!holder) next.holder = t('checkout.holderRequired');
    else if (holder.length > cardRules.card_holder.maxLength) next.holder = t('checkout.holderTooLong', { max: cardRules.card_holder.maxLength });
    if (!digits) next.number = t('checkout.numberRequired');
    else if (!CARD_NUMBER.test(digits) || !luhnValid(digits)) next.number = statusMessage('card_number_invalid', lang);
    if (!card.month) next.month = t('checkout.monthRequired');
    if (!card.year) next.year = t('checkout.yearRequired');
    if (card.month && card.year && !notExpired(Number(card.month), Number(card.year))) next.expiry = statusMessage('card_expired', lang);
    if (!CARD_CVV.test(card.cvv)) next.cvv = t('checkout.cvvInvalid');
    return next;
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const next = check();
    setErrors(next);
    if (Object.keys(next).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const month = Number(card.month);
    const year = Number(card.year);
    // The key's memory gets the card's last four digits only, never the number or the CVV.
    const key = requestKey.keyFor({ order: order.order_client_id, holder: card.holder.trim(), last4: digits.slice(-4), month, year });
    setBusy(true);
    try {
      const answer = await userShopcartBundlePaymentRecord({
        user_client_id: buyer,
        order_client_id: order.order_client_id,
        payment_method: 'credit_card',
        idempotency_key: key,
        card: { card_holder: card.holder.trim(), card_number: digits, card_month: month, card_year: year, card_cvv: card.cvv },
      });
      requestKey.done();
      setCard(EMPTY_CARD);
      if (answer.payment.three_d_secure) setVerifying(answer.payment);
      else onPaid(paidText(answer.payment));
    } catch (err) {
      setRefusal(err);
      if (err instanceof ApiError) {
        if (err.status_code === '12016') setErrors({ number: errorText(err) });
        if (err.status_code === '12017') setErrors({ expiry: errorText(err) });
        if (err.status_code === '12014') onStale();
      }
    } finally {
      setBusy(false);
    }
  };

  const paidText = (payment: Payment) => {
    const paidBrand = t(`checkout.brands.${payment.card_brand ?? 'other'}`, { defaultValue: t('checkout.brands.other') });
    return t('checkout.paidText', { total: money(payment.amount, payment.currency_type), brand: paidBrand, last4: payment.card_last_four ?? '' });
  };

  // The test bank's verdict goes to the confirm call; a failed verification is told beside the form, which stays.
  const onVerified = async (passed: boolean) => {
    if (!verifying) return;
    setBusy(true);
    try {
      const answer = await userShopcartBundlePaymentConfirm({
        user_client_id: buyer,
        order_client_id: order.order_client_id,
        payment_client_id: verifying.payment_client_id,
        authentication_passed: passed,
        idempotency_key: requestKey.keyFor({ verify: verifying.payment_client_id, passed }),
      });
      requestKey.done();
      setVerifying(null);
      onPaid(paidText(answer.payment));
    } catch (err) {
      requestKey.done();
      setVerifying(null);
      setRefusal(err);
      if (err instanceof ApiError && err.status_code === '12014') onStale();
    } finally {
      setBusy(false);
    }
  };

  const expiryError = errors.expiry ?? null;
  return (
    <section className="section payment__main" aria-labelledby="card-title">
      <h2 id="card-title">{t('checkout.card')}</h2>
      <p className="payment__secure">{t('checkout.cardSecure')}</p>
      <form ref={formRef} className="form card-form" noValidate onSubmit={onSubmit} aria-labelledby="card-title" autoComplete="on">
        <TextField
          label={t('checkout.cardHolder')}
          name="cc-name"
          autoComplete="cc-name"
          required
          maxLength={cardRules.card_holder.maxLength}
          value={card.holder}
          onValue={set('holder')}
          error={errors.holder}
        />
        <div className="card-form__number">
          <TextField
            id="card-number"
            label={t('checkout.cardNumber')}
            name="cc-number"
            autoComplete="cc-number"
            inputMode="numeric"
            required
            hint={t('checkout.cardNumberHint')}
            value={card.number}
            onChange={onNumber}
            error={errors.number}
            describedBy={digits.length >= 2 ? 'card-brand' : undefined}
          />
          {digits.length >= 2 && (
            <p id="card-brand" className={`card-brand card-brand--${brand}`}>
              {t('checkout.brand', { brand: t(`checkout.brands.${brand}`) })}
            </p>
          )}
        </div>
        <fieldset className="fieldset card-form__expiry" aria-describedby={expiryError ? 'expiry-error' : undefined}>
          <legend className="field__label">{t('checkout.expiry')}</legend>
          <div className="form__row">
            <SelectField
              label={t('checkout.month')}
              name="cc-exp-month"
              autoComplete="cc-exp-month"
              required
              value={card.month}
              onValue={set('month')}
              placeholder={t('common.choose')}
              options={Array.from({ length: cardRules.card_month.maximum }, (_, i) => ({ value: String(i + 1), label: String(i + 1).padStart(2, '0') }))}
              error={errors.month}
              aria-invalid={errors.month || expiryError ? true : undefined}
            />
            <SelectField
              label={t('checkout.year')}
              name="cc-exp-year"
              autoComplete="cc-exp-year"
              required
              value={card.year}
              onValue={set('year')}
              placeholder={t('common.choose')}
              options={years.map((y) => ({ value: String(y), label: String(y) }))}
              error={errors.year}
              aria-invalid={errors.year || expiryError ? true : undefined}
            />
          </div>
          {expiryError && (
            <p id="expiry-error" className="field__error">
              {expiryError}
            </p>
          )}
        </fieldset>
        <TextField
          label={t('checkout.cvv')}
          name="cc-csc"
          type="password"
          autoComplete="cc-csc"
          inputMode="numeric"
          required
          maxLength={cardRules.card_cvv.maxLength}
          className="card-form__cvv"
          hint={t('checkout.cvvHint')}
          value={card.cvv}
          onValue={(v) => set('cvv')(v.replace(/\D/g, ''))}
          error={errors.cvv}
        />
        {refusal ? <Notice>{errorText(refusal)}</Notice> : null}
        <div className="form__actions">
          <button type="submit" className="button button--pay" disabled={busy}>
            {busy ? t('checkout.paying') : t('checkout.pay', { total: money(order.total_amount, order.currency_type) })}
          </button>
        </div>
      </form>
      {verifying && <TestBankDialog payment={verifying} busy={busy} onChoose={onVerified} />}
    </section>
  );
}

const formatIban = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function TransferForm({ order, shop, onReported }: { order: Order; shop: Shop | undefined; onReported: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const errorText = useErrorText();
  const buyer = useBuyerId();
  const requestKey = useRequestKey();
  const formRef = useRef<HTMLFormElement>(null);
  const lang = useActiveLabel();
  // A report already sent (the page reloaded, or opened again): shown, and the form corrects it.
  const reported = reportedTransfer(order);
  const [form, setForm] = useState({ sender: reported?.sender_name ?? '', date: reported?.transfer_date ?? '', reference: reported?.transfer_reference ?? '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string>>>({});
  const [refusal, setRefusal] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const accounts = shop?.bank_account_list ?? [];
  const shopName = shop?.shop_name ?? order.shop_name ?? '';
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const next: typeof errors = {};
    if (!form.sender.trim()) next.sender = t('checkout.senderRequired');
    if (!form.date) next.date = t('checkout.dateRequired');
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(form.date)) next.date = t('checkout.dateInvalid');
    else if (form.date > today()) next.date = t('checkout.dateFuture');
    setErrors(next);
    if (Object.keys(next).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const transfer = { sender_name: form.sender.trim(), transfer_date: form.date, ...(form.reference.trim() ? { transfer_reference: form.reference.trim() } : {}) };
    const key = requestKey.keyFor({ order: order.order_client_id, transfer });
    setBusy(true);
    try {
      await userShopcartBundlePaymentRecord({ user_client_id: buyer, order_client_id: order.order_client_id, payment_method: 'transfer_to_account', idempotency_key: key, transfer });
      requestKey.done();
      onReported();
    } catch (err) {
      setRefusal(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="section payment__main" aria-labelledby="transfer-title">
      <h2 id="transfer-title">{t('checkout.transfer')}</h2>
      <Notice kind="info">{t('checkout.transferNote')}</Notice>
      <h3 id="banks-title">{t('checkout.bankAccounts', { shop: shopName })}</h3>
      {accounts.length === 0 ? (
        <Notice>{t('checkout.noBankAccounts')}</Notice>
      ) : (
        <ul className="bank-accounts" aria-labelledby="banks-title">
          {accounts.map((a) => (
            <li key={a.iban} className="bank-account">
              <dl className="facts">
                <div className="facts__row">
                  <dt>{t('checkout.bank')}</dt>
                  <dd>{a.bank_name}</dd>
                </div>
                <div className="facts__row">
                  <dt>{t('checkout.accountHolder')}</dt>
                  <dd>{a.account_holder}</dd>
                </div>
                <div className="facts__row">
                  <dt>{t('checkout.iban')}</dt>
                  <dd className="bank-account__iban">{formatIban(a.iban)}</dd>
                </div>
                <div className="facts__row">
                  <dt>{t('checkout.amount')}</dt>
                  <dd>
                    <strong>{money(order.total_amount, order.currency_type)}</strong>
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="report-title">
        <h3 id="report-title">{reported ? t('checkout.transferReportFix') : t('checkout.transferReport')}</h3>
        {reported && (
          <Notice kind="info">
            {t('checkout.transferReportedAlready', { sender: reported.sender_name ?? '', date: reported.transfer_date ? formatDate(reported.transfer_date, lang) : '' })}
          </Notice>
        )}
        <TextField label={t('checkout.senderName')} name="sender_name" autoComplete="name" required value={form.sender} onValue={set('sender')} error={errors.sender} />
        <TextField label={t('checkout.transferDate')} name="transfer_date" type="date" required value={form.date} onValue={set('date')} error={errors.date} />
        <TextField
          label={t('checkout.transferReference')}
          name="transfer_reference"
          hint={t('checkout.transferReferenceHint')}
          maxLength={paymentRules.transfer_reference.maxLength}
          value={form.reference}
          onValue={set('reference')}
        />
        {refusal ? <Notice>{errorText(refusal)}</Notice> : null}
        <div className="form__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('common.sending') : reported ? t('checkout.updateReport') : t('checkout.reportTransfer')}
          </button>
        </div>
      </form>
    </section>
  );
}

function Done({ caption, done }: { caption: string; done: { kind: 'card'; text: string } | { kind: 'transfer' } }) {
  const { t } = useTranslation();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <article className="page checkout" aria-labelledby="page-title">
      <h1 id="page-title">{caption}</h1>
      <section className="section payment__done" aria-labelledby="done-title">
        <h2 id="done-title" ref={heading} tabIndex={-1}>
          <span className="payment__done-mark" aria-hidden="true">
            ✓
          </span>{' '}
          {done.kind === 'card' ? t('checkout.paid') : t('checkout.reported')}
        </h2>
        <p>{done.kind === 'card' ? done.text : t('checkout.reportedText')}</p>
        <p className="page__links">
          {done.kind === 'card' && (
            <PageLink route="user_product_bundles_active" className="button">
              {t('checkout.seeActive')}
            </PageLink>
          )}
          <PageLink route="user_shopcart_bundle_order_list" className={done.kind === 'card' ? 'button button--secondary' : 'button'}>
            {t('checkout.toOrders')}
          </PageLink>
        </p>
      </section>
    </article>
  );
}
