// Restricted website units in the browser (issue 8): the start-up fetch carries the stored session, so a
// signed-in holder finds their restricted units at once; signing in or out reloads the units the server
// answers; a unit showing a screen whose records its visitor may not read says "please sign in" or "you lack
// the right" in the visitor's language; and the unit form warns when a unit's audience cannot read its screen.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useAppStore } from '../../src/app/store';
import type { WebsiteUnit } from '../../src/generated/types/entities';
import { storeSession } from './support/account';
import { logIn, startApp } from './support/app-fixtures';
import { ok, serveTenant, tenant } from './support/handlers';
import { server } from './support/server';

const unit = (route_name: string, path: string, extra: Partial<WebsiteUnit>): WebsiteUnit => ({
  website_unit_client_id: `00000000-0000-4000-8000-0000000000${route_name.length.toString().padStart(2, '0')}`,
  route_name,
  path: { tr: path, en: `${path}-en` },
  caption: { tr: `Birim ${route_name}`, en: `Unit ${route_name}` },
  show_in_menu: true,
  login: false,
  shop_active: false,
  auth: '',
  parent: null,
  position: 50,
  version: 1,
  ...extra,
});

const staffNotes = unit('staff_notes', '/personel-notlari', { login: true, auth: 'shop_admin', content: { kind: 'text', text: { tr: 'Gizli', en: 'Secret' } } });
const auditForAll = unit('audit_for_all', '/denetim-herkese', { content: { kind: 'screen', screen: { id: 'audit_record', view: 'list' } } });

function site() {
  const t = tenant('localhost');
  t.website_unit_list = [...t.website_unit_list, staffNotes, auditForAll];
  return t;
}

const menu = () => screen.getByRole('navigation', { name: 'Ana menü' });

describe('restricted website units', () => {
  it('the start-up fetch carries the stored session: a holder finds the restricted unit in the menu at once', async () => {
    const authorizations: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/v1/frontend/get')) authorizations.push(request.headers.get('authorization'));
    });
    server.use(...serveTenant(site()));
    storeSession({ authCodes: ['shop_admin'] });
    await startApp('/');
    expect(await within(menu()).findByRole('link', { name: 'Birim staff_notes' })).toHaveAttribute('href', '/personel-notlari');
    expect(authorizations[0]).toMatch(/^Bearer access-/);
    server.events.removeAllListeners();
  });

  it('signing in reloads the units the server answers, and signing out takes the restricted ones away', async () => {
    server.use(...serveTenant(site()));
    await startApp('/');
    await within(menu()).findByRole('link', { name: 'Birim audit_for_all' });
    expect(within(menu()).queryByRole('link', { name: 'Birim staff_notes' })).not.toBeInTheDocument();

    logIn(['shop_admin']);
    expect(await within(menu()).findByRole('link', { name: 'Birim staff_notes' })).toBeInTheDocument();

    act(() => useAppStore.getState().clearSession());
    await waitFor(() => expect(within(menu()).queryByRole('link', { name: 'Birim staff_notes' })).not.toBeInTheDocument());
    expect(useAppStore.getState().configuration.websiteUnits.map((u) => u.route_name)).not.toContain('staff_notes');
  });

  it('a unit showing an administrator\'s screen asks a visitor to sign in, with a way back to it', async () => {
    const listed: unknown[] = [];
    server.use(
      ...serveTenant(site()),
      http.post('*/v1/audit/list', async ({ request }) => {
        listed.push(await request.json());
        return HttpResponse.json({ ...ok, audit_record_list: [], total: 0, page: 1, page_size: 20 });
      }),
    );
    await startApp('/denetim-herkese');
    expect(await screen.findByText('Bu sayfanın kayıtlarını görmek için lütfen giriş yapın.')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Giriş yap' })).toHaveAttribute('href', '/login?new_url=%2Fdenetim-herkese');
    // Never the form's "all required fields" nor a list that every call would refuse.
    expect(screen.queryByText(/zorunlu alanlar/)).not.toBeInTheDocument();
    expect(listed).toHaveLength(0);
  });

  it('a signed-in user without the right is told which authorization it needs, in Turkish and in English', async () => {
    server.use(...serveTenant(site()));
    storeSession({ authCodes: ['shop_admin'] });
    await startApp('/denetim-herkese');
    expect(await screen.findByRole('alert')).toHaveTextContent('Bu kayıtları görme yetkiniz yok: Yönetici yetkisi gerekir.');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'English');
    expect(await screen.findByRole('alert')).toHaveTextContent('You lack the right to see these records: it needs the Administrator authorization.');
  });

  it('the unit form warns when the unit\'s audience cannot read the chosen screen, until login and the right auth are chosen', async () => {
    server.use(
      ...serveTenant(site()),
      http.post('*/v1/frontend/websiteunit/get', () => HttpResponse.json({ ...ok, website_unit: auditForAll })),
    );
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    await startApp(`/on-yuz-web-birimi?website_unit_client_id=${auditForAll.website_unit_client_id}`);
    const screenField = await screen.findByLabelText(/^Ekran/);
    await waitFor(() => expect(screenField).toHaveAccessibleDescription(expect.stringContaining('Giriş yapmamış ziyaretçiler bu sayfayı açabilir')));
    expect(screenField).toHaveAccessibleDescription(expect.stringContaining('yalnızca Yönetici yetkisi olanlar okuyabilir'));

    await user.click(screen.getByRole('checkbox', { name: 'Giriş gerekli' }));
    await user.click(within(screen.getByRole('group', { name: /^Yetki listesi/ })).getByRole('checkbox', { name: 'Mağaza yöneticisi' }));
    await waitFor(() => expect(screenField).toHaveAccessibleDescription(expect.stringContaining('Mağaza yöneticisi yetkisi olanlar bu sayfayı açabilir ama bu ekranın kayıtlarını okuyamaz')));

    await user.click(within(screen.getByRole('group', { name: /^Yetki listesi/ })).getByRole('checkbox', { name: 'Mağaza yöneticisi' }));
    await user.click(within(screen.getByRole('group', { name: /^Yetki listesi/ })).getByRole('checkbox', { name: 'Yönetici' }));
    await waitFor(() => expect(screenField).not.toHaveAccessibleDescription(expect.stringContaining('okuyamaz')));
    expect(screenField).not.toHaveAccessibleDescription(expect.stringContaining('Giriş yapmamış'));
  });
});
