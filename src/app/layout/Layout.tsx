// The page frame of every menu page: skip link, top bar, sidebar and the main region, and the idle sign-out's
// warning when it is due.
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../store';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useDeviceWatcher } from './useDeviceWatcher';
import { useIdleWarning } from './useIdleWarning';
import { LOGOUT_PATH } from '../router/catalogue';

// The idle warning's dialog is loaded only when it is due.
const IdleWarning = lazy(() => import('./IdleWarning'));
import './layout.css';

export function Layout() {
  const { t } = useTranslation();
  useDeviceWatcher();
  const { opened, hidden } = useAppStore((s) => s.layout.sidebar);
  const isMobile = useAppStore((s) => s.layout.device.isMobile);
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  const idle = useIdleWarning();

  // On mobile the open menu covers the page: Escape closes it.
  useEffect(() => {
    if (!isMobile || !opened) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') toggleSidebar(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isMobile, opened, toggleSidebar]);

  return (
    <div className="app" data-device={isMobile ? 'mobile' : 'desktop'} data-sidebar={opened && !hidden ? 'open' : 'closed'}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <TopBar />
      <div className="app__body">
        {!hidden && <Sidebar />}
        {!hidden && isMobile && opened && (
          <button type="button" className="app__backdrop" tabIndex={-1} aria-label={t('menu.close')} onClick={() => toggleSidebar(false)} />
        )}
        <main id="main" className="app__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      {idle.phase === 'warning' && (
        <Suspense fallback={null}>
          <IdleWarning endsAt={idle.endsAt} />
        </Suspense>
      )}
      {idle.phase === 'ended' && <Navigate to={LOGOUT_PATH} replace />}
    </div>
  );
}
