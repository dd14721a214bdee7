// The administrators' account pages: external applications (the key shown once), the site's idle session
// time, the authorization list, registration by an authorized person and the audit log.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { AuditRecord, ExternalApplication } from '../../src/generated/types/entities';
import { storeSession } from './support/account';
import { ok } from './support/handlers';
import { startApp } from './support/app-fixtures';
import { getSearch } from './support/dom';
import { server } from './support/server';

describe('external applications', { timeout: 20_000 }, () => {
  function fakeApps() {
    const apps: ExternalApplication[] = [
      { externalapplication_client_id: 'ea-1', externalapplication_name: 'Klinik Portal', externalapplication_url: 'https://portal.example.com', register_in_this_application_status: 1 },
    ];
    const saved: Record<string, unknown>[] = [];
    const listed: Record<string, unknown>[] = [];
    server.use(
      http.post('*/v1/user/externalapplication/list', async ({ request }) => {
        listed.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ ...ok, external_application_list: apps, total: apps.length, page: 1, page_size: 10 });
      }),
      http.post('*/v1/user/externalapplication/get', async ({ request }) => {
        const { externalapplication_client_id: id } = (await request.json()) as { externalapplication_client_id: string };
        const app = apps.find((a) => a.externalapplication_client_id === id)!;
        return HttpResponse.json({ ...ok, external_application: app });
      }),
      http.post('*/v1/user/externalapplication/record', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saved.push(body);
        const id = (body.externalapplication_client_id as string | undefined) ?? `ea-${apps.length + 1}`;
        const { renew_externalapplication_key: renew, ...rest } = body;
        const app = { ...rest, externalapplication_client_id: id } as ExternalApplication;
        apps.push(app);
        // The server makes a key on creation and on request, and answers it that once.
        return HttpResponse.json({ ...ok, external_application: app, ...(renew || !body.externalapplication_client_id ? { new_externalapplication_key: 'k3y-Made-By-The-Server_0123456789' } : {}) });
      }),
    );
    return { apps, saved, listed };
  }

  it('lists applications with search and the registration filter on the server', async () => {
    const fake = fakeApps();
    storeSession({ authCodes: ['external_application_add'] });
    const user = userEvent.setup();
    await startApp('/kullanici-dis-uygulama-listesi');

    const table = await screen.findByRole('table', { name: 'Dış Uygulamalar' });
    expect(within(table).getByRole('row', { name: /Klinik Portal/ })).toHaveTextContent('https://portal.example.com');
    await user.type(screen.getByRole('searchbox', { name: 'Ara' }), 'portal');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bu uygulama ile kayıt' }), '1');
    await user.click(screen.getByRole('button', { name: 'Uygula' }));
    await waitFor(() => expect(fake.listed.at(-1)).toMatchObject({ search: 'portal', register_in_this_application_status: 1 }));
  });

  it('creates an application through the generic screen and shows its new key once, with a copy button and a warning', async () => {
    const fake = fakeApps();
    storeSession({ authCodes: ['external_application_add'] });
    const user = userEvent.setup();
    await startApp('/kullanici-dis-uygulama-listesi');

    await screen.findByRole('table', { name: 'Dış Uygulamalar' });
    await user.click(screen.getByRole('link', { name: 'Yeni kayıt' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Yeni Dış uygulama' })).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/^Uygulama adı/), 'Analiz Aracı');
    await user.type(screen.getByLabelText(/^Uygulama adresi/), 'analiz.example.com');
    // Nobody types a key: the server makes it, and there is none yet to replace.
    expect(screen.queryByLabelText(/^Uygulama anahtarı/)).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /^Yeni anahtar üret/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Uygulama adresi');
    expect(screen.getByLabelText(/^Uygulama adresi/)).toHaveAttribute('aria-invalid', 'true');
    expect(fake.saved).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Uygulama adresi/));
    await user.type(screen.getByLabelText(/^Uygulama adresi/), 'https://analiz.example.com');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));

    const keyBox = await screen.findByRole('region', { name: 'Uygulamanın anahtarı' });
    expect(within(keyBox).getByText('k3y-Made-By-The-Server_0123456789')).toBeInTheDocument();
    expect(keyBox).toHaveTextContent('Bu yalnızca şimdi gösteriliyor');
    expect(fake.saved[0]).toMatchObject({ externalapplication_name: 'Analiz Aracı', externalapplication_url: 'https://analiz.example.com' });
    expect(fake.saved[0]).not.toHaveProperty('externalapplication_key');
    expect(fake.saved[0]).not.toHaveProperty('externalapplication_client_id');
    expect(window.location.search).toBe('?externalapplication_client_id=ea-2');

    await user.click(within(keyBox).getByRole('button', { name: 'Kopyala' }));
    expect(await navigator.clipboard.readText()).toBe('k3y-Made-By-The-Server_0123456789');
    expect(await within(keyBox).findByText('Kopyalandı.')).toBeInTheDocument();

    // Once hidden, it is gone for good: the edit form never shows a key.
    await user.click(within(keyBox).getByRole('button', { name: 'Sakladım, gizle' }));
    expect(screen.queryByText('k3y-Made-By-The-Server_0123456789')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Uygulamanın anahtarı' })).not.toBeInTheDocument();
    expect(await screen.findByLabelText(/^Uygulama adı/)).toHaveValue('Analiz Aracı');
  });

  it('keeps the key when an application is edited without a new one', async () => {
    const fake = fakeApps();
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    await startApp('/user-externalapplication-record?externalapplication_client_id=ea-1');
    await waitFor(() => expect(screen.getByLabelText(/^Uygulama adı/)).toHaveValue('Klinik Portal'));
    expect(screen.getByLabelText(/^Bu uygulama ile kayıt/)).toHaveValue('1');

    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Kaydedildi.')).toBeInTheDocument();
    expect(fake.saved[0]).toMatchObject({ externalapplication_client_id: 'ea-1', externalapplication_name: 'Klinik Portal' });
    expect(fake.saved[0]).not.toHaveProperty('externalapplication_key');
    expect(screen.queryByRole('region', { name: 'Uygulamanın anahtarı' })).not.toBeInTheDocument();

    // A new key on request: shown once, the old one stopped.
    await user.click(screen.getByRole('checkbox', { name: /^Yeni anahtar üret/ }));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const keyBox = await screen.findByRole('region', { name: 'Uygulamanın anahtarı' });
    expect(keyBox).toHaveTextContent('k3y-Made-By-The-Server_0123456789');
    expect(fake.saved[1]).toMatchObject({ externalapplication_client_id: 'ea-1', renew_externalapplication_key: true });
  });

  it('is refused to a user without admin or external_application_add', async () => {
    storeSession({ authCodes: ['website_edit'] });
    await startApp('/kullanici-dis-uygulama-kaydi');
    expect(await screen.findByText('Bu sayfayı görmek için yetkiniz yok.')).toBeInTheDocument();
  });
});

describe('idle session time (user account settings)', () => {
  it('reads and saves the minutes, checking the range', async () => {
    const saved: unknown[] = [];
    server.use(
      http.post('*/v1/tenant/session/settings/get', () => HttpResponse.json({ ...ok, session_settings: { idle_session_minutes: 60 } })),
      http.post('*/v1/tenant/session/settings/save', async ({ request }) => {
        const body = (await request.json()) as { session_settings: { idle_session_minutes: number } };
        saved.push(body);
        return HttpResponse.json({ ...ok, ...body });
      }),
    );
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    await startApp('/kullanici-hesap-ayarlari');
    const minutes = await screen.findByLabelText(/^Boşta oturum süresi/);
    expect(minutes).toHaveValue(60);

    await user.clear(minutes);
    await user.type(minutes, '2');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(minutes).toHaveAccessibleDescription(expect.stringContaining('5 ile 1440 arasında'));
    expect(saved).toHaveLength(0);

    await user.clear(minutes);
    await user.type(minutes, '30');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Boşta oturum süresi kaydedildi.')).toBeInTheDocument();
    expect(saved).toEqual([{ session_settings: { idle_session_minutes: 30 } }]);
  });
});

describe('authorization list (admin)', () => {
  it('filters on the server and creates an authorization', async () => {
    const lists: Record<string, unknown>[] = [];
    const created: Record<string, unknown>[] = [];
    server.use(
      http.post('*/v1/authorization/list', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        lists.push(body);
        const row = { auth_id: 'a-1', user_auth_id: 'ua-1', auth_name: 'shop_new', auth_type: 'counted', auth_count: 3, username: 'mehmet.kaya', assigned_by_username: 'admin', is_cancelled: false };
        return HttpResponse.json({ ...ok, authorization_list: [row], total: 25, page: body.page, page_size: 10 });
      }),
      http.post('*/v1/authorization/new', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        created.push(body);
        return HttpResponse.json({ ...ok, authorization: { auth_id: 'a-2', user_auth_id: 'ua-2', username: 'ayse.yilmaz', ...body } });
      }),
    );
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    await startApp('/yetki-listesi');

    const table = await screen.findByRole('table', { name: 'Yetkiler ve sahipleri' });
    expect(within(table).getByRole('row', { name: /Yeni mağaza açma/ })).toHaveTextContent('mehmet.kaya');
    expect(screen.getByText('Sayfa 1 / 3 (25 kayıt)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sonraki sayfa' }));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ page: 2, page_size: 10 }));

    const filters = within(getSearch('Filtreler'));
    await user.selectOptions(filters.getByLabelText(/^Yetki/), 'Yeni mağaza açma');
    await user.type(filters.getByLabelText(/^Sahibi/), 'mehmet.kaya');
    await user.click(filters.getByRole('button', { name: 'Uygula' }));
    await waitFor(() => expect(lists.at(-1)).toEqual({ auth_name: 'shop_new', username: 'mehmet.kaya', include_cancelled: false, sort: '-start_date', page: 1, page_size: 10 }));

    const form = within(screen.getByRole('form', { name: 'Yeni yetki' }));
    await user.selectOptions(form.getByLabelText(/^Yetki/), 'Yeni mağaza açma');
    await user.selectOptions(form.getByLabelText(/^Kullanım sınırı/), 'Adetle sınırlı');
    await user.click(form.getByRole('button', { name: 'Oluştur' }));
    expect(form.getByLabelText(/^Kullanım sayısı/)).toHaveAccessibleDescription(expect.stringContaining('Tam sayı yazın'));
    await user.type(form.getByLabelText(/^Kullanım sayısı/), '10');
    await user.click(form.getByRole('button', { name: 'Oluştur' }));

    expect(await screen.findByText('Yeni mağaza açma yetkisi oluşturuldu. Yetki sizde; şimdi atayabilirsiniz.')).toBeInTheDocument();
    expect(created).toEqual([{ auth_name: 'shop_new', auth_type: 'counted', auth_count: 10, can_assign_auth: true }]);
  });
});

describe('register by an authorized person', () => {
  it('registers without a password (a set-password mail goes out)', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('*/v1/register/by/authorized_person', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ ...ok, is_email_eligible: true, is_username_eligible: true, new_user_id: 'u-9' });
      }),
    );
    storeSession({ authCodes: ['register'] });
    const user = userEvent.setup();
    await startApp('/yetkili-kisi-tarafindan-kayit');
    await screen.findByRole('heading', { level: 1, name: 'Kullanıcı Kaydet' });
    await user.type(screen.getByLabelText(/^Kullanıcı adı/), 'zeynep.ak');
    await user.type(screen.getByLabelText(/^E-posta/), 'zeynep@example.com');
    await user.type(screen.getByLabelText(/^Ad\b/), 'Zeynep');
    await user.type(screen.getByLabelText(/^Soyad/), 'Ak');
    await user.selectOptions(screen.getByLabelText(/^Cinsiyet/), 'female');
    await user.click(screen.getByRole('button', { name: 'Kullanıcıyı kaydet' }));

    expect(await screen.findByText('zeynep.ak kaydedildi. Parola belirlemesi için zeynep@example.com adresine e-posta gönderildi.')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ username: 'zeynep.ak', mail: 'zeynep@example.com', firstname: 'Zeynep', lastname: 'Ak', gender: 'female', active_lang: { label: 'tr', value: 0 } });
  });
});

describe('audit log', () => {
  it('is an admin settings page (the generic screen audit_record) that filters and pages on the server', async () => {
    const requests: Record<string, unknown>[] = [];
    const record: AuditRecord = {
      audit_id: 'au-1',
      occurred_at: '2025-03-01T09:30:00Z',
      username: 'ayse.yilmaz',
      route_name: 'authorization_assign_to_user',
      status_code: '11021',
      entity: 'user_authorization',
      changed_fields: ['auth_id', 'assigning_username'],
      ip_address: '127.0.0.1',
      duration_ms: 12,
    };
    server.use(
      http.post('*/v1/audit/list', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        requests.push(body);
        return HttpResponse.json({ ...ok, audit_record_list: [record], total: 41, page: body.page, page_size: body.page_size });
      }),
    );
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    await startApp('/ayarlar');
    await user.click(await screen.findByRole('link', { name: 'Denetim Kaydı' }));

    const table = await screen.findByRole('table', { name: 'Denetim Kaydı' });
    // The call reads as what it does, not as its route name.
    const row = within(table).getByRole('row', { name: /Kullanıcıya yetki ata/ });
    expect(row).not.toHaveTextContent('authorization_assign_to_user');
    expect(row).toHaveTextContent('11021 başarısız');
    expect(row).toHaveTextContent('auth_id, assigning_username');
    // A record of the trail offers nothing to do: no actions column.
    expect(within(table).queryByRole('columnheader', { name: 'İşlemler' })).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/denetim-kaydi');

    const filters = within(getSearch('Filtreler'));
    await user.type(filters.getByLabelText(/^Durum kodu/), '110');
    const sent = requests.length;
    await user.click(filters.getByRole('button', { name: 'Uygula' }));
    // The filter is checked against the route input's pattern (five digits) before any call.
    expect(filters.getByLabelText(/^Durum kodu/)).toHaveAccessibleDescription(/Durum kodu beklenen biçimde değil/);
    await waitFor(() => expect(filters.getByLabelText(/^Durum kodu/)).toHaveFocus());
    expect(requests).toHaveLength(sent);
    await user.clear(filters.getByLabelText(/^Durum kodu/));
    // A "to" date before the "from" date is refused at its field, before any call.
    await user.type(filters.getByLabelText(/^Başlangıç/), '2026-11-20');
    await user.type(filters.getByLabelText(/^Bitiş/), '2026-11-10');
    await user.click(filters.getByRole('button', { name: 'Uygula' }));
    expect(filters.getByLabelText(/^Bitiş/)).toHaveAccessibleDescription('Bitiş, Başlangıç değerinden önce olamaz.');
    expect(requests).toHaveLength(sent);
    await user.clear(filters.getByLabelText(/^Başlangıç/));
    await user.clear(filters.getByLabelText(/^Bitiş/));
    await user.selectOptions(filters.getByLabelText(/^Yalnızca başarısız çağrılar/), 'true');
    await user.type(filters.getByLabelText(/^Kullanıcı/), 'ayse');
    await user.click(filters.getByRole('button', { name: 'Uygula' }));
    await waitFor(() => expect(requests.at(-1)).toEqual({ username: 'ayse', only_failed: true, sort: '-occurred_at', page: 1, page_size: 20 }));

    await user.click(screen.getByRole('button', { name: 'Sonraki sayfa' }));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ page: 2, only_failed: true }));
    expect(screen.getByText('Sayfa 2 / 3 (41 kayıt)')).toBeInTheDocument();
  });

  it('is not offered to a user without admin', async () => {
    storeSession({ authCodes: ['website_edit'] });
    await startApp('/denetim-kaydi');
    expect(await screen.findByText('Bu sayfayı görmek için yetkiniz yok.')).toBeInTheDocument();
  });
});
