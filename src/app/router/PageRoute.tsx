// One page of the catalogue behind its guards: login (→ /login?new_url=…) and auth codes (refused). The
// shop-feature guard is the catalogue itself: pages that need the shop are not routed when it is off.
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { dashboardPath, holdsAuth, loginRedirect, PAGE404_ROUTE, pageNamed, pathOf, type PageDefinition } from './catalogue';
import { useAccess, useActiveLabel, useLanguageOrder, usePages } from './hooks';
import { LazyPage } from './LazyPage';
import { loaderFor, type PageLoader } from './registry';

export function PageRoute({ page, loaders }: { page: PageDefinition; loaders: Record<string, PageLoader> }) {
  const access = useAccess();
  const lang = useActiveLabel();
  const pages = usePages();
  const location = useLocation();

  if (page.login && !access.loggedIn) {
    return <Navigate replace to={loginRedirect(pages, lang, location.pathname + location.search + location.hash)} />;
  }
  if (!holdsAuth(page, access)) return <Refused page={page} />;
  return <LazyPage key={page.route_name} page={page} loader={loaderFor(page, loaders)} />;
}

function Refused({ page }: { page: PageDefinition }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  return (
    <section className="page page--refused" aria-labelledby="refused-title">
      <h1 id="refused-title">{page.caption[lang]}</h1>
      <p role="alert">{t('guard.refused')}</p>
      <p>
        <Link to="/">{t('guard.home')}</Link>
      </p>
    </section>
  );
}

/** `/`: the dashboard in the first language that has a path for it (else the first menu page). */
export function DashboardRedirect() {
  const to = dashboardPath(usePages(), useAccess(), useLanguageOrder());
  return to ? <Navigate replace to={to} /> : <NotFound />;
}

/** Unknown paths go to page404 in the active language. */
export function NotFound() {
  const pages = usePages();
  const lang = useActiveLabel();
  const page404 = pageNamed(pages, PAGE404_ROUTE);
  return page404 ? <Navigate replace to={pathOf(page404, lang)} /> : null;
}
