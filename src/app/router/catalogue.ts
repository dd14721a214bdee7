// The page catalogue of this host: the static pages of schemas/screens/pages.json plus the configuration's
// website units, filtered by the configuration's switches. Pure functions, shared by the router, the menu
// and the generic page.
import type { FrontendConfiguration, LanguageLabel, PageFields, WebsiteUnit } from '../../generated/types/entities';
import staticCatalogue from '../../../schemas/screens/pages.json';
import { unitPage } from './units';
import { existsOnSite, holdsAuth, type Viewer } from '../../domain/page-access';

export type PageDefinition = PageFields & Partial<Pick<WebsiteUnit, 'position' | 'content' | 'website_unit_client_id'>>;

export const STATIC_PAGES = (staticCatalogue as unknown as { pages: PageDefinition[] }).pages;

/** Routes that exist only when login_function is 1 (spec section 2). */
export const LOGIN_ROUTE_NAMES: readonly string[] = ['login', 'logout', 'register_approve'];
/** Routes that exist only when login_function is 1 and login_function_external is not 1. */
export const ACCOUNT_ROUTE_NAMES: readonly string[] = ['register', 'password_reset'];

export const LOGIN_ROUTE = 'login';
export const LOGOUT_PATH = '/logout';
export const PAGE404_ROUTE = 'page404';

type Switches = Pick<FrontendConfiguration, 'login_function' | 'login_function_external' | 'shop_function' | 'clinical_function'>;

/**
 * Whether a page exists at all on a host with these switches (src/domain/page-access.ts existsOnSite, plus the
 * login routes of spec section 2); a page that does not exist is neither in the menu nor routed (its path lands
 * on page404).
 */
export function pageExists(page: PageDefinition, cfg: Switches): boolean {
  if (!existsOnSite(page, cfg)) return false;
  if (LOGIN_ROUTE_NAMES.includes(page.route_name)) return cfg.login_function === 1;
  if (ACCOUNT_ROUTE_NAMES.includes(page.route_name)) return cfg.login_function === 1 && cfg.login_function_external !== 1;
  return true;
}

/**
 * Static pages in catalogue order, then website units ordered by position (so in the menu a unit comes after
 * the static pages with the same parent). A unit whose route name is already taken is dropped.
 */
export function buildCatalogue(cfg: Switches, units: readonly WebsiteUnit[], staticPages: readonly PageDefinition[] = STATIC_PAGES): PageDefinition[] {
  const pages = staticPages.filter((p) => pageExists(p, cfg));
  const taken = new Set(staticPages.map((p) => p.route_name));
  const sortedUnits = [...units].sort((a, b) => a.position - b.position);
  for (const unit of sortedUnits) {
    if (taken.has(unit.route_name)) {
      console.warn(`[sema] website unit ${unit.route_name} has the route name of another page; it is left out.`);
      continue;
    }
    taken.add(unit.route_name);
    if (pageExists(unit, cfg)) pages.push(unitPage(unit));
  }
  return pages;
}

export type AccessContext = Viewer;
export { holdsAuth };

/** The page's path in the language, else in the first other language that has one. */
export function pathOf(page: PageDefinition, lang: LanguageLabel, order: readonly LanguageLabel[] = ['tr', 'en']): string {
  return page.path[lang] ?? order.map((l) => page.path[l]).find(Boolean) ?? page.path.en ?? page.path.tr ?? '/';
}

/** Every distinct path of a page, all languages. */
export const pathsOf = (page: PageDefinition): string[] => [...new Set(Object.values(page.path).filter((p): p is string => Boolean(p)))];

const normalise = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The page a location's pathname belongs to, in any language (paths are lower case; the match ignores case). */
export function pageAtPath(pages: readonly PageDefinition[], pathname: string): PageDefinition | undefined {
  const p = normalise(pathname).toLowerCase();
  return pages.find((page) => pathsOf(page).includes(p));
}

export const pageNamed = (pages: readonly PageDefinition[], routeName: string): PageDefinition | undefined =>
  pages.find((p) => p.route_name === routeName);

export interface MenuNode {
  page: PageDefinition;
  children: MenuNode[];
}

const isRoot = (p: PageDefinition): boolean => p.parent === null || p.parent === undefined || p.parent === '';

/**
 * The menu: pages shown in the menu that the user may open (signed in where they need it, holding their auth
 * list), nested under their parents; dashboard pages first (the site's start), then the catalogue's order.
 */
export function menuTree(pages: readonly PageDefinition[], ctx: AccessContext): MenuNode[] {
  const visible = pages.filter((p) => p.show_in_menu && !p.iframe_mode && (!p.login || ctx.loggedIn) && holdsAuth(p, ctx));
  const build = (parent: string | null): MenuNode[] =>
    visible.filter((p) => (parent === null ? isRoot(p) : p.parent === parent)).map((page) => ({ page, children: build(page.route_name) }));
  const roots = build(null);
  return [...roots.filter((n) => n.page.is_dashboard), ...roots.filter((n) => !n.page.is_dashboard)];
}

/** The children of a page the user may open (in or out of the menu), for the generic page's list of links. */
export const childPages = (pages: readonly PageDefinition[], parent: string, ctx: AccessContext): PageDefinition[] =>
  pages.filter((p) => p.parent === parent && holdsAuth(p, ctx));

/**
 * Where `/` goes: the first dashboard page, in the first language (active first, then the offered order)
 * that has a path for it; else the first page of the menu; else nothing.
 */
export function dashboardPath(pages: readonly PageDefinition[], ctx: AccessContext, languages: readonly LanguageLabel[]): string | null {
  const dashboard = pages.find((p) => p.is_dashboard);
  if (dashboard) {
    for (const lang of languages) if (dashboard.path[lang]) return dashboard.path[lang]!;
  }
  const first = menuTree(pages, ctx)[0];
  return first ? pathOf(first.page, languages[0] ?? 'tr', languages) : null;
}

/** The login redirect of a guarded page: /login?new_url=<where the user wanted to go>. */
export function loginRedirect(pages: readonly PageDefinition[], lang: LanguageLabel, from: string): string {
  const login = pageNamed(pages, LOGIN_ROUTE);
  const path = login ? pathOf(login, lang) : '/login';
  return `${path}?${new URLSearchParams({ new_url: from })}`;
}
