// A small fake of the account server for component tests (msw): captcha, the password and refresh_token
// grants with rotating refresh tokens, /login, user_controller, logout, user settings. Answers use the error
// catalogue's messages in the caller's language (__lang__v), as the real server does. Tests change
// `account` (auth codes, captcha switch...) and read what was called.
import { http, HttpResponse } from 'msw';
import { statusCatalogue, type StatusKey } from '../../../src/generated/errors';
import type { AuthCode, UserAccount } from '../../../src/generated/types/entities';
import type { Viewer } from '../../../src/domain/page-access';
import { ok } from './handlers';

export const PASSWORD = 'dogru.parola.42';
export const CAPTCHA_CODE = 'K7P2X';
export const CAPTCHA_IMAGE = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

export const ayse = (): UserAccount => ({
  user_client_id: 'd71d6837-dc34-582e-a7e8-634395416892',
  username: 'ayse.yilmaz',
  mail: 'ayse.yilmaz@example.com.tr',
  firstname: 'Ayşe',
  lastname: 'Yılmaz',
  gender: 'female',
  active_lang: { label: 'tr', value: 0 },
  is_active: { value: 1 },
  registration_status: 'completed',
});

interface AccountState {
  user: UserAccount;
  authCodes: AuthCode[];
  captchaRequired: boolean;
  /** Access tokens the server accepts, and the one refresh token that is still good. */
  accessTokens: Set<string>;
  refreshToken: string | null;
  expiresIn: number;
  issued: number;
  captchas: number;
  /** The site's idle time (tenant session settings), in minutes. */
  idleMinutes: number;
  calls: { route: string; authorization: string | null; body: unknown }[];
}

export const account: AccountState = fresh();

function fresh(): AccountState {
  return {
    user: ayse(),
    authCodes: [],
    captchaRequired: true,
    accessTokens: new Set(),
    refreshToken: null,
    expiresIn: 900,
    issued: 0,
    captchas: 0,
    idleMinutes: 60,
    calls: [],
  };
}

export function resetAccount(): void {
  Object.assign(account, fresh());
}

/** A session the fake server knows, as the browser stores it (`token`, `user`, `auth_code_list`). */
export function storeSession(options: { authCodes?: AuthCode[]; expiresAt?: number; expiresIn?: number } = {}) {
  const n = ++account.issued;
  const access = `access-${n}`;
  const refresh = `refresh-${n}`;
  account.accessTokens.add(access);
  account.refreshToken = refresh;
  if (options.authCodes) account.authCodes = options.authCodes;
  const expiresIn = options.expiresIn ?? account.expiresIn;
  const token = { token_type: 'Bearer', access_token: access, refresh_token: refresh, expires_in: expiresIn, expires_at: options.expiresAt ?? Date.now() + expiresIn * 1000 };
  localStorage.setItem('token', JSON.stringify(token));
  localStorage.setItem('user', JSON.stringify(account.user));
  localStorage.setItem('auth_code_list', JSON.stringify(account.authCodes));
  return token;
}

const langOf = (request: Request): 'tr' | 'en' => (new URL(request.url).searchParams.get('__lang__v') === '1' ? 'en' : 'tr');

export function fail(request: Request, key: StatusKey) {
  const entry = statusCatalogue[key];
  return HttpResponse.json({ status_code: entry.status_code, status_message: entry.message[langOf(request)] }, { status: entry.http });
}

function bearer(request: Request): string | null {
  const header = request.headers.get('authorization');
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}

/** Who calls, as the server's page-access rule sees it: a known bearer token is the account with its auth codes. */
export function viewerOf(request: Request): Viewer {
  const token = bearer(request);
  return token && account.accessTokens.has(token) ? { loggedIn: true, authCodes: account.authCodes } : { loggedIn: false, authCodes: [] };
}

function issue() {
  const n = ++account.issued;
  const access = `access-${n}`;
  const refresh = `refresh-${n}`;
  account.accessTokens.add(access);
  account.refreshToken = refresh;
  return { token_type: 'Bearer', access_token: access, refresh_token: refresh, expires_in: account.expiresIn };
}

async function record(route: string, request: Request) {
  let body: unknown = null;
  if (request.method === 'POST') body = await request.clone().json().catch(() => null);
  account.calls.push({ route, authorization: request.headers.get('authorization'), body });
  return body as Record<string, unknown>;
}

export const callsTo = (route: string) => account.calls.filter((c) => c.route === route);

/** A token route: the caller's token must be one the server knows, else 10096. */
const withSession = (request: Request, answer: () => Response) => {
  const token = bearer(request);
  if (!token) return fail(request, 'login_required');
  if (!account.accessTokens.has(token)) return fail(request, 'session_ended');
  return answer();
};

export const accountHandlers = [
  http.post('*/v1/captcha/new', async ({ request }) => {
    await record('captcha_new', request);
    account.captchas += 1;
    return HttpResponse.json({ ...ok, captcha_id: `cap-${account.captchas}`, image: CAPTCHA_IMAGE, expires_in: 300, required: account.captchaRequired });
  }),

  http.post('*/v1/oauth/token', async ({ request }) => {
    const body = await record('oauth_token', request);
    if (body.grant_type === 'refresh_token') {
      if (!account.refreshToken || body.refresh_token !== account.refreshToken) {
        account.refreshToken = null;
        account.accessTokens.clear();
        return fail(request, 'session_ended');
      }
      return HttpResponse.json({ ...ok, ...issue() });
    }
    if (account.captchaRequired && String(body.captcha_code ?? '').toUpperCase() !== CAPTCHA_CODE) return fail(request, 'captcha_incorrect');
    if (body.username !== account.user.username || body.password !== PASSWORD) return fail(request, 'login_failed');
    return HttpResponse.json({ ...ok, ...issue() });
  }),

  http.post('*/v1/login', async ({ request }) => {
    await record('login', request);
    return withSession(request, () => HttpResponse.json({ ...ok, user: account.user, auth_code_list: account.authCodes }));
  }),

  http.get('*/v1/user/user_controller', async ({ request }) => {
    await record('user_user_controller', request);
    return withSession(request, () => HttpResponse.json({ ...ok, user: account.user, auth_code_list: account.authCodes }));
  }),

  http.post('*/v1/tenant/session/settings/get', async ({ request }) => {
    await record('tenant_session_settings_get', request);
    return withSession(request, () => HttpResponse.json({ ...ok, session_settings: { idle_session_minutes: account.idleMinutes } }));
  }),

  http.post('*/v1/logout', async ({ request }) => {
    const body = await record('logout', request);
    if (body?.refresh_token === account.refreshToken) {
      account.refreshToken = null;
      account.accessTokens.clear();
    }
    return HttpResponse.json(ok);
  }),

  http.post('*/v1/user/settings/get', async ({ request }) => {
    await record('user_settings_get', request);
    return withSession(request, () => HttpResponse.json({ ...ok, user_settings: { active_lang: 0, user_currency_type: 0, mail_notification: true } }));
  }),
];
