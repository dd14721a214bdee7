// Who may open a page (a catalogue page or a website unit): one rule for the browser's router and menu and
// for the server, which answers each caller only the website units it may open. Pure: no imports.

/** The page fields the rule reads (page.json page_fields). */
export interface PageAccessFields {
  login?: boolean;
  /** Comma-separated auth codes; any one admits the user; empty = anyone who passes the login check. */
  auth?: string;
  shop_active?: boolean;
  clinical_active?: boolean;
}

/** The site's switches of the front-end configuration. */
export interface SiteSwitches {
  login_function?: number;
  shop_function?: number;
  clinical_function?: number;
}

/** Who is looking: signed in or not, and the auth codes held today. */
export interface Viewer {
  loggedIn: boolean;
  authCodes: readonly string[];
}

/** Auth codes that manage website units: their holders see every unit of the site, to edit it. */
export const UNIT_MANAGER_CODES: readonly string[] = ['admin', 'website_admin', 'website_edit'];

export const authList = (page: Pick<PageAccessFields, 'auth'>): string[] => (page.auth ? page.auth.split(',').filter(Boolean) : []);

/**
 * Whether the page exists on a site with these switches: a shop page needs shop_function 1, a clinical page
 * clinical_function 1, a login-needed page login_function 1 (nobody could pass its guard otherwise).
 */
export function existsOnSite(page: PageAccessFields, site: SiteSwitches): boolean {
  if (page.shop_active && site.shop_function !== 1) return false;
  if (page.clinical_active && site.clinical_function !== 1) return false;
  if (page.login && site.login_function !== 1) return false;
  return true;
}

/** A page with an auth list admits a signed-in holder of one of its codes; a page without one admits anyone. */
export function holdsAuth(page: Pick<PageAccessFields, 'auth'>, viewer: Viewer): boolean {
  const list = authList(page);
  return list.length === 0 || (viewer.loggedIn && list.some((code) => viewer.authCodes.includes(code)));
}

/** Whether this viewer may open the page: it exists on the site, the viewer is signed in if it needs that, and holds its auth. */
export function mayOpen(page: PageAccessFields, site: SiteSwitches, viewer: Viewer): boolean {
  return existsOnSite(page, site) && (!page.login || viewer.loggedIn) && holdsAuth(page, viewer);
}

/** Whether the viewer manages the site's website units (and so sees every one of them). */
export const managesUnits = (viewer: Viewer): boolean => viewer.loggedIn && viewer.authCodes.some((c) => UNIT_MANAGER_CODES.includes(c));

/** The units a viewer is answered: every unit for a unit manager, else the ones the viewer may open. */
export function unitsFor<T extends PageAccessFields>(units: readonly T[], site: SiteSwitches, viewer: Viewer): T[] {
  return managesUnits(viewer) ? [...units] : units.filter((u) => mayOpen(u, site, viewer));
}

/** What a route asks of its caller (the route table's caller_type and auth_codes). */
export interface RouteAccess {
  caller_type: 'none' | 'token' | 'token_or_fkey' | 'token_or_fkey_or_none';
  auth_codes: readonly string[];
}

/** A browser has no front-end key: a route that needs a token or a key needs a signed-in user there. */
export const needsLogin = (route: RouteAccess): boolean => route.caller_type === 'token' || route.caller_type === 'token_or_fkey';

/** Why this viewer cannot call the route from a browser: it must sign in, or lacks every one of its auth codes. */
export function routeRefusal(route: RouteAccess, viewer: Viewer): 'login' | 'auth' | undefined {
  if (!viewer.loggedIn) return needsLogin(route) || route.auth_codes.length ? 'login' : undefined;
  return route.auth_codes.length && !viewer.authCodes.some((c) => route.auth_codes.includes(c)) ? 'auth' : undefined;
}

/**
 * Who among a page's audience could not call a screen's route: `login` when visitors who are not signed in may
 * open the page but the route needs a signed-in user; `auth` with the page's codes (or none: everyone signed
 * in) that the route does not admit. Empty when everyone who may open the page may call the route.
 */
export function audienceGaps(page: PageAccessFields, route: RouteAccess): { login: boolean; codes: string[]; anyone: boolean } {
  const login = !page.login && (needsLogin(route) || route.auth_codes.length > 0);
  if (!route.auth_codes.length) return { login, codes: [], anyone: false };
  const codes = authList(page);
  if (!codes.length) return { login, codes: [], anyone: true };
  return { login, codes: codes.filter((c) => !route.auth_codes.includes(c)), anyone: false };
}
