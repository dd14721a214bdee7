// The browser session: restored at boot and checked with user_controller, checked again when the page
// becomes visible (auth codes come and go), renewed with the refresh_token grant shortly before the access
// token expires (not while the tab is hidden), and ended on the server's word.
import { act, screen, waitFor, within } from '@testing-library/react';
import { useAppStore } from '../../src/app/store';
import { applicationVersion } from '../../src/generated/client';
import { http, HttpResponse } from 'msw';
import { account, callsTo, storeSession } from './support/account';
import { ok } from './support/handlers';
import { startApp } from './support/app-fixtures';
import { server } from './support/server';

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

function becomeVisible() {
  visibility = 'visible';
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

const children = () => screen.queryByRole('navigation', { name: 'Bu bölümdeki sayfalar' });
const storedToken = () => JSON.parse(localStorage.getItem('token') ?? 'null');

describe('session restore', () => {
  it('restores the stored session at boot and checks it with user_controller', async () => {
    storeSession({ authCodes: ['admin'] });
    await startApp('/ayarlar');

    // The guarded page opens at once from the stored session…
    expect(await screen.findByRole('heading', { level: 1, name: 'Ayarlar' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Ayşe Yılmaz')).toBeInTheDocument();
    // …and the server is asked who we are, with the stored token.
    await waitFor(() => expect(callsTo('user_user_controller')).toHaveLength(1));
    expect(callsTo('user_user_controller')[0].authorization).toBe('Bearer access-1');
    expect(callsTo('oauth_token')).toHaveLength(0); // not due for renewal
  });

  it('ends a stored session the server no longer knows: /logout, then /login, storage cleared', async () => {
    storeSession({ authCodes: ['admin'] });
    account.accessTokens.clear(); // revoked meanwhile (e.g. idle too long)
    account.refreshToken = null;
    await startApp('/ayarlar');

    expect(await screen.findByRole('heading', { level: 1, name: 'Giriş' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(useAppStore.getState().session.token).toBeNull();
  });

  it('ignores a malformed stored session', async () => {
    localStorage.setItem('token', '{not json');
    localStorage.setItem('user', JSON.stringify({ username: 'x' }));
    await startApp('/ayarlar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Giriş' })).toBeInTheDocument();
    expect(callsTo('user_user_controller')).toHaveLength(0);
  });
});

describe('auth codes follow the user_controller check', () => {
  it('opens a page once a newly assigned auth arrives, and refuses it once the auth is cancelled', async () => {
    storeSession({ authCodes: ['shop_new'] });
    await startApp('/ayarlar');
    expect(await screen.findByText('Bu sayfayı görmek için yetkiniz yok.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('user_user_controller')).toHaveLength(1));

    // Someone assigns website_edit; the user comes back to the tab.
    account.authCodes = ['shop_new', 'website_edit'];
    visibility = 'hidden';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(callsTo('user_user_controller')).toHaveLength(1); // nothing while hidden
    becomeVisible();

    expect(await screen.findByRole('navigation', { name: 'Bu bölümdeki sayfalar' })).toBeInTheDocument();
    expect(screen.queryByText('Bu sayfayı görmek için yetkiniz yok.')).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Ana menü' })).getByRole('link', { name: 'Ayarlar' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('auth_code_list')!)).toEqual(['shop_new', 'website_edit']);

    // The assignment is cancelled: gone at the next check.
    account.authCodes = ['shop_new'];
    becomeVisible();

    expect(await screen.findByText('Bu sayfayı görmek için yetkiniz yok.')).toBeInTheDocument();
    expect(children()).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Ana menü' })).queryByRole('link', { name: 'Ayarlar' })).not.toBeInTheDocument();
  });
});

describe('token renewal', () => {
  it('renews with the refresh_token grant shortly before the access token expires', async () => {
    storeSession({ authCodes: ['admin'], expiresIn: 900, expiresAt: Date.now() + 60_400 }); // due in 0.4 s
    await startApp('/ayarlar');
    await screen.findByRole('heading', { level: 1, name: 'Ayarlar' });

    await waitFor(() => expect(storedToken()?.access_token).toBe('access-2'), { timeout: 2000 });
    expect(callsTo('oauth_token')).toHaveLength(1);
    expect(callsTo('oauth_token')[0].body).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });
    expect(storedToken()).toMatchObject({ refresh_token: 'refresh-2', expires_in: 900 });
    expect(storedToken().expires_at).toBeGreaterThan(Date.now() + 800_000);
    expect(useAppStore.getState().session.token?.access_token).toBe('access-2');

    // The next call carries the new token; the old one is no longer accepted by the server.
    const seen: string[] = [];
    server.use(
      http.post('*/v1/application/version', ({ request }) => {
        seen.push(request.headers.get('authorization') ?? '');
        return HttpResponse.json({ ...ok, version: '0.1.0', schema_version: 3 });
      }),
    );
    await applicationVersion({});
    expect(seen).toEqual(['Bearer access-2']);
  });

  it('does not renew on its timer while the tab is hidden; renews and checks when it is visible again', async () => {
    // Renewal is due in an hour: the tab is hidden first, then the token is made due (its timer fires at once),
    // however long the start took.
    storeSession({ authCodes: ['admin'], expiresIn: 900, expiresAt: Date.now() + 3_600_000 });
    await startApp('/ayarlar');
    await screen.findByRole('heading', { level: 1, name: 'Ayarlar' });
    await waitFor(() => expect(callsTo('user_user_controller')).toHaveLength(1));
    visibility = 'hidden';
    // The timer looks at the tab's visibility when it fires: counted, to know it has.
    let looked = 0;
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => {
        looked++;
        return visibility;
      },
    });
    const token = useAppStore.getState().session.token!;
    act(() => useAppStore.getState().setSessionToken({ ...token, expires_at: Date.now() + 60_000 }));
    await waitFor(() => expect(looked).toBeGreaterThan(0));
    expect(callsTo('oauth_token')).toHaveLength(0);

    becomeVisible();
    await waitFor(() => expect(callsTo('user_user_controller')).toHaveLength(2));
    expect(callsTo('oauth_token')).toHaveLength(1);
    // Renewed first, then checked with the new token.
    expect(callsTo('user_user_controller')[1].authorization).toBe('Bearer access-2');
  });

  it('renews an expired access token before the first call (the refresh token is still good)', async () => {
    storeSession({ authCodes: ['admin'], expiresIn: 900, expiresAt: Date.now() - 5_000 });
    await startApp('/ayarlar');
    await screen.findByRole('heading', { level: 1, name: 'Ayarlar' });

    await waitFor(() => expect(callsTo('user_user_controller')).toHaveLength(1));
    expect(account.calls.map((c) => c.route).filter((r) => r !== 'captcha_new')).toEqual(['oauth_token', 'user_user_controller']);
    expect(callsTo('user_user_controller')[0].authorization).toBe('Bearer access-2');
    expect(window.location.pathname).toBe('/ayarlar');
  });

  it('goes to /logout and /login when the server refuses the renewal (idle too long)', async () => {
    storeSession({ authCodes: ['admin'], expiresIn: 900, expiresAt: Date.now() + 60_200 });
    account.refreshToken = null; // the family ended on the server
    await startApp('/ayarlar');

    expect(await screen.findByRole('heading', { level: 1, name: 'Giriş' }, { timeout: 2000 })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('adopts a token another tab already renewed instead of presenting a used refresh token', async () => {
    storeSession({ authCodes: ['admin'], expiresIn: 900, expiresAt: Date.now() + 60_400 });
    await startApp('/ayarlar');
    await screen.findByRole('heading', { level: 1, name: 'Ayarlar' });
    // Another tab renews first and writes the new token.
    const other = { token_type: 'Bearer', access_token: 'access-9', refresh_token: 'refresh-9', expires_in: 900, expires_at: Date.now() + 900_000 };
    account.accessTokens.add('access-9');
    account.refreshToken = 'refresh-9';
    localStorage.setItem('token', JSON.stringify(other));

    await waitFor(() => expect(useAppStore.getState().session.token?.access_token).toBe('access-9'), { timeout: 2000 });
    expect(callsTo('oauth_token')).toHaveLength(0);
  });
});

describe('other tabs', () => {
  it('follows a logout in another tab', async () => {
    storeSession({ authCodes: ['admin'] });
    await startApp('/ayarlar');
    await screen.findByRole('heading', { level: 1, name: 'Ayarlar' });

    localStorage.removeItem('token');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'x', newValue: null, storageArea: localStorage }));
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Giriş' })).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('new_url')).toBe('/ayarlar');
  });
});
