// Front-end settings and website units in the browser: the theme preview follows the edited colours live; the
// clinical pages switch is saved and the menu follows it; the unit list and form (the generic screen
// website_unit): a saved unit is in the menu and routed at once (no reload), paths follow captions, the
// content kind switches its fields, an edit names its version and a conflict offers the latest, rich text
// pasted into the editor keeps only what the server allows, the list is in tree order, moves and deletes;
// frames only of allow-listed origins and sandboxed; and the icon list filters.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { sanitizeRichText } from '../../server/services/rich-text';
import { useAppStore } from '../../src/app/store';
import type { FrontendConfiguration, WebsiteUnit } from '../../src/generated/types/entities';
import { storeSession } from './support/account';
import { startApp } from './support/app-fixtures';
import { installProseMirrorStubs } from './support/prosemirror';
import { ok, serveTenant, tenant } from './support/handlers';
import { server } from './support/server';
import { resetShop, seedBundles, seedShop, shopHandlers, SHOP_ID } from './support/shop';

/** A fake of the website-unit routes over an in-memory list, sanitizing rich text as the server does. */
function fakeUnits(initial: WebsiteUnit[] = tenant('localhost').website_unit_list) {
  const units = initial.map((u) => ({ version: 1, ...u }));
  const calls: { route: string; body: Record<string, unknown> }[] = [];
  let n = 0;
  const clean = (u: WebsiteUnit): WebsiteUnit =>
    u.content?.kind === 'rich_text' ? { ...u, content: { kind: 'rich_text', html: { en: sanitizeRichText(u.content.html.en), tr: sanitizeRichText(u.content.html.tr) } } } : u;
  server.use(
    http.post('*/v1/frontend/websiteunit/list', () => HttpResponse.json({ ...ok, website_unit_list: units })),
    http.post('*/v1/frontend/websiteunit/get', async ({ request }) => {
      const { website_unit_client_id: id } = (await request.json()) as { website_unit_client_id: string };
      return HttpResponse.json({ ...ok, website_unit: units.find((u) => u.website_unit_client_id === id) });
    }),
    http.post('*/v1/frontend/websiteunit/new', async ({ request }) => {
      const body = (await request.json()) as { website_unit: WebsiteUnit };
      calls.push({ route: 'new', body });
      const unit = { ...clean(body.website_unit), website_unit_client_id: `00000000-0000-4000-8000-00000000000${++n}`, version: 1 };
      units.push(unit);
      return HttpResponse.json({ ...ok, website_unit: unit });
    }),
    http.post('*/v1/frontend/website_unit/update', async ({ request }) => {
      const body = (await request.json()) as { website_unit: WebsiteUnit & { website_unit_client_id: string; version: number } };
      calls.push({ route: 'update', body });
      const at = units.findIndex((u) => u.website_unit_client_id === body.website_unit.website_unit_client_id);
      const unit = { ...clean(body.website_unit), version: body.website_unit.version + 1 };
      units[at] = unit;
      return HttpResponse.json({ ...ok, website_unit: unit });
    }),
    http.post('*/v1/frontend/websiteunit/delete', async ({ request }) => {
      const body = (await request.json()) as { website_unit_client_id: string; version: number };
      calls.push({ route: 'delete', body });
      units.splice(
        units.findIndex((u) => u.website_unit_client_id === body.website_unit_client_id),
        1,
      );
      return HttpResponse.json({ ...ok, website_unit_client_id: body.website_unit_client_id });
    }),
    http.post('*/v1/frontend/websiteunit/reorder', async ({ request }) => {
      const body = (await request.json()) as { website_unit_order: { website_unit_client_id: string; position: number }[] };
      calls.push({ route: 'reorder', body });
      for (const item of body.website_unit_order) {
        const at = units.findIndex((u) => u.website_unit_client_id === item.website_unit_client_id);
        units[at] = { ...units[at], position: item.position, version: units[at].version + 1 };
      }
      units.sort((a, b) => a.position - b.position);
      return HttpResponse.json({ ...ok, website_unit_list: units });
    }),
  );
  return { units, calls };
}

const menu = () => screen.getByRole('navigation', { name: 'Ana menü' });

describe('front-end settings', () => {
  it('redraws the top bar and sidebar with the edited colours before saving, and puts them back when left unsaved', async () => {
    storeSession({ authCodes: ['admin'] });
    await startApp('/on-yuz-ayarlari');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ön Yüz Ayarları' })).toBeInTheDocument();
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--sema-sidebar-bg')).toBe('#1f2a44');

    fireEvent.change(screen.getByRole('textbox', { name: 'Kenar çubuğu arka planı (#rrggbb)' }), { target: { value: '#aa0000' } });
    expect(root.getPropertyValue('--sema-sidebar-bg')).toBe('#aa0000');
    const preview = screen.getByTestId('theme-preview');
    expect(within(preview).getByRole('list')).toHaveStyle({ background: '#aa0000' });

    // The picker drives the same value; the top bar text gets a low-contrast warning against its background.
    fireEvent.change(screen.getByLabelText('Üst çubuk yazısı', { selector: 'input[type="color"]' }), { target: { value: '#fefefe' } });
    expect(root.getPropertyValue('--sema-topbar-text')).toBe('#fefefe');
    expect(screen.getByRole('textbox', { name: 'Üst çubuk yazısı (#rrggbb)' })).toHaveValue('#fefefe');
    expect(screen.getByText(/Düşük karşıtlık/)).toBeInTheDocument();

    // The name is previewed too.
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/^Uygulama adı/));
    await user.type(screen.getByLabelText(/^Uygulama adı/), 'Yeni Ad');
    expect(within(preview).getByText('Yeni Ad')).toBeInTheDocument();

    // Leaving without saving puts the saved theme back.
    await user.click(within(menu()).getByRole('link', { name: 'Ana sayfa' }));
    await screen.findByRole('heading', { level: 1, name: 'Ana sayfa' });
    expect(root.getPropertyValue('--sema-sidebar-bg')).toBe('#1f2a44');
    expect(root.getPropertyValue('--sema-topbar-text')).toBe('#1f2a44');
  });

  it('saves the settings: the page follows at once (title, theme, languages), and the frame allow-list is checked', async () => {
    let saved: FrontendConfiguration | null = null;
    server.use(
      http.post('*/v1/frontend/save', async ({ request }) => {
        saved = ((await request.json()) as { frontend: FrontendConfiguration }).frontend;
        return HttpResponse.json({ ...ok, frontend: saved });
      }),
    );
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    await startApp('/on-yuz-ayarlari');
    await screen.findByRole('heading', { level: 1, name: 'Ön Yüz Ayarları' });

    await user.clear(screen.getByLabelText(/^Uygulama adı/));
    await user.type(screen.getByLabelText(/^Uygulama adı/), 'Sema Pazar');
    fireEvent.change(screen.getByRole('textbox', { name: 'Vurgu rengi (düğmeler ve bağlantılar) (#rrggbb)' }), { target: { value: '#008000' } });
    await user.type(screen.getByLabelText('Çerçeve izin listesi'), 'https://stats.example.org{enter}not an origin');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(screen.getByLabelText('Çerçeve izin listesi')).toHaveAccessibleDescription(expect.stringContaining('not an origin'));
    expect(saved).toBeNull();

    await user.clear(screen.getByLabelText('Çerçeve izin listesi'));
    await user.type(screen.getByLabelText('Çerçeve izin listesi'), 'https://stats.example.org');
    await user.click(screen.getByRole('checkbox', { name: 'Türkçe' }));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));

    expect(await screen.findByText(/Ayarlar kaydedildi/)).toBeInTheDocument();
    expect(saved).toMatchObject({ application_name: 'Sema Pazar', language_options: [1], default_language: 1, frame_allowlist: ['https://stats.example.org'] });
    expect(saved!.colors.accent).toBe('#008000');
    expect(document.title).toBe('Sema Pazar');
    expect(screen.getByRole('banner')).toHaveTextContent('Sema Pazar');
    expect(useAppStore.getState().configuration.settings?.frame_allowlist).toEqual(['https://stats.example.org']);
    // Turkish is no longer offered: the page switched to English.
    expect(await screen.findByRole('heading', { level: 1, name: 'Front-end Settings' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('frontend_settings')!).application_name).toBe('Sema Pazar');
  });

  it('switches the clinical pages on and off: the flag is saved and the rule engine\'s package list joins and leaves the menu at once', async () => {
    const sent: FrontendConfiguration[] = [];
    server.use(
      http.post('*/v1/frontend/save', async ({ request }) => {
        const { frontend } = (await request.json()) as { frontend: FrontendConfiguration };
        sent.push(frontend);
        return HttpResponse.json({ ...ok, frontend });
      }),
    );
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    await startApp('/on-yuz-ayarlari');
    await screen.findByRole('heading', { level: 1, name: 'Ön Yüz Ayarları' });
    const clinical = screen.getByRole('checkbox', { name: 'Klinik sayfalar' });
    // The shop site has them off; the shop switch is its neighbour.
    expect(clinical).not.toBeChecked();
    expect(clinical).toHaveAccessibleDescription(expect.stringContaining('Kural motoru paketleri ve algoritması'));
    expect(screen.getByRole('checkbox', { name: 'Mağaza sayfaları' })).toBeChecked();
    expect(within(menu()).queryByRole('link', { name: 'Kural Motoru Paketleri' })).not.toBeInTheDocument();

    await user.click(clinical);
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText(/Ayarlar kaydedildi/)).toBeInTheDocument();
    expect(sent).toEqual([{ ...tenant('localhost').frontend, clinical_function: 1 }]);
    expect(useAppStore.getState().configuration.settings?.clinical_function).toBe(1);
    expect(await within(menu()).findByRole('link', { name: 'Kural Motoru Paketleri' })).toHaveAttribute('href', '/kural-motoru-paketleri');

    await user.click(screen.getByRole('checkbox', { name: 'Klinik sayfalar' }));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].clinical_function).toBe(0);
    await waitFor(() => expect(within(menu()).queryByRole('link', { name: 'Kural Motoru Paketleri' })).not.toBeInTheDocument());
  });

  it('refuses an uploaded logo of another type before reading it', async () => {
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup({ applyAccept: false });
    await startApp('/on-yuz-ayarlari');
    await screen.findByRole('heading', { level: 1, name: 'Ön Yüz Ayarları' });
    await user.upload(screen.getByLabelText('Logo'), new File(['<html></html>'], 'logo.html', { type: 'text/html' }));
    expect(await screen.findByText('Dosya uzantı türü uygun değil')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Logo'), new File([new Uint8Array(300_000)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText(/Dosya boyutu uygun değil/)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Logo'), new File([new Uint8Array([137, 80, 78, 71])], 'small.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Mevcut Logo' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/)));
    expect(screen.getByTestId('theme-preview').querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/));
  });
});

describe('website units (the generic screen website_unit)', { timeout: 20_000 }, () => {
  installProseMirrorStubs();

  const caption = () => screen.getByRole('group', { name: /^Başlık/ });
  const path = () => screen.getByRole('group', { name: /^Yol/ });
  /** The unit form, once its chunk (rjsf) has loaded. */
  const formReady = () => screen.findByRole('button', { name: 'Kaydet' });

  it('a new unit: paths and route name follow the captions; it is in the menu and routed at once, in both languages', async () => {
    const fake = fakeUnits();
    storeSession({ authCodes: ['website_edit'] });
    const user = userEvent.setup();
    const router = await startApp('/on-yuz-web-birimi');
    expect(await screen.findByRole('heading', { level: 2, name: 'Yeni Web sitesi birimi' })).toBeInTheDocument();
    await formReady();
    expect(within(menu()).queryByRole('link', { name: 'Kampanya Haberleri' })).not.toBeInTheDocument();

    await user.type(within(caption()).getByLabelText('Türkçe'), 'Kampanya Haberleri');
    await user.type(within(caption()).getByLabelText('İngilizce'), 'Campaign News');
    // Paths and the route name follow the captions (Turkish letters spelled in English ones)...
    expect(within(path()).getByLabelText('Türkçe')).toHaveValue('/kampanya-haberleri');
    expect(within(path()).getByLabelText('İngilizce')).toHaveValue('/campaign-news');
    expect(screen.getByLabelText(/^Rota adı/)).toHaveValue('campaign_news');
    // ...until one is typed by hand.
    await user.clear(within(path()).getByLabelText('İngilizce'));
    await user.type(within(path()).getByLabelText('İngilizce'), '/news');
    await user.type(within(caption()).getByLabelText('İngilizce'), '!');
    expect(within(path()).getByLabelText('İngilizce')).toHaveValue('/news');
    await user.clear(within(path()).getByLabelText('İngilizce'));
    await user.type(within(path()).getByLabelText('İngilizce'), '/campaign-news');

    await user.selectOptions(screen.getByLabelText('Simge'), 'tag');
    // The text kind is chosen for a new unit.
    expect(screen.getByRole('radio', { name: 'Düz metin' })).toBeChecked();
    const text = screen.getByRole('group', { name: /^Metin/ });
    await user.type(within(text).getByLabelText('Türkçe'), 'Yeni kampanyalar burada.');
    await user.type(within(text).getByLabelText('İngilizce'), 'New campaigns are here.');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));

    expect(await screen.findByText('Web sitesi birimi oluşturuldu ve menüde.')).toBeInTheDocument();
    expect(fake.calls[0].body.website_unit).toEqual({
      route_name: 'campaign_news',
      path: { en: '/campaign-news', tr: '/kampanya-haberleri' },
      caption: { en: 'Campaign News!', tr: 'Kampanya Haberleri' },
      icon: 'tag',
      position: 100,
      click_type: 'route',
      show_in_menu: true,
      is_dashboard: false,
      login: false,
      shop_active: false,
      clinical_active: false,
      content: { kind: 'text', text: { en: 'New campaigns are here.', tr: 'Yeni kampanyalar burada.' } },
    });
    // The new unit reopens at its own address, at version 1.
    expect(new URLSearchParams(window.location.search).get('website_unit_client_id')).toBe('00000000-0000-4000-8000-000000000001');
    expect(await screen.findByRole('heading', { level: 2, name: 'Web sitesi birimi: Kampanya Haberleri (sürüm 1)' })).toBeInTheDocument();
    const link = await within(menu()).findByRole('link', { name: 'Kampanya Haberleri' });
    expect(link).toHaveAttribute('href', '/kampanya-haberleri');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kampanya Haberleri' })).toBeInTheDocument();
    expect(screen.getByText('Yeni kampanyalar burada.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/kampanya-haberleri');

    // The same unit in English, still without a reload.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign News!' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/campaign-news');
    expect(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Campaign News!' })).toHaveAttribute('href', '/campaign-news');
    expect(router.result.ok).toBe(true);
  });

  it('the content kind shows its own fields, keeps what was typed in another kind, and lists the allowed frame origins', async () => {
    const site = tenant('localhost');
    site.frontend.frame_allowlist = ['https://stats.example.org'];
    server.use(...serveTenant(site));
    fakeUnits();
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    await startApp('/on-yuz-web-birimi');
    await screen.findByRole('heading', { level: 2, name: 'Yeni Web sitesi birimi' });
    await formReady();
    const kinds = screen.getByRole('group', { name: 'İçerik türü' });
    expect(within(kinds).getAllByRole('radio').map((r) => r.closest('label')!.textContent!.trim())).toEqual(['Düz metin', 'Liste veya kayıt ekranı', 'Zengin metin', 'Gömülü çerçeve', 'Mağaza vitrini', 'Klinik panel', 'Veri modeli formu']);
    await user.type(within(screen.getByRole('group', { name: /^Metin/ })).getByLabelText('Türkçe'), 'Taslak');

    // Keyboard: the arrow keys move between the kinds.
    screen.getByRole('radio', { name: 'Düz metin' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Liste veya kayıt ekranı' })).toBeChecked();
    expect(screen.queryByRole('group', { name: /^Metin/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Ekran/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Görünüm/)).toHaveValue('0'); // list, the default
    expect(screen.getByLabelText('Sabit değerler')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Gömülü çerçeve' }));
    const url = screen.getByLabelText(/^Çerçeve adresi/);
    expect(url).toHaveAccessibleDescription(expect.stringContaining('İzin verilen kökenler: https://stats.example.org'));
    await user.type(url, 'https://evil.example.com/x');
    expect(url).toHaveAccessibleDescription(expect.stringContaining('https://evil.example.com adresi bu sitenin çerçeve izin listesinde yok.'));

    await user.click(screen.getByRole('radio', { name: 'Zengin metin' }));
    expect(await screen.findByRole('textbox', { name: 'Metin (Türkçe)' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Çerçeve adresi/)).not.toBeInTheDocument();

    // The shop's highlights (issue 10): a text above the bundles and how many bundles, three unless changed.
    await user.click(screen.getByRole('radio', { name: 'Mağaza vitrini' }));
    expect(within(screen.getByRole('group', { name: /^Metin/ })).getByLabelText('Türkçe')).toHaveValue('');
    expect(screen.getByLabelText(/^Gösterilen paket sayısı/)).toHaveValue('3');

    await user.click(screen.getByRole('radio', { name: 'Düz metin' }));
    expect(within(screen.getByRole('group', { name: /^Metin/ })).getByLabelText('Türkçe')).toHaveValue('Taslak');
  });

  it('a unit listing bundles (a generic screen) is in the menu at once, in both languages, and lists them', async () => {
    const fake = fakeUnits();
    server.use(...shopHandlers);
    seedShop();
    seedBundles(3);
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    try {
      await startApp('/on-yuz-web-birimi');
      await screen.findByRole('heading', { level: 2, name: 'Yeni Web sitesi birimi' });
      await formReady();
    await formReady();
      await user.type(within(caption()).getByLabelText('Türkçe'), 'Paket Listesi');
      await user.type(within(caption()).getByLabelText('İngilizce'), 'Bundle List');
      await user.click(screen.getByRole('radio', { name: 'Liste veya kayıt ekranı' }));
      await user.selectOptions(screen.getByLabelText(/^Ekran/), 'bundle');
      await user.type(screen.getByLabelText('Sabit değerler'), 'shop client id');
      await user.click(screen.getByRole('button', { name: 'Kaydet' }));
      await waitFor(() => expect(screen.getByLabelText('Sabit değerler')).toHaveAccessibleDescription(expect.stringContaining('shop client id')));
      expect(fake.calls).toHaveLength(0);
      await user.clear(screen.getByLabelText('Sabit değerler'));
      await user.type(screen.getByLabelText('Sabit değerler'), `shop_client_id=${SHOP_ID}`);
      await user.click(screen.getByRole('button', { name: 'Kaydet' }));
      await screen.findByText('Web sitesi birimi oluşturuldu ve menüde.');
      expect(fake.calls[0].body.website_unit).toMatchObject({ content: { kind: 'screen', screen: { id: 'bundle', view: 'list', params: { shop_client_id: SHOP_ID } } } });

      await user.click(await within(menu()).findByRole('link', { name: 'Paket Listesi' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Paket Listesi' })).toBeInTheDocument();
      const table = await screen.findByRole('table', { name: 'Paket Listesi' });
      expect(within(table).getByRole('rowheader', { name: 'Paket 0001' })).toBeInTheDocument();

      await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'en');
      expect(await screen.findByRole('heading', { level: 1, name: 'Bundle List' })).toBeInTheDocument();
      expect(window.location.pathname).toBe('/bundle-list');
    } finally {
      resetShop();
    }
  });

  it('an edit names its version; a changed caption shows in the menu at once; a conflict offers the latest version', async () => {
    const fake = fakeUnits();
    const home = fake.units[0];
    storeSession({ authCodes: ['website_admin'] });
    const user = userEvent.setup();
    await startApp(`/on-yuz-web-birimi?website_unit_client_id=${home.website_unit_client_id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Web sitesi birimi: Ana sayfa (sürüm 1)' })).toBeInTheDocument();
    expect(within(await screen.findByRole('group', { name: /^Yol/ })).getByLabelText('Türkçe')).toHaveValue('/anasayfa');
    // Editing: the paths no longer follow the caption.
    await user.clear(within(caption()).getByLabelText('Türkçe'));
    await user.type(within(caption()).getByLabelText('Türkçe'), 'Karşılama');
    expect(within(path()).getByLabelText('Türkçe')).toHaveValue('/anasayfa');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Sürüm 2 olarak kaydedildi; menü hemen gösteriyor.')).toBeInTheDocument();
    expect(fake.calls[0]).toMatchObject({ route: 'update', body: { website_unit: { website_unit_client_id: home.website_unit_client_id, version: 1, route_name: 'home', caption: { tr: 'Karşılama' } } } });
    expect(within(menu()).getByRole('link', { name: 'Karşılama' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Web sitesi birimi: Karşılama (sürüm 2)' })).toBeInTheDocument();

    server.use(
      http.post('*/v1/frontend/website_unit/update', ({ request }) =>
        HttpResponse.json(
          {
            status_code: '10030',
            status_message: 'Bu web sitesi birimi siz düzenlerken değiştirildi: şu an sürüm 3, siz sürüm 2 üzerinde çalıştınız. Lütfen birimi yeniden yükleyip değişikliğinizi tekrar yapın.',
            current_version: 3,
            url: request.url,
          },
          { status: 409 },
        ),
      ),
    );
    await user.type(within(caption()).getByLabelText('İngilizce'), ' page');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('şu an sürüm 3');
    fake.units[0] = { ...fake.units[0], version: 3, caption: { en: 'Hello', tr: 'Merhaba' } };
    await user.click(within(alert).getByRole('button', { name: 'Son sürümü yükle' }));
    await waitFor(() => expect(within(caption()).getByLabelText('Türkçe')).toHaveValue('Merhaba'));
    // Nothing stale: the latest version, its caption, no message and no unsaved change left.
    expect(within(caption()).getByLabelText('İngilizce')).toHaveValue('Hello');
    expect(screen.getByRole('heading', { level: 2, name: 'Web sitesi birimi: Merhaba (sürüm 3)' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Kaydedilmemiş değişiklikler var')).not.toBeInTheDocument();
  });

  it('rich text pasted into the editor keeps only what the server allows: no script, handler or javascript: link reaches the page', async () => {
    const { calls } = fakeUnits();
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    await startApp('/on-yuz-web-birimi');
    await screen.findByRole('heading', { level: 2, name: 'Yeni Web sitesi birimi' });
    await formReady();
    await user.type(within(caption()).getByLabelText('Türkçe'), 'Hakkımızda');
    await user.type(within(caption()).getByLabelText('İngilizce'), 'About us');
    await user.click(screen.getByRole('radio', { name: 'Zengin metin' }));
    const tr = await screen.findByRole('textbox', { name: 'Metin (Türkçe)' });
    const payload = '<h2>Biz</h2><p onclick="steal()" style="color:red">Merhaba<script>window.__pwned = 1</script> <a href="javascript:alert(1)">tıkla</a> <img src=x onerror="window.__pwned = 2"></p>';
    await user.click(tr);
    fireEvent.paste(tr, { clipboardData: { types: ['text/html', 'text/plain'], getData: (type: string) => (type === 'text/html' ? payload : 'Biz Merhaba tıkla') } });
    await user.click(screen.getByRole('textbox', { name: 'Metin (İngilizce)' }));
    await user.keyboard('Hello');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await screen.findByText('Web sitesi birimi oluşturuldu ve menüde.');
    // The editor sent only what the allow-list keeps, so the server changed nothing (and says nothing).
    const html = (calls[0].body.website_unit as WebsiteUnit & { content: { html: { tr: string; en: string } } }).content.html;
    expect(html).toEqual({ tr: '<h2>Biz</h2><p>Merhaba tıkla <img src="x" /></p>', en: '<p>Hello</p>' });
    expect(screen.queryByText(/Sunucu şu alanlarda girdiğinizi değiştirdi/)).not.toBeInTheDocument();

    await user.click(await within(menu()).findByRole('link', { name: 'Hakkımızda' }));
    await screen.findByRole('heading', { level: 1, name: 'Hakkımızda' });
    const body = screen.getByTestId('rich-text');
    expect(body.innerHTML).toBe('<h2>Biz</h2><p>Merhaba tıkla <img src="x"></p>');
    expect(body.querySelector('script, [onclick], [onerror], [href^="javascript"]')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('a frame unit shows a sandboxed frame only while its origin is on the allow-list', async () => {
    const site = tenant('localhost');
    site.frontend.frame_allowlist = ['https://stats.example.org'];
    site.website_unit_list.push({
      website_unit_client_id: '2a6a1f0e-7c1d-4b8e-9d3a-5f0b7c2e9a13',
      route_name: 'statistics_board',
      path: { en: '/statistics-board', tr: '/istatistik-panosu' },
      caption: { en: 'Statistics board', tr: 'İstatistik panosu' },
      show_in_menu: true,
      login: false,
      shop_active: false,
      position: 40,
      version: 1,
      content: { kind: 'frame', url: 'https://stats.example.org/embed/42' },
    });
    server.use(...serveTenant(site));
    await startApp('/istatistik-panosu');
    const frame = await screen.findByTitle('İstatistik panosu');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://stats.example.org/embed/42');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');

    // The origin taken off the allow-list: the page refuses to frame it.
    act(() => {
      const { configuration, setConfiguration } = useAppStore.getState();
      setConfiguration({ ...configuration, settings: { ...configuration.settings!, frame_allowlist: [] } });
    });
    expect(await screen.findByText(/artık sitenin çerçeve izin listesinde değil/)).toBeInTheDocument();
    expect(screen.queryByTitle('İstatistik panosu')).not.toBeInTheDocument();
  });

  const news = (extra: Partial<WebsiteUnit> = {}): WebsiteUnit => ({
    website_unit_client_id: '2a6a1f0e-7c1d-4b8e-9d3a-5f0b7c2e9a20',
    route_name: 'news',
    path: { en: '/news', tr: '/haberler' },
    caption: { en: 'News', tr: 'Haberler' },
    show_in_menu: true,
    login: false,
    shop_active: false,
    parent: null,
    is_dashboard: false,
    position: 10,
    content: { kind: 'text' },
    ...extra,
  });

  it('the unit list is in tree order, names parents and kinds, moves a unit among its siblings, and the menu follows', async () => {
    const units = [
      ...tenant('localhost').website_unit_list,
      news(),
      news({ website_unit_client_id: '2a6a1f0e-7c1d-4b8e-9d3a-5f0b7c2e9a21', route_name: 'press', path: { en: '/press', tr: '/basin' }, caption: { en: 'Press', tr: 'Basın' }, parent: 'news', position: 0, content: { kind: 'rich_text', html: { en: '<p>x</p>', tr: '<p>y</p>' } } }),
      news({ website_unit_client_id: '2a6a1f0e-7c1d-4b8e-9d3a-5f0b7c2e9a22', route_name: 'help', path: { en: '/help', tr: '/yardim' }, caption: { en: 'Help', tr: 'Yardım' }, parent: 'settings', position: 0 }),
    ];
    const fake = fakeUnits(units);
    server.use(...serveTenant({ ...tenant('localhost'), website_unit_list: fake.units }));
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    await startApp('/on-yuz-web-sitesi-birimleri');
    const table = await screen.findByRole('table', { name: 'Web Sitesi Birimleri' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    const names = () => rows().map((r) => within(r).getByRole('rowheader').textContent);
    // Every unit at once (no paging), children after their parent: Basın under Haberler; units under a built-in page last.
    expect(names()).toEqual(['Ana sayfa', 'Haberler', 'Basın', 'Üyelik Sözleşmesi', 'Yardım']);
    expect(screen.queryByRole('navigation', { name: /sayfaları/ })).not.toBeInTheDocument();
    const cells = (i: number) => within(rows()[i]).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(2).slice(0, 7)).toEqual(['/basin', '/press', 'Haberler', '0', 'Evet', 'Hayır', 'Zengin metin']);
    expect(cells(4)[2]).toBe('Ayarlar');
    expect(cells(0)[2]).toBe('En üst düzey');
    expect(rows()[2]).toHaveClass('screen__row--depth-1');
    // A unit alone among its siblings, or at an end, cannot move that way.
    expect(within(table).getByRole('button', { name: 'Ana sayfa yukarı taşı' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Basın aşağı taşı' })).toBeDisabled();
    const menuLinks = () => within(menu()).getAllByRole('link').map((a) => a.textContent);
    expect(menuLinks().indexOf('Ana sayfa')).toBeLessThan(menuLinks().indexOf('Haberler'));

    const up = within(table).getByRole('button', { name: 'Haberler yukarı taşı' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Haberler yukarı taşındı.')).toBeInTheDocument();
    expect(fake.calls.at(-1)).toEqual({
      route: 'reorder',
      body: {
        website_unit_order: [
          { website_unit_client_id: '2a6a1f0e-7c1d-4b8e-9d3a-5f0b7c2e9a20', version: 1, position: 0 },
          { website_unit_client_id: '0c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d01', version: 1, position: 10 },
        ],
      },
    });
    expect(names()).toEqual(['Haberler', 'Basın', 'Ana sayfa', 'Üyelik Sözleşmesi', 'Yardım']);
    // The dashboard leads the menu whatever its position; the other units follow theirs.
    expect(menuLinks()[0]).toBe('Ana sayfa');
    // The keyboard focus stays with the moved unit (now first: on its other button).
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Haberler aşağı taşı' })).toHaveFocus());
    // The next move names the new versions.
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Haberler aşağı taşındı.')).toBeInTheDocument();
    expect(fake.calls.at(-1)!.body.website_unit_order).toEqual([
      { website_unit_client_id: '0c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d01', version: 2, position: 0 },
      { website_unit_client_id: '2a6a1f0e-7c1d-4b8e-9d3a-5f0b7c2e9a20', version: 2, position: 10 },
    ]);
  });

  it('deletes a unit after a confirmation naming it and its version; the menu loses it at once', async () => {
    const fake = fakeUnits([...tenant('localhost').website_unit_list, news({ version: 4 } as Partial<WebsiteUnit>)]);
    server.use(...serveTenant({ ...tenant('localhost'), website_unit_list: fake.units }));
    storeSession({ authCodes: ['website_admin'] });
    const user = userEvent.setup();
    await startApp('/on-yuz-web-sitesi-birimleri');
    const table = await screen.findByRole('table', { name: 'Web Sitesi Birimleri' });
    expect(within(menu()).getByRole('link', { name: 'Haberler' })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'İşlemler: Haberler' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sil' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Sil' });
    expect(dialog).toHaveTextContent('“Haberler” menüden çıkar ve adresi çalışmaz. Son sürümü (4) geçmişte saklanır.');
    await user.click(within(dialog).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('“Haberler” silindi.')).toBeInTheDocument();
    expect(fake.calls.at(-1)).toEqual({ route: 'delete', body: { website_unit_client_id: '2a6a1f0e-7c1d-4b8e-9d3a-5f0b7c2e9a20', version: 4 } });
    await waitFor(() => expect(within(menu()).queryByRole('link', { name: 'Haberler' })).not.toBeInTheDocument());
    await waitFor(() => expect(within(table).getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['Ana sayfa', 'Üyelik Sözleşmesi']));
  });
});

describe('icon list', () => {
  it('shows every icon with its name, filters by search, and copies a name', async () => {
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    await startApp('/simge-listesi');
    const grid = await screen.findByRole('list', { name: 'Simgeler' });
    const total = within(grid).getAllByRole('listitem').length;
    expect(total).toBeGreaterThan(30);
    expect(screen.getByText(`${total} simgeden ${total} tanesi`)).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Simge ara' }), 'user');
    expect(within(grid).getAllByRole('listitem').map((li) => within(li).getByText(/./, { selector: 'code' }).textContent)).toEqual(['user', 'user-plus']);
    expect(screen.getByText(`${total} simgeden 2 tanesi`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'user-plus adını kopyala' }));
    expect(await navigator.clipboard.readText()).toBe('user-plus');
    expect(await screen.findByText('user-plus kopyalandı.')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Simge ara' }));
    await user.type(screen.getByRole('searchbox', { name: 'Simge ara' }), 'zzz');
    expect(screen.getByText('Bu adda simge yok.')).toBeInTheDocument();
  });
});
