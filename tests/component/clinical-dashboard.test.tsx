// @vitest-environment-options {"url": "http://clinical.localhost:3000/"}
// The clinical site's dashboard (website unit of content kind clinical_dashboard): signed out, its text and a
// way to sign in with no call that would be refused; signed in, a greeting, the newest data models (to the
// designer and their records), the newest records of the newest published model, the newest rule packages,
// the "new" actions, and each card's empty and failed states, in English and Turkish.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { storeSession } from './support/account';
import { startApp } from './support/app-fixtures';
import { dataModelHandlers, dataModels, MODEL_ID, RECORD_ID, resetDataModels, savedRecord } from './support/data-models';
import { ok } from './support/handlers';
import { server } from './support/server';

const PACKAGE_ID = '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c';
const packageRoute = (answer: () => Response) => http.post('*/v1/rule/package/list', async ({ request }) => {
  dataModels.calls.push({ route: 'rule_package_list', body: (await request.json()) as Record<string, unknown> });
  return answer();
});
const packages = () =>
  HttpResponse.json({
    ...ok,
    decision_package_list: [{ package_id: PACKAGE_ID, name: { en: 'Neutropenic fever', tr: 'Nötropenik ateş' }, owner: 'admin', is_global: false, version: 2, status: 'published', published_version: 2, updated_at: '2026-03-10T08:00:00.000Z' }],
    total: 1,
    page: 1,
    page_size: 5,
  });

afterEach(resetDataModels);

describe('the clinical dashboard', { timeout: 20_000 }, () => {
  it('signed out, shows its text and a sign-in link, and calls nothing that needs a session', async () => {
    server.use(...dataModelHandlers, packageRoute(packages));
    await startApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/design data models, record patients' data with them/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?new_url=%2Fdashboard');
    expect(screen.queryByRole('heading', { name: 'Recent data models' })).not.toBeInTheDocument();
    expect(dataModels.calls).toEqual([]);
  });

  it('signed in, greets the user and shows the newest models, records and packages with their links', async () => {
    dataModels.records = [savedRecord({ mrn: '1001' }, 1, { created_by: 'nurse_ayse', warning_list: [{ path: ['measured_on'], key: 'date_older_30_days', status_code: '14062', params: {}, severity: 'warning', message: '' }] })];
    server.use(...dataModelHandlers, packageRoute(packages));
    storeSession();
    await startApp('/dashboard');
    expect(await screen.findByText(/^Good (morning|afternoon|evening), Ayşe Yılmaz\.$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New data model' })).toHaveAttribute('href', '/data-model-designer');
    expect(screen.getByRole('link', { name: 'New rule package' })).toHaveAttribute('href', '/rule-engine-algorithm');

    const models = screen.getByRole('region', { name: 'Recent data models' });
    expect(await within(models).findByRole('link', { name: 'Open Oncology baseline assessment in the designer' })).toHaveAttribute('href', `/data-model-designer?data_model_id=${MODEL_ID}`);
    expect(within(models).getByRole('link', { name: 'Records of Oncology baseline assessment' })).toHaveAttribute('href', `/data-model-records?data_model_id=${MODEL_ID}`);
    expect(models).toHaveTextContent('Published version 1');

    const records = screen.getByRole('region', { name: 'Recent records' });
    expect(await within(records).findByText('by nurse_ayse · version 1 ·', { exact: false })).toBeInTheDocument();
    expect(records).toHaveTextContent('Of Oncology baseline assessment');
    expect(records).toHaveTextContent('1 warning');
    expect(within(records).getByRole('link', { name: /^Open the record of .* by nurse_ayse$/ })).toHaveAttribute(
      'href',
      `/data-model-record?data_model_id=${MODEL_ID}&data_model_record_id=${RECORD_ID}`,
    );

    const rules = screen.getByRole('region', { name: 'Recent rule packages' });
    expect(await within(rules).findByRole('link', { name: 'Open Neutropenic fever on the canvas' })).toHaveAttribute('href', `/rule-engine-algorithm?package_id=${PACKAGE_ID}`);
    // The newest five of each, newest first; records of the published model found in the models' answer.
    expect(dataModels.calls.find((c) => c.route === 'data_model_list')?.body).toEqual({ sort: '-updated_at', page: 1, page_size: 5 });
    expect(dataModels.calls.find((c) => c.route === 'data_model_record_list')?.body).toEqual({ data_model_id: MODEL_ID, page: 1, page_size: 5 });
    expect(dataModels.calls.find((c) => c.route === 'rule_package_list')?.body).toEqual({ sort: '-updated_at', page: 1, page_size: 5 });
  });

  it('says what is missing in Turkish, and a failed card can try again', async () => {
    let fail = true;
    server.use(
      http.post('*/v1/data_model/list', () => HttpResponse.json({ ...ok, data_model_list: [], total: 0, page: 1, page_size: 5 })),
      packageRoute(() =>
        fail ? HttpResponse.json({ status_code: '10012', status_message: 'Bizim tarafımızda bir sorun oluştu. Hata R-1 numarasıyla kaydedildi.' }, { status: 500 }) : packages(),
      ),
    );
    storeSession();
    localStorage.setItem('active_lang', JSON.stringify({ label: 'tr', value: 0 }));
    const user = userEvent.setup();
    await startApp('/panel');
    const models = await screen.findByRole('region', { name: 'Son veri modelleri' });
    expect(await within(models).findByText('Henüz veri modeli yok. Kayda başlamak için bir tane tasarlayın.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Son kayıtlar' })).getByText('Kayıtlar bir veri modeli yayımlanınca başlar.')).toBeInTheDocument();
    const rules = screen.getByRole('region', { name: 'Son kural paketleri' });
    expect(await within(rules).findByText(/Bizim tarafımızda bir sorun oluştu/)).toBeInTheDocument();
    fail = false;
    await user.click(within(rules).getByRole('button', { name: 'Tekrar dene' }));
    expect(await within(rules).findByRole('link', { name: 'Nötropenik ateş paketini tuvalde aç' })).toBeInTheDocument();
    expect(rules).toHaveTextContent('Yayımlandı sürüm 2');
  });
});
