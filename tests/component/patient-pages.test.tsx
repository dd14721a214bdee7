// @vitest-environment-options {"url": "http://clinical.localhost:3000/"}
// The patient pages (issue 12) against a fake patient server (msw): the search pages on the server and opens a
// follow-up; registering shows the spec's required-field messages and a wrong T.C. check digit at their fields
// before sending, and the server's "file number taken" at its field; the follow-up shows the latest weight,
// height and creatinine with their dates and BSA, BMI and class, marks abnormal results in words, and asks for
// the weight and height date before sending; the laboratory results page groups a patient's results by test;
// the medications page lists the drug days of every treatment in date order, filtered by state on the server.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { statusCatalogue } from '../../src/generated/errors';
import type { LabResult, Patient, PatientMeasurement } from '../../src/generated/types/entities';
import { ok } from './support/handlers';
import { logIn, setBodyWidth, startApp } from './support/app-fixtures';
import { server } from './support/server';

const ID = '6f1c2a9e-4b7d-4c1e-9a53-2f8e7d6c5b4a';
const AYSE: Patient = {
  patient_id: ID,
  patient_no: 'DEMO-0001',
  identity_number_masked: '384******10',
  firstname: 'Ayşe',
  lastname: 'Kurgusal',
  gender: 'female',
  date_of_birth: '1968-03-14',
  diagnosis: 'Meme kanseri',
  version: 1,
};
const MEASUREMENTS: PatientMeasurement[] = [
  { measurement_id: 'a1b2c3d4-0000-4000-8000-000000000001', patient_id: ID, measurement_date: '2026-11-20', creatinine: 1.35, creatinine_date: '2026-10-17' },
  { measurement_id: 'a1b2c3d4-0000-4000-8000-000000000002', patient_id: ID, measurement_date: '2026-11-14', weight: 80, height: 180, bsa: 2, bsa_formula: 'mosteller', bmi: 24.69, bmi_class: 'normal' },
];
const lab = (n: number, test_code: string, en: string, value: number, day: string, min?: number, max?: number): LabResult => ({
  lab_result_id: `b1b2c3d4-0000-4000-8000-00000000000${n}`,
  patient_id: ID,
  test_code,
  test_name: { en, tr: en },
  value,
  unit: 'g/dL',
  ...(min === undefined ? {} : { reference_min: min }),
  ...(max === undefined ? {} : { reference_max: max }),
  ...(min === undefined && max === undefined ? {} : { is_abnormal: (min !== undefined && value < min) || (max !== undefined && value > max) }),
  result_date: `${day}T08:30:00.000Z`,
});
const LABS = [lab(1, 'hgb', 'Haemoglobin', 9.1, '2026-11-20', 12, 16), lab(2, 'alb', 'Albumin', 4.1, '2026-11-20', 3.5, 5.2), lab(3, 'hgb', 'Haemoglobin', 12.6, '2026-10-10', 12, 16)];

/** The fake patient routes: every body they were called with, by route. */
function servePatients(patients: Patient[] = [AYSE]) {
  const calls: Record<string, Record<string, unknown>[]> = {};
  const seen = async (name: string, request: Request) => {
    const body = (await request.json()) as Record<string, unknown>;
    calls[name] = [...(calls[name] ?? []), body];
    return body;
  };
  server.use(
    http.post('*/v1/patient/search', async ({ request }) => {
      const body = await seen('search', request);
      const found = patients.filter((p) => !body.search || `${p.firstname} ${p.lastname} ${p.patient_no}`.toLowerCase().includes(String(body.search).toLowerCase()));
      const page = Number(body.page ?? 1);
      const size = Number(body.page_size ?? 20);
      return HttpResponse.json({ ...ok, patient_list: found.slice((page - 1) * size, page * size), total: found.length, page, page_size: size });
    }),
    http.post('*/v1/patient/get', async ({ request }) => {
      const body = await seen('get', request);
      const p = patients.find((x) => x.patient_id === body.patient_id);
      return p ? HttpResponse.json({ ...ok, patient: p }) : HttpResponse.json({ status_code: '10016', status_message: 'There is no Patient with this id on this site.' }, { status: 404 });
    }),
    http.post('*/v1/patient/new', async ({ request }) => {
      const body = (await seen('new', request)) as { patient: Omit<Patient, 'patient_id'> };
      if (patients.some((p) => p.patient_no === body.patient.patient_no)) {
        const message = statusCatalogue.patient_no_taken.message.en;
        return HttpResponse.json({ status_code: '14121', status_message: message, errors: [{ field: 'patient.patient_no', message }] }, { status: 409 });
      }
      const made = { ...body.patient, patient_id: ID.replace('6f', '7a'), version: 1 } as Patient;
      patients.push(made);
      return HttpResponse.json({ ...ok, patient: made });
    }),
    http.post('*/v1/patient/measurement/list', async ({ request }) => {
      await seen('measurements', request);
      return HttpResponse.json({ ...ok, patient_measurement_list: MEASUREMENTS, total: MEASUREMENTS.length, page: 1, page_size: 100 });
    }),
    http.post('*/v1/patient/measurement/add', async ({ request }) => {
      const body = await seen('measure', request);
      return HttpResponse.json({ ...ok, patient_measurement: { measurement_id: 'c1b2c3d4-0000-4000-8000-000000000001', patient_id: ID, measurement_date: body.measurement_date } });
    }),
    http.post('*/v1/treatment/list', () => HttpResponse.json({ ...ok, treatment_list: [], total: 0, page: 1, page_size: 10 })),
    http.post('*/v1/patient/lab/list', async ({ request }) => {
      const body = await seen('labs', request);
      const rows = LABS.filter((r) => !body.test_code || r.test_code === body.test_code);
      return HttpResponse.json({ ...ok, lab_result_list: rows, total: rows.length, page: 1, page_size: 100 });
    }),
  );
  return calls;
}

describe('patient pages', () => {
  it('searches on the server page by page and opens a patient; New patient only for those who register', async () => {
    const many = Array.from({ length: 23 }, (_, i) => ({ ...AYSE, patient_id: `${ID.slice(0, -2)}${String(i).padStart(2, '0')}`, firstname: `Ece${i + 1}`, patient_no: `PG-${i + 1}` }));
    const calls = servePatients(many);
    const user = userEvent.setup();
    await startApp('/patient-search');
    logIn(['doctor']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient Search' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New patient' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Patients' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByRole('row', { name: /Ece1 Kurgusal PG-1 14 Mar 1968 Female 384\*{6}10/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await within(table).findByRole('link', { name: 'Ece11 Kurgusal' })).toBeInTheDocument();
    expect(calls.search.at(-1)).toMatchObject({ page: 2, page_size: 10, sort: 'name' });

    await user.type(screen.getByLabelText('Name or file number'), 'ece2');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Youngest first');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls.search.at(-1)).toEqual({ search: 'ece2', sort: '-date_of_birth', page: 1, page_size: 10 }));
    await user.click(await screen.findByRole('link', { name: 'Ece2 Kurgusal' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient Follow-up: Ece2 Kurgusal' })).toBeInTheDocument();
  });

  it('hides New patient from a pharmacist, and on a phone shows each patient as a card', async () => {
    servePatients();
    setBodyWidth(390);
    await startApp('/patient-search');
    logIn(['pharmacist']);
    const cards = await screen.findByRole('list', { name: 'Patients' });
    expect(within(cards).getByRole('heading', { level: 3, name: 'Ayşe Kurgusal' })).toBeInTheDocument();
    expect(within(cards).getByRole('listitem')).toHaveTextContent('File numberDEMO-0001');
    expect(screen.queryByRole('link', { name: 'New patient' })).not.toBeInTheDocument();
  });

  it("registers a patient: the spec's messages at the fields first, the server's refusal at its field, then the follow-up", async () => {
    const calls = servePatients();
    const user = userEvent.setup();
    await startApp('/new-patient');
    logIn(['nurse']);
    await user.click(await screen.findByRole('button', { name: 'Register patient' }));
    expect(screen.getByLabelText(/^First name/)).toHaveAccessibleDescription(expect.stringContaining('Please write firstname'));
    expect(screen.getByLabelText(/^Last name/)).toHaveAccessibleDescription(expect.stringContaining('Please write lastname'));
    expect(screen.getByLabelText(/^Gender/)).toHaveAccessibleDescription(expect.stringContaining('Please select gender'));
    expect(screen.getByLabelText(/^Date of birth/)).toHaveAccessibleDescription(expect.stringContaining('This field is required. Please fill it.'));
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveFocus());

    await user.type(screen.getByLabelText(/^First name/), 'Deniz');
    await user.type(screen.getByLabelText(/^Last name/), 'Örnek');
    await user.selectOptions(screen.getByLabelText(/^Gender/), 'Female');
    await user.type(screen.getByLabelText(/^Date of birth/), '12/04/1970');
    await user.type(screen.getByLabelText(/^T\.C\. identity number/), '38491027511');
    await user.type(screen.getByLabelText(/^File number/), 'DEMO-0001');
    await user.click(screen.getByRole('button', { name: 'Register patient' }));
    expect(screen.getByLabelText(/^T\.C\. identity number/)).toHaveAccessibleDescription(expect.stringContaining('its check digits do not match'));
    expect(calls.new).toBeUndefined();

    await user.clear(screen.getByLabelText(/^T\.C\. identity number/));
    await user.type(screen.getByLabelText(/^T\.C\. identity number/), '38491027510');
    await user.click(screen.getByRole('button', { name: 'Register patient' }));
    await waitFor(() => expect(screen.getByLabelText(/^File number/)).toHaveAccessibleDescription(expect.stringContaining('Another patient of this hospital has this file number.')));
    expect(calls.new).toEqual([
      { patient: { firstname: 'Deniz', lastname: 'Örnek', gender: 'female', date_of_birth: '1970-04-12', patient_no: 'DEMO-0001', identity_number: '38491027510' } },
    ]);

    await user.clear(screen.getByLabelText(/^File number/));
    await user.type(screen.getByLabelText(/^File number/), 'DEMO-0099');
    await user.click(screen.getByRole('button', { name: 'Register patient' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient Follow-up: Deniz Örnek' })).toBeInTheDocument();
  });

  it('shows the latest measurements with their dates and body size, abnormal results in words, and requires the weight and height date', async () => {
    const calls = servePatients();
    const user = userEvent.setup();
    await startApp(`/patient-followup?patient=${ID}`);
    logIn(['nurse']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient Follow-up: Ayşe Kurgusal' })).toBeInTheDocument();
    expect(screen.getByText('DEMO-0001')).toBeInTheDocument();
    expect(screen.getByText('384******10')).toBeInTheDocument();

    const latest = within(await screen.findByRole('region', { name: 'Latest measurements' }));
    expect(await latest.findByText(/^80 kg/)).toHaveTextContent('80 kg on 14 Nov 2026');
    expect(latest.getByText('Body surface area (Mosteller)').nextSibling).toHaveTextContent('2 m²');
    expect(latest.getByText('Body mass index').nextSibling).toHaveTextContent('24.7 kg/m²');
    expect(latest.getByText('BMI class').nextSibling).toHaveTextContent('Normal (18.5–24.9)');
    expect(latest.getByText('Creatinine').nextSibling).toHaveTextContent('1.35 mg/dL on 17 Oct 2026');

    const labs = await screen.findByRole('table', { name: 'Laboratory results' });
    const rows = within(labs).getAllByRole('row').map((r) => r.textContent);
    expect(rows[1]).toMatch(/^Haemoglobin9\.1 g\/dL Low12–1620 Nov 2026/);
    expect(rows[2]).toMatch(/^Albumin4\.1 g\/dL3\.5–5\.220 Nov 2026/);

    const form = within(screen.getByRole('form', { name: 'Record a measurement' }));
    await user.clear(form.getByLabelText(/^Weight and height date/));
    await user.type(form.getByLabelText(/^Weight \(kg\)/), '79,5');
    await user.click(form.getByRole('button', { name: 'Save measurement' }));
    expect(form.getByLabelText(/^Weight and height date/)).toHaveAccessibleDescription(expect.stringContaining('Weight and length date is required.'));
    expect(calls.measure).toBeUndefined();
    await user.type(form.getByLabelText(/^Weight and height date/), '31/02/2026');
    await user.click(form.getByRole('button', { name: 'Save measurement' }));
    expect(form.getByLabelText(/^Weight and height date/)).toHaveAccessibleDescription(expect.stringContaining('Write the date as DD/MM/YYYY.'));
    expect(calls.measure).toBeUndefined();
    await user.clear(form.getByLabelText(/^Weight and height date/));
    await user.type(form.getByLabelText(/^Weight and height date/), '20/11/2026');
    await user.selectOptions(form.getByLabelText('Creatinine unit'), 'µmol/L — micromoles per litre');
    await user.click(form.getByRole('button', { name: 'Save measurement' }));
    expect(await screen.findByText('The measurement is saved.')).toBeInTheDocument();
    expect(calls.measure).toEqual([{ patient_id: ID, measurement_date: '2026-11-20', weight: 79.5, units: { weight: 'kg', height: 'cm', creatinine: 'umol/L' } }]);
  });

  it("corrects the patient's details at the version shown, and says when another saved them meanwhile", async () => {
    const calls = servePatients([{ ...AYSE, identity_number: '38491027510' }]);
    let stale = false;
    server.use(
      http.post('*/v1/patient/save', async ({ request }) => {
        const body = (await request.json()) as { patient_id: string; version: number; patient: Omit<Patient, 'patient_id'> };
        calls.save = [...(calls.save ?? []), body];
        if (stale) {
          const message = statusCatalogue.patient_version_conflict.message.en.replace('{{current_version}}', '3').replace('{{version}}', '2');
          return HttpResponse.json({ status_code: '14120', status_message: message, status_params: { current_version: 3, version: 2 } }, { status: 409 });
        }
        return HttpResponse.json({ ...ok, patient: { ...body.patient, patient_id: body.patient_id, identity_number_masked: '384******10', version: body.version + 1 } });
      }),
    );
    const user = userEvent.setup();
    await startApp(`/patient-followup?patient=${ID}`);
    logIn(['doctor']);
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const form = within(screen.getByRole('form', { name: 'Patient details' }));
    expect(form.getByLabelText(/^T\.C\. identity number/)).toHaveValue('38491027510');
    await user.clear(form.getByLabelText(/^Last name/));
    await user.type(form.getByLabelText(/^Last name/), 'Kurgulu');
    await user.click(form.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient Follow-up: Ayşe Kurgulu' })).toBeInTheDocument();
    expect(screen.getByText("The patient's details are saved.")).toBeInTheDocument();
    expect(calls.save).toEqual([
      {
        patient_id: ID,
        version: 1,
        patient: { firstname: 'Ayşe', lastname: 'Kurgulu', gender: 'female', date_of_birth: '1968-03-14', patient_no: 'DEMO-0001', identity_number: '38491027510', diagnosis: 'Meme kanseri' },
      },
    ]);

    stale = true;
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This patient was changed meanwhile: version 3 is the latest, and you edited version 2.');
    expect(calls.save.at(-1)).toMatchObject({ version: 2 });
  });

  it("shows a patient's laboratory results by test over time, and filters them on the server", async () => {
    const calls = servePatients();
    const user = userEvent.setup();
    await startApp(`/laboratory-results?patient=${ID}`);
    logIn(['pharmacist']);
    const hgb = await screen.findByRole('table', { name: 'Haemoglobin' });
    expect(within(hgb).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'Result dateValueReference range',
      expect.stringMatching(/^20 Nov 2026.*9\.1 g\/dL Low12–16$/),
      expect.stringMatching(/^10 Oct 2026.*12\.6 g\/dL12–16$/),
    ]);
    expect(screen.getByRole('table', { name: 'Albumin' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Test'), 'Albumin');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Haemoglobin' })).not.toBeInTheDocument());
    expect(calls.labs.at(-1)).toMatchObject({ patient_id: ID, test_code: 'alb' });
  });

  it("shows a patient's medications in date order, each dose with its unit and state in words, and filters the states on the server", async () => {
    servePatients();
    const asked: Record<string, unknown>[] = [];
    const day = (date: string, drug_name: string, calculated_dose: number, unit: 'auc' | 'mg_m2', drug_status: string, cycle_number: number) => ({
      treatment_id: '7a1c2a9e-4b7d-4c1e-9a53-2f8e7d6c5b4a',
      patient_id: ID,
      patient_name: 'Ayşe Kurgusal',
      protocol_name: 'Carboplatin AUC 5 + Paclitaxel 175 mg/m² q21d ×6',
      cycle_number,
      item_id: drug_name === 'Carboplatin' ? 'c1b2c3d4-0000-4000-8000-000000000001' : 'c1b2c3d4-0000-4000-8000-000000000002',
      drug_name,
      day: 1,
      planned_date: date,
      calculated_dose,
      unit,
      drug_status,
    });
    const days = [day('2026-11-23', 'Carboplatin', 750, 'auc', 'given_fully', 1), day('2026-11-23', 'Paclitaxel', 350, 'mg_m2', 'not_given_patient_refused', 1), day('2026-12-14', 'Carboplatin', 750, 'auc', 'approved', 2)];
    server.use(
      http.post('*/v1/treatment/day/list', async ({ request }) => {
        const body = (await request.json()) as { patient_id: string; drug_status_list?: string[] };
        asked.push(body);
        const rows = days.filter((d) => !body.drug_status_list || body.drug_status_list.includes(d.drug_status));
        return HttpResponse.json({ ...ok, drug_day_list: rows, total: rows.length, page: 1, page_size: 25 });
      }),
    );
    const user = userEvent.setup();
    await startApp(`/patient-medications?patient=${ID}`);
    logIn(['nurse']);
    const table = await screen.findByRole('table', { name: 'Medications' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'DateDrugDoseStatusProtocol',
      expect.stringMatching(/^23 Nov 2026Carboplatin750 mgGiven fully/),
      expect.stringMatching(/^23 Nov 2026Paclitaxel350 mgCould not be given: patient refused/),
      expect.stringMatching(/^14 Dec 2026Carboplatin750 mgApproved.*cycle 2, day 1$/),
    ]);
    expect(asked[0]).toEqual({ patient_id: ID, page: 1, page_size: 25 });
    await user.selectOptions(screen.getByLabelText('Show'), 'Given');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Medications' })).getAllByRole('row')).toHaveLength(2));
    expect(asked.at(-1)).toMatchObject({ patient_id: ID, drug_status_list: ['given_fully', 'given_partly'] });
  });

  it('says which patient is missing instead of an empty page', async () => {
    servePatients();
    await startApp('/patient-followup');
    logIn(['doctor']);
    expect(await screen.findByText('No patient is chosen. Find the patient in the patient search.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to patient search' })).toBeInTheDocument();
  });
});
