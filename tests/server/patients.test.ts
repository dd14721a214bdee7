// Patients of the clinical site (issue 12, schemas/routes/patient.json) against PGlite and PostgreSQL:
// registration and a version-checked save, search with server paging, measurements (the weight and height date
// the spec requires, units converted, BSA and BMI computed) and laboratory results (abnormal marked, filters);
// refusals (duplicate file number or national id, a wrong T.C. check digit), the national id masked for a
// pharmacist, reads recorded in the audit trail, another site's user answered 10016 and a user without a
// clinical role refused — and a refused write changes nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { patientGet, patientLabAdd, patientLabList, patientMeasurementAdd, patientMeasurementList, patientNew, patientSave, patientSearch } from '../../src/generated/client/index.ts';
import type { PatientNewRequest } from '../../src/generated/types/routes.ts';
import { addDays } from '../../src/domain/treatment/index.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, auditCount, snapshot, type Actor } from './support/actors.ts';

const DOMAIN = 'clinical.localhost';

/** A T.C. kimlik number with its check digits, from nine digits (the first not 0). */
function identityNumber(nine: string): string {
  const d = [...nine].map(Number);
  const tenth = (((d[0] + d[2] + d[4] + d[6] + d[8]) * 7 - (d[1] + d[3] + d[5] + d[7])) % 10 + 10) % 10;
  const eleventh = (d.reduce((a, b) => a + b, 0) + tenth) % 10;
  return `${nine}${tenth}${eleventh}`;
}

const person = (over: Partial<PatientNewRequest['patient']> = {}): PatientNewRequest['patient'] => ({
  firstname: 'Deniz',
  lastname: 'Kurgu',
  gender: 'female',
  date_of_birth: '1970-04-12',
  ...over,
});

describe.each(databaseKinds('same-on-every-database'))('patients on %s', (kind) => {
  let t: TestApp;
  let doctor: Actor;
  let nurse: Actor;
  let pharmacist: Actor;
  let plain: Actor;
  let official: Actor;
  let outsider: Actor;
  beforeAll(async () => {
    t = await startTestApp(kind);
    doctor = await actor(t, 'dr.patient', { domain: DOMAIN, authCodes: ['doctor'] });
    nurse = await actor(t, 'nurse.patient', { domain: DOMAIN, authCodes: ['nurse'] });
    pharmacist = await actor(t, 'ph.patient', { domain: DOMAIN, authCodes: ['pharmacist'] });
    plain = await actor(t, 'no.role', { domain: DOMAIN });
    official = await actor(t, 'official.patient', { domain: DOMAIN, authCodes: ['hospital_official'] });
    outsider = await actor(t, 'dr.elsewhere', { domain: 'localhost', authCodes: ['doctor', 'admin'] });
  });
  afterAll(() => t.close());

  async function registered(over: Partial<PatientNewRequest['patient']> = {}) {
    doctor.use();
    const made = await patientNew({ patient: person(over) });
    expect(made.status_code, made.status_message).toBe('10000');
    return made.patient;
  }

  it('registers a patient, answers it to the staff and saves it version by version', async () => {
    const id = identityNumber('100000001');
    const p = await registered({ patient_no: 'DN-1001', identity_number: id, diagnosis: 'Meme kanseri', icd10_code: 'C50.9' });
    expect(p).toMatchObject({ patient_no: 'DN-1001', identity_number: id, identity_number_masked: `100******${id.slice(-2)}`, version: 1, icd10_code: 'C50.9' });

    nurse.use();
    expect((await patientGet({ patient_id: p.patient_id })).patient).toEqual(p);
    const saved = await patientSave({ patient_id: p.patient_id, version: 1, patient: person({ lastname: 'Kurgulu', patient_no: 'DN-1001', identity_number: id }) });
    expect(saved).toMatchObject({ status_code: '10000', patient: { lastname: 'Kurgulu', version: 2 } });
    expect(saved.patient).not.toHaveProperty('diagnosis');

    // A form opened at version 1 saves over nothing: 409 with the latest version.
    const before = await snapshot(t.db);
    const stale = await patientSave({ patient_id: p.patient_id, version: 1, patient: person({ lastname: 'Eski' }) });
    expect(stale).toMatchObject({ status_code: '14120', http_status: 409, status_params: { current_version: 2, version: 1 } });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('masks the national id for a pharmacist, who still finds the patient by it', async () => {
    const id = identityNumber('200000002');
    const p = await registered({ identity_number: id });
    pharmacist.use();
    const got = await patientGet({ patient_id: p.patient_id });
    expect(got.patient.identity_number_masked).toBe(`200******${id.slice(-2)}`);
    expect(got.patient).not.toHaveProperty('identity_number');
    const found = await patientSearch({ identity_number: id });
    expect(found.patient_list.map((x) => x.patient_id)).toEqual([p.patient_id]);
    expect(JSON.stringify(found)).not.toContain(id);
  });

  it('refuses a file number or national id another patient of the site has, and a wrong check digit, at the field', async () => {
    const id = identityNumber('300000003');
    const first = await registered({ patient_no: 'DUP-1', identity_number: id });
    doctor.use();
    const before = await snapshot(t.db);
    expect(await patientNew({ patient: person({ patient_no: 'DUP-1' }) })).toMatchObject({
      status_code: '14121',
      http_status: 409,
      errors: [{ field: 'patient.patient_no' }],
    });
    expect(await patientNew({ patient: person({ identity_number: id }) })).toMatchObject({ status_code: '14122', errors: [{ field: 'patient.identity_number' }] });
    const wrong = `${id.slice(0, 10)}${(Number(id[10]) + 1) % 10}`;
    doctor.use({ lang: 0 });
    const bad = await patientNew({ patient: person({ identity_number: wrong }) });
    expect(bad).toMatchObject({ status_code: '14123', http_status: 400, errors: [{ field: 'patient.identity_number' }] });
    expect(bad.status_message).toBe('Bu geçerli bir T.C. kimlik numarası değil: kontrol basamakları uyuşmuyor.');
    const other = await registered({ patient_no: 'DUP-2' });
    expect(await patientSave({ patient_id: other.patient_id, version: 1, patient: person({ patient_no: 'DUP-1' }) })).toMatchObject({ status_code: '14121' });
    expect(await snapshot(t.db)).not.toEqual(before); // `other` was registered
    // The same file number on another site is another hospital's: allowed.
    outsider.use();
    expect((await patientNew({ patient: person({ patient_no: 'DUP-1', identity_number: id }) })).status_code).toBe('10000');
    expect(first.patient_no).toBe('DUP-1');
  });

  it('answers missing names at their fields in the spec words, never 500', async () => {
    doctor.use();
    const res = await patientNew({ patient: { gender: 'male', date_of_birth: '1980-01-01' } as never });
    expect(res).toMatchObject({
      status_code: '10002',
      errors: [
        { field: 'patient.firstname', message: 'Please write firstname' },
        { field: 'patient.lastname', message: 'Please write lastname' },
      ],
    });
    expect(await patientNew({ patient: person({ date_of_birth: '2999-01-01' }) })).toMatchObject({ status_code: '14125' });
  });

  it('searches by part of the name or file number and by birth date, paged and sorted on the server', async () => {
    for (let i = 1; i <= 23; i++) await registered({ firstname: `Ece${i}`, lastname: 'Sayfalı', patient_no: `PG-${String(i).padStart(3, '0')}`, date_of_birth: i === 7 ? '1955-07-07' : '1960-01-01' });
    nurse.use();
    const first = await patientSearch({ search: 'sayfal', page_size: 10, sort: 'patient_no' });
    expect(first).toMatchObject({ total: 23, page: 1, page_size: 10 });
    expect(first.patient_list.map((p) => p.patient_no)).toEqual(Array.from({ length: 10 }, (_, i) => `PG-${String(i + 1).padStart(3, '0')}`));
    const last = await patientSearch({ search: 'sayfal', page_size: 10, page: 3, sort: '-patient_no' });
    expect(last.patient_list.map((p) => p.patient_no)).toEqual(['PG-003', 'PG-002', 'PG-001']);
    expect((await patientSearch({ search: 'pg-02' })).total).toBe(4);
    expect((await patientSearch({ search: 'Sayfalı Ece7' })).patient_list.map((p) => p.firstname)).toEqual(['Ece7']);
    const born = await patientSearch({ search: 'sayfal', date_of_birth: '1955-07-07' });
    expect(born.patient_list.map((p) => p.firstname)).toEqual(['Ece7']);
    // Typed with or without Turkish letters, in any case.
    const sule = await registered({ firstname: 'Şule', lastname: 'Işıkoğlu' });
    nurse.use();
    for (const typed of ['sule isik', 'ŞULE IŞIKOĞLU', 'işıkoğlu şu'])
      expect((await patientSearch({ search: typed })).patient_list.map((p) => p.patient_id), typed).toEqual([sule.patient_id]);
    expect(await auditCount(t.db, 'patient_search', '10000')).toBeGreaterThan(0);
  });

  it("takes today as the hospital's day: at 00:30 in Istanbul, while UTC is still on the day before, today's measurement is recorded and tomorrow's refused", async () => {
    const p = await registered();
    // 21:30 UTC of the database's day is 00:30 of the next day in Istanbul.
    const utcDay = new Date().toISOString().slice(0, 10);
    const istanbulDay = addDays(utcDay, 1);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${utcDay}T21:30:00Z`) });
    try {
      // Signed in on the faked clock: PGlite's now() follows it, and a login made up to 21 hours earlier (a run
      // just after midnight UTC) would have ended.
      (await actor(t, 'nurse.patient', { domain: DOMAIN })).use();
      const recorded = await patientMeasurementAdd({ patient_id: p.patient_id, measurement_date: istanbulDay, weight: 70, creatinine: 0.9, creatinine_date: istanbulDay });
      expect(recorded.status_code, recorded.status_message).toBe('10000');
      const born = await patientNew({ patient: person({ date_of_birth: istanbulDay }) });
      expect(born.status_code, born.status_message).toBe('10000');
      const tomorrow = await patientMeasurementAdd({ patient_id: p.patient_id, measurement_date: addDays(istanbulDay, 1), weight: 70 });
      expect(tomorrow).toMatchObject({ status_code: '14125', errors: [{ field: 'measurement_date' }] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('records a measurement with its date, in the hospital units, with BSA and BMI; the date is required', async () => {
    const p = await registered();
    nurse.use();
    const before = await snapshot(t.db);
    const missing = await patientMeasurementAdd({ patient_id: p.patient_id, weight: 70, height: 170 } as never);
    expect(missing).toMatchObject({ status_code: '14011', errors: [{ field: 'measurement_date' }] });
    expect(missing.status_message).toBe('Weight and length date is required.');
    expect(await patientMeasurementAdd({ patient_id: p.patient_id, measurement_date: '2026-01-01' })).toMatchObject({ status_code: '14124' });
    expect(await patientMeasurementAdd({ patient_id: p.patient_id, measurement_date: '2026-01-01', creatinine: 1 } as never)).toMatchObject({ errors: [{ field: 'creatinine_date' }] });
    expect(await patientMeasurementAdd({ patient_id: p.patient_id, measurement_date: '2999-01-01', weight: 70 })).toMatchObject({ status_code: '14125' });
    expect(await snapshot(t.db)).toEqual(before);

    const m = await patientMeasurementAdd({ patient_id: p.patient_id, measurement_date: '2026-01-10', weight: 80, height: 180 });
    expect(m.status_code, m.status_message).toBe('10000');
    expect(m.patient_measurement).toMatchObject({ weight: 80, height: 180, bsa_formula: 'mosteller', bmi_class: 'normal' });
    expect(m.patient_measurement.bsa).toBeCloseTo(2, 6); // √(180 × 80 / 3600)
    expect(m.patient_measurement.bmi).toBeCloseTo(24.69, 2);

    // Creatinine in µmol/L is stored in mg/dL (88.4 µmol/L = 1 mg/dL).
    const c = await patientMeasurementAdd({ patient_id: p.patient_id, measurement_date: '2026-01-12', creatinine: 88.4, creatinine_date: '2026-01-11', units: { creatinine: 'umol/L' } });
    expect(c.patient_measurement.creatinine).toBeCloseTo(1, 6);
    expect(c.patient_measurement).not.toHaveProperty('bsa');
    // 250 in is 635 cm: beyond the stored height's bound, refused at the field in cm.
    const tall = await patientMeasurementAdd({ patient_id: p.patient_id, measurement_date: '2026-01-12', height: 250, units: { height: '[in_i]' } });
    expect(tall).toMatchObject({ status_code: '14006', errors: [{ field: 'height' }] });

    const list = await patientMeasurementList({ patient_id: p.patient_id });
    expect(list.patient_measurement_list.map((x) => x.measurement_date)).toEqual(['2026-01-12', '2026-01-10']);
    expect(list.total).toBe(2);
  });

  it('enters laboratory results all or nothing, marks the abnormal ones and filters them', async () => {
    const p = await registered();
    pharmacist.use();
    const before = await snapshot(t.db);
    const bad = await patientLabAdd({
      patient_id: p.patient_id,
      lab_result_list: [
        { test_code: 'hgb', value: 12, unit: 'g/dL', result_date: '2026-01-02T08:00:00Z' },
        { test_code: 'plt', value: 100, unit: '10*3/uL', reference_min: 450, reference_max: 150, result_date: '2026-01-02T08:00:00Z' },
      ],
    });
    expect(bad).toMatchObject({ status_code: '14126', errors: [{ field: 'lab_result_list.1.reference_min' }] });
    expect(await snapshot(t.db)).toEqual(before);

    const added = await patientLabAdd({
      patient_id: p.patient_id,
      lab_result_list: [
        { test_code: 'hgb', test_name: { en: 'Haemoglobin', tr: 'Hemoglobin' }, value: 9.1, unit: 'g/dL', reference_min: 12, reference_max: 16, result_date: '2026-01-02T08:00:00Z' },
        { test_code: 'hgb', value: 13, unit: 'g/dL', reference_min: 12, reference_max: 16, result_date: '2026-01-20T08:00:00Z' },
        { test_code: 'crp', value: 4, unit: 'mg/L', result_date: '2026-01-20T09:00:00Z' },
      ],
    });
    expect(added.status_code, added.status_message).toBe('10000');
    expect(added.lab_result_list.map((r) => r.is_abnormal)).toEqual([true, false, undefined]);

    doctor.use();
    const hgb = await patientLabList({ patient_id: p.patient_id, test_code: 'hgb' });
    expect(hgb.lab_result_list.map((r) => r.value)).toEqual([13, 9.1]);
    const january20 = await patientLabList({ patient_id: p.patient_id, date_from: '2026-01-20', date_to: '2026-01-20' });
    expect(january20.lab_result_list.map((r) => r.test_code).sort()).toEqual(['crp', 'hgb']);
    expect((await patientLabList({ patient_id: p.patient_id, page_size: 1, page: 3 })).lab_result_list.map((r) => r.value)).toEqual([9.1]);
  });

  it('records every read of a patient in the audit trail with the patient it read', async () => {
    const p = await registered();
    pharmacist.use();
    await patientGet({ patient_id: p.patient_id });
    await patientLabList({ patient_id: p.patient_id });
    const rows = await t.db.query<{ route_name: string; record_id: string; username: string }>(
      "select route_name, record_id, username from audit_record where record_id = $1 and route_name in ('patient_get', 'patient_lab_list') order by route_name",
      [p.patient_id],
    );
    expect(rows).toEqual([
      { route_name: 'patient_get', record_id: p.patient_id, username: 'ph.patient' },
      { route_name: 'patient_lab_list', record_id: p.patient_id, username: 'ph.patient' },
    ]);
  });

  it("answers another site's user 10016 and nothing, and refuses users without a clinical role", async () => {
    const p = await registered({ patient_no: 'ISO-1' });
    // A doctor and admin of the shop site, calling their own site with this site's patient id.
    outsider.use();
    const before = await snapshot(t.db);
    for (const res of [
      await patientGet({ patient_id: p.patient_id }),
      await patientMeasurementList({ patient_id: p.patient_id }),
      await patientLabList({ patient_id: p.patient_id }),
      await patientMeasurementAdd({ patient_id: p.patient_id, measurement_date: '2026-01-01', weight: 60 }),
      await patientLabAdd({ patient_id: p.patient_id, lab_result_list: [{ test_code: 'hgb', value: 1, unit: 'g/dL', result_date: '2026-01-01T00:00:00Z' }] }),
      await patientSave({ patient_id: p.patient_id, version: 1, patient: person() }),
    ]) {
      expect(res).toMatchObject({ status_code: '10016' });
      expect(JSON.stringify(res)).not.toContain('ISO-1');
    }
    expect((await patientSearch({ search: 'ISO-1' })).total).toBe(0);
    expect(await snapshot(t.db)).toEqual(before);

    for (const who of [plain, official]) {
      who.use();
      expect(await patientGet({ patient_id: p.patient_id })).toMatchObject({ status_code: '10009', http_status: 403 });
      expect(await patientSearch({})).toMatchObject({ status_code: '10009' });
      expect(await patientNew({ patient: person() })).toMatchObject({ status_code: '10009' });
    }
    // A pharmacist reads and enters laboratory results but neither registers nor measures.
    pharmacist.use();
    expect(await patientNew({ patient: person() })).toMatchObject({ status_code: '10009' });
    expect(await patientMeasurementAdd({ patient_id: p.patient_id, measurement_date: '2026-01-01', weight: 60 })).toMatchObject({ status_code: '10009' });
    expect(await snapshot(t.db)).toEqual(before);
  });
});
