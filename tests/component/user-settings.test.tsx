// The user settings page: own profile (user_controller → user/record) and preferences (user/settings).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { account, storeSession } from './support/account';
import { ok } from './support/handlers';
import { startApp } from './support/app-fixtures';
import { server } from './support/server';

describe('user settings', () => {
  it('saves the profile (the top bar follows) and the language preference (the page follows)', async () => {
    const records: Record<string, unknown>[] = [];
    const settings: Record<string, unknown>[] = [];
    server.use(
      http.post('*/v1/user/record', async ({ request }) => {
        const body = (await request.json()) as { user_data: Record<string, unknown> };
        records.push(body);
        return HttpResponse.json({ ...ok, user_wdmr: { ...account.user, ...body.user_data } });
      }),
      http.post('*/v1/user/settings/save', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        settings.push(body);
        return HttpResponse.json({ ...ok, ...body });
      }),
    );
    storeSession();
    const user = userEvent.setup();
    await startApp('/kullanici-ayarlari');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kullanıcı Ayarları' })).toBeInTheDocument();

    const profile = within(await screen.findByRole('form', { name: 'Profil' }));
    expect(profile.getByLabelText(/^Ad\b/)).toHaveValue('Ayşe');
    await user.clear(profile.getByLabelText(/^Ad\b/));
    await user.click(profile.getByRole('button', { name: 'Profili kaydet' }));
    expect(profile.getByLabelText(/^Ad\b/)).toHaveAccessibleDescription('Lütfen adınızı yazın');
    expect(records).toHaveLength(0);

    await user.type(profile.getByLabelText(/^Ad\b/), 'Ayşegül');
    await user.type(profile.getByLabelText(/^Hakkımda/), 'Birinci paragraf.{Enter}{Enter}İkinci paragraf.');
    await user.click(profile.getByRole('button', { name: 'Profili kaydet' }));
    expect(await screen.findByText('Profiliniz kaydedildi.')).toBeInTheDocument();
    expect(records[0]).toEqual({
      user_data: { firstname: 'Ayşegül', lastname: 'Yılmaz', gender: 'female', about_me: ['Birinci paragraf.', 'İkinci paragraf.'] },
    });
    expect(within(screen.getByRole('banner')).getByText('Ayşegül Yılmaz')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ firstname: 'Ayşegül' });

    const prefs = within(await screen.findByRole('form', { name: 'Tercihler' }));
    expect(prefs.getByLabelText('Siparişlerim ve destek taleplerim hakkında bana e-posta gönder')).toBeChecked();
    await user.selectOptions(prefs.getByLabelText(/^Dil/), 'English');
    await user.click(prefs.getByRole('button', { name: 'Tercihleri kaydet' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'User Settings' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/user-settings'));
    expect(settings).toEqual([{ user_settings: { active_lang: 1, user_currency_type: 0, mail_notification: true } }]);
    expect(JSON.parse(localStorage.getItem('active_lang')!)).toEqual({ label: 'en', value: 1 });
    expect(within(screen.getByRole('navigation', { name: 'Pages in this section' })).getByRole('link', { name: 'Authority Management' })).toHaveAttribute('href', '/authority-management');
  });
});
