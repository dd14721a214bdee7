// One of the buyer's orders in a dialog over their order list: its details (OrderDetails) read fresh from the
// server, and what the buyer can do with it now — pay it or cancel it while it waits for its payment, open its
// bill once approved, ask the shop for help about it.
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userShopcartBundleOrderCancel, userShopcartBundleOrderGet } from '../../generated/client';
import type { Order } from '../../generated/types/entities';
import { orderMay } from '../../domain/order-states';
import { ConfirmDialog, Notice, useErrorText, useModalFocus, useRepeatableEffect } from '../../app/ui';
import { OrderFacts, OrderRecords } from './OrderDetails';
import { LoadFailed, Loading, PageLink, useBuyerId, useRequestKey } from './shared';

type Loaded = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'ready'; order: Order };

export function OrderDialog({ orderId, title, onClose, onChanged }: { orderId: string; title: string; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const buyer = useBuyerId();
  const id = useId().replace(/:/g, '');
  const requestKey = useRequestKey();
  const { dialogRef, firstRef: closeRef, onKeyDown } = useModalFocus<HTMLButtonElement>(onClose);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  // After a cancel the button that asked is gone: the focus goes to "Close", not to the page behind.
  const [cancelled, setCancelled] = useState(false);
  useEffect(() => {
    if (cancelled && !asking) closeRef.current?.focus();
  }, [cancelled, asking, closeRef]);

  const reload = useRepeatableEffect(
    useCallback(() => {
      let live = true;
      setLoaded({ state: 'loading' });
      userShopcartBundleOrderGet({ user_client_id: buyer, order_client_id: orderId }).then(
        (a) => live && setLoaded({ state: 'ready', order: a.order }),
        (error: unknown) => live && setLoaded({ state: 'failed', error }),
      );
      return () => {
        live = false;
      };
    }, [buyer, orderId]),
  );

  const cancel = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const a = await userShopcartBundleOrderCancel({ user_client_id: buyer, order_client_id: orderId, idempotency_key: requestKey.keyFor({ cancel: orderId }) });
      requestKey.done();
      setLoaded({ state: 'ready', order: a.order });
      setCancelled(true);
      onChanged();
    } catch (e) {
      setRefusal(e);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  const order = loaded.state === 'ready' ? loaded.order : undefined;
  const waiting = order ? orderMay(order.order_status, 'approve') : false;
  const bill = order?.bill?.approve_status === 1 && !order.bill.cancel_date ? order.bill : undefined;
  return (
    <div className="dialog-backdrop">
      <div ref={dialogRef} className="dialog order-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
        <h2 id={`${id}-title`}>{title}</h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long region that scrolls must take the focus, or a keyboard cannot scroll it */}
        <section className="order-dialog__body" tabIndex={0} aria-label={title}>
          {loaded.state === 'loading' && <Loading />}
          {loaded.state === 'failed' && <LoadFailed error={loaded.error} onRetry={reload} />}
          {order && (
            <>
              <OrderFacts order={order} />
              {waiting && <Notice kind="info">{t(order.payment_method === 'transfer_to_account' ? 'checkout.waitingTransfer' : 'checkout.waitingCard')}</Notice>}
              <OrderRecords order={order} />
            </>
          )}
          {refusal ? <Notice>{errorText(refusal)}</Notice> : null}
        </section>
        <div className="dialog__actions order-dialog__actions">
          <button ref={closeRef} type="button" className="button button--secondary" onClick={onClose}>
            {t('checkout.close')}
          </button>
          {order && (
            <PageLink route="user_support_list" search={`order=${encodeURIComponent(order.order_client_id)}`} className="button button--secondary">
              {t('checkout.askForHelp')}
            </PageLink>
          )}
          {bill && (
            <PageLink route="user_billing" search={`bill=${encodeURIComponent(bill.bill_client_id)}`} className="button button--secondary">
              {t('checkout.seeBill')}
            </PageLink>
          )}
          {waiting && (
            <button type="button" className="button button--danger" onClick={() => setAsking(true)} disabled={busy}>
              {t('checkout.cancelThisOrder')}
            </button>
          )}
          {waiting && order && (
            <PageLink route="user_shoppingcart_payment" search={`order_client_id=${encodeURIComponent(order.order_client_id)}`} className="button">
              {t('checkout.payAction')}
            </PageLink>
          )}
        </div>
      </div>
      {asking && (
        <ConfirmDialog title={t('checkout.cancelOrderTitle')} confirmLabel={t('checkout.cancelThisOrder')} onConfirm={cancel} onCancel={() => setAsking(false)} busy={busy}>
          <p>{t('checkout.cancelOrderText')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
