// The root component: the router once the boot succeeded, else the plain start-up error screen.
import { RouterProvider } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { BootResult } from './boot/boot';
import './layout/layout.css';

export function App({ result }: { result: BootResult }) {
  return result.ok ? <RouterProvider router={result.router} /> : <BootError code={result.code} message={result.message} />;
}

/** Shown in both languages: the configuration that would name the site's language did not arrive. */
function BootError({ code, message }: { code: string; message: string }) {
  const { i18n } = useTranslation();
  return (
    <main className="boot-error">
      {(['tr', 'en'] as const).map((lng) => {
        const t = i18n.getFixedT(lng);
        return (
          <section key={lng} lang={lng} role={lng === 'tr' ? 'alert' : undefined}>
            <h1>{t('boot.failedTitle')}</h1>
            <p>{t('boot.failedText', { code, message })}</p>
            <p>
              <a href={window.location.href}>{t('boot.reload')}</a>
            </p>
          </section>
        );
      })}
    </main>
  );
}
