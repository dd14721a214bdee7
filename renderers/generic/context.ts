// What every generic view needs from the app: who may call which route, which page shows a screen's view,
// links between screens, and calling a route by its catalogue entry.
import { useCallback, useMemo } from 'react';
import { call, type CallOptions } from '../../src/api/call';
import { holdsAuth, pathOf, type AccessContext, type PageDefinition } from '../../src/app/router/catalogue';
import { useAccess, useActiveLabel, useLanguageOrder, usePages } from '../../src/app/router/hooks';
import { useAppStore } from '../../src/app/store';
import type { OpenTarget, ResolvedScreen, ScreenAction, ScreenRef, ScreenRoute, ScreenView } from '../../src/domain/screen';
import { SCREEN_QUERY, type ScreenId } from '../../src/generated/screens/index';

/** Calls a route of the screen's table (method and path from the catalogue) through the app's transport. */
export function callRoute<Res = Record<string, unknown>>(route: ScreenRoute, input: Record<string, unknown>, options?: CallOptions) {
  return call<Record<string, unknown>, Res>({ name: route.name, method: route.method, path: route.path }, input, options);
}

/** Whether the user is offered a route: its caller type admits them and they hold one of its auth codes (or of the action's narrower list). */
export function mayCall(route: ScreenRoute | undefined, access: AccessContext, narrowing?: readonly string[]): boolean {
  if (!route) return false;
  if ((route.caller_type === 'token' || route.caller_type === 'token_or_fkey') && !access.loggedIn) return false;
  const codes = narrowing?.length ? narrowing.filter((c) => route.auth_codes.length === 0 || route.auth_codes.includes(c)) : route.auth_codes;
  if (narrowing?.length && codes.length === 0) return false;
  return codes.length === 0 || codes.some((c) => access.authCodes.includes(c as never));
}

export const mayRun = (screen: ResolvedScreen, action: ScreenAction, access: AccessContext): boolean =>
  action.route ? mayCall(screen.route_table[action.route], access, action.auth_codes) : true;

/** Whether a record's fields meet an action's `when`. */
export function actionApplies(action: ScreenAction, record: Record<string, unknown>): boolean {
  return Object.entries(action.when ?? {}).every(([field, values]) => values.includes(record[field] as never));
}

/** The page's screen: its own `screen`, or a website unit's content of kind screen. */
export function screenOfPage(page: PageDefinition): ScreenRef | undefined {
  if (page.screen) return page.screen;
  const content = page.content as { kind?: string; screen?: ScreenRef } | undefined;
  return content?.kind === 'screen' ? content.screen : undefined;
}

/** The first page of the site that shows this view of the screen and that the user may open. */
export function pageFor(pages: readonly PageDefinition[], id: string, view: ScreenView, access: AccessContext): PageDefinition | undefined {
  return pages.find((p) => {
    const ref = screenOfPage(p);
    return ref?.id === id && ref.view === view && holdsAuth(p, access);
  });
}

export type LinkValues = Record<string, unknown>;

/**
 * Links to other screens' views: the path of the page showing the view plus the query the view needs,
 * taken by name from `values` (a row, the current parameters). Null when no page the user may open shows it.
 */
export function useScreenLinks() {
  const pages = usePages();
  const access = useAccess();
  const lang = useActiveLabel();
  const order = useLanguageOrder();
  return useCallback(
    (target: OpenTarget, values: LinkValues, withKey = target.view === 'record'): string | null => {
      const page = pageFor(pages, target.screen, target.view, access);
      if (!page) return null;
      const query = SCREEN_QUERY[target.screen as ScreenId];
      const fixed = screenOfPage(page)?.params ?? {};
      const search = new URLSearchParams();
      for (const name of [...(query?.params ?? []), ...(withKey && query ? [query.key] : [])]) {
        const v = values[name];
        if (fixed[name] === undefined && v !== undefined && v !== null && v !== '') search.set(name, String(v));
      }
      const qs = search.toString();
      return pathOf(page, lang, order) + (qs ? `?${qs}` : '');
    },
    [pages, access, lang, order],
  );
}

/** The signed-in user's id (user parameters), and a key for their per-user preferences. */
export function useUserIds(): { userId: string | undefined; prefKey: string } {
  const user = useAppStore((s) => s.session.user);
  return useMemo(() => ({ userId: user?.user_client_id, prefKey: user?.user_client_id ?? user?.username ?? 'anonymous' }), [user]);
}

/** Resolved values of a screen's parameters: the page's fixed ones, the query string's, the user's id. */
export function resolveParams(screen: ResolvedScreen, fixed: Record<string, string | undefined> | undefined, query: URLSearchParams, userId: string | undefined): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const [name, src] of Object.entries(screen.params ?? {})) values[name] = src.from === 'user' ? userId : (fixed?.[name] ?? query.get(name) ?? undefined);
  return values;
}

/** The parameters a view cannot work without: those its routes require. */
export function requiredParams(screen: ResolvedScreen, view: ScreenView, hasId: boolean): string[] {
  const routes = view === 'list' ? [screen.routes.list] : hasId ? [screen.routes.get] : [screen.routes.new];
  const needed = new Set<string>();
  for (const name of routes) for (const r of (name && screen.route_table[name]?.request.required) || []) needed.add(r);
  return Object.keys(screen.params ?? {}).filter((p) => needed.has(p));
}
