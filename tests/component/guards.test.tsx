import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { serveTenant } from './support/handlers';
import { logIn, startApp, tenant } from './support/app-fixtures';
import { server } from './support/server';
import { useAppStore } from '../../src/app/store';

const menu = () => screen.getByRole('navigation', { name: /Ana menü|Main menu/ });

describe('login guard', () => {
  it('sends a visitor from a login-needed page to /login?new_url=…', async () => {
    await startApp('/kullanici-ayarlari?x=1');

    expect(await screen.findByRole('heading', { name: 'Giriş' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('new_url')).toBe('/kullanici-ayarlari?x=1');
  });

  it('shows the page to a logged-in user, with its child pages as links', async () => {
    logIn();
    await startApp('/kullanici-ayarlari');

    expect(await screen.findByRole('heading', { level: 1, name: 'Kullanıcı Ayarları' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/kullanici-ayarlari');
    const children = screen.getByRole('navigation', { name: 'Bu bölümdeki sayfalar' });
    expect(within(children).getByRole('link', { name: 'Yetki Yönetimi' })).toHaveAttribute('href', '/yetki-yonetim');
  });

  it('offers a visitor no menu entry to a login-needed page; signed in, the entry is there', async () => {
    await startApp('/');
    await screen.findByRole('heading', { name: 'Ana sayfa' });
    expect(within(menu()).queryByRole('link', { name: 'Kullanıcı Ayarları' })).not.toBeInTheDocument();
    logIn();
    expect(await within(menu()).findByRole('link', { name: 'Kullanıcı Ayarları' })).toBeInTheDocument();
  });

  it('has no login routes and no login-needed pages when login_function is 0', async () => {
    const noLogin = tenant('localhost');
    noLogin.frontend.login_function = 0;
    server.use(...serveTenant(noLogin));
    await startApp('/login');

    expect(await screen.findByRole('heading', { name: 'Sayfa Bulunamadı' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/sayfa-bulunamadi');
    expect(within(menu()).queryByRole('link', { name: 'Kullanıcı Ayarları' })).not.toBeInTheDocument();
  });

  it('adds /register and the password reset when accounts are not external', async () => {
    await startApp('/giris/sifre-sifirlama');
    expect(await screen.findByRole('heading', { name: 'Şifre Sıfırlama' })).toBeInTheDocument();
  });
});

describe('auth-code guard', () => {
  it('refuses a page whose auth list the user does not hold, and hides it from the menu', async () => {
    logIn(['shop_new']);
    await startApp('/ayarlar');

    expect(await screen.findByRole('heading', { name: 'Ayarlar' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Bu sayfayı görmek için yetkiniz yok.');
    expect(screen.queryByRole('navigation', { name: 'Bu bölümdeki sayfalar' })).not.toBeInTheDocument();
    expect(within(menu()).queryByRole('link', { name: 'Ayarlar' })).not.toBeInTheDocument();
  });

  it('shows the page to a user holding one of its auth codes, with only the children they may open', async () => {
    logIn(['website_edit']);
    await startApp('/ayarlar');

    expect(await screen.findByRole('heading', { name: 'Ayarlar' })).toBeInTheDocument();
    expect(screen.queryByText('Bu sayfayı görmek için yetkiniz yok.')).not.toBeInTheDocument();
    const children = within(screen.getByRole('navigation', { name: 'Bu bölümdeki sayfalar' }));
    expect(children.getByRole('link', { name: 'Web Sitesi Birimleri' })).toBeInTheDocument();
    expect(children.queryByRole('link', { name: 'Ön Yüz Ayarları' })).not.toBeInTheDocument();
    expect(within(menu()).getByRole('link', { name: 'Ayarlar' })).toHaveAttribute('href', '/ayarlar');
  });

  it('follows the session: logging out while on the page applies the guard again', async () => {
    logIn(['admin']);
    await startApp('/mail-gonderme');
    expect(await screen.findByRole('heading', { name: 'Mail Gönderme' })).toBeInTheDocument();

    act(() => useAppStore.getState().clearSession());

    expect(await screen.findByRole('heading', { name: 'Giriş' })).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('new_url')).toBe('/mail-gonderme');
  });
});

describe('shop feature', () => {
  it('leaves shop pages out of the menu and routes when shop_function is 0', async () => {
    const noShop = tenant('localhost');
    noShop.frontend.shop_function = 0;
    server.use(...serveTenant(noShop));
    logIn(['admin']);
    await startApp('/magaza');

    expect(await screen.findByRole('heading', { name: 'Sayfa Bulunamadı' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/sayfa-bulunamadi');
    const links = within(menu()).getAllByRole('link').map((a) => a.textContent);
    expect(links).not.toContain('Mağaza');
    expect(links).not.toContain('Mağazalarım');
    expect(links).toContain('Ayarlar');
  });

  it('shows shop pages when shop_function is 1', async () => {
    await startApp('/magaza');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mağaza' })).toBeInTheDocument();
    expect(within(menu()).getByRole('link', { name: 'Mağaza' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('clinical feature', () => {
  it('leaves the rule engine pages out of the shop site\'s menu and routes (clinical_function 0): a direct visit lands on page404', async () => {
    logIn(['admin']);
    const first = await startApp('/kural-motoru-paketleri');

    expect(await screen.findByRole('heading', { name: 'Sayfa Bulunamadı' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/sayfa-bulunamadi');
    const links = within(menu()).getAllByRole('link').map((a) => a.textContent);
    expect(links).not.toContain('Kural Motoru Paketleri');
    expect(links).toContain('Mağaza');
    expect(links).toContain('Ayarlar');
    first.unmount();

    await startApp('/rule-engine-algorithm?package_id=3b42b360-66af-4676-8979-006146c6be14');
    expect(await screen.findByRole('heading', { name: 'Sayfa Bulunamadı' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/sayfa-bulunamadi');
  });

  it('shows them on the shop site when clinical_function is 1', async () => {
    const clinicalOn = tenant('localhost');
    clinicalOn.frontend.clinical_function = 1;
    server.use(...serveTenant(clinicalOn));
    logIn(['admin']);
    await startApp('/kullanici-proje');

    expect(await screen.findByRole('heading', { name: 'Projeler' })).toBeInTheDocument();
    expect(within(menu()).getByRole('link', { name: 'Kural Motoru Paketleri' })).toHaveAttribute('href', '/kural-motoru-paketleri');
    expect(within(menu()).getByRole('link', { name: 'Mağaza' })).toBeInTheDocument();
  });
});

describe('unknown paths', () => {
  it('go to page404 in Turkish', async () => {
    await startApp('/boyle-bir-sayfa-yok');
    expect(await screen.findByRole('heading', { name: 'Sayfa Bulunamadı' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/sayfa-bulunamadi');
    expect(screen.getByText('Aradığınız sayfa yok ya da taşınmış.')).toBeInTheDocument();
  });

  it('go to page404 in English when English is active', async () => {
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    await startApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/page-not-found');
  });
});

describe('website units', () => {
  it('come after the static pages with the same parent, ordered by position', async () => {
    const t = tenant('localhost');
    const base = t.website_unit_list[0];
    t.website_unit_list.push(
      { ...base, route_name: 'faq', path: { en: '/faq', tr: '/sss' }, caption: { en: 'FAQ', tr: 'SSS' }, is_dashboard: false, position: 9 },
      { ...base, route_name: 'about', path: { en: '/about', tr: '/hakkinda' }, caption: { en: 'About', tr: 'Hakkında' }, is_dashboard: false, position: 5 },
      { ...base, route_name: 'project_help', parent: 'user_project', path: { en: '/project-help', tr: '/proje-yardim' }, caption: { en: 'Project help', tr: 'Proje yardımı' }, is_dashboard: false, position: 1, content: { kind: 'text', text: { en: 'How projects work.', tr: 'Projeler nasıl çalışır.' } } },
    );
    server.use(...serveTenant(t));
    logIn();
    await startApp('/kullanici-proje');

    expect(await screen.findByRole('heading', { name: 'Projeler' })).toBeInTheDocument();
    // The dashboard unit leads the menu; the other units follow the static pages, ordered by position.
    expect(within(menu()).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Ana sayfa',
      'Mağaza',
      'Projeler',
      'Proje yardımı',
      'Kullanıcı Ayarları',
      'Hakkında',
      'SSS',
    ]);
    const user = userEvent.setup();
    await user.click(within(menu()).getByRole('link', { name: 'Proje yardımı' }));
    expect(await screen.findByText('Projeler nasıl çalışır.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/proje-yardim');
  });
});
