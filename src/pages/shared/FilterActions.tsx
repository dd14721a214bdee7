// A list filter form's buttons: apply (the form's submit) and reset (shown only while it has something to reset
// when `canReset` says so).
import { useTranslation } from 'react-i18next';

export function FilterActions({ onReset, canReset = true }: { onReset: () => void; canReset?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="form__actions">
      <button type="submit" className="button">
        {t('common.apply')}
      </button>
      {canReset && (
        <button type="button" className="button button--secondary" onClick={onReset}>
          {t('common.reset')}
        </button>
      )}
    </div>
  );
}
