// "Copy as my template": the copy is the caller's own draft, kept for them (personal), their hospital (public)
// or every hospital (global — offered to administrators only, the server refuses it to others).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalFocus } from '../../src/app/ui';
import type { ProtocolVisibility } from '../../src/generated/types/entities';

const CHOICES: { value: ProtocolVisibility; word: string }[] = [
  { value: 'private', word: 'personal' },
  { value: 'public', word: 'hospital' },
  { value: 'global', word: 'global' },
];

export function CopyDialog({ name, isAdmin, busy, onCopy, onCancel }: { name: string; isAdmin: boolean; busy?: boolean; onCopy: (visibility: ProtocolVisibility) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId().replace(/:/g, '');
  const [choice, setChoice] = useState<ProtocolVisibility>('private');
  const { dialogRef, firstRef, onKeyDown } = useModalFocus<HTMLInputElement>(onCancel);
  return (
    <div className="dialog-backdrop">
      <div ref={dialogRef} className="dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
        <h2 id={`${id}-title`}>{t('protocol.copy.title')}</h2>
        <p>{t('protocol.copy.text', { name })}</p>
        <fieldset className="protocol-copy">
          <legend>{t('protocol.copy.for')}</legend>
          {CHOICES.filter((c) => c.value !== 'global' || isAdmin).map((c, i) => (
            <label key={c.value} className="protocol-radio">
              <input ref={i === 0 ? firstRef : undefined} type="radio" name={`${id}-for`} checked={choice === c.value} onChange={() => setChoice(c.value)} /> {t(`protocol.copy.${c.word}`)}
            </label>
          ))}
        </fieldset>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('protocol.cancel')}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => onCopy(choice)}>
            {busy ? t('common.sending') : t('protocol.copy.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
