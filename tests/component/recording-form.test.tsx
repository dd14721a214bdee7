// The recording form (renderers/data-model-form) with the oncology baseline model, as a clinician meets it:
// messages at the field after leaving it and on submit in both languages, the summary's links, "show when"
// rules hiding fields and their values, numbers typed with a comma, list rows, the 30-day warning that does not
// block; the tester page (a model and a record dropped as files, every problem in both languages, bad JSON) and
// the recording page (a save refused with problems at their fields, then saved) against fakes of the routes.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { readFileSync } from 'node:fs';
import { useState } from 'react';
import { initI18n } from '../../src/app/i18n';
import type { RecordProblem, RecordValues } from '../../src/domain/data-model/record';
import type { Lang } from '../../src/domain/language';
import { RecordingForm, type ServerProblem } from '../../renderers/data-model-form/RecordingForm';
import { storeSession } from './support/account';
import { startApp, tenant } from './support/app-fixtures';
import { dataModelHandlers, dataModels, FIXTURE, MODEL_ID, oncology, RECORD_ID, resetDataModels, savedRecord } from './support/data-models';
import { ok, serveTenant } from './support/handlers';
import { server } from './support/server';

const TODAY = '2026-03-15';

function Harness({ lang, initial = {}, onSubmit, problems, seen }: { lang: Lang; initial?: RecordValues; onSubmit?: (v: RecordValues, w: RecordProblem[]) => void; problems?: ServerProblem[]; seen?: (v: RecordValues) => void }) {
  const [model] = useState(oncology);
  const [values, setValues] = useState<RecordValues>(initial);
  seen?.(values);
  return <RecordingForm model={model} values={values} onChange={setValues} lang={lang} onSubmit={onSubmit} problems={problems} today={TODAY} />;
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });
const errorOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('-error')) ?? '')?.textContent;

describe('the recording form', () => {
  beforeAll(() => {
    initI18n('en');
  });

  it.each([
    ['en', /^Weight/, 'You have exceeded the maximum value. Maximum value should be; 400', /^Height/, 'This field is required. Please fill it.'],
    ['tr', /^Ağırlık/, 'En büyük değeri aştınız. En büyük değer; 400 olmalıdır', /^Boy/, 'Bu alan zorunludur. Lütfen doldurun.'],
  ] as const)('shows a limit and a required message at the field once it is left (%s)', async (lang, weightName, tooHeavy, heightName, required) => {
    const user = userEvent.setup();
    render(<Harness lang={lang as Lang} />);
    const weight = field(weightName);
    await user.type(weight, '500');
    // Nothing while typing in a field not yet left.
    expect(weight).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(weight)).toBe(tooHeavy);
    // The unit is after the box and describes it.
    expect(weight.getAttribute('aria-describedby')).toMatch(/-unit/);
    expect(screen.getByText('kg')).toBeInTheDocument();
    // Height left empty: required.
    const height = field(heightName);
    await user.click(height);
    await user.tab();
    expect(errorOf(height)).toBe(required);
    // Fixed: the message goes as the person types.
    await user.clear(weight);
    await user.type(weight, '72');
    expect(weight).not.toHaveAttribute('aria-invalid');
  });

  it('on submit, shows every error at its field and a summary whose links move the focus to the field (both languages)', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    const { unmount } = render(<Harness lang="en" onSubmit={submitted} />);
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    expect(submitted).not.toHaveBeenCalled();
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent('All required fields must be filled in.');
    const link = within(summary).getByRole('link', { name: 'Weight: This field is required. Please fill it.' });
    await user.click(link);
    expect(field(/^Weight/)).toHaveFocus();
    // A radio group's link goes to its first choice.
    await user.click(within(summary).getByRole('link', { name: /^Sex:/ }));
    expect(screen.getByRole('radio', { name: 'Female' })).toHaveFocus();
    expect(errorOf(field(/^Medical record number/))).toBe('This field is required. Please fill it.');
    unmount();

    render(<Harness lang="tr" onSubmit={submitted} initial={{ weight: 500 }} />);
    await user.click(screen.getByRole('button', { name: 'Kaydı kaydet' }));
    const özet = screen.getByRole('alert');
    expect(özet).toHaveTextContent('Lütfen zorunlu alanları doldurun ve şunları düzeltin:');
    await user.click(within(özet).getByRole('link', { name: 'Ağırlık: En büyük değeri aştınız. En büyük değer; 400 olmalıdır' }));
    expect(field(/^Ağırlık/)).toHaveFocus();
    expect(within(özet).getByRole('link', { name: 'Cinsiyet: Bu alan zorunludur. Lütfen doldurun.' })).toBeInTheDocument();
  });

  it('hides and shows a field as a choice changes, and never submits a hidden value', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    const complete = { mrn: '123456', birth_year: '1970', weight: 70, height: 170, measured_on: '2026-03-10', ecog: '0' };
    render(<Harness lang="en" initial={complete} onSubmit={submitted} />);
    expect(screen.queryByRole('combobox', { name: /^Pregnant/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.selectOptions(screen.getByRole('combobox', { name: /^Pregnant/ }), 'No');
    await user.click(screen.getByRole('radio', { name: 'Male' }));
    expect(screen.queryByRole('combobox', { name: /^Pregnant/ })).not.toBeInTheDocument();
    // A check box's rule: pain shows the pain score, required while shown.
    await user.click(screen.getByRole('checkbox', { name: 'Pain' }));
    expect(field(/^Pain score/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Pain' }));
    expect(screen.queryByRole('textbox', { name: /^Pain score/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(submitted.mock.calls[0][0]).toEqual({ ...complete, sex: 'M' });
    expect(submitted.mock.calls[0][0]).not.toHaveProperty('pregnant');
  });

  it('takes a comma as the decimal separator and keeps a half-typed number', async () => {
    const user = userEvent.setup();
    let values: RecordValues = {};
    render(<Harness lang="tr" seen={(v) => (values = v)} />);
    const weight = field(/^Ağırlık/);
    await user.type(weight, '72,');
    expect(weight).toHaveValue('72,');
    expect(values.weight).toBe(72);
    await user.type(weight, '5');
    expect(weight).toHaveValue('72,5');
    expect(values.weight).toBe(72.5);
    await user.tab();
    expect(weight).not.toHaveAttribute('aria-invalid');
    // Too many decimals, and text that is no number, are said at the field.
    await user.clear(weight);
    await user.type(weight, '72,55');
    expect(errorOf(weight)).toBe('En fazla ondalık basamak sayısını aştınız. En fazla ondalık basamak: 1');
    await user.clear(weight);
    await user.type(weight, '7a');
    expect(errorOf(weight)).toBe('Lütfen bir sayı yazın.');
  });

  it('adds and removes list rows, each with its own fields and problems', async () => {
    const user = userEvent.setup();
    let values: RecordValues = {};
    render(<Harness lang="en" seen={(v) => (values = v)} />);
    const list = screen.getByRole('group', { name: /^Prior treatments/ });
    expect(within(list).getByText('No rows yet.')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Add row' }));
    // The new row's first field has the focus.
    const first = screen.getByRole('group', { name: 'Prior treatments: Row 1' });
    expect(within(first).getByRole('textbox', { name: /^Treatment/ })).toHaveFocus();
    await user.type(within(first).getByRole('textbox', { name: /^Treatment/ }), 'Cisplatin');
    await user.click(within(list).getByRole('button', { name: 'Add row' }));
    await user.type(within(screen.getByRole('group', { name: 'Prior treatments: Row 2' })).getByRole('textbox', { name: /^Treatment/ }), 'Radiotherapy');
    expect(values.prior_treatments).toEqual([{ treatment_name: 'Cisplatin' }, { treatment_name: 'Radiotherapy' }]);
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(values.prior_treatments).toEqual([{ treatment_name: 'Radiotherapy' }]);
    expect(within(screen.getByRole('group', { name: 'Prior treatments: Row 1' })).getByRole('textbox', { name: /^Treatment/ })).toHaveValue('Radiotherapy');
    expect(screen.queryByRole('group', { name: 'Prior treatments: Row 2' })).not.toBeInTheDocument();
    // An empty row's required field is refused at the row's field on submit.
    await user.click(within(list).getByRole('button', { name: 'Add row' }));
    // Without onSubmit (the designer's preview) the button checks the form.
    await user.click(screen.getByRole('button', { name: 'Check the form' }));
    const row2 = within(screen.getByRole('group', { name: 'Prior treatments: Row 2' })).getByRole('textbox', { name: /^Treatment/ });
    expect(errorOf(row2)).toBe('This field is required. Please fill it.');
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Prior treatments › Row 2 › Treatment: This field is required. Please fill it.' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    expect(values.prior_treatments).toEqual([{ treatment_name: 'Radiotherapy' }]);
  });

  it('flags a date older than 30 days as a warning that does not block the save', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    const complete = { mrn: '123456', birth_year: '1970', sex: 'M', weight: 70, height: 170, ecog: '0' };
    render(<Harness lang="en" initial={complete} onSubmit={submitted} />);
    const measured = field(/^Measured on/);
    await user.type(measured, '01/01/2026');
    await user.tab();
    const warning = document.getElementById(measured.getAttribute('aria-describedby')!.split(' ').find((id) => id.endsWith('-warning'))!);
    expect(warning).toHaveTextContent('Warning: The selected date is earlier than 30 days ago.');
    expect(warning).toHaveClass('field__warning');
    expect(measured).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(submitted.mock.calls[0][0]).toMatchObject({ measured_on: '2026-01-01' });
    expect(submitted.mock.calls[0][1]).toEqual([expect.objectContaining({ key: 'date_older_30_days', severity: 'warning' })]);
  });

  it('shows the server\'s problems at their fields until the field changes', async () => {
    const user = userEvent.setup();
    const problems: ServerProblem[] = [{ path: ['mrn'], key: 'allowed_characters', params: { characters: '0123456789' }, message: 'Only these characters can be written: 0123456789' }];
    render(<Harness lang="tr" initial={{ mrn: 'AB12' }} problems={problems} />);
    const mrn = field(/^Hasta dosya numarası/);
    // Worded in the form's language from its key, whatever language the server answered in.
    expect(errorOf(mrn)).toBe('Yalnızca şu karakterler yazılabilir: 0123456789');
    expect(screen.getByRole('alert')).toHaveTextContent('Hasta dosya numarası: Yalnızca şu karakterler yazılabilir: 0123456789');
    await user.clear(mrn);
    await user.type(mrn, '1234');
    expect(mrn).not.toHaveAttribute('aria-invalid');
  });

  it('writes a catalogue unit by its symbol (µmol/L for the UCUM code umol/L), and other text as stored', () => {
    const model = oncology();
    const [weight, height] = model.group_list.flatMap((g) => g.parameter_list).filter((p) => p.code === 'weight' || p.code === 'height');
    weight.unit = 'umol/L';
    height.unit = 'hand spans';
    render(<RecordingForm model={model} values={{}} lang="en" today={TODAY} />);
    expect(screen.getByText('µmol/L')).toBeInTheDocument();
    expect(screen.queryByText('umol/L')).not.toBeInTheDocument();
    expect(screen.getByText('hand spans')).toBeInTheDocument();
  });
});

// ---- the pages ---------------------------------------------------------------------------------------------

const clinicalShop = tenant('localhost');
clinicalShop.frontend.clinical_function = 1;

const dataModelRoutes = (saves: Record<string, unknown>[]) => [
  ...dataModelHandlers,
  http.post('*/v1/data_model/record/save', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    saves.push(body);
    const values = body.values as RecordValues;
    if (typeof values.mrn === 'string' && !/^\d+$/.test(values.mrn))
      return HttpResponse.json(
        {
          status_code: '14060',
          status_message: 'The record has 1 problem(s).',
          problem_list: [{ path: ['mrn'], key: 'allowed_characters', params: { characters: '0123456789' }, message: 'Only these characters can be written: 0123456789' }],
        },
        { status: 400 },
      );
    return HttpResponse.json({ ...ok, data_model_record: savedRecord(values, typeof body.row_version === 'number' ? body.row_version + 1 : 1) });
  }),
];

const jsonFile = (name: string, text: string) => new File([text], name, { type: 'application/json' });

describe('the data-model tester page', () => {
  beforeEach(() => server.use(...serveTenant(clinicalShop), ...dataModelRoutes([])));

  it('shows every problem of a dropped record at its field, in Turkish and in English, and lists them', async () => {
    storeSession();
    const user = userEvent.setup();
    await startApp('/veri-modeli-test');
    await screen.findByRole('heading', { level: 1, name: 'Veri Modeli Testi' });
    await user.upload(screen.getByLabelText('Veri modeli (JSON)'), jsonFile('oncology_baseline.json', readFileSync(FIXTURE, 'utf8')));
    await user.upload(screen.getByLabelText('Kayıt (JSON)'), jsonFile('bad.json', JSON.stringify({ mrn: 'AB', weight: 500, sex: 'F' })));
    const tr = await screen.findByRole('region', { name: 'Türkçe' });
    const en = screen.getByRole('region', { name: 'İngilizce' });
    await waitFor(() => expect(errorOf(within(tr).getByRole('textbox', { name: /^Ağırlık/ }))).toBe('En büyük değeri aştınız. En büyük değer; 400 olmalıdır'));
    expect(errorOf(within(en).getByRole('textbox', { name: /^Weight/ }))).toBe('You have exceeded the maximum value. Maximum value should be; 400');
    expect(errorOf(within(en).getByRole('textbox', { name: /^Medical record number/ }))).toBe('Only these characters can be written: 0123456789');
    // The rule of sex = F shows "pregnant", required.
    expect(errorOf(within(en).getByRole('combobox', { name: /^Pregnant/ }))).toBe('This field is required. Please fill it.');
    const table = within(screen.getByRole('region', { name: /^Tüm sorunlar/ })).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(/weight · 14\d{3}|weight · 1\d{4}/), expect.stringContaining('You have exceeded the maximum value. Maximum value should be; 400')]),
    );
    expect(table).toHaveTextContent('Hasta dosya numarası: Yalnızca şu karakterler yazılabilir: 0123456789');
    expect(table).toHaveTextContent('Pregnant: This field is required. Please fill it.');
  });

  it('says "Check the json structure." for a file that is not JSON', async () => {
    storeSession();
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    const user = userEvent.setup();
    await startApp('/data-model-tester');
    await screen.findByRole('heading', { level: 1, name: 'Data Model Tester' });
    await user.upload(screen.getByLabelText('Data model (JSON)'), jsonFile('broken.json', '{"group_list": ['));
    expect(await screen.findByText('Check the json structure.')).toBeInTheDocument();
    expect(screen.getByLabelText('Data model (JSON)')).toHaveAttribute('aria-invalid', 'true');
    await user.upload(screen.getByLabelText('Record (JSON)'), jsonFile('broken-record.json', 'weight: 70'));
    // Both files' messages (findAll answers as soon as the first one is there).
    await waitFor(() => expect(screen.getAllByText('Check the json structure.')).toHaveLength(2));
  });

  it('opens one of the caller\'s data models', async () => {
    storeSession();
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    const user = userEvent.setup();
    await startApp('/data-model-tester');
    const pick = await screen.findByRole('combobox', { name: 'Or one of my data models' });
    await waitFor(() => expect(pick).toBeEnabled());
    await user.selectOptions(pick, MODEL_ID);
    expect(await screen.findByRole('region', { name: 'In English' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'In Turkish' })).getByRole('heading', { name: 'Ölçümler' })).toBeInTheDocument();
  });
});

describe('the recording page', () => {
  afterEach(resetDataModels);

  it('saves through record/save, showing a refusal\'s problems at their fields first', async () => {
    const saves: Record<string, unknown>[] = [];
    server.use(...serveTenant(clinicalShop), ...dataModelRoutes(saves));
    storeSession();
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    const user = userEvent.setup();
    await startApp(`/data-model-record?data_model_id=${MODEL_ID}`);
    const mrn = await screen.findByRole('textbox', { name: /^Medical record number/ });
    expect(screen.getByText('Oncology baseline assessment')).toBeInTheDocument();
    // Values the browser's check lets through but the (fake) server refuses.
    await user.type(mrn, '12');
    await user.type(field(/^Year of birth/), '1970');
    await user.click(screen.getByRole('radio', { name: 'Male' }));
    await user.type(field(/^Weight/), '70.5');
    await user.type(field(/^Height/), '170');
    await user.type(field(/^Measured on/), '10/03/2026');
    await user.selectOptions(screen.getByRole('combobox', { name: /^ECOG/ }), '0');
    await user.type(mrn, '34');
    // The server refuses what the browser's check let through (a limit it knows better, say).
    server.use(
      http.post('*/v1/data_model/record/save', async ({ request }) => {
        saves.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(
          { status_code: '14060', status_message: 'The record has 1 problem(s).', problem_list: [{ path: 'weight', key: 'max_value', params: { max: 60 }, message: 'You have exceeded the maximum value. Maximum value should be; 60' }] },
          { status: 400 },
        );
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Weight: You have exceeded the maximum value. Maximum value should be; 60');
    expect(errorOf(field(/^Weight/))).toBe('You have exceeded the maximum value. Maximum value should be; 60');
    expect(saves[0]).toEqual({
      data_model_id: MODEL_ID,
      version: 1,
      values: { mrn: '1234', birth_year: '1970', sex: 'M', weight: 70.5, height: 170, measured_on: '2026-03-10', ecog: '0' },
    });
    server.use(...dataModelRoutes(saves));
    await user.clear(field(/^Weight/));
    await user.type(field(/^Weight/), '58');
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    expect(await screen.findByText('The record was saved (version 1).')).toBeInTheDocument();
    expect(window.location.search).toContain(`data_model_record_id=${RECORD_ID}`);
  });

  it('says when a record was saved meanwhile and loads the latest version on request', async () => {
    const saves: Record<string, unknown>[] = [];
    const stored = { mrn: '1234', birth_year: '1970', sex: 'M', weight: 70.5, height: 170, measured_on: '2026-03-10', ecog: '0' };
    dataModels.records = [savedRecord(stored, 2)];
    server.use(...serveTenant(clinicalShop), ...dataModelRoutes(saves));
    storeSession();
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    const user = userEvent.setup();
    await startApp(`/data-model-record?data_model_id=${MODEL_ID}&data_model_record_id=${RECORD_ID}`);
    const weight = await screen.findByRole('textbox', { name: /^Weight/ });
    expect(weight).toHaveValue('70.5');
    expect(screen.getByText(/recorded by admin/)).toBeInTheDocument();
    // Someone else saves row version 3 meanwhile; this page still holds 2.
    dataModels.records = [savedRecord({ ...stored, weight: 72 }, 3)];
    server.use(
      http.post('*/v1/data_model/record/save', async ({ request }) => {
        saves.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(
          { status_code: '14082', status_message: 'This record was changed meanwhile.', status_params: { current_row_version: 3, row_version: 2 } },
          { status: 409 },
        );
      }),
    );
    await user.clear(weight);
    await user.type(weight, '71');
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    expect(await screen.findByText(/This record was changed meanwhile \(in another tab or by someone else\)/)).toBeInTheDocument();
    expect(saves[0]).toMatchObject({ data_model_record_id: RECORD_ID, row_version: 2, values: { weight: 71 } });
    await user.click(screen.getByRole('button', { name: 'Load the latest version' }));
    expect(await screen.findByText(/The latest version of the record is loaded/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Weight/ })).toHaveValue('72'));
    // A save now names the row version it was loaded at.
    server.use(...dataModelRoutes(saves));
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    expect(await screen.findByText('The record was saved (version 1).')).toBeInTheDocument();
    expect(saves[1]).toMatchObject({ data_model_record_id: RECORD_ID, row_version: 3 });
  });
});
