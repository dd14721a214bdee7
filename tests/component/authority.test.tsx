// Authority management: my holdings, assigning one to a user I find, and cancelling my assignment after a
// confirmation. The server is a small in-memory fake of the authorization routes.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Authorization, UserAuthorization } from '../../src/generated/types/entities';
import { storeSession } from './support/account';
import { ok } from './support/handlers';
import { startApp } from './support/app-fixtures';
import { server } from './support/server';

const mine: UserAuthorization = {
  user_auth_id: 'ua-1',
  auth_id: 'auth-we',
  username: 'ayse.yilmaz',
  assigned_by_username: 'admin',
  auth_name: 'website_edit',
  auth_type: 'unlimited',
  can_assign_auth: true,
  auth_count_create: 2,
  start_date: '2025-01-01',
  end_date: '2099-12-31',
  is_cancelled: false,
  is_valid_today: true,
};

function fakeAuthorizationServer() {
  const assigned: Authorization[] = [];
  const calls: { route: string; body: Record<string, unknown> }[] = [];
  server.use(
    http.post('*/v1/user/authorization/list', () => HttpResponse.json({ ...ok, user_authorization_list: [mine], total: 1, page: 1, page_size: 10 })),
    http.post('*/v1/user/search', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ route: 'user_search', body });
      return HttpResponse.json({
        ...ok,
        user_list: [
          { user_client_id: 'u-2', username: 'mehmet.kaya', firstname: 'Mehmet', lastname: 'Kaya' },
          { user_client_id: 'u-1', username: 'ayse.yilmaz', firstname: 'Ayşe', lastname: 'Yılmaz' },
        ],
        total: 2,
        page: 1,
        page_size: 20,
      });
    }),
    http.post('*/v1/authorization/assign/to/user', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ route: 'assign', body });
      const given: UserAuthorization = {
        user_auth_id: `ua-${10 + assigned.length}`,
        auth_id: String(body.auth_id),
        username: String(body.assigning_username),
        assigned_by_username: 'ayse.yilmaz',
        auth_name: 'website_edit',
        auth_type: 'unlimited',
        can_assign_auth: Boolean(body.can_assign_auth),
        is_cancelled: false,
        is_valid_today: true,
      };
      assigned.push({ ...given });
      return HttpResponse.json({ ...ok, user_authorization: given });
    }),
    http.post('*/v1/authorization/list', async ({ request }) => {
      const body = (await request.json()) as { include_cancelled?: boolean; given_by_me?: boolean };
      const rows: Authorization[] = [...(body.given_by_me ? [] : [{ ...mine }]), ...assigned].filter((r) => body.include_cancelled || !r.is_cancelled);
      return HttpResponse.json({ ...ok, authorization_list: rows, total: rows.length, page: 1, page_size: 10 });
    }),
    http.post('*/v1/authorization/cancel', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ route: 'cancel', body });
      const row = assigned.find((r) => r.user_auth_id === body.user_auth_id)!;
      row.is_cancelled = true;
      return HttpResponse.json({ ...ok, user_authorization: { ...row, username: row.username! } });
    }),
  );
  return { assigned, calls };
}

describe('authority management', () => {
  it('lists my holdings, assigns one to a user I find, then cancels it after a confirmation', async () => {
    const fake = fakeAuthorizationServer();
    storeSession({ authCodes: ['website_edit'] });
    const user = userEvent.setup();
    await startApp('/yetki-yonetim');
    expect(await screen.findByRole('heading', { level: 1, name: 'Yetki Yönetimi' })).toBeInTheDocument();

    const holdings = within(await screen.findByRole('table', { name: 'Yetkilerim' }));
    const row = holdings.getByRole('row', { name: /Web sitesini düzenleme/ });
    expect(row).toHaveTextContent('Evet');
    expect(row).toHaveTextContent('admin');
    expect(row).toHaveTextContent('Geçerli');
    expect(await screen.findByText('Gösterilecek atama yok.')).toBeInTheDocument();

    // Assigning without a user: the spec's message.
    const assign = within(screen.getByRole('form', { name: 'Yetki ata' }));
    await user.selectOptions(assign.getByLabelText(/^Yetki/), 'Web sitesini düzenleme');
    await user.click(assign.getByRole('button', { name: 'Ata' }));
    expect(assign.getByLabelText(/^Kullanıcı bul/)).toHaveAccessibleDescription(expect.stringContaining('Lütfen en az bir kullanıcı seçin'));

    // Find the user (keyboard: Enter in the search field), choose them.
    await user.type(assign.getByLabelText(/^Kullanıcı bul/), 'kaya{Enter}');
    expect(await assign.findByText('1 kullanıcı bulundu. Birini seçin.')).toBeInTheDocument();
    expect(assign.queryByRole('button', { name: /ayse\.yilmaz/ })).not.toBeInTheDocument(); // not myself
    await user.click(assign.getByRole('button', { name: 'mehmet.kaya (Mehmet Kaya)' }));
    expect(assign.getByRole('button', { name: 'mehmet.kaya (Mehmet Kaya)' })).toHaveAttribute('aria-pressed', 'true');

    // More onward assignments than I have left: the count message, no call.
    await user.click(assign.getByLabelText('Kullanıcı bu yetkiyi başkalarına atayabilir'));
    await user.type(assign.getByLabelText(/^Kaç kullanıcıya/), '5');
    await user.click(assign.getByRole('button', { name: 'Ata' }));
    expect(assign.getByLabelText(/^Kaç kullanıcıya/)).toHaveAccessibleDescription(expect.stringContaining('Lütfen yetki miktarını kontrol edin'));
    expect(fake.calls.filter((c) => c.route === 'assign')).toHaveLength(0);

    await user.clear(assign.getByLabelText(/^Kaç kullanıcıya/));
    await user.type(assign.getByLabelText(/^Kaç kullanıcıya/), '1');
    await user.type(assign.getByLabelText(/^Bitiş tarihi/), '2030-06-30');
    await user.click(assign.getByRole('button', { name: 'Ata' }));

    expect(await screen.findByText('Web sitesini düzenleme yetkisi mehmet.kaya kullanıcısına atandı.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.route === 'assign')!.body).toEqual({
      auth_id: 'auth-we',
      assigning_username: 'mehmet.kaya',
      auth_type: 'unlimited',
      can_assign_auth: true,
      auth_count_create: 1,
      end_date: '2030-06-30',
    });

    // The assignment is listed with a cancel button; cancelling asks first.
    const assignments = within(await screen.findByRole('table', { name: 'Yaptığım atamalar' }));
    const cancelButton = await assignments.findByRole('button', { name: 'mehmet.kaya kullanıcısının Web sitesini düzenleme yetkisini iptal et' });
    await user.click(cancelButton);
    let dialog = screen.getByRole('alertdialog', { name: 'Yetki iptal edilsin mi?' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('mehmet.kaya kullanıcısı Web sitesini düzenleme yetkisini hemen kaybeder'));
    expect(within(dialog).getByRole('button', { name: 'Hayır' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(cancelButton).toHaveFocus();
    expect(fake.calls.filter((c) => c.route === 'cancel')).toHaveLength(0);

    await user.click(cancelButton);
    dialog = screen.getByRole('alertdialog', { name: 'Yetki iptal edilsin mi?' });
    await user.click(within(dialog).getByRole('button', { name: 'Evet, iptal et' }));

    expect(await screen.findByText('mehmet.kaya kullanıcısının Web sitesini düzenleme yetkisi iptal edildi.')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.route === 'cancel').map((c) => c.body)).toEqual([{ user_auth_id: 'ua-10' }]);
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Yaptığım atamalar' })).not.toBeInTheDocument());
    expect(screen.getByText('Gösterilecek atama yok.')).toBeInTheDocument();

    // With cancelled ones shown, the row is there, marked cancelled, without a button.
    await user.click(screen.getByLabelText('İptal edilenleri de göster'));
    const shown = within(await screen.findByRole('table', { name: 'Yaptığım atamalar' }));
    expect(shown.getByRole('row', { name: /mehmet\.kaya/ })).toHaveTextContent('İptal edildi');
    expect(shown.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when I hold nothing I may assign', async () => {
    server.use(
      http.post('*/v1/user/authorization/list', () =>
        HttpResponse.json({ ...ok, user_authorization_list: [{ ...mine, can_assign_auth: false }], total: 1, page: 1, page_size: 10 }),
      ),
      http.post('*/v1/authorization/list', () => HttpResponse.json({ ...ok, authorization_list: [], total: 0, page: 1, page_size: 10 })),
    );
    storeSession({ authCodes: ['website_edit'] });
    await startApp('/authority-management');
    expect(await screen.findByText('Başkalarına atayabileceğiniz bir yetkiniz yok.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Yetki ata' })).not.toBeInTheDocument();
  });
  it('a hand-written table offers its columns to choose, as the generic lists do', async () => {
    fakeAuthorizationServer();
    storeSession({ authCodes: ['website_edit'] });
    const user = userEvent.setup();
    await startApp('/yetki-yonetim');
    const holdings = await screen.findByRole('table', { name: 'Yetkilerim' });
    const section = screen.getByRole('heading', { name: 'Yetkilerim' }).closest('section')!;
    const headers = () => within(holdings).getAllByRole('columnheader').map((h) => h.textContent);
    const all = headers();
    expect(all.length).toBeGreaterThan(3);

    await user.click(within(section).getByText('Sütunlar'));
    const chooser = within(within(section).getByRole('group', { name: 'Gösterilecek sütunlar' }));
    const dropped = all[1]!;
    await user.click(chooser.getByLabelText(dropped));
    expect(headers()).toEqual(all.filter((h) => h !== dropped));
    expect(chooser.getByLabelText(dropped)).not.toBeChecked();

    await user.click(chooser.getByLabelText(dropped));
    expect(headers()).toEqual(all);
    await user.click(chooser.getByLabelText(dropped));
    await user.click(chooser.getByRole('button', { name: 'Varsayılan sütunlar' }));
    expect(headers()).toEqual(all);
  });
});
