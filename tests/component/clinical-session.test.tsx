// @vitest-environment-options {"url": "http://clinical.localhost:3000/"}
// Spec section 8's clinical 401 handling: an expired or invalid token (11022, 11023) clears the stored session,
// shows the login page and tries the refresh token (the user continues where they were when it works); a page
// the clinical host opened with `token` and `refresh` in its address takes that session up and takes them out
// of the address, and a 401 to it goes to /login?new_url=<the page without them>. The shop site keeps its
// …096 → /logout (tests/component/transport.test.tsx).
import { act, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { useAppStore } from '../../src/app/store';
import { applicationVersion } from '../../src/generated/client';
import { statusCatalogue } from '../../src/generated/errors';
import { account, callsTo, storeSession } from './support/account';
import { startApp } from './support/app-fixtures';
import { server } from './support/server';

/** application/version answered with a catalogue refusal (as a clinical gateway answers an expired token). */
function refuseVersion(key: 'token_expired' | 'token_invalid' | 'session_ended') {
  const { status_code, http: status, message } = statusCatalogue[key];
  server.use(http.post('*/v1/application/version', () => HttpResponse.json({ status_code, status_message: message.en }, { status })));
}

const SESSION_KEYS = ['token', 'user', 'auth_code_list'];
const stored = () => SESSION_KEYS.map((k) => localStorage.getItem(k));
beforeEach(() => {
  account.user.active_lang = { label: 'en', value: 1 }; // the clinical site's language: its headings stay English
});

const here = () => window.location.pathname + window.location.search;

describe('clinical 401: token expired or invalid', () => {
  it('clears the stored session, shows the login page, and continues where the user was once the refresh works', async () => {
    const token = storeSession({ authCodes: ['admin'] });
    await startApp('/settings?tab=units');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    // The refresh answer waits until the login page has been seen with the storage cleared.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(http.post('*/v1/oauth/token', () => held.then(() => undefined)));
    refuseVersion('token_expired');

    const error = await act(() => applicationVersion({}).catch((e: unknown) => e));

    expect(error).toMatchObject({ status_code: '11022' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(here()).toBe(`/login?${new URLSearchParams({ new_url: '/settings?tab=units' })}`);
    expect(stored()).toEqual([null, null, null]);
    expect(useAppStore.getState().session.token).toBeNull();

    await act(async () => release());
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(here()).toBe('/settings?tab=units');
    expect(callsTo('oauth_token').at(-1)?.body).toEqual({ grant_type: 'refresh_token', refresh_token: token.refresh_token });
    expect(useAppStore.getState().session.authCodes).toEqual(['admin']);
    expect(JSON.parse(localStorage.getItem('token')!).access_token).toBe('access-2');
  });

  it('stays on the login page (with the way back) when the refresh is refused as well', async () => {
    storeSession({ authCodes: ['admin'] });
    await startApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    account.refreshToken = null; // the login has ended on the server
    refuseVersion('token_invalid');

    await act(() => applicationVersion({}).catch(() => undefined));

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('oauth_token')).toHaveLength(1));
    await act(() => delay(20));
    expect(here()).toBe(`/login?${new URLSearchParams({ new_url: '/settings' })}`);
    expect(stored()).toEqual([null, null, null]);
  });

  it('leaves a …096 to the common handling: the session ends at /logout', async () => {
    storeSession({ authCodes: ['admin'] });
    await startApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    server.use(http.post('*/v1/logout', () => delay('infinite')));
    refuseVersion('session_ended');

    await act(() => applicationVersion({}).catch(() => undefined));

    await waitFor(() => expect(window.location.pathname).toBe('/logout'));
    expect(callsTo('oauth_token')).toHaveLength(0);
  });
});

describe('clinical pages opened with the session in the address', () => {
  function addressSession() {
    account.authCodes = ['admin'];
    account.accessTokens.add('from-host');
    account.refreshToken = 'from-host-refresh';
  }

  it('take the session up and take the tokens out of the address (and of the history)', async () => {
    addressSession();
    localStorage.setItem('token', JSON.stringify({ token_type: 'Bearer', access_token: 'someone-else' }));
    const entries = window.history.length;
    await startApp('/settings?token=from-host&refresh=from-host-refresh&tab=units#top');

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/settings?tab=units#top');
    expect(window.history.length).toBe(entries); // replaced, not pushed: no entry keeps the tokens
    expect(callsTo('login')[0].authorization).toBe('Bearer from-host');
    expect(useAppStore.getState().session.user?.username).toBe(account.user.username);
    expect(JSON.parse(localStorage.getItem('token')!)).toMatchObject({ access_token: 'from-host', refresh_token: 'from-host-refresh' });
  });

  it('go to /login?new_url=<the page without the tokens> on a 401, without trying the refresh', async () => {
    addressSession();
    await startApp('/settings?token=from-host&refresh=from-host-refresh&tab=units');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    refuseVersion('session_ended');

    await act(() => applicationVersion({}).catch(() => undefined));

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(here()).toBe(`/login?${new URLSearchParams({ new_url: '/settings?tab=units' })}`);
    expect(useAppStore.getState().session.token).toBeNull();
    expect(stored()).toEqual([null, null, null]);
    expect(callsTo('oauth_token')).toHaveLength(0);
  });

  it('go to the login page at once when the server refuses the tokens in the address', async () => {
    await startApp('/settings?token=stale&refresh=stale-refresh');

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(here()).toBe(`/login?${new URLSearchParams({ new_url: '/settings' })}`);
    expect(useAppStore.getState().session.token).toBeNull();
  });
});
