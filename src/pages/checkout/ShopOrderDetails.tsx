// user_shop_order_details: one order of a shop as its staff work on it (?shop_client_id=…&order_client_id=…,
// opened from a row of the shop's order list). The order's details (OrderDetails) beside the steps its state
// allows (src/domain/order-states.ts): approve a transfer with the bank statement's description and the amount
// that arrived, cancel an unpaid order, mark a paid one sent, refund it; and its bill: made from what was paid
// (tax included, split by src/domain/bill-sums.ts) with the shop's address and tax numbers, then approved.
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { userBillApprove, userBillNew, userShopGet, userShopOrderGet, userShopOrderStatusChange } from '../../generated/client';
import type { Order, Shop } from '../../generated/types/entities';
import type { UserShopOrderStatusChangeRequest } from '../../generated/types/routes';
import { billTotals, linesFromPaid } from '../../domain/bill-sums';
import { inputToMinor, minorToInput } from '../../domain/money';
import { orderMay, PAID_STATES } from '../../domain/order-states';
import { ApiError } from '../../api/errors';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { ConfirmDialog, focusFirstInvalid, formatDate, Notice, TextAreaField, TextField, useErrorText, useRepeatableEffect } from '../../app/ui';
import { OrderFacts, OrderRecords } from './OrderDetails';
import { isUuid, LoadFailed, Loading, PageLink, reportedTransfer, useBuyerId, useMoney } from './shared';

type Step = UserShopOrderStatusChangeRequest['order_event'];
type Loaded = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'missing' } | { state: 'ready'; order: Order };

/** The tax rate a new bill starts with (Turkey's general VAT rate); the staff may change it. */
const DEFAULT_TAX_RATE = 20;

export default function ShopOrderDetails({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const me = useBuyerId();
  const [params] = useSearchParams();
  const shopId = params.get('shop_client_id') ?? '';
  const orderId = params.get('order_client_id') ?? '';
  const valid = isUuid(shopId) && isUuid(orderId);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  const reload = useRepeatableEffect(
    useCallback(() => {
      if (!me || !valid) return undefined;
      let live = true;
      setLoaded({ state: 'loading' });
      userShopOrderGet({ shop_client_id: shopId, user_client_id: me, order_client_id: orderId }).then(
        (a) => live && setLoaded({ state: 'ready', order: a.order }),
        (error: unknown) => live && setLoaded(error instanceof ApiError && error.status_code === '10016' ? { state: 'missing' } : { state: 'failed', error }),
      );
      return () => {
        live = false;
      };
    }, [me, valid, shopId, orderId]),
  );
  const order = loaded.state === 'ready' ? loaded.order : undefined;
  const back = (
    <p className="staff-order__back">
      <PageLink route="user_shop_order_list" search={isUuid(shopId) ? `shop_client_id=${encodeURIComponent(shopId)}` : undefined}>
        {t('checkout.staff.backToOrders')}
      </PageLink>
    </p>
  );

  return (
    <article className="page checkout" aria-labelledby="page-title">
      {back}
      <h1 id="page-title">{order ? t('checkout.staff.title', { date: formatDate(order.order_date, lang, true), customer: order.customer_username ?? '' }) : page.caption[lang]}</h1>
      {!valid && <Notice kind="info">{t('checkout.staff.noOrder')}</Notice>}
      {valid && loaded.state === 'loading' && <Loading />}
      {loaded.state === 'failed' && <LoadFailed error={loaded.error} onRetry={reload} />}
      {loaded.state === 'missing' && <Notice>{t('checkout.staff.notFound')}</Notice>}
      {order && (
        <div className="staff-order">
          <section className="section staff-order__details" aria-labelledby="details-title">
            <h2 id="details-title">{t('checkout.summary')}</h2>
            <OrderFacts order={order} showCustomer />
            <OrderRecords order={order} />
          </section>
          <div className="staff-order__side">
            <StaffSteps order={order} shopId={shopId} onChanged={(next) => setLoaded({ state: 'ready', order: next })} />
            <BillPanel order={order} shopId={shopId} onChanged={reload} />
          </div>
        </div>
      )}
    </article>
  );
}

/** The steps the order's state allows the staff, each asked before it is taken; a note goes into the history. */
function StaffSteps({ order, shopId, onChanged }: { order: Order; shopId: string; onChanged: (order: Order) => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const money = useMoney();
  const me = useBuyerId();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const reported = reportedTransfer(order);
  const [reference, setReference] = useState(reported?.transfer_reference ?? '');
  const [received, setReceived] = useState(minorToInput(order.total_amount, order.currency_type, lang));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reference?: string; received?: string }>({});
  const [asking, setAsking] = useState<Step | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'done' | 'error'; text: string } | null>(null);
  const transfer = order.payment_method === 'transfer_to_account';
  const offered = (['approve', 'send', 'cancel', 'refund'] as const).filter((s) => orderMay(order.order_status, s) && (s !== 'approve' || transfer));
  // The step that is refused because the order moved on meanwhile says so; re-reading shows where it is now.
  const take = async (step: Step, extra: Partial<UserShopOrderStatusChangeRequest> = {}) => {
    setBusy(true);
    setOutcome(null);
    try {
      const a = await userShopOrderStatusChange({
        shop_client_id: shopId,
        user_client_id: me,
        order_client_id: order.order_client_id,
        order_event: step,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...extra,
      });
      setNote('');
      onChanged(a.order);
      setOutcome({ kind: 'done', text: t(`checkout.staff.done.${step}`) });
    } catch (e) {
      setOutcome({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  const onApprove = (e: FormEvent) => {
    e.preventDefault();
    const amount = inputToMinor(received, order.currency_type);
    const next: typeof errors = {};
    if (!reference.trim()) next.reference = t('checkout.staff.referenceRequired');
    if (amount === null || Number.isNaN(amount)) next.received = t('checkout.staff.receivedInvalid');
    setErrors(next);
    if (next.reference || next.received) {
      focusFirstInvalid(formRef.current);
      return;
    }
    void take('approve', { transfer_reference: reference.trim(), received_amount: amount ?? 0 });
  };

  return (
    <section className="section staff-steps" aria-labelledby="steps-title">
      <h2 id="steps-title">{t('checkout.staff.steps')}</h2>
      {outcome && (
<Notice kind={outcome.kind === 'done' ? 'success' : 'error'}>{outcome.text}</Notice>
      )}
      {offered.length === 0 ? (
        <p>{t('checkout.staff.noSteps')}</p>
      ) : (
        <>
          {offered.includes('approve') && (
            <form ref={formRef} className="form" noValidate onSubmit={onApprove} aria-labelledby="approve-title">
              <h3 id="approve-title">{t('checkout.staff.approveTitle')}</h3>
              <p className="field__hint">{reported ? t('checkout.staff.reportedBy', { sender: reported.sender_name ?? '', date: reported.transfer_date ? formatDate(reported.transfer_date, lang) : '' }) : t('checkout.staff.notReported')}</p>
              <TextField
                label={t('checkout.staff.reference')}
                name="transfer_reference"
                required
                maxLength={140}
                hint={t('checkout.staff.referenceHint')}
                value={reference}
                onValue={setReference}
                error={errors.reference}
              />
              <TextField
                label={t('checkout.staff.received')}
                name="received_amount"
                inputMode="decimal"
                required
                hint={t('checkout.staff.receivedHint', { total: money(order.total_amount, order.currency_type) })}
                value={received}
                onValue={setReceived}
                error={errors.received}
              />
              <div className="form__actions">
                <button type="submit" className="button" disabled={busy}>
                  {t('checkout.staff.approve')}
                </button>
              </div>
            </form>
          )}
          <div className="staff-steps__other">
          <TextAreaField label={t('checkout.staff.note')} name="note" rows={2} maxLength={1000} hint={t('checkout.staff.noteHint')} value={note} onValue={setNote} />
          <div className="staff-steps__buttons">
            {offered.includes('send') && (
              <button type="button" className="button button--secondary" onClick={() => setAsking('send')} disabled={busy}>
                {t('checkout.staff.send')}
              </button>
            )}
            {offered.includes('cancel') && (
              <button type="button" className="button button--danger" onClick={() => setAsking('cancel')} disabled={busy}>
                {t('checkout.staff.cancel')}
              </button>
            )}
            {offered.includes('refund') && (
              <button type="button" className="button button--danger" onClick={() => setAsking('refund')} disabled={busy}>
                {t('checkout.staff.refund')}
              </button>
            )}
          </div>
          </div>
        </>
      )}
      {asking && (
        <ConfirmDialog title={t(`checkout.staff.ask.${asking}`)} confirmLabel={t(`checkout.staff.${asking}`)} onConfirm={() => take(asking)} onCancel={() => setAsking(null)} busy={busy}>
          <p>{t(`checkout.staff.askText.${asking}`, { total: money(order.total_amount, order.currency_type) })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The order's bill: made (a draft) from what was paid, then approved (numbered and frozen). */
function BillPanel({ order, shopId, onChanged }: { order: Order; shopId: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const money = useMoney();
  const me = useBuyerId();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [shop, setShop] = useState<Shop | null>(null);
  const [form, setForm] = useState({ rate: String(DEFAULT_TAX_RATE), address: '', office: '', number: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string>>>({});
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  const paid = PAID_STATES.includes(order.order_status);
  const bill = order.bill && !order.bill.cancel_date ? order.bill : undefined;

  // The shop's address and tax numbers fill the form once (the staff may correct them for this bill).
  useRepeatableEffect(
    useCallback(() => {
      if (!paid || bill || shop) return undefined;
      let live = true;
      userShopGet({ shop_client_id: shopId }).then(
        (a) => {
          if (!live) return;
          setShop(a.shop);
          setForm((f) => ({ ...f, address: a.shop.shop_address ?? '', office: a.shop.shop_tax_office ?? '', number: a.shop.shop_tax_number ?? '' }));
        },
        () => live && setShop({} as Shop),
      );
      return () => {
        live = false;
      };
    }, [paid, bill, shop, shopId]),
  );

  const rate = Number(form.rate.replace(',', '.'));
  const rateValid = form.rate.trim() !== '' && Number.isFinite(rate) && rate >= 0 && rate <= 100;
  const products = (order.product_list ?? []).filter((p) => p.payment_status === 'payment_approved');
  const lines = rateValid ? linesFromPaid(products, rate) : [];
  const totals = billTotals(lines, rateValid ? rate : 0);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const onCreate = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!rateValid) next.rate = t('checkout.staff.rateInvalid');
    if (!form.address.trim()) next.address = t('checkout.staff.fieldRequired');
    if (!form.office.trim()) next.office = t('checkout.staff.fieldRequired');
    if (!form.number.trim()) next.number = t('checkout.staff.fieldRequired');
    setErrors(next);
    if (Object.keys(next).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      await userBillNew({
        shop_client_id: shopId,
        user_client_id: me,
        order_client_id: order.order_client_id,
        bill_date: new Date().toISOString(),
        shop_address: form.address.trim(),
        shop_tax_office: form.office.trim(),
        shop_tax_number: form.number.trim(),
        product_items: lines,
        tax_rate_percent: rate,
        total_price: totals.total,
        currency_type: order.currency_type,
      });
      onChanged();
    } catch (err) {
      setRefusal(err);
    } finally {
      setBusy(false);
    }
  };

  const approve = async () => {
    if (!bill) return;
    setBusy(true);
    setRefusal(null);
    try {
      await userBillApprove({ shop_client_id: shopId, user_client_id: me, bill_client_id: bill.bill_client_id });
      onChanged();
    } catch (err) {
      setRefusal(err);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <section className="section staff-bill" aria-labelledby="bill-title">
      <h2 id="bill-title">{t('checkout.staff.bill')}</h2>
      {refusal ? <Notice>{errorText(refusal)}</Notice> : null}
      {!paid && !bill && <p>{t('checkout.staff.billAfterPayment')}</p>}
      {bill?.approve_status === 1 && <p>{t('checkout.staff.billApproved', { number: bill.bill_number ?? '' })}</p>}
      {bill?.approve_status === 0 && (
        <>
          <p>{t('checkout.staff.billDraft')}</p>
          <button type="button" className="button" onClick={() => setAsking(true)} disabled={busy}>
            {t('checkout.staff.approveBill')}
          </button>
        </>
      )}
      {paid && !bill && (
        <form ref={formRef} className="form" noValidate onSubmit={onCreate} aria-labelledby="bill-title">
          <TextField label={t('checkout.staff.taxRate')} name="tax_rate_percent" inputMode="decimal" required value={form.rate} onValue={set('rate')} error={errors.rate} />
          <TextAreaField label={t('checkout.staff.shopAddress')} name="shop_address" rows={2} required maxLength={500} value={form.address} onValue={set('address')} error={errors.address} />
          <TextField label={t('checkout.staff.taxOffice')} name="shop_tax_office" required maxLength={100} value={form.office} onValue={set('office')} error={errors.office} />
          <TextField label={t('checkout.staff.taxNumber')} name="shop_tax_number" required maxLength={20} value={form.number} onValue={set('number')} error={errors.number} />
          {rateValid && (
            <dl className="facts staff-bill__sums">
              <div className="facts__row">
                <dt>{t('checkout.staff.net')}</dt>
                <dd>{money(totals.net, order.currency_type)}</dd>
              </div>
              <div className="facts__row">
                <dt>{t('checkout.staff.tax', { rate: rate.toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-GB') })}</dt>
                <dd>{money(totals.tax, order.currency_type)}</dd>
              </div>
              <div className="facts__row">
                <dt>{t('checkout.total')}</dt>
                <dd>
                  <strong>{money(totals.total, order.currency_type)}</strong>
                </dd>
              </div>
            </dl>
          )}
          <p className="field__hint">{t('checkout.staff.billHint')}</p>
          <div className="form__actions">
            <button type="submit" className="button" disabled={busy}>
              {t('checkout.staff.makeBill')}
            </button>
          </div>
        </form>
      )}
      {asking && (
        <ConfirmDialog title={t('checkout.staff.approveBillTitle')} confirmLabel={t('checkout.staff.approveBill')} onConfirm={approve} onCancel={() => setAsking(false)} busy={busy}>
          <p>{t('checkout.staff.approveBillText')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
