// The test provider's stand-in for a bank's 3-D Secure page (after Stripe's test mode): a card that asks for a
// verification opens this dialog, clearly marked as a test, where the buyer completes or fails the step. A real
// provider sends the buyer to their bank instead and reports the bank's verdict itself.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Payment } from '../../generated/types/entities';
import { useModalFocus } from '../../app/ui';
import { useMoney } from './shared';

export function TestBankDialog({ payment, busy, onChoose }: { payment: Payment; busy: boolean; onChoose: (passed: boolean) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const id = useId().replace(/:/g, '');
  const { dialogRef, firstRef, onKeyDown } = useModalFocus<HTMLButtonElement>(() => onChoose(false));
  return (
    <div className="dialog-backdrop">
      <div ref={dialogRef} className="dialog test-bank" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onKeyDown={onKeyDown}>
        <p className="test-bank__badge">{t('checkout.testBankBadge')}</p>
        <h2 id={`${id}-title`}>{t('checkout.testBankTitle')}</h2>
        <p id={`${id}-text`}>
          {t('checkout.testBankText', { total: money(payment.amount, payment.currency_type), last4: payment.card_last_four ?? '' })}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => onChoose(false)} disabled={busy}>
            {t('checkout.testBankFail')}
          </button>
          <button ref={firstRef} type="button" className="button" onClick={() => onChoose(true)} disabled={busy}>
            {busy ? t('checkout.paying') : t('checkout.testBankComplete')}
          </button>
        </div>
      </div>
    </div>
  );
}
