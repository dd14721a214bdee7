// Login, logout and the top bar's session links, against the fake account server.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAppStore } from '../../src/app/store';
import { account, callsTo, CAPTCHA_CODE, PASSWORD, storeSession } from './support/account';
import { startApp } from './support/app-fixtures';

const banner = () => within(screen.getByRole('banner'));

async function fillLogin(user: ReturnType<typeof userEvent.setup>, { username = 'ayse.yilmaz', password = PASSWORD, code = CAPTCHA_CODE } = {}) {
  await user.type(await screen.findByLabelText(/^Kullanıcı adı/), username);
  await user.type(screen.getByLabelText(/^Parola/), password);
  if (code) await user.type(await screen.findByLabelText(/^Resimdeki karakterler/), code);
}

describe('login', () => {
  it('logs in with the captcha, keeps the tokens and the user, and goes to new_url', async () => {
    account.authCodes = ['admin'];
    const user = userEvent.setup();
    await startApp('/login?new_url=%2Fayarlar%3Ftab%3D2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Giriş' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /Güvenlik kodu resmi/ })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(banner().getByRole('link', { name: 'Giriş yap' })).toBeInTheDocument();

    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ayarlar' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/ayarlar?tab=2');
    // Stored: tokens (with their expiry), the user and the auth codes.
    const token = JSON.parse(localStorage.getItem('token')!);
    expect(token).toMatchObject({ token_type: 'Bearer', access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 900 });
    expect(token.expires_at).toBeGreaterThan(Date.now() + 800_000);
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ username: 'ayse.yilmaz' });
    expect(JSON.parse(localStorage.getItem('auth_code_list')!)).toEqual(['admin']);
    expect(useAppStore.getState().session.authCodes).toEqual(['admin']);
    // The password grant carried the challenge; the login check the new token.
    expect(callsTo('oauth_token')[0].body).toMatchObject({ grant_type: 'password', username: 'ayse.yilmaz', captcha_id: 'cap-1', captcha_code: CAPTCHA_CODE });
    expect(callsTo('login')[0].authorization).toBe('Bearer access-1');
    // The top bar names the user and offers logout.
    expect(banner().getByText('Ayşe Yılmaz')).toBeInTheDocument();
    expect(banner().getByRole('link', { name: 'Çıkış yap' })).toHaveAttribute('href', '/logout');
  });

  it('goes to / without new_url, and never to another site', async () => {
    const user = userEvent.setup();
    await startApp('/login?new_url=%2F%2Fevil.example.com%2Fx');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana sayfa' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/anasayfa');
  });

  it("shows the server's message in an alert when the password is wrong, and asks for a new code", async () => {
    const user = userEvent.setup();
    await startApp('/login');
    await fillLogin(user, { password: 'yanlis.parola' });
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Kullanıcı adı veya parola hatalı');
    expect(localStorage.getItem('token')).toBeNull();
    expect(useAppStore.getState().session.token).toBeNull();
    expect(window.location.pathname).toBe('/login');
    // One attempt per challenge: a new image, an empty code field.
    await waitFor(() => expect(account.captchas).toBe(2));
    expect(screen.getByLabelText(/^Resimdeki karakterler/)).toHaveValue('');
  });

  it('says "Code is incorrect" for a wrong captcha, in English too, tied to the code field', async () => {
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    const user = userEvent.setup();
    await startApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Username/), 'ayse.yilmaz');
    await user.type(screen.getByLabelText(/^Password/), PASSWORD);
    await user.type(await screen.findByLabelText(/^Characters in the image/), 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Code is incorrect');
    const code = screen.getByLabelText(/^Characters in the image/);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Code is incorrect'));
    expect(callsTo('login')).toHaveLength(0);
  });

  it('hides the captcha when the server does not require it', async () => {
    account.captchaRequired = false;
    const user = userEvent.setup();
    await startApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Giriş' });
    await waitFor(() => expect(account.captchas).toBe(1));

    expect(screen.queryByLabelText(/Resimdeki karakterler/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yeni kod' })).not.toBeInTheDocument();
    await fillLogin(user, { code: '' });
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ana sayfa' })).toBeInTheDocument();
    expect(callsTo('oauth_token')[0].body).not.toHaveProperty('captcha_id');
  });

  it('checks the fields before calling, with messages tied to them, and offers a new code by keyboard', async () => {
    const user = userEvent.setup();
    await startApp('/login');
    await screen.findByRole('img', { name: /Güvenlik kodu resmi/ });

    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));

    const username = screen.getByLabelText(/^Kullanıcı adı/);
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Kullanıcı adı boş olamaz');
    expect(screen.getByLabelText(/^Parola/)).toHaveAccessibleDescription('Lütfen parolanızı yazın');
    await waitFor(() => expect(username).toHaveFocus());
    expect(callsTo('oauth_token')).toHaveLength(0);

    screen.getByRole('button', { name: 'Yeni kod' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(account.captchas).toBe(2));
  });

  it('links to the password reset and the registration', async () => {
    await startApp('/login');
    expect(await screen.findByRole('link', { name: 'Parolanızı mı unuttunuz?' })).toHaveAttribute('href', '/giris/sifre-sifirlama');
    expect(screen.getByRole('link', { name: 'Hesap oluşturun' })).toHaveAttribute('href', '/kayit');
  });
});

describe('logout', () => {
  it('calls logout with the refresh token, clears the session and its stored keys, and goes to /login', async () => {
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    await startApp('/ayarlar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ayarlar' })).toBeInTheDocument();
    localStorage.setItem('version', '"0.1.0"');

    await user.click(banner().getByRole('link', { name: 'Çıkış yap' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Giriş' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(callsTo('logout')[0].body).toEqual({ refresh_token: 'refresh-1' });
    for (const key of ['token', 'user', 'auth_code_list', 'version']) expect(localStorage.getItem(key), key).toBeNull();
    // The site's own keys stay.
    expect(localStorage.getItem('active_lang')).not.toBeNull();
    expect(localStorage.getItem('frontend_settings')).not.toBeNull();
    expect(useAppStore.getState().session).toEqual({ user: null, token: null, authCodes: [] });
    expect(banner().getByRole('link', { name: 'Giriş yap' })).toBeInTheDocument();
  });
});
