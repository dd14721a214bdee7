// What a route shows when rendering it threw: a bilingual message and a reload link.
import { useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error('[sema] route error', error);
  return (
    <section className="chunk-error" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{t('app.errorTitle')}</h1>
      <p>{t('app.errorText')}</p>
      <p>
        <a href={window.location.href}>{t('chunk.reload')}</a>
      </p>
    </section>
  );
}
