// The route table of this host. The router is created once at boot, but the pages come from the store at
// render time: one catch-all under `/` finds the page of the location in the catalogue (every language's
// path), so a website unit saved by an administrator is routed at once, without a rebuild or a reload.
// Frame-mode pages render without the layout; `/` goes to the dashboard; unknown paths go to page404.
import { Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { Layout } from '../layout/Layout';
import { pageAtPath } from './catalogue';
import { usePages } from './hooks';
import { DashboardRedirect, NotFound, PageRoute } from './PageRoute';
import type { PageLoader } from './registry';
import { RouteError } from './RouteError';

export function buildRoutes(loaders: Record<string, PageLoader>): RouteObject[] {
  return [
    {
      path: '/',
      element: <Frame />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <DashboardRedirect /> },
        { path: '*', element: <CataloguePage loaders={loaders} /> },
      ],
    },
  ];
}

/** The page of the current location, as the catalogue holds it now. */
function useCurrentPage() {
  const pages = usePages();
  const { pathname } = useLocation();
  return pageAtPath(pages, pathname);
}

/** The layout around the page, or none for frame-mode pages (they are embedded elsewhere). */
function Frame() {
  const page = useCurrentPage();
  if (page?.iframe_mode)
    return (
      <main className="frame-page">
        <Outlet />
      </main>
    );
  return <Layout />;
}

function CataloguePage({ loaders }: { loaders: Record<string, PageLoader> }) {
  const page = useCurrentPage();
  // Keyed by route name: another page never inherits the state of the one before.
  return page ? <PageRoute key={page.route_name} page={page} loaders={loaders} /> : <NotFound />;
}
