// @vitest-environment-options {"url": "http://clinical.localhost:3000/"}
// The db page (issue 13, part "database"): an administrator browses a tree layer, opens a record in the form the
// layer's parameters make, sees each problem at its field before any call, and the server's refusal of a record
// changed meanwhile, whose latest version it loads and saves; filters the list on the server; a system layer is
// read-only; a workbook starts an import.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { DataLayer, LayerRecord } from '../../src/generated/types/entities';
import { ok } from './support/handlers';
import { logIn, startApp } from './support/app-fixtures';
import { server } from './support/server';

const PLACES: DataLayer = {
  layer_code: 'places',
  layer_name: { en: 'Countries and cities', tr: 'Ülkeler ve şehirler' },
  is_system: false,
  is_tree: true,
  label_parameter: 'name',
  parameter_list: [
    { id: 'name', label: { en: 'Name', tr: 'Ad' }, type: 'text', required: true, max_length: 100 },
    {
      id: 'kind',
      label: { en: 'Kind', tr: 'Tür' },
      type: 'select',
      required: true,
      option_list: [
        { value: 'country', label: { en: 'Country', tr: 'Ülke' } },
        { value: 'city', label: { en: 'City', tr: 'Şehir' } },
      ],
    },
    { id: 'population', label: { en: 'Population', tr: 'Nüfus' }, type: 'number', min: 0 },
    { id: 'is_capital', label: { en: 'Capital', tr: 'Başkent' }, type: 'boolean' },
  ],
  record_count: 2,
};
const FRD: DataLayer = {
  layer_code: 'frd',
  layer_name: { en: 'Languages offered', tr: 'Sunulan diller' },
  is_system: true,
  is_tree: false,
  label_parameter: 'label',
  parameter_list: [{ id: 'label', label: { en: 'Language', tr: 'Dil' }, type: 'text', required: true }],
  record_count: 1,
};
const at = '2026-11-20T09:00:00.000Z';
const record = (id: string, values: Record<string, unknown>, extra: Partial<LayerRecord> = {}): LayerRecord => ({
  record_id: id,
  layer_code: 'places',
  record: values,
  row_version: 1,
  child_count: 0,
  created_at: at,
  updated_at: at,
  ...extra,
});
const TURKIYE = record('00000000-0000-4000-8000-000000000001', { name: 'Türkiye', kind: 'country', population: 85372377 }, { child_count: 1 });
const ANKARA = record('00000000-0000-4000-8000-000000000002', { name: 'Ankara', kind: 'city', population: 5803482, is_capital: true }, { parent_record_id: TURKIYE.record_id, row_version: 3 });

function serveLayers() {
  const calls = { record: [] as unknown[], query: [] as unknown[], excel: [] as unknown[] };
  let conflictOnce = true;
  const page = (list: LayerRecord[]) => HttpResponse.json({ ...ok, record_list: list, total: list.length, page: 1, page_size: 20 });
  server.use(
    http.post('*/v1/db/layer/list', () => HttpResponse.json({ ...ok, layer_list: [PLACES, FRD] })),
    http.post('*/v1/db/data/get', async ({ request }) => {
      const body = (await request.json()) as { layer_code: string; top_level?: boolean; parent_record_id?: string; record_id?: string };
      // The record as another administrator saved it meanwhile.
      if (body.record_id) return page([{ ...ANKARA, row_version: 4, record: { ...ANKARA.record, population: 6000000 } }]);
      if (body.layer_code === 'frd') return page([{ ...record('00000000-0000-4000-8000-000000000009', { label: 'tr' }), layer_code: 'frd' }]);
      if (body.top_level) return page([TURKIYE]);
      if (body.parent_record_id) return page([ANKARA]);
      return page([TURKIYE, ANKARA]);
    }),
    http.post('*/v1/db_layer_query', async ({ request }) => {
      calls.query.push(await request.json());
      return page([ANKARA]);
    }),
    http.post('*/v1/db_record', async ({ request }) => {
      const body = (await request.json()) as { record: Record<string, unknown> };
      calls.record.push(body);
      if (conflictOnce) {
        conflictOnce = false;
        return HttpResponse.json(
          { status_code: '13082', status_message: 'This record was changed meanwhile: its row version is 4, and you edited 3. Load the record again and retry.' },
          { status: 409 },
        );
      }
      const saved = { ...ANKARA, record: body.record, row_version: 4 };
      return HttpResponse.json({ ...ok, record_id: ANKARA.record_id, record: body.record, layer_record: saved });
    }),
    http.post('*/v1/system/update/by_excel', async ({ request }) => {
      calls.excel.push(await request.json());
      return HttpResponse.json({ ...ok, process_info: { process_id: '00000000-0000-4000-8000-0000000000aa', process_name: 'Update', process_status: 'waiting' } });
    }),
  );
  return calls;
}

describe('the db page', () => {
  it('browses the tree, checks a record at its fields, shows a conflict and saves the record', async () => {
    const calls = serveLayers();
    const user = userEvent.setup();
    await startApp('/db');
    logIn(['admin']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Database' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Layer/)).toHaveDisplayValue('Countries and cities (2 records)');

    const tree = within(await screen.findByRole('region', { name: 'Tree' }));
    await user.click(await tree.findByRole('button', { name: 'Show the records under Türkiye' }));
    await user.click(await tree.findByRole('button', { name: 'Ankara' }));

    const form = within(await screen.findByRole('form', { name: 'Edit: Ankara' }));
    expect(form.getByLabelText(/^Kind/)).toHaveDisplayValue('City');
    expect(form.getByLabelText(/^Capital/)).toHaveDisplayValue('Yes');
    await user.clear(form.getByLabelText(/^Name/));
    await user.clear(form.getByLabelText(/^Population/));
    await user.type(form.getByLabelText(/^Population/), 'çok');
    await user.click(form.getByRole('button', { name: 'Save record' }));
    expect(form.getByLabelText(/^Name/)).toHaveAccessibleDescription('This field is required. Please fill it.');
    expect(form.getByLabelText(/^Population/)).toHaveAccessibleDescription('Please write a number.');
    expect(calls.record).toHaveLength(0);

    await user.type(form.getByLabelText(/^Name/), 'Ankara');
    await user.clear(form.getByLabelText(/^Population/));
    await user.type(form.getByLabelText(/^Population/), '5900000');
    await user.click(form.getByRole('button', { name: 'Save record' }));
    expect(await screen.findByText(/This record was changed meanwhile/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load the latest version' }));
    const latest = within(await screen.findByRole('form', { name: 'Edit: Ankara' }));
    expect(await latest.findByLabelText(/^Population/)).toHaveValue('6000000');
    await user.clear(latest.getByLabelText(/^Population/));
    await user.type(latest.getByLabelText(/^Population/), '5900000');
    await user.click(latest.getByRole('button', { name: 'Save record' }));
    expect(await screen.findByText('The record is saved.')).toBeInTheDocument();
    expect(calls.record.at(-1)).toEqual({
      layer_code: 'places',
      record_id: ANKARA.record_id,
      row_version: 4,
      parent_record_id: TURKIYE.record_id,
      record: { name: 'Ankara', kind: 'city', population: 5900000, is_capital: true },
    });
  });

  it('filters the records on the server with the chosen field, condition and value', async () => {
    const calls = serveLayers();
    const user = userEvent.setup();
    await startApp('/db');
    logIn(['admin']);
    const list = within(await screen.findByRole('region', { name: 'Records' }));
    await user.click(list.getByText('Filter'));
    const filter = within(list.getByRole('form', { name: 'Filter' }));
    await user.selectOptions(filter.getByLabelText('Field'), 'Population');
    await user.selectOptions(filter.getByLabelText('Condition'), 'Greater');
    await user.type(filter.getByLabelText('Value'), '5000000');
    await user.click(filter.getByRole('radio', { name: 'any condition' }));
    await user.click(filter.getByRole('button', { name: 'Apply the filter' }));
    expect(await list.findByText('1 record found.')).toBeInTheDocument();
    expect(calls.query).toEqual([
      { layer_code: 'places', page: 1, page_size: 20, condition_list: [{ field: 'population', operator: 'greater', value: 5000000 }], logic: 'or' },
    ]);
    expect(within(list.getByRole('table')).getByRole('button', { name: 'Ankara' })).toBeInTheDocument();
  });

  it('shows a system layer read-only and starts an import of a workbook with a link to its progress', async () => {
    const calls = serveLayers();
    const user = userEvent.setup();
    await startApp('/db');
    logIn(['admin']);
    const input = (await screen.findByLabelText('Import from Excel')) as HTMLInputElement;
    await user.upload(input, new File(['PK fake workbook'], 'yerler.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    expect(await screen.findByText('The import has started as a background process.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Follow its progress on the Processes page' })).toHaveAttribute('href', '/processes');
    expect(calls.excel).toEqual([{ layer_code: 'places', excel_file: { file_name: 'yerler.xlsx', content_base64: btoa('PK fake workbook') } }]);

    await user.selectOptions(screen.getByLabelText(/^Layer/), 'Languages offered (1 record)');
    expect(await screen.findByText(/This layer is shared by every site/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New record' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Import from Excel')).not.toBeInTheDocument();
  });
});
