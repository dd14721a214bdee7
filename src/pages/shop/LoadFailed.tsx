// A storefront read that failed: what could not be loaded, why, and a way to try again.
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../app/ui';

export function LoadFailed({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <div className="notice notice--error storefront__error" role="alert">
      <p>
        {what} {errorText(error)}
      </p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('storefront.retry')}
      </button>
    </div>
  );
}
