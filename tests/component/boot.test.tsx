import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { startApp, tenant } from './support/app-fixtures';
import { server } from './support/server';

const menu = () => screen.getByRole('navigation', { name: /Ana menü|Main menu/ });
const menuLinks = () => within(menu()).getAllByRole('link').map((a) => a.textContent);

describe('boot on the shop tenant (localhost)', () => {
  it('renders the Turkish menu and redirects / to the dashboard unit at its Turkish path', async () => {
    await startApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ana sayfa' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/anasayfa');
    expect(screen.getByText(/Sema'ya hoş geldiniz/)).toBeInTheDocument();
    // The dashboard first, then the static top-level pages; pages a visitor cannot open (they need a sign-in or
    // an auth) are hidden, and so are the clinical pages (the rule engine's): the shop site has clinical_function 0.
    expect(menuLinks()).toEqual(['Ana sayfa', 'Mağaza', 'Projeler']);
    expect(within(menu()).getByRole('link', { name: 'Ana sayfa' })).toHaveAttribute('aria-current', 'page');
    expect(document.documentElement.lang).toBe('tr');
    expect(document.title).toBe('Sema');
    expect(document.querySelector('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
    expect(screen.getByRole('link', { name: 'Sema' })).toHaveAttribute('href', '/');
  });

  it('saves the browser-storage keys of the specification', async () => {
    const seed = tenant('localhost');
    await startApp('/');
    await screen.findByRole('heading', { name: 'Ana sayfa' });

    const settings = JSON.parse(localStorage.getItem('frontend_settings')!);
    expect(settings).toMatchObject({ application_name: 'Sema', login_function: 1, shop_function: 1, clinical_function: 0, language_options: [0, 1] });
    expect(settings).not.toHaveProperty('navbar_middle_logo');
    expect(localStorage.getItem('system_product_id')).toBe(seed.frontend_product_id);
    expect(JSON.parse(localStorage.getItem('layer_wdm_list')!)).toEqual({
      frd: { language_options: [{ label: 'tr', value: 0 }, { label: 'en', value: 1 }] },
    });
    expect(localStorage.getItem('user_currency_type')).toBe('0');
    expect(JSON.parse(localStorage.getItem('active_lang')!)).toEqual({ label: 'tr', value: 0 });
  });

  it('switches to English without a reload: menu captions, path, <html lang> and stored choice', async () => {
    let configFetches = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/v1/frontend/get')) configFetches += 1;
    });
    const user = userEvent.setup();
    await startApp('/');
    await screen.findByRole('heading', { name: 'Ana sayfa' });
    const banner = screen.getByRole('banner');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'English');

    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/home');
    expect(document.documentElement.lang).toBe('en');
    expect(menuLinks()).toEqual(['Home', 'Shop', 'Projects']);
    expect(within(menu()).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');
    expect(screen.getByText(/Welcome to Sema/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(JSON.parse(localStorage.getItem('active_lang')!)).toEqual({ label: 'en', value: 1 });
    // Same document, same app: no reload, no second start-up.
    expect(screen.getByRole('banner')).toBe(banner);
    expect(configFetches).toBe(1);
    server.events.removeAllListeners();

    // Both languages' paths keep working, and / now leads to the English dashboard path.
    await user.click(screen.getByRole('link', { name: 'Sema' }));
    await waitFor(() => expect(window.location.pathname).toBe('/home'));
  });

  it('keeps a page when the language changes on it, query string included', async () => {
    const user = userEvent.setup();
    await startApp('/kullanici-proje?tab=2');
    expect(await screen.findByRole('heading', { name: 'Projeler' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'en');

    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/user-project?tab=2');
  });

  it('follows the address, not the page still on screen, when the language changes while a page is opening', async () => {
    const { result } = await startApp('/kullanici-proje');
    expect(await screen.findByRole('heading', { name: 'Projeler' })).toBeInTheDocument();
    if (!result.ok) throw new Error('no app');
    // The address moves at once; the page on screen follows when React gets to it (a transition).
    void result.router.navigate('/anasayfa');
    for (let i = 0; i < 50 && window.location.pathname !== '/anasayfa'; i++) await Promise.resolve();
    expect(window.location.pathname).toBe('/anasayfa');
    fireEvent.change(screen.getByRole('combobox', { name: 'Dil' }), { target: { value: 'en' } });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/home');
  });

  it('opens an English path while Turkish is active, in Turkish', async () => {
    await startApp('/user-project');
    expect(await screen.findByRole('heading', { name: 'Projeler' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/user-project');
  });

  it('starts in the stored language when the site offers it', async () => {
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    await startApp('/');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/home');
    expect(document.documentElement.lang).toBe('en');
  });

  it('stores the currency chosen in the top bar', async () => {
    const user = userEvent.setup();
    await startApp('/');
    await screen.findByRole('heading', { name: 'Ana sayfa' });
    const currency = screen.getByRole('combobox', { name: 'Para birimi' });
    expect(currency).toHaveValue('0');

    await user.selectOptions(currency, '$ USD');

    expect(currency).toHaveValue('1');
    expect(localStorage.getItem('user_currency_type')).toBe('1');
  });
});

describe('boot failure', () => {
  it('alerts code=message and does not start when frontend/get does not succeed', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post('*/v1/frontend/get', () =>
        HttpResponse.json({ status_code: '10007', status_message: 'No site is configured for the domain localhost.' }, { status: 404 }),
      ),
    );

    await startApp('/');

    expect(alert).toHaveBeenCalledWith('10007=No site is configured for the domain localhost.');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Uygulama başlatılamadı' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The application could not start' })).toBeInTheDocument();
    expect(localStorage.getItem('system_product_id')).toBeNull();
    expect(window.location.pathname).toBe('/');
  });

  it('alerts the network message when the server cannot be reached', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('*/v1/frontend/get', () => HttpResponse.error()));

    await startApp('/');

    expect(alert).toHaveBeenCalledWith(expect.stringMatching(/^10013=Şu anda sistem sunucularına ağ erişiminizde bir sorun var/));
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('does not start when the frd layer fetch fails', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('*/v1/layer/wdm/get', () => HttpResponse.json({ status_code: '10012', status_message: 'Something went wrong.' }, { status: 500 })),
    );

    await startApp('/');

    expect(alert).toHaveBeenCalledWith('10012=Something went wrong.');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
