// @vitest-environment-options {"url": "http://clinical.localhost:3000/"}
// The treatment pages (issue 12) against a fake treatment server (msw) answering with the domain's own plan of the
// example carboplatin + paclitaxel protocol: a new treatment shows its warnings first with their dates, each dose's
// derivation, and the server's refusal until the warnings are ticked as read; the treatment page offers only the
// steps this user's roles may take (no check of one's own preparation; the second pharmacist's check labelled as
// such), asks for a not-given step's reason, and confirms a dose change the server answers with 14021.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { addDays, calendarDay, dayText, measuresOf, plannedTreatment, planTreatment, planWarnings } from '../../src/domain/treatment';
import type { Patient, Treatment } from '../../src/generated/types/entities';
import { exampleProtocol } from '../unit/protocol-fixtures';
import { logIn, startApp } from './support/app-fixtures';
import { ok } from './support/handlers';
import { server } from './support/server';

const TODAY = calendarDay(new Date(), 'Europe/Istanbul');
const PROTOCOL = exampleProtocol('carboplatin-paclitaxel');
const CARBOPLATIN = PROTOCOL.drug_list.find((l) => l.drug_name === 'Carboplatin')!.item_id;
const PATIENT: Patient = {
  patient_id: '6f1c2a9e-4b7d-4c1e-9a53-2f8e7d6c5b4a',
  firstname: 'Ali',
  lastname: 'Tedavi',
  gender: 'male',
  date_of_birth: '1976-01-15',
  version: 1,
};
const MEASUREMENT = { measurement_id: 'a1b2c3d4-0000-4000-8000-000000000001', patient_id: PATIENT.patient_id, measurement_date: TODAY, weight: 80, height: 180, creatinine: 0.6, creatinine_date: addDays(TODAY, -40) };
const MEASURES = measuresOf(MEASUREMENT);
const PLAN = planTreatment({ protocol: PROTOCOL, patient: PATIENT, measures: MEASURES, start_date: TODAY });
const PLANNED = { patient_id: PATIENT.patient_id, protocol_id: PROTOCOL.protocol_id, protocol_name: PROTOCOL.name, ...plannedTreatment(PLAN), measurement: MEASUREMENT };
const WARNINGS = planWarnings({ plan: PLAN, measures: MEASURES, now: new Date() });
const TREATMENT_ID = '9a1c2a9e-4b7d-4c1e-9a53-2f8e7d6c5b4a';

/** The saved treatment with cycle 1's carboplatin prepared by hand by `preparedBy`. */
function savedTreatment(preparedBy: string): Treatment {
  const t = structuredClone({ ...PLANNED, treatment_id: TREATMENT_ID, treatment_status: 'approved', doctor_username: 'dr.kaya', version: 3 }) as Treatment;
  const day = t.cycle_list![0].drug_day_list.find((d) => d.item_id === CARBOPLATIN)!;
  day.drug_status = 'prepared_manual';
  day.status_history = [
    { step: 'approve', from: 'not_approved', to: 'approved', by: 'dr.kaya', at: `${TODAY}T07:00:00.000Z` },
    { step: 'select_brands', from: 'approved', to: 'brands_selected', by: preparedBy, at: `${TODAY}T07:10:00.000Z` },
    { step: 'prepare_manual', from: 'brands_selected', to: 'prepared_manual', by: preparedBy, at: `${TODAY}T07:20:00.000Z`, note: 'hazırlandı' },
  ];
  return t;
}

/** The fake routes the pages call: every body they were called with, by route. */
function serveTreatments(treatment: Treatment) {
  const calls: Record<string, Record<string, unknown>[]> = {};
  const seen = async (name: string, request: Request) => {
    const body = (await request.json()) as Record<string, unknown>;
    calls[name] = [...(calls[name] ?? []), body];
    return body;
  };
  server.use(
    http.post('*/v1/patient/get', () => HttpResponse.json({ ...ok, patient: PATIENT })),
    http.post('*/v1/protocol/list', () =>
      HttpResponse.json({
        ...ok,
        protocol_list: [{ protocol_id: PROTOCOL.protocol_id, name: PROTOCOL.name, visibility: 'global', owner: 'admin', version: 1, status: 'published', is_example: true, drug_names: ['Carboplatin', 'Paclitaxel'], updated_at: `${TODAY}T00:00:00.000Z` }],
        total: 1,
        page: 1,
        page_size: 100,
      }),
    ),
    http.post('*/v1/treatment/plan', async ({ request }) => {
      await seen('plan', request);
      return HttpResponse.json({ ...ok, treatment: PLANNED, warning_list: WARNINGS });
    }),
    http.post('*/v1/treatment/new', async ({ request }) => {
      const body = await seen('new', request);
      if (!body.acknowledge_warnings)
        return HttpResponse.json({ status_code: '14140', status_message: "Please read and acknowledge the plan's warnings before saving it.", warning_list: WARNINGS }, { status: 409 });
      return HttpResponse.json({ ...ok, treatment, warning_list: WARNINGS });
    }),
    http.post('*/v1/treatment/get', async ({ request }) => {
      await seen('get', request);
      return HttpResponse.json({ ...ok, treatment });
    }),
    http.post('*/v1/treatment/step', async ({ request }) => {
      await seen('step', request);
      // The gate refuses the cycle; its run is kept with the cycle all the same.
      treatment.cycle_list![0].lab_gate_run_list = [
        { package_id: 'c1b2c3d4-0000-4000-8000-000000000009', package_version: 1, label: { en: 'Blood counts', tr: 'Kan sayımı' }, passed: false, record: {}, result: { decisions: [], outputs: {}, issues: [] }, by: 'ayse', at: `${TODAY}T08:00:00.000Z` },
      ];
      return HttpResponse.json({ status_code: '14143', status_message: 'The laboratory check “Blood counts” does not allow the cycle: neutrophils 0.9' }, { status: 409 });
    }),
    http.post('*/v1/treatment/day/list', async ({ request }) => {
      await seen('days', request);
      return HttpResponse.json({
        ...ok,
        drug_day_list: [{ treatment_id: TREATMENT_ID, patient_id: PATIENT.patient_id, patient_name: 'Ali Tedavi', protocol_name: PROTOCOL.name, cycle_number: 1, item_id: CARBOPLATIN, drug_name: 'Carboplatin', day: 1, planned_date: TODAY, calculated_dose: 750, unit: 'auc', drug_status: 'approved' }],
        total: 1,
        page: 1,
        page_size: 10,
      });
    }),
    http.post('*/v1/treatment/change', async ({ request }) => {
      const body = await seen('change', request);
      if (!body.confirm_changes)
        return HttpResponse.json(
          {
            status_code: '14021',
            status_message: 'The dose of Carboplatin changed by more than 20%. Please confirm the change.',
            change_warning_list: [{ field: 'dose', cycle_number: 1, item_id: CARBOPLATIN, day: 1, before: 750, after: 937.5, percent: 25, message: { en: 'The dose of Carboplatin changes', tr: 'Carboplatin dozu değişiyor' } }],
          },
          { status: 409 },
        );
      return HttpResponse.json({ ...ok, treatment, change_warning_list: [] });
    }),
  );
  return calls;
}

describe('treatment pages', () => {
  it('plans with the warnings first, explains each dose, and creates only once the warnings are ticked as read', async () => {
    const calls = serveTreatments(savedTreatment('ecz.bir'));
    const user = userEvent.setup();
    await startApp(`/new-treatment?patient=${PATIENT.patient_id}`);
    logIn(['doctor']);
    expect(await screen.findByRole('heading', { level: 1, name: 'New Treatment: Ali Tedavi' })).toBeInTheDocument();
    // The published protocols arrive after the page: choose once the example is offered.
    await screen.findByRole('option', { name: `${PROTOCOL.name} (Example — verify locally)` });
    await user.selectOptions(screen.getByLabelText(/^Protocol/), `${PROTOCOL.name} (Example — verify locally)`);
    expect(screen.getByText('Example — verify locally')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Plan' }));

    const warnings = await screen.findByRole('alert', { name: 'Warnings' });
    expect(warnings).toHaveTextContent(`The last creatinine is from ${dayText(addDays(TODAY, -40)).en}, 40 days ago`);
    expect(warnings).toHaveTextContent('GFR capped at 125');
    const cycle1 = screen.getByRole('region', { name: /^Cycle 1 / });
    // The first cycle is shown whole; the later ones, which repeat it, are a click away.
    expect(cycle1.querySelector('details')).toHaveAttribute('open');
    expect(screen.getByRole('region', { name: /^Cycle 2 / }).querySelector('details')).not.toHaveAttribute('open');
    const carboplatin = within(cycle1).getAllByRole('listitem').find((li) => li.textContent?.startsWith('Carboplatin'))!;
    expect(carboplatin).toHaveTextContent('750 mg');
    expect(within(carboplatin).getByText('How was this calculated?')).toBeInTheDocument();
    expect(carboplatin).toHaveTextContent('Calvert');
    expect(carboplatin).toHaveTextContent(dayText(addDays(TODAY, -40)).en);

    // A paclitaxel line at 80 % goes with the next plan.
    const paclitaxel = PROTOCOL.drug_list.find((l) => l.drug_name === 'Paclitaxel')!.item_id;
    await user.clear(screen.getByLabelText('Paclitaxel (%)'));
    await user.type(screen.getByLabelText('Paclitaxel (%)'), '80');
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    await waitFor(() => expect(calls.plan).toHaveLength(2));
    expect(calls.plan[1]).toMatchObject({ dose_percent_list: [{ item_id: paclitaxel, dose_percent: 80 }] });

    await user.click(screen.getByRole('button', { name: 'Create treatment' }));
    expect(await screen.findByText(/Please read and acknowledge the plan's warnings/)).toBeInTheDocument();
    expect(calls.new[0]).toMatchObject({ acknowledge_warnings: false });
    await user.click(screen.getByLabelText('I have read these warnings'));
    await user.click(screen.getByRole('button', { name: 'Create treatment' }));
    expect(await screen.findByRole('heading', { level: 1, name: `Treatment: ${PROTOCOL.name}` })).toBeInTheDocument();
    expect(calls.new[1]).toMatchObject({ acknowledge_warnings: true, protocol_id: PROTOCOL.protocol_id, start_date: TODAY });
  });

  it('offers no check of one’s own preparation, and asks a not-given step for its reason', async () => {
    serveTreatments(savedTreatment('ayse'));
    await startApp(`/treatment?treatment=${TREATMENT_ID}`);
    logIn(['pharmacist']);
    const cycle1 = await screen.findByRole('region', { name: 'Cycle 1' });
    const day = within(cycle1).getByRole('listitem', { name: /^Carboplatin — Day 1,/ });
    expect(day).toHaveTextContent('Status: Prepared (manual)');
    expect(within(day).queryByRole('button', { name: /Check the preparation/ })).not.toBeInTheDocument();
    // A not-given step asks for its reason.
    expect(within(day).getByLabelText('Reason it was not given')).toBeInTheDocument();
  });

  it('offers the check to a pharmacist who did not prepare it, and no dose change to a pharmacist', async () => {
    serveTreatments(savedTreatment('ecz.bir'));
    await startApp(`/treatment?treatment=${TREATMENT_ID}`);
    logIn(['pharmacist']);
    const day = within(await screen.findByRole('region', { name: 'Cycle 1' })).getByRole('listitem', { name: /^Carboplatin — Day 1,/ });
    expect(within(day).getByRole('button', { name: 'Check the preparation (second pharmacist)' })).toBeInTheDocument();
    expect(within(day).queryByRole('button', { name: /Change dose/ })).not.toBeInTheDocument();
  });

  it('opens a later cycle’s drug days on request, and asks the doctor to confirm a dose change beyond the protocol’s percent, then sends it confirmed', async () => {
    const t = savedTreatment('ecz.bir');
    t.cycle_list![1].drug_day_list.forEach((d) => {
      d.drug_status = 'not_approved';
    });
    const calls = serveTreatments(t);
    const user = userEvent.setup();
    await startApp(`/treatment?treatment=${TREATMENT_ID}`);
    logIn(['doctor']);
    // The cycle the ward works on shows its drug days; a later cycle's are a click away.
    const cycle2 = await screen.findByRole('region', { name: 'Cycle 2' });
    expect(screen.getByRole('region', { name: 'Cycle 1' }).querySelector('details')).toHaveAttribute('open');
    expect(cycle2.querySelector('details')).not.toHaveAttribute('open');
    await user.click(within(cycle2).getByText(/drug days$/));
    expect(cycle2.querySelector('details')).toHaveAttribute('open');
    const day = within(cycle2).getByRole('listitem', { name: /^Carboplatin — Day 1,/ });
    const percent = within(day).getByLabelText(/New dose percent for Carboplatin/);
    await user.clear(percent);
    await user.type(percent, '125');
    await user.click(within(day).getByRole('button', { name: /^Change dose/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm the change' });
    expect(dialog).toHaveTextContent('The dose of Carboplatin changes (750 → 937.5, 25 %)');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() => expect(calls.change).toHaveLength(2));
    expect(calls.change[0]).not.toHaveProperty('confirm_changes');
    expect(calls.change[1]).toMatchObject({ confirm_changes: true, dose_percent: 125, cycle_number: 2, item_id: CARBOPLATIN, day: 1, version: 3 });
  });

  it('delays a cycle that has not started, refusing a delay that is not whole days, and confirms one beyond the percent', async () => {
    const t = savedTreatment('ecz.bir');
    const calls = serveTreatments(t);
    const user = userEvent.setup();
    await startApp(`/treatment?treatment=${TREATMENT_ID}`);
    logIn(['doctor']);
    const cycle2 = await screen.findByRole('region', { name: 'Cycle 2' });
    const days = within(cycle2).getByLabelText('Delay of cycle 2 (days)');
    await user.clear(days);
    await user.type(days, '2.5');
    await user.click(within(cycle2).getByRole('button', { name: 'Delay cycle 2' }));
    expect(days).toHaveAccessibleDescription(/Enter a whole number of days from 0 to 365/);
    expect(calls.change ?? []).toHaveLength(0);
    await user.clear(days);
    await user.type(days, '7');
    await user.click(within(cycle2).getByRole('button', { name: 'Delay cycle 2' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm the change' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() => expect(calls.change).toHaveLength(2));
    expect(calls.change[1]).toMatchObject({ confirm_changes: true, delay_days: 7, cycle_number: 2, version: 3 });
    expect(calls.change[1]).not.toHaveProperty('dose_percent');
  });

  it('offers no delay to a nurse', async () => {
    serveTreatments(savedTreatment('ecz.bir'));
    await startApp(`/treatment?treatment=${TREATMENT_ID}`);
    logIn(['nurse']);
    const cycle2 = await screen.findByRole('region', { name: 'Cycle 2' });
    expect(within(cycle2).queryByRole('button', { name: 'Delay cycle 2' })).not.toBeInTheDocument();
  });

  it('shows a cycle approval the laboratory check refused, with the check’s run kept on the cycle', async () => {
    const t = savedTreatment('ecz.bir');
    const calls = serveTreatments(t);
    const user = userEvent.setup();
    await startApp(`/treatment?treatment=${TREATMENT_ID}`);
    logIn(['doctor']);
    const cycle1 = await screen.findByRole('region', { name: 'Cycle 1' });
    await user.click(within(within(cycle1).getByRole('group', { name: 'Steps of cycle 1' })).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The laboratory check “Blood counts” does not allow the cycle: neutrophils 0.9')).toBeInTheDocument();
    expect(calls.step[0]).toMatchObject({ step: 'approve', cycle_number: 1, version: 3 });
    expect(await within(cycle1).findByText(/^Blood counts: not passed/)).toBeInTheDocument();
  });

  it('lists the drug days due on a date, and the pharmacy view asks for what the pharmacy works on', async () => {
    const calls = serveTreatments(savedTreatment('ecz.bir'));
    const user = userEvent.setup();
    await startApp('/chemotherapy-list');
    logIn(['pharmacist']);
    const table = await screen.findByRole('table', { name: 'Drug days' });
    expect(within(table).getByRole('row', { name: /Ali Tedavi Carboplatin 750 mg Approved/ })).toBeInTheDocument();
    expect(calls.days[0]).toMatchObject({ date: TODAY });
    expect(calls.days[0]).not.toHaveProperty('drug_status_list');
    await user.click(screen.getByLabelText(/^Pharmacy view/));
    await waitFor(() => expect(calls.days.at(-1)).toMatchObject({ drug_status_list: ['approved', 'brands_selected', 'prepared_robotic', 'prepared_manual'] }));
  });
});
