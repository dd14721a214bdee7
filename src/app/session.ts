// The browser session (issue 3): tokens and user in the store and in browser storage, restored at boot,
// checked with GET user/user_controller at boot and whenever the page becomes visible again, and the access
// token renewed with the refresh_token grant shortly before it expires.
//
// Idle time stays the server's: a renewal does not count as activity there, and nothing here calls
// user_controller on a timer. A hidden tab does not renew on its timer either; it renews (or learns that the
// session is over) when it becomes visible or makes its next call. Tabs share the stored token: a tab that
// finds a newer token in storage adopts it instead of presenting a refresh token another tab already used
// (which the server would treat as a reuse and end the login everywhere).
import type { RouteRef, Transport } from '../api/call';
import { ApiError, isSessionEnd } from '../api/errors';
import { login, logout, oauthToken, userUserController } from '../generated/client';
import type { AuthCode } from '../generated/types/entities';
import type { OauthTokenResponse } from '../generated/types/routes';
import { activateLanguage } from './preferences';
import {
  clearStoredSession,
  readSession,
  readSessionToken,
  saveSessionToken,
  saveSessionUser,
  SESSION_KEYS,
} from './storage';
import { isLoggedIn, useAppStore, type SessionToken, type SessionUser } from './store';

/** Renew this long before the access token expires (at most a fifth of its lifetime). */
export const REFRESH_MARGIN_MS = 60_000;

/** Status codes that say the refresh token is no longer good (besides any …096). */
const REFRESH_REFUSED = new Set(['11022', '11023', '10008']);

/** Routes that never wait for a renewal: the renewal itself and the calls that end or start a session. */
const NO_RENEWAL = new Set(['oauth_token', 'logout', 'captcha_new']);

type TokenAnswer = Pick<OauthTokenResponse, 'token_type' | 'access_token' | 'refresh_token' | 'expires_in'>;

/** The stored form of a token answer: expires_at fixed when it arrived. */
export function tokenFromAnswer(answer: TokenAnswer, now = Date.now()): SessionToken {
  return {
    token_type: answer.token_type,
    access_token: answer.access_token,
    refresh_token: answer.refresh_token,
    expires_in: answer.expires_in,
    expires_at: now + answer.expires_in * 1000,
  };
}

const state = () => useAppStore.getState();

function marginOf(token: SessionToken): number {
  const lifetime = (token.expires_in ?? 0) * 1000;
  return lifetime > 0 ? Math.min(REFRESH_MARGIN_MS, lifetime / 5) : REFRESH_MARGIN_MS;
}

/** Whether a token should be renewed now (it has a refresh token and expires within the margin). */
export function needsRenewal(token: SessionToken | null, now = Date.now()): boolean {
  return Boolean(token?.refresh_token && token.expires_at !== undefined && token.expires_at - marginOf(token) <= now);
}

// ---- the session's end ------------------------------------------------------------------------------------

let onEnded: () => void = () => {};

/** What happens when the server says the session is over (boot: clear it and go to /logout). */
export function setSessionEndHandler(handler: () => void): void {
  onEnded = handler;
}

/** Whether the session in use came from the page's address (adoptAddressSession), not a login here. */
let fromAddress = false;
export const sessionFromAddress = (): boolean => fromAddress;

/** Forgets the session here: store and browser storage. No call to the server. */
export function clearLocalSession(): void {
  fromAddress = false;
  state().clearSession();
  clearStoredSession();
}

/** Logout: tells the server (its refresh token family is revoked), then forgets the session whatever it says. */
export async function logOut(): Promise<void> {
  const refresh = state().session.token?.refresh_token ?? readSessionToken()?.refresh_token;
  try {
    await logout(refresh ? { refresh_token: refresh } : {});
  } catch {
    // An open route: a stale token is anonymous there; a network failure still logs out here.
  } finally {
    clearLocalSession();
  }
}

// ---- login, check, renewal -------------------------------------------------------------------------------

function adopt(user: SessionUser, authCodes: AuthCode[]): void {
  state().setSessionUser(user, authCodes);
  saveSessionUser(user, authCodes);
}

/** A saved profile: the session's user follows it (top bar name, stored user). */
export function updateSessionUser(user: SessionUser): void {
  if (!isLoggedIn(state().session)) return;
  adopt(user, state().session.authCodes);
}

function adoptToken(token: SessionToken): void {
  state().setSessionToken(token);
  saveSessionToken(token);
}

/**
 * Starts the session from a token answer (password grant, password-reset approval): keeps the token, runs
 * the login check (/v1/login) and stores its user and auth codes. The user's language becomes active.
 * On a failed check nothing is kept.
 */
export function startSession(answer: TokenAnswer): Promise<SessionUser> {
  fromAddress = false;
  return beginSession(tokenFromAnswer(answer));
}

/**
 * The clinical site's pages opened with `token` and `refresh` in the address (by the clinical host): that
 * session replaces any stored one. Its lifetime is not known, so it is not renewed ahead: when the server
 * refuses it, the page goes to the login page (spec section 8).
 */
export function adoptAddressSession(accessToken: string, refreshToken: string): Promise<SessionUser> {
  fromAddress = true;
  return beginSession({ token_type: 'Bearer', access_token: accessToken, refresh_token: refreshToken });
}

async function beginSession(token: SessionToken): Promise<SessionUser> {
  state().setSession({ user: null, token, authCodes: [] });
  try {
    const result = await login({});
    const user: SessionUser = result.user;
    saveSessionToken(token);
    adopt(user, result.auth_code_list);
    const lang = result.user.active_lang?.label;
    if (lang && lang !== state().language.active.label) activateLanguage(lang);
    return user;
  } catch (e) {
    clearLocalSession();
    throw e;
  }
}

/**
 * The session check: who the server says we are and which auth codes we hold now. Newly assigned codes
 * appear, cancelled ones disappear (and the guards refuse their pages). A …096 answer ends the session
 * through the transport.
 */
export async function checkSession(): Promise<void> {
  if (!isLoggedIn(state().session)) return;
  const result = await userUserController({});
  if (!isLoggedIn(state().session)) return;
  adopt(result.user, result.auth_code_list);
}

let renewal: Promise<void> | null = null;

/** Renews the access token with the refresh_token grant; concurrent callers share one renewal. */
export function renewSession(): Promise<void> {
  renewal ??= withRenewalLock(renewNow).finally(() => {
    renewal = null;
  });
  return renewal;
}

/** Across tabs, one renewal at a time (Web Locks where the browser has them). */
function withRenewalLock(fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? locks.request('sema-session-renewal', () => fn()).then(() => undefined) : fn();
}

async function renewNow(): Promise<void> {
  const current = state().session.token;
  if (!current?.refresh_token) return;
  // Another tab may have renewed the session meanwhile: its stored token is then the one to use (presenting
  // the refresh token it already used would end the login everywhere).
  const stored = readSessionToken();
  if (stored?.refresh_token && stored.refresh_token !== current.refresh_token) {
    state().setSessionToken(stored);
    if (!needsRenewal(stored)) return;
  }
  const refresh_token = stored?.refresh_token ?? current.refresh_token;
  try {
    const answer = await oauthToken({ grant_type: 'refresh_token', refresh_token });
    if (!isLoggedIn(state().session)) return; // logged out while the renewal was on its way
    adoptToken(tokenFromAnswer(answer));
  } catch (e) {
    if (e instanceof ApiError && !isSessionEnd(e.status_code) && REFRESH_REFUSED.has(e.status_code)) onEnded();
    // …096: the transport has already ended the session; a network problem: the next call or visit retries.
  }
}

/**
 * The clinical site after an expired or invalid access token (spec section 8): the session has been cleared
 * and the login page shown; a new pair from the refresh token, then the login check, signs the user in again
 * and the login page returns them where they were. Another tab may have done it first (its stored session is
 * then adopted: presenting the used refresh token again would end the login everywhere). Refused, the user
 * signs in on the login page.
 */
export function resumeSession(refreshToken: string): Promise<void> {
  return withRenewalLock(async () => {
    const stored = readSession();
    if (stored.token) {
      state().setSession(stored);
      return;
    }
    await startSession(await oauthToken({ grant_type: 'refresh_token', refresh_token: refreshToken }));
  }).catch((e: unknown) => {
    if (!(e instanceof ApiError)) console.error('[sema] the session could not be resumed', e);
  });
}

/** Before a call: renew first when the access token is about to expire. */
export async function ensureFreshToken(): Promise<void> {
  if (needsRenewal(state().session.token)) await renewSession();
}

/** Wraps a transport so that calls wait for a due renewal (never the renewal itself). */
export function withRenewal(transport: Transport): Transport {
  return (route: RouteRef, input, options) =>
    NO_RENEWAL.has(route.name) || !needsRenewal(state().session.token)
      ? transport(route, input, options)
      : ensureFreshToken().then(() => transport(route, input, options));
}

// ---- boot: restore and watch ------------------------------------------------------------------------------

/** Puts the stored session (if any) back into the store. Returns whether there was one. */
export function restoreSession(): boolean {
  const stored = readSession();
  if (!stored.token) return false;
  state().setSession(stored);
  return true;
}

/** Renewal when due, then the check; failures other than the session's end are only logged. */
export async function renewAndCheck(): Promise<void> {
  try {
    await ensureFreshToken();
    await checkSession();
  } catch (e) {
    if (!(e instanceof ApiError && isSessionEnd(e.status_code))) console.error('[sema] session check failed', e);
  }
}

let timer: ReturnType<typeof setTimeout> | undefined;

function schedule(token: SessionToken | null): void {
  clearTimeout(timer);
  timer = undefined;
  if (!token?.refresh_token || token.expires_at === undefined) return;
  const delay = Math.max(0, token.expires_at - marginOf(token) - Date.now());
  timer = setTimeout(onTimer, Math.min(delay, 2_147_483_647));
}

function onTimer(): void {
  timer = undefined;
  // A hidden tab waits: it renews when it is visible again (or at its next call), so a forgotten tab does not
  // keep renewing all night; the server's idle limit decides whether it still can.
  if (document.visibilityState === 'hidden') return;
  void renewSession();
}

function onVisibility(): void {
  if (document.visibilityState !== 'visible' || !isLoggedIn(state().session)) return;
  void renewAndCheck();
}

/** Another tab logged in, renewed or logged out: follow it. */
function onStorage(e: StorageEvent): void {
  if (e.key !== null && e.key !== SESSION_KEYS.token && e.key !== SESSION_KEYS.user && e.key !== SESSION_KEYS.authCodeList) return;
  const stored = readSession();
  const here = state().session;
  if (!stored.token) {
    if (isLoggedIn(here)) state().clearSession();
    return;
  }
  if (stored.token.access_token !== here.token?.access_token || stored.user?.username !== here.user?.username || stored.authCodes.join() !== here.authCodes.join()) {
    state().setSession(stored);
  }
}

let watching = false;

/** Installs the renewal timer, the visibility check and the cross-tab sync (once per page). */
export function watchSession(): void {
  if (watching) return;
  watching = true;
  useAppStore.subscribe((s, prev) => {
    if (s.session.token !== prev.session.token) schedule(s.session.token);
  });
  schedule(state().session.token);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('storage', onStorage);
}
