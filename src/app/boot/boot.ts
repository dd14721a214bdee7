// Start-up (spec sections 2 and 8): install the transport, fetch this host's configuration and the frd
// layer, apply them, restore the stored session and build the router. Any non-success answer is shown as
// `code=message` in an alert and the app does not start. The stored session is then checked with
// user_controller (renewed first when due) without holding up the first page.
import { createBrowserRouter } from 'react-router-dom';
import { setTransport } from '../../api/call';
import { ApiError } from '../../api/errors';
import { createHttpTransport, siteDomain } from '../../api/http-transport';
import { frontendGet, layerWdmGet } from '../../generated/client';
import { initI18n } from '../i18n';
import { LOGOUT_PATH } from '../router/catalogue';
import { defaultPageLoaders, type PageLoader } from '../router/registry';
import { buildRoutes } from '../router/routes';
import { clearLocalSession, renewAndCheck, restoreSession, setSessionEndHandler, watchSession, withRenewal } from '../session';
import { readActiveLang, readCurrencyType, readSystemProductId } from '../storage';
import { withActivity } from '../idle';
import { isLoggedIn, useAppStore } from '../store';
import { applyConfiguration, reloadWebsiteUnits } from './apply';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export type BootResult = { ok: true; router: AppRouter } | { ok: false; code: string; message: string };

export interface BootOptions {
  /** Defaults to the page's host. */
  host?: string;
  /** Extra or replacement page components by route-view name. */
  pageLoaders?: Record<string, PageLoader>;
}

export async function boot(options: BootOptions = {}): Promise<BootResult> {
  const domain = siteDomain(options.host ?? window.location.hostname);
  initI18n(readActiveLang()?.label ?? 'tr');

  let router: AppRouter | null = null;
  const sessionEnded = () => {
    clearLocalSession();
    if (router) void router.navigate(LOGOUT_PATH);
    else window.location.assign(LOGOUT_PATH);
  };
  setSessionEndHandler(sessionEnded);
  setTransport(
    withActivity(
      withRenewal(
        createHttpTransport({
        context: () => ({
          accessToken: useAppStore.getState().session.token?.access_token ?? null,
          currency: readCurrencyType(),
          language: readActiveLang(),
          productId: readSystemProductId(),
          domain,
        }),
          onSessionEnded: sessionEnded,
        }),
      ),
    ),
  );

  // The stored session first: the configuration's website units are answered for this caller.
  const restored = restoreSession();
  try {
    const [frontend, layers] = await Promise.all([frontendGet({ domain }), layerWdmGet({ layer_code_list: 'frd' })]);
    applyConfiguration(frontend, layers);
  } catch (e) {
    const code = e instanceof ApiError ? e.status_code : 'error';
    const message = e instanceof ApiError ? e.status_message : String((e as Error)?.message ?? e);
    window.alert(`${code}=${message}`);
    return { ok: false, code, message };
  }

  // Routes read the catalogue from the store when they render: units saved later are routed at once.
  router = createBrowserRouter(buildRoutes({ ...defaultPageLoaders, ...options.pageLoaders }));
  watchSession();
  followViewer();
  if (restored) void renewAndCheck();
  return { ok: true, router };
}

/** Signing in or out, or a change of auth codes, changes which website units the server answers: reload them. */
function followViewer(): void {
  const viewerOf = (s: ReturnType<typeof useAppStore.getState>) => (isLoggedIn(s.session) ? `user:${s.session.authCodes.join(',')}` : 'visitor');
  let viewer = viewerOf(useAppStore.getState());
  useAppStore.subscribe((s) => {
    const next = viewerOf(s);
    if (next === viewer) return;
    viewer = next;
    reloadWebsiteUnits().catch((e: unknown) => console.error('[sema] website units could not be reloaded', e));
  });
}
