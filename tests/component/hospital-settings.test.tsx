// @vitest-environment-options {"url": "http://clinical.localhost:3000/"}
// The hospital settings page of the clinical site (issue 11): the idle time (tenant/session/settings) and,
// saved apart, the preferred units from the unit catalogue and the default data-model template
// (hospital/settings); only hospital officials and admins reach it; both languages.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { HospitalSettings } from '../../src/generated/types/entities';
import { account } from './support/account';
import { ok } from './support/handlers';
import { logIn, startApp } from './support/app-fixtures';
import { server } from './support/server';

const TEMPLATE = '8fa85f5f-88f8-5108-82f5-3c3fce886535';

function serveSettings(saved: HospitalSettings = { preferred_units: { creatinine: 'mg/dL', height: 'cm', weight: 'kg' }, default_templates: {} }) {
  const calls = { hospital: [] as unknown[], session: [] as unknown[] };
  let current = saved;
  server.use(
    http.post('*/v1/hospital/settings/get', () =>
      HttpResponse.json({
        ...ok,
        hospital_settings: current,
        data_model_template_list: [{ data_model_id: TEMPLATE, title: { en: 'Oncology intake', tr: 'Onkoloji başvuru' } }],
      }),
    ),
    http.post('*/v1/hospital/settings/save', async ({ request }) => {
      const body = (await request.json()) as { hospital_settings: HospitalSettings };
      calls.hospital.push(body);
      current = body.hospital_settings;
      return HttpResponse.json({ ...ok, hospital_settings: current });
    }),
    http.post('*/v1/tenant/session/settings/save', async ({ request }) => {
      const body = (await request.json()) as { session_settings: { idle_session_minutes: number } };
      calls.session.push(body);
      account.idleMinutes = body.session_settings.idle_session_minutes;
      return HttpResponse.json({ ...ok, ...body });
    }),
  );
  return calls;
}

describe('hospital settings', () => {
  it('saves the idle time, checked in the page first, and the units and default template apart', async () => {
    const calls = serveSettings();
    const user = userEvent.setup();
    await startApp('/hospital-settings');
    logIn(['hospital_official']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hospital Settings' })).toBeInTheDocument();

    const session = within(await screen.findByRole('form', { name: 'Session' }));
    const idle = session.getByLabelText(/^Sign out after this many minutes/);
    expect(idle).toHaveValue(60);
    await user.clear(idle);
    await user.type(idle, '2');
    await user.click(session.getByRole('button', { name: 'Save session settings' }));
    expect(idle).toHaveAccessibleDescription(expect.stringContaining('Enter a whole number of minutes between 5 and 1440.'));
    expect(calls.session).toHaveLength(0);
    await user.clear(idle);
    await user.type(idle, '45');
    await user.click(session.getByRole('button', { name: 'Save session settings' }));
    expect(await screen.findByText('The idle time is saved.')).toBeInTheDocument();
    expect(calls.session).toEqual([{ session_settings: { idle_session_minutes: 45 } }]);

    const units = within(await screen.findByRole('form', { name: 'Preferred units' }));
    expect(units.getByLabelText('Creatinine')).toHaveValue('mg/dL');
    expect(within(units.getByLabelText('Creatinine')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'mg/dL — milligrams per decilitre',
      'µmol/L — micromoles per litre',
    ]);
    await user.selectOptions(units.getByLabelText('Creatinine'), 'µmol/L — micromoles per litre');
    await user.selectOptions(units.getByLabelText('Height'), 'in — inches');
    await user.selectOptions(units.getByLabelText(/^Default data model template/), 'Oncology intake');
    await user.click(units.getByRole('button', { name: 'Save units and templates' }));
    expect(await screen.findByText('The hospital settings are saved.')).toBeInTheDocument();
    expect(calls.hospital).toEqual([
      { hospital_settings: { preferred_units: { creatinine: 'umol/L', height: '[in_i]', weight: 'kg' }, default_templates: { data_model_id: TEMPLATE } } },
    ]);
  });

  it('speaks Turkish, and shows the server\'s refusal of a template in the page', async () => {
    serveSettings({ preferred_units: { creatinine: 'umol/L', height: 'cm', weight: '[lb_av]' }, default_templates: { data_model_id: TEMPLATE } });
    server.use(
      http.post('*/v1/hospital/settings/save', () =>
        HttpResponse.json({ status_code: '14070', status_message: 'Seçilen veri modeli bir şablon değil: yayımlanmış sürümü şablon olarak işaretlenmiş bir model seçin.' }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    await startApp('/hastane-ayarlari');
    logIn(['admin']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'tr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hastane Ayarları' })).toBeInTheDocument();
    const units = within(await screen.findByRole('form', { name: 'Tercih edilen birimler' }));
    expect(units.getByLabelText('Kilo')).toHaveValue('[lb_av]');
    expect(within(units.getByLabelText('Kilo')).getByRole('option', { name: 'lb — libre' })).toBeInTheDocument();
    expect(units.getByLabelText(/^Varsayılan veri modeli şablonu/)).toHaveDisplayValue('Onkoloji başvuru');
    await user.click(units.getByRole('button', { name: 'Birimleri ve şablonları kaydet' }));
    expect(await screen.findByText(/Seçilen veri modeli bir şablon değil/)).toBeInTheDocument();
  });

  it('is refused to a doctor, and out of a doctor\'s menu', async () => {
    await startApp('/hospital-settings');
    logIn(['doctor']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hospital Settings' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main menu' })).queryByRole('link', { name: 'Hospital Settings' })).not.toBeInTheDocument();
  });
});
