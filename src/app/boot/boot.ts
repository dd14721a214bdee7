// Start-up (spec sections 2 and 8): install the transport, fetch this host's configuration and the frd
// layer, apply them, restore the stored session and build the router. Any non-success answer is shown as
// `code=message` in an alert and the app does not start. The stored session is then checked with
// user_controller (renewed first when due) without holding up the first page. On the clinical site a page
// opened with the session in its address takes it up, and 401 answers follow section 8's clinical handling.
import { createBrowserRouter } from 'react-router-dom';
import { setTransport } from '../../api/call';
import { ApiError, isSessionEnd } from '../../api/errors';
import { createHttpTransport, siteDomain } from '../../api/http-transport';
import { frontendGet, layerWdmGet } from '../../generated/client';
import { initI18n } from '../i18n';
import { addressTokens, withoutAddressTokens } from '../address-tokens';
import { loginRedirect, LOGOUT_PATH } from '../router/catalogue';
import { defaultPageLoaders, type PageLoader } from '../router/registry';
import { buildRoutes } from '../router/routes';
import {
  adoptAddressSession,
  clearLocalSession,
  renewAndCheck,
  restoreSession,
  resumeSession,
  sessionFromAddress,
  setSessionEndHandler,
  watchSession,
  withRenewal,
} from '../session';
import { readActiveLang, readCurrencyType, readSystemProductId } from '../storage';
import { withActivity } from '../idle';
import { isLoggedIn, useAppStore } from '../store';
import { applyConfiguration, reloadWebsiteUnits } from './apply';

/** The clinical site's 401 answers that the access token expired or is not valid (spec section 8). */
const CLINICAL_TOKEN_REFUSED = new Set(['11022', '11023']);

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
  // Before the router exists, the address is the page it will start on.
  const go = (path: string) => {
    if (router) void router.navigate(path);
    else window.history.replaceState(null, '', path);
  };
  const sessionEnded = () => {
    clearLocalSession();
    go(LOGOUT_PATH);
  };
  setSessionEndHandler(sessionEnded);
  const unauthorized = (error: ApiError) => {
    const { configuration, language, session } = useAppStore.getState();
    const tokenRefused = CLINICAL_TOKEN_REFUSED.has(error.status_code);
    // Spec section 8, the clinical site: an expired or invalid token, or any 401 to a session the page was
    // opened with, goes to the login page, which returns to this page; the former first tries the refresh token.
    if (configuration.settings?.clinical_function === 1 && (tokenRefused || (sessionFromAddress() && error.httpStatus === 401))) {
      const refresh = tokenRefused ? session.token?.refresh_token : undefined;
      clearLocalSession();
      go(loginRedirect(configuration.menuData, language.active.label, withoutAddressTokens(window.location)));
      if (refresh) void resumeSession(refresh);
    } else if (isSessionEnd(error.status_code)) sessionEnded();
  };
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
          onUnauthorized: unauthorized,
        }),
      ),
    ),
  );

  // The stored session first: the configuration's website units are answered for this caller.
  viewer = null;
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

  const fromAddress = useAppStore.getState().configuration.settings?.clinical_function === 1 ? addressTokens(window.location) : null;
  if (fromAddress) await adoptFromAddress(fromAddress.accessToken, fromAddress.refreshToken);

  // Routes read the catalogue from the store when they render: units saved later are routed at once.
  router = createBrowserRouter(buildRoutes({ ...defaultPageLoaders, ...options.pageLoaders }));
  watchSession();
  followViewer();
  if (restored && !fromAddress) void renewAndCheck();
  return { ok: true, router };
}

/**
 * A clinical page opened with the session in its address: the tokens leave the address at once, then the
 * session is checked and taken up, with the website units this user may open. A refusal has already been
 * handled by the transport (the login page, which returns here).
 */
async function adoptFromAddress(accessToken: string, refreshToken: string): Promise<void> {
  window.history.replaceState(window.history.state, '', withoutAddressTokens(window.location));
  try {
    await adoptAddressSession(accessToken, refreshToken);
    await reloadWebsiteUnits();
  } catch (e) {
    if (!(e instanceof ApiError)) console.error('[sema] the session in the address could not be taken up', e);
  }
}

const viewerOf = (s: ReturnType<typeof useAppStore.getState>) => (isLoggedIn(s.session) ? `user:${s.session.authCodes.join(',')}` : 'visitor');
/** Who the website units were loaded for; null while a boot loads them for the session it restores. */
let viewer: string | null = null;
let following = false;

/**
 * Signing in or out, or a change of auth codes, changes which website units the server answers: reload them.
 * One listener per page (one per boot would reload the units once more on every change).
 */
function followViewer(): void {
  viewer = viewerOf(useAppStore.getState());
  if (following) return;
  following = true;
  useAppStore.subscribe((s) => {
    const next = viewerOf(s);
    if (viewer === null || next === viewer) return;
    viewer = next;
    reloadWebsiteUnits().catch((e: unknown) => console.error('[sema] website units could not be reloaded', e));
  });
}
