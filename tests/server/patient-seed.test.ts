// The demo patients of fixtures/seed/patients.json: on clinical.localhost only, read through the patient routes
// like any other (valid national ids, abnormal results marked, one creatinine 40 days old for the staleness
// warning), and seeding again (every start does) neither duplicates them nor undoes a clinician's change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientLabList, patientMeasurementList, patientSave, patientSearch } from '../../src/generated/client/index.ts';
import { seed } from '../../server/db/seed.ts';
import { hospitalToday } from '../../src/domain/treatment/index.ts';
import { isValidIdentityNumber } from '../../src/domain/identity-number.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, type Actor } from './support/actors.ts';

const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

describe.each(databaseKinds('same-on-every-database'))('the demo patients on %s', (kind) => {
  let t: TestApp;
  let doctor: Actor;
  beforeAll(async () => {
    t = await startTestApp(kind);
    doctor = await actor(t, 'dr.seed', { domain: 'clinical.localhost', authCodes: ['doctor'] });
  });
  afterAll(() => t.close());

  it('are on the clinical site with valid ids, measurements and results', async () => {
    doctor.use();
    const found = await patientSearch({ search: 'DEMO-', sort: 'patient_no' });
    expect(found.patient_list.map((p) => p.patient_no)).toEqual(['DEMO-0001', 'DEMO-0002', 'DEMO-0003', 'DEMO-0004']);
    for (const p of found.patient_list) if (p.identity_number) expect(isValidIdentityNumber(p.identity_number), p.lastname).toBe(true);

    const day = hospitalToday();
    const mehmet = found.patient_list[1];
    const measured = await patientMeasurementList({ patient_id: mehmet.patient_id });
    const creatinine = measured.patient_measurement_list.find((m) => m.creatinine !== undefined)!;
    expect(daysBetween(creatinine.creatinine_date!, day)).toBe(40);
    expect(measured.patient_measurement_list[0]).toMatchObject({ weight: 78, height: 174, bmi_class: 'overweight' });
    const labs = await patientLabList({ patient_id: mehmet.patient_id, test_code: 'neut' });
    expect(labs.lab_result_list.map((r) => r.is_abnormal)).toEqual([true, false]);

    doctor.use({ host: 'localhost' });
    expect((await patientSearch({ search: 'DEMO-' })).status_code).not.toBe('10000');
  });

  it('are not added twice nor changed back by seeding again', async () => {
    doctor.use();
    const [first] = (await patientSearch({ search: 'DEMO-0001' })).patient_list;
    const { patient_id, version, identity_number_masked: _m, created_at: _c, ...fields } = first;
    const saved = await patientSave({ patient_id, version: version!, patient: { ...fields, diagnosis: 'Güncellendi' } });
    expect(saved.status_code, saved.status_message).toBe('10000');
    await seed(t.db, { adminPassword: 'unused-because-the-admin-exists' });
    const again = await patientSearch({ search: 'DEMO-' });
    expect(again.total).toBe(4);
    expect(again.patient_list.find((p) => p.patient_id === first.patient_id)?.diagnosis).toBe('Güncellendi');
  });
});
