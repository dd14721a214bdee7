// The records of a data model (page data_model_records: the generic screen data_model_record and the export),
// reached from the data model list's "Records": who recorded what and when, with how many warnings, a row opening
// the recording page, the empty state's "New record", a refused list, and the export dialog's choices as the
// export call receives them, the file saved; and a website unit that records with a model (no code).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storeSession } from './support/account';
import { startApp, tenant } from './support/app-fixtures';
import { dataModelHandlers, dataModels, MODEL_ID, resetDataModels, savedRecord } from './support/data-models';
import { captureDownloads } from './support/dom';
import { serveTenant } from './support/handlers';
import { server } from './support/server';

const clinical = tenant('localhost');
clinical.frontend.clinical_function = 1;
const RECORDS = `/data-model-records?data_model_id=${MODEL_ID}`;
const warning = { path: ['measured_on'], key: 'date_older_30_days', status_code: '14062', params: {}, severity: 'warning' as const, message: 'The selected date is earlier than 30 days ago.' };

beforeEach(() => {
  server.use(...serveTenant(clinical), ...dataModelHandlers);
  storeSession();
  localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
});
afterEach(resetDataModels);

function seedRecords() {
  dataModels.records = [
    savedRecord({ mrn: '1001' }, 1, { data_model_record_id: '11111111-1111-4111-8111-111111111111', created_by: 'nurse_ayse', created_at: '2026-03-14T09:30:00.000Z', warning_list: [warning] }),
    savedRecord({ mrn: '1002' }, 2, { data_model_record_id: '22222222-2222-4222-8222-222222222222', created_by: 'dr_mehmet', created_at: '2026-03-12T15:00:00.000Z' }),
  ];
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the records of a data model', { timeout: 20_000 }, () => {
  it('is reached from the data model list and shows who recorded, when, the version and the warnings', async () => {
    seedRecords();
    const user = userEvent.setup();
    await startApp('/data-models');
    const models = await screen.findByRole('table', { name: 'Data Models' });
    const [row] = bodyRows(models);
    await user.click(within(row).getByRole('link', { name: /Records/ }));
    const table = await screen.findByRole('table', { name: 'Data Model Records' });
    expect(window.location.search).toBe(`?data_model_id=${MODEL_ID}`);
    expect(screen.getByText('Oncology baseline assessment')).toBeInTheDocument();
    expect(screen.getByText(/published version 1/)).toBeInTheDocument();
    const rows = bodyRows(table);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('nurse_ayse');
    expect(rows[0]).toHaveTextContent('1 warning');
    expect(rows[1]).toHaveTextContent('dr_mehmet');
    expect(rows[1]).toHaveTextContent('None');
    expect(dataModels.calls.find((c) => c.route === 'data_model_record_list')?.body).toMatchObject({ data_model_id: MODEL_ID, page: 1, page_size: 20 });
    // A row opens the recording page with the record.
    const open = within(rows[1]).getAllByRole('link')[0];
    expect(open.getAttribute('href')).toBe(`/data-model-record?data_model_id=${MODEL_ID}&data_model_record_id=22222222-2222-4222-8222-222222222222`);
    await user.click(open);
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Model Record' })).toBeInTheDocument();
    expect(await screen.findByText(/recorded by dr_mehmet/)).toBeInTheDocument();
  });

  it('says there are no records yet and offers a new one, in Turkish', async () => {
    localStorage.setItem('active_lang', JSON.stringify({ label: 'tr', value: 0 }));
    await startApp(`/veri-modeli-kayitlari?data_model_id=${MODEL_ID}`);
    expect(await screen.findByText('Henüz kayıt yok.')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Yeni kayıt' });
    expect(links.at(-1)!.getAttribute('href')).toBe(`/veri-modeli-kaydi?data_model_id=${MODEL_ID}`);
    expect(screen.getByRole('button', { name: 'Dışa aktar…' })).toBeDisabled();
  });

  it('shows a refused list with a way to try again', async () => {
    seedRecords();
    dataModels.failList = { status_code: '10016', status_message: 'There is no data model with this id on this site.', status: 404 };
    const user = userEvent.setup();
    await startApp(RECORDS);
    expect(await screen.findByText('There is no data model with this id on this site.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Data Model Records' })).toBeInTheDocument();
  });

  it('exports the records as the dialog asks — CSV, without the labels row, pseudonymized — and saves the file', async () => {
    seedRecords();
    const files = captureDownloads();
    const user = userEvent.setup();
    await startApp(RECORDS);
    await screen.findByRole('table', { name: 'Data Model Records' });
    await user.click(screen.getByRole('button', { name: 'Export…' }));
    const dialog = screen.getByRole('dialog', { name: 'Export records' });
    // The keyboard starts in the dialog.
    expect(within(dialog).getByRole('radio', { name: 'Excel (.xlsx)' })).toHaveFocus();
    await user.click(within(dialog).getByRole('radio', { name: 'CSV (UTF-8)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Add a row with the parameters’ names/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Write choices as their labels/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Replace their values by pseudonyms' }));
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('2 records were exported.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(dataModels.calls.find((c) => c.route === 'data_model_record_export')?.body).toEqual({
      data_model_id: MODEL_ID,
      format: 'csv',
      labels: false,
      choice_labels: true,
      deidentified: { mode: 'pseudonymize' },
    });
    expect(files.map((f) => f.name)).toEqual(['oncology-baseline.csv']);
    await waitFor(() => expect(files[0].blob.size).toBeGreaterThan(0));
  });

  it('exports only the filtered model version, and Escape closes the dialog without a call', async () => {
    seedRecords();
    captureDownloads();
    const user = userEvent.setup();
    await startApp(`${RECORDS}&version=1`);
    await screen.findByRole('table', { name: 'Data Model Records' });
    await user.click(screen.getByRole('button', { name: 'Export…' }));
    expect(screen.getByText(/The records left by the version and date filters/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(dataModels.calls.some((c) => c.route === 'data_model_record_export')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Export…' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByText('2 records were exported.');
    expect(dataModels.calls.find((c) => c.route === 'data_model_record_export')?.body).toMatchObject({ version: 1, format: 'xlsx', labels: true, choice_labels: false });
  });

  it('a website unit of kind data_model_form records with the model it names, under its text, with nothing in the address', async () => {
    const site = tenant('localhost');
    site.frontend.clinical_function = 1;
    site.website_unit_list.push({
      website_unit_client_id: '5b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
      route_name: 'baseline_form',
      path: { en: '/baseline-form', tr: '/baslangic-formu' },
      caption: { en: 'Baseline form', tr: 'Başlangıç formu' },
      show_in_menu: true,
      login: true,
      shop_active: false,
      position: 50,
      version: 1,
      content: { kind: 'data_model_form', data_model_id: MODEL_ID, text: { en: 'Fill in at the first visit.', tr: 'İlk vizitte doldurun.' } },
    });
    server.use(...serveTenant(site));
    await startApp('/baseline-form');
    expect(await screen.findByRole('heading', { level: 1, name: 'Baseline form' })).toBeInTheDocument();
    expect(await screen.findByText('Fill in at the first visit.')).toBeInTheDocument();
    expect(await screen.findByText('Oncology baseline assessment')).toBeInTheDocument();
    expect(screen.getByLabelText(/Medical record number/)).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });
});
