// The route table of this host, built once at boot from its page catalogue: every page under `/` with one
// route per language path (frame-mode pages outside the layout), `/` → the dashboard, unknown → page404.
import type { RouteObject } from 'react-router-dom';
import { Layout } from '../layout/Layout';
import { pathsOf, type PageDefinition } from './catalogue';
import { DashboardRedirect, NotFound, PageRoute } from './PageRoute';
import type { PageLoader } from './registry';
import { RouteError } from './RouteError';

export function buildRoutes(pages: readonly PageDefinition[], loaders: Record<string, PageLoader>): RouteObject[] {
  const seen = new Set<string>();
  const routesOf = (page: PageDefinition): RouteObject[] =>
    pathsOf(page)
      .filter((path) => !seen.has(path) && Boolean(seen.add(path)))
      .map((path) => ({ path, element: <PageRoute page={page} loaders={loaders} /> }));

  const framed = pages.filter((p) => p.iframe_mode).flatMap(routesOf);
  const inLayout = pages.filter((p) => !p.iframe_mode).flatMap(routesOf);
  return [
    ...framed.map((r) => ({ ...r, element: <main className="frame-page">{r.element}</main>, errorElement: <RouteError /> })),
    {
      path: '/',
      element: <Layout />,
      errorElement: <RouteError />,
      children: [{ index: true, element: <DashboardRedirect /> }, ...inLayout, { path: '*', element: <NotFound /> }],
    },
  ];
}
