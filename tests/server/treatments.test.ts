// Patients' treatments (issue 12, schemas/routes/treatment.json) against PGlite and PostgreSQL: a plan from the
// example carboplatin + paclitaxel protocol (Calvert with the GFR cap in the derivation, a 40-day-old creatinine
// warned), saving refused until its warnings are acknowledged, the treatment, cycle and drug-day steps through the
// domain's state machines with every refusal (wrong role, wrong state, own double check, missing check), four
// presses of "given" at once recorded once, a dose raised 25 % refused until confirmed, a cycle's lab gate
// failing and passing with its runs kept, the day list, a dose given in an earlier treatment counted towards a
// lifetime limit, and another site's user reading nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  patientLabAdd,
  patientMeasurementAdd,
  patientNew,
  protocolNew,
  protocolPublish,
  treatmentChange,
  treatmentDayList,
  treatmentDrugStep,
  treatmentGet,
  treatmentList,
  treatmentNew,
  treatmentPlan,
  treatmentStep,
} from '../../src/generated/client/index.ts';
import type { Protocol, Treatment } from '../../src/generated/types/entities.ts';
import type { TreatmentDrugStepRequest } from '../../src/generated/types/routes.ts';
import { addDays, calendarDay, dayText } from '../../src/domain/treatment/index.ts';
import { seededPackageId } from '../../server/db/seed-decision-packages.ts';
import { exampleProtocol } from '../unit/protocol-fixtures.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, type Actor } from './support/actors.ts';

const DOMAIN = 'clinical.localhost';
const EXAMPLE = exampleProtocol('carboplatin-paclitaxel');
const CARBOPLATIN = EXAMPLE.drug_list.find((l) => l.drug_name === 'Carboplatin')!.item_id;
const PACLITAXEL = EXAMPLE.drug_list.find((l) => l.drug_name === 'Paclitaxel')!.item_id;
const TODAY = calendarDay(new Date(), 'Europe/Istanbul');

describe.each(databaseKinds('depends-on-database'))('treatments on %s', (kind) => {
  let t: TestApp;
  let doctor: Actor;
  let nurse: Actor;
  let nurse2: Actor;
  let pharmacist: Actor;
  let pharmacist2: Actor;
  let plain: Actor;
  let outsider: Actor;
  beforeAll(async () => {
    t = await startTestApp(kind);
    doctor = await actor(t, 'dr.tedavi', { domain: DOMAIN, authCodes: ['doctor'] });
    nurse = await actor(t, 'hem.bir', { domain: DOMAIN, authCodes: ['nurse'] });
    nurse2 = await actor(t, 'hem.iki', { domain: DOMAIN, authCodes: ['nurse'] });
    pharmacist = await actor(t, 'ecz.bir', { domain: DOMAIN, authCodes: ['pharmacist'] });
    pharmacist2 = await actor(t, 'ecz.iki', { domain: DOMAIN, authCodes: ['pharmacist'] });
    plain = await actor(t, 'no.role.treat', { domain: DOMAIN });
    outsider = await actor(t, 'dr.outside', { domain: 'localhost', authCodes: ['doctor', 'admin'] });
  });
  afterAll(() => t.close());

  /** A 50-year-old man of 80 kg and 180 cm (BSA 2 m²) whose creatinine 0.6 mg/dL was measured `creatinineAge` days ago. */
  async function patient(lastname: string, creatinineAge = 0) {
    doctor.use();
    const made = await patientNew({ patient: { firstname: 'Ali', lastname, gender: 'male', date_of_birth: '1976-01-15' } });
    expect(made.status_code, made.status_message).toBe('10000');
    const m = await patientMeasurementAdd({
      patient_id: made.patient.patient_id,
      measurement_date: TODAY,
      weight: 80,
      height: 180,
      creatinine: 0.6,
      creatinine_date: addDays(TODAY, -creatinineAge),
      units: { weight: 'kg', height: 'cm', creatinine: 'mg/dL' },
    });
    expect(m.status_code, m.status_message).toBe('10000');
    return made.patient.patient_id;
  }

  async function saved(patientId: string, protocolId = EXAMPLE.protocol_id): Promise<Treatment> {
    doctor.use();
    const res = await treatmentNew({ patient_id: patientId, protocol_id: protocolId, start_date: TODAY, acknowledge_warnings: true });
    expect(res.status_code, res.status_message).toBe('10000');
    return res.treatment;
  }

  /** The treatment approved by the doctor: its cycles and drug days are stepped only then. */
  async function approve(tr: Treatment): Promise<Treatment> {
    doctor.use();
    const res = await treatmentStep({ treatment_id: tr.treatment_id, version: tr.version!, step: 'approve' });
    expect(res.status_code, res.status_message).toBe('10000');
    return res.treatment;
  }

  /** The cycle approved by the doctor (its laboratory gates, if any, passed): its drug days move only then. */
  async function approveCycle(tr: Treatment, cycle = 1): Promise<Treatment> {
    doctor.use();
    const res = await treatmentStep({ treatment_id: tr.treatment_id, version: tr.version!, cycle_number: cycle, step: 'approve' });
    expect(res.status_code, res.status_message).toBe('10000');
    return res.treatment;
  }

  const dayIn = (tr: Treatment, cycle: number, item: string) => tr.cycle_list!.find((c) => c.cycle_number === cycle)!.drug_day_list.find((d) => d.item_id === item)!;

  it('plans carboplatin AUC 5 by Calvert with the GFR capped at 125 mL/min, warns of a 40-day-old creatinine, and stores nothing', async () => {
    const id = await patient('Plan', 40);
    const before = await snapshot(t.db);
    nurse.use();
    const res = await treatmentPlan({ patient_id: id, protocol_id: EXAMPLE.protocol_id, start_date: TODAY });
    expect(res.status_code, res.status_message).toBe('10000');
    expect(await snapshot(t.db)).toEqual(before);
    expect(res.treatment).toMatchObject({ protocol_id: EXAMPLE.protocol_id, protocol_version: 1, cycle_count: 6, measurement: { creatinine_date: addDays(TODAY, -40) } });
    const carboplatin = dayIn(res.treatment as Treatment, 1, CARBOPLATIN);
    // Cockcroft-Gault (140 − 50) × 80 / (72 × 0.6) = 166.7 mL/min, capped at 125: 5 × (125 + 25) = 750 mg.
    expect(carboplatin.calculated_dose).toBe(750);
    expect(carboplatin.dose_derivation!.derivation.adjustments.map((a) => a.kind)).toContain('gfr_cap');
    expect(carboplatin.dose_derivation!.derivation.inputs).toContainEqual(expect.objectContaining({ text: dayText(addDays(TODAY, -40)) }));
    expect(dayIn(res.treatment as Treatment, 1, PACLITAXEL).calculated_dose).toBe(350);
    const old = res.warning_list.find((w) => w.code === 'creatinine_old');
    expect(old).toMatchObject({ severity: 'warning', field: 'creatinine' });
    expect(old!.message.en).toContain('40 days ago');
    expect(old!.message.tr).toContain('40 gün önce');

    // A reduced line: paclitaxel at 80 % of 175 mg/m² × 2 m².
    const reduced = await treatmentPlan({ patient_id: id, protocol_id: EXAMPLE.protocol_id, start_date: TODAY, dose_percent_list: [{ item_id: PACLITAXEL, dose_percent: 80 }] });
    expect(dayIn(reduced.treatment as Treatment, 3, PACLITAXEL)).toMatchObject({ dose_percent: 80, calculated_dose: 280 });
  });

  it('refuses to save until every warning is acknowledged, then keeps the protocol version, the measurement and each dose with its derivation', async () => {
    const id = await patient('Kayit', 40);
    doctor.use({ lang: 0 });
    const before = await snapshot(t.db);
    const refused = await treatmentNew({ patient_id: id, protocol_id: EXAMPLE.protocol_id, start_date: TODAY });
    expect(refused).toMatchObject({ status_code: '14140', http_status: 409 });
    expect(refused.status_message).toContain('Son kreatinin');
    const codes = (refused as unknown as { warning_list: { code: string }[] }).warning_list.map((w) => w.code);
    expect(codes).toEqual(expect.arrayContaining(['creatinine_old', 'gfr_cap']));
    expect(await snapshot(t.db)).toEqual(before);

    const tr = await saved(id);
    expect(tr).toMatchObject({ treatment_status: 'not_approved', protocol_version: 1, doctor_username: 'dr.tedavi', version: 1, measurement: { weight: 80, creatinine: 0.6 } });
    expect(dayIn(tr, 6, CARBOPLATIN)).toMatchObject({ calculated_dose: 750, drug_status: 'not_approved', planned_date: addDays(TODAY, 105) });
    nurse.use();
    expect((await treatmentGet({ treatment_id: tr.treatment_id })).treatment).toEqual(tr);
    const listed = await treatmentList({ patient_id: id });
    expect(listed).toMatchObject({ total: 1, treatment_list: [{ treatment_id: tr.treatment_id, patient_name: 'Ali Kayit', protocol_name: EXAMPLE.name, treatment_status: 'not_approved' }] });

    // A plan with an error is never saved, acknowledged or not: carboplatin by AUC needs a creatinine.
    doctor.use({ lang: 0 });
    const made = await patientNew({ patient: { firstname: 'Ayse', lastname: 'Kreatininsiz', gender: 'female', date_of_birth: '1970-03-03' } });
    const id2 = made.patient.patient_id;
    await patientMeasurementAdd({ patient_id: id2, measurement_date: TODAY, weight: 60, height: 165, units: { weight: 'kg', height: 'cm', creatinine: 'mg/dL' } });
    const beforeError = await snapshot(t.db);
    const invalid = await treatmentNew({ patient_id: id2, protocol_id: EXAMPLE.protocol_id, start_date: TODAY, acknowledge_warnings: true });
    expect(invalid).toMatchObject({ status_code: '14141', http_status: 400, warning_list: [{ code: 'creatinine_missing', severity: 'error', item_id: CARBOPLATIN }] });
    expect(invalid.status_message).toContain('Carboplatin böbrek işlevine göre');
    expect(await snapshot(t.db)).toEqual(beforeError);

    // Only a doctor prescribes; a user without a clinical role reads nothing.
    nurse.use();
    expect(await treatmentNew({ patient_id: id, protocol_id: EXAMPLE.protocol_id, start_date: TODAY, acknowledge_warnings: true })).toMatchObject({ status_code: '10009' });
    plain.use();
    expect(await treatmentGet({ treatment_id: tr.treatment_id })).toMatchObject({ status_code: '10009' });
  });

  it('takes every drug-day step by its role and refuses the wrong role, the wrong state, one’s own double check and a missing check', async () => {
    const tr = await saved(await patient('Adim'));
    const at = { treatment_id: tr.treatment_id, cycle_number: 1, item_id: CARBOPLATIN, day: 1 };
    const step = async (who: Actor, s: TreatmentDrugStepRequest['step'], lang: 0 | 1 = 1) => {
      who.use({ lang });
      return treatmentDrugStep({ ...at, step: s, note: `${s} by ${who.username}` });
    };
    const refusedWith = async (who: Actor, s: TreatmentDrugStepRequest['step'], words: string, lang: 0 | 1 = 1) => {
      const before = await snapshot(t.db);
      const res = await step(who, s, lang);
      expect(res, `${s} by ${who.username}`).toMatchObject({ status_code: '14142', http_status: 409 });
      expect(res.status_message).toContain(words);
      expect(await snapshot(t.db)).toEqual(before);
    };
    const took = async (who: Actor, s: TreatmentDrugStepRequest['step'], status: string) => {
      const res = await step(who, s);
      expect(res.status_code, res.status_message).toBe('10000');
      expect(dayIn(res.treatment, 1, CARBOPLATIN).drug_status).toBe(status);
    };

    // Nothing of a treatment is stepped before the doctor approves the plan as a whole.
    await refusedWith(doctor, 'approve', 'the treatment is not approved yet');
    const whole = await approve(tr);
    // Nor before its cycle is approved, which its laboratory check must let through: this cycle's, or a later one's.
    await refusedWith(doctor, 'approve', 'cycle 1 is “Not approved”: a drug day moves only in an approved or started cycle');
    await refusedWith(doctor, 'approve', '1. kür “Onaylanmadı” durumunda', 0);
    await approveCycle(whole);
    doctor.use();
    const later = await treatmentDrugStep({ ...at, cycle_number: 2, step: 'approve' });
    expect([later.status_code, later.status_message]).toEqual(['14142', expect.stringContaining('cycle 2 is “Not approved”')]);

    await refusedWith(nurse, 'approve', 'is for: Doctor');
    await refusedWith(nurse, 'approve', 'şu roller içindir: Doktor', 0);
    await refusedWith(pharmacist, 'select_brands', 'while the status is “Not approved”');
    await took(doctor, 'approve', 'approved');
    await took(pharmacist, 'select_brands', 'brands_selected');
    await took(pharmacist, 'prepare_manual', 'prepared_manual');
    await refusedWith(nurse, 'match', 'must first be checked by a second person');
    await refusedWith(pharmacist, 'check_preparation', 'a second person must check it');
    await took(pharmacist2, 'check_preparation', 'prepared_manual');
    await refusedWith(pharmacist2, 'check_preparation', 'has already been checked');
    await took(nurse, 'match', 'patient_drug_matched');
    await refusedWith(nurse, 'give_fully', 'must first be checked by a second person');
    await refusedWith(nurse, 'check_administration', 'a second person must check it');
    await took(nurse2, 'check_administration', 'patient_drug_matched');

    // Four presses of "given" at once: one is recorded, the others find the day given.
    nurse.use();
    const presses = await Promise.all(Array.from({ length: 4 }, () => treatmentDrugStep({ ...at, step: 'give_fully' })));
    expect(presses.map((r) => r.status_code).sort()).toEqual(['10000', '14142', '14142', '14142']);
    expect(presses.find((r) => r.status_code === '14142')!.status_message).toContain('“Given fully”');
    const day = dayIn((await treatmentGet({ treatment_id: tr.treatment_id })).treatment, 1, CARBOPLATIN);
    expect(day.drug_status).toBe('given_fully');
    expect(day.status_history!.map((h) => [h.step, h.by])).toEqual([
      ['approve', 'dr.tedavi'],
      ['select_brands', 'ecz.bir'],
      ['prepare_manual', 'ecz.bir'],
      ['check_preparation', 'ecz.iki'],
      ['match', 'hem.bir'],
      ['check_administration', 'hem.iki'],
      ['give_fully', 'hem.bir'],
    ]);
    expect(day.status_history![0]).toMatchObject({ from: 'not_approved', to: 'approved', note: 'approve by dr.tedavi', at: expect.any(String) });
    await refusedWith(doctor, 'cancel_for_the_day', 'while the status is “Given fully”');

    // A not-given reason by the pharmacy on another drug of the day.
    doctor.use();
    expect((await treatmentDrugStep({ ...at, item_id: PACLITAXEL, step: 'approve' })).status_code).toBe('10000');
    pharmacist.use();
    const out = await treatmentDrugStep({ ...at, item_id: PACLITAXEL, step: 'not_given_out_of_stock' });
    expect(dayIn(out.treatment, 1, PACLITAXEL).drug_status).toBe('not_given_out_of_stock');

    // The day list: the site's drug days of the date with their state, filtered by state.
    nurse.use();
    const listed = await treatmentDayList({ date: TODAY, page_size: 100 });
    expect(listed.drug_day_list.filter((d) => d.treatment_id === tr.treatment_id && d.cycle_number === 1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ drug_name: 'Carboplatin', drug_status: 'given_fully', patient_name: 'Ali Adim', calculated_dose: 750, planned_date: TODAY }),
        expect.objectContaining({ drug_name: 'Paclitaxel', drug_status: 'not_given_out_of_stock' }),
      ]),
    );
    const queue = await treatmentDayList({ date: TODAY, drug_status_list: ['given_fully'], page_size: 100 });
    expect(queue.drug_day_list.every((d) => d.drug_status === 'given_fully')).toBe(true);
    expect(queue.drug_day_list.some((d) => d.treatment_id === tr.treatment_id)).toBe(true);
    expect((await treatmentDayList({ date: addDays(TODAY, 1), page_size: 100 })).drug_day_list.some((d) => d.treatment_id === tr.treatment_id)).toBe(false);
  });

  it('steps the treatment by role and version, answers a stale version with 14144, and closes a terminated one', async () => {
    const tr = await saved(await patient('Surum'));
    nurse.use();
    expect(await treatmentStep({ treatment_id: tr.treatment_id, version: 1, step: 'approve' })).toMatchObject({ status_code: '14142' });
    doctor.use();
    const approved = await treatmentStep({ treatment_id: tr.treatment_id, version: 1, step: 'approve', note: 'ok' });
    expect(approved.treatment).toMatchObject({ treatment_status: 'approved', version: 2, status_history: [{ step: 'approve', from: 'not_approved', to: 'approved', by: 'dr.tedavi', note: 'ok' }] });
    expect(await treatmentStep({ treatment_id: tr.treatment_id, version: 1, step: 'start' })).toMatchObject({ status_code: '14144', status_params: { current_version: 2, version: 1 } });
    nurse.use();
    expect((await treatmentStep({ treatment_id: tr.treatment_id, version: 2, step: 'start' })).treatment.treatment_status).toBe('started');

    // A terminated treatment takes no more steps of its drug days or cycles.
    doctor.use();
    expect((await treatmentStep({ treatment_id: tr.treatment_id, version: 3, step: 'terminate', note: 'progression' })).treatment.treatment_status).toBe('terminated');
    const closed = await treatmentDrugStep({ treatment_id: tr.treatment_id, cycle_number: 1, item_id: CARBOPLATIN, day: 1, step: 'approve' });
    expect(closed).toMatchObject({ status_code: '14145' });
    expect(closed.status_message).toBe('This can no longer be changed: the treatment is “Terminated”');
    expect(await treatmentStep({ treatment_id: tr.treatment_id, version: 4, cycle_number: 1, step: 'approve' })).toMatchObject({ status_code: '14145' });
    expect((await treatmentDayList({ date: TODAY, page_size: 100 })).drug_day_list.some((d) => d.treatment_id === tr.treatment_id)).toBe(false);
    const ids = async (filter: Parameters<typeof treatmentList>[0]) => (await treatmentList({ ...filter, page_size: 100 })).treatment_list.map((x) => x.treatment_id);
    expect(await ids({ treatment_status: 'terminated', date_from: TODAY, date_to: TODAY })).toContain(tr.treatment_id);
    expect(await ids({ treatment_status: 'started' })).not.toContain(tr.treatment_id);
    expect(await ids({ date_from: addDays(TODAY, 1) })).not.toContain(tr.treatment_id);
  });

  it('refuses a dose raised 25 % until it is confirmed, then records the confirmation and the new derivation', async () => {
    const tr = await saved(await patient('Degisim'));
    const change = { treatment_id: tr.treatment_id, version: 1, cycle_number: 2, item_id: PACLITAXEL, day: 1, dose_percent: 125 };
    doctor.use();
    const before = await snapshot(t.db);
    const refused = await treatmentChange(change);
    expect(refused).toMatchObject({ status_code: '14021', http_status: 409 });
    expect(refused.status_message).toBe('The dose of Paclitaxel changed by more than 20%. Please confirm the change.');
    expect(refused.change_warning_list).toMatchObject([{ field: 'dose', cycle_number: 2, item_id: PACLITAXEL, day: 1, before: 350, after: 437.5, percent: 25 }]);
    expect(await snapshot(t.db)).toEqual(before);

    const done = await treatmentChange({ ...change, confirm_changes: true, note: 'iyi tolere etti' });
    expect(done.status_code, done.status_message).toBe('10000');
    const day = dayIn(done.treatment, 2, PACLITAXEL);
    expect(day).toMatchObject({ dose_percent: 125, calculated_dose: 437.5 });
    expect(day.dose_derivation!.derivation.adjustments.map((a) => a.kind)).toContain('percent');
    expect(dayIn(done.treatment, 1, PACLITAXEL).calculated_dose).toBe(350);
    expect(done.treatment.change_confirmation_list).toMatchObject([{ by: 'dr.tedavi', note: 'iyi tolere etti', change_list: [{ field: 'dose', percent: 25 }] }]);

    // A delay of 7 days in a 21-day cycle (33.3 %) is confirmed too, and moves this cycle and the next.
    const delayed = await treatmentChange({ treatment_id: tr.treatment_id, version: 2, cycle_number: 3, delay_days: 7, confirm_changes: true });
    expect(delayed.change_warning_list).toMatchObject([{ field: 'delay_days', percent: 33.3 }]);
    expect(dayIn(delayed.treatment, 3, PACLITAXEL).planned_date).toBe(addDays(TODAY, 49));
    expect(dayIn(delayed.treatment, 2, PACLITAXEL).planned_date).toBe(addDays(TODAY, 21));
    nurse.use();
    expect(await treatmentChange({ ...change, version: 3 })).toMatchObject({ status_code: '10009' });
  });

  it('asks to confirm a dose reduced in small steps once they add up past the percent, measured from the last confirmed dose', async () => {
    const tr = await saved(await patient('Adimlar'));
    doctor.use();
    let version = tr.version!;
    const reduce = async (dose_percent: number, confirm_changes = false) => {
      const res = await treatmentChange({ treatment_id: tr.treatment_id, version, cycle_number: 2, item_id: PACLITAXEL, day: 1, dose_percent, confirm_changes });
      if (res.status_code === '10000') version = res.treatment.version!;
      return res;
    };
    // Paclitaxel 350 mg (100 %) → 85 %: 15 % from the protocol, under its 20 %.
    expect((await reduce(85)).status_code).toBe('10000');
    // → 70 %: 17.6 % from 85 %, but 30 % from the protocol's dose: confirmed first.
    const asked = await reduce(70);
    expect(asked).toMatchObject({ status_code: '14021', change_warning_list: [{ field: 'dose', before: 350, after: 245, percent: 30 }] });
    expect((await reduce(70, true)).status_code).toBe('10000');
    // → 58 %: 17.1 % from the confirmed 70 %; → 48 %: 31.4 % from it, though 17.2 % from 58 %.
    expect((await reduce(58)).status_code).toBe('10000');
    const again = await reduce(48);
    expect(again).toMatchObject({ status_code: '14021', change_warning_list: [{ field: 'dose', before: 245, after: 168, percent: 31.4 }] });
    const confirmed = await reduce(48, true);
    expect(dayIn(confirmed.treatment, 2, PACLITAXEL)).toMatchObject({ dose_percent: 48, confirmed_dose_percent: 48, calculated_dose: 168 });
  });

  it('holds a cycle whose lab gate fails, keeping the run with its trace, and approves it once the labs allow it', async () => {
    doctor.use();
    const { protocol_id: _id, is_example: _mark, ...rest } = structuredClone(EXAMPLE) as Protocol;
    const gated = await protocolNew({
      protocol: { ...rest, name: 'Gated carboplatin', visibility: 'private', lab_gate_list: [{ package_id: seededPackageId(DOMAIN, 'lab_gate_before_cycle') }] },
    });
    expect(gated.status_code, gated.status_message).toBe('10000');
    expect((await protocolPublish({ protocol_id: gated.protocol.protocol_id, version: 1 })).status_code).toBe('10000');
    const patientId = await patient('Tahlil');
    const tr = await approve(await saved(patientId, gated.protocol.protocol_id));
    /** A blood count drawn at `hour` today. */
    const labs = (anc: number, hour: string) =>
      patientLabAdd({
        patient_id: patientId,
        lab_result_list: [
          { test_code: 'anc', value: anc, unit: '10^9/L', result_date: `${TODAY}T${hour}:00:00+03:00` },
          { test_code: 'platelets', value: 180, unit: '10^9/L', result_date: `${TODAY}T${hour}:00:00+03:00` },
          { test_code: 'hemoglobin', value: 11.2, unit: 'g/dL', result_date: `${TODAY}T${hour}:00:00+03:00` },
          { test_code: 'bilirubin', value: 0.8, unit: 'mg/dL', result_date: `${TODAY}T${hour}:00:00+03:00` },
        ],
      });
    expect((await labs(1.0, '08')).status_code).toBe('10000');

    doctor.use();
    const held = await treatmentStep({ treatment_id: tr.treatment_id, version: tr.version!, cycle_number: 1, step: 'approve' });
    expect(held).toMatchObject({ status_code: '14143', http_status: 409 });
    expect(held.status_message).toContain('Hold the cycle: ANC < 1.5.');
    const kept = (await treatmentGet({ treatment_id: tr.treatment_id })).treatment;
    const cycle = kept.cycle_list![0];
    expect(cycle.cycle_status).toBe('not_approved');
    expect(cycle.lab_gate_run_list).toMatchObject([{ passed: false, by: 'dr.tedavi', record: { anc: 1, platelets: 180, lab_date: TODAY, cycle_date: TODAY } }]);
    expect(cycle.lab_gate_run_list![0].result.trace!.length).toBeGreaterThan(0);

    // The run was kept, so the treatment moved on a version. A later count that day is the latest (by its draw
    // time, not by the moment it was entered).
    expect((await labs(2.1, '09')).status_code).toBe('10000');
    doctor.use();
    const passed = await treatmentStep({ treatment_id: tr.treatment_id, version: kept.version!, cycle_number: 1, step: 'approve' });
    expect(passed.status_code, passed.status_message).toBe('10000');
    expect(passed.treatment.cycle_list![0]).toMatchObject({ cycle_status: 'approved', lab_gate_run_list: [{ passed: false }, { passed: true, record: { anc: 2.1 } }] });
    expect(passed.treatment.cycle_list![0].lab_gate_run_list![1].result.decisions).toMatchObject([{ code: 'cycle_go' }]);
  });

  it('counts a dose given in an earlier treatment towards the lifetime limit of a new plan', async () => {
    const AC = exampleProtocol('ac-doxorubicin-cyclophosphamide');
    const DOXORUBICIN = AC.drug_list.find((l) => l.drug_name === 'Doxorubicin')!.item_id;
    const id = await patient('Omur');
    doctor.use();
    const first = await treatmentNew({ patient_id: id, protocol_id: AC.protocol_id, start_date: addDays(TODAY, -21), acknowledge_warnings: true });
    expect(first.status_code, first.status_message).toBe('10000');
    await approveCycle(await approve(first.treatment));
    const at = { treatment_id: first.treatment.treatment_id, cycle_number: 1, item_id: DOXORUBICIN, day: 1 };
    const steps: [Actor, TreatmentDrugStepRequest['step']][] = [
      [doctor, 'approve'],
      [pharmacist, 'select_brands'],
      [pharmacist, 'prepare_robotic'],
      [pharmacist2, 'check_preparation'],
      [nurse, 'match'],
      [nurse2, 'check_administration'],
      [nurse, 'give_fully'],
    ];
    for (const [who, step] of steps) {
      who.use();
      expect((await treatmentDrugStep({ ...at, step })).status_code, step).toBe('10000');
    }
    const plan = await treatmentPlan({ patient_id: id, protocol_id: AC.protocol_id, start_date: TODAY });
    const derivation = JSON.stringify(dayIn(plan.treatment as Treatment, 1, DOXORUBICIN).dose_derivation);
    expect(derivation).toContain(`Dose given on ${addDays(TODAY, -21)}`);
  });

  it('lists a patient’s drug days of every treatment in date order, a terminated treatment’s included, audits the read, and asks for a date or a patient', async () => {
    const id = await patient('Kayit');
    const tr = await approveCycle(await approve(await saved(id)));
    doctor.use();
    const approved = await treatmentDrugStep({ treatment_id: tr.treatment_id, cycle_number: 1, item_id: CARBOPLATIN, day: 1, step: 'approve' });
    expect(approved.status_code, approved.status_message).toBe('10000');
    const stopped = await treatmentStep({ treatment_id: tr.treatment_id, version: approved.treatment.version!, step: 'terminate', note: 'Progression' });
    expect(stopped.status_code, stopped.status_message).toBe('10000');
    nurse.use();
    const record = await treatmentDayList({ patient_id: id, page_size: 100 });
    expect(record.status_code, record.status_message).toBe('10000');
    const days = record.drug_day_list;
    expect(days.length).toBe(tr.cycle_list!.reduce((n, c) => n + c.drug_day_list.length, 0));
    expect(days.every((d) => d.patient_id === id)).toBe(true);
    expect(days.map((d) => d.planned_date)).toEqual([...days.map((d) => d.planned_date)].sort());
    expect(days.find((d) => d.cycle_number === 1 && d.item_id === CARBOPLATIN)!.drug_status).toBe('approved');
    // Reading a patient's record is in the audit trail, with the patient it read.
    const audited = await t.db.query<{ username: string }>("select username from audit_record where route_name = 'treatment_day_list' and record_id = $1", [id]);
    expect(audited).toEqual([{ username: 'hem.bir' }]);
    // The day's list of the same date leaves the terminated treatment out.
    expect((await treatmentDayList({ date: TODAY })).drug_day_list.filter((d) => d.patient_id === id)).toEqual([]);
    expect(await treatmentDayList({} as never)).toMatchObject({ status_code: expect.not.stringMatching(/000$/) });
  });

  it('answers another site’s user 10016 and lists nothing of this site to them', async () => {
    const tr = await saved(await patient('Baska'));
    outsider.use();
    const before = await snapshot(t.db);
    expect(await treatmentGet({ treatment_id: tr.treatment_id })).toMatchObject({ status_code: '10016' });
    expect(await treatmentStep({ treatment_id: tr.treatment_id, version: 1, step: 'approve' })).toMatchObject({ status_code: '10016' });
    expect(await treatmentDrugStep({ treatment_id: tr.treatment_id, cycle_number: 1, item_id: CARBOPLATIN, day: 1, step: 'approve' })).toMatchObject({ status_code: '10016' });
    expect((await treatmentList({})).treatment_list).toEqual([]);
    expect((await treatmentDayList({ date: TODAY })).drug_day_list).toEqual([]);
    expect(await treatmentPlan({ patient_id: tr.patient_id, protocol_id: EXAMPLE.protocol_id, start_date: TODAY })).toMatchObject({ status_code: '10016' });
    expect(await snapshot(t.db)).toEqual(before);
  });
});
