// The demo patients of clinical.localhost (fixtures/seed/patients.json) with their measurements and laboratory
// results, dated back from the seeding day (one creatinine is 40 days old, so its staleness warning shows).
// Each patient is added when missing under its fixed id; one removed or changed by the site is never touched.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from './adapter.ts';
import { seededUuid } from './seeded-id.ts';
import type { LabFields, MeasurementFields, PatientFields } from '../services/patient-store.ts';
import { insertLabResult, insertMeasurement, insertPatient, patientRow, withBodySize } from '../services/patient-store.ts';
import { addDays, hospitalToday } from '../../src/domain/treatment/index.ts';

interface SeedPatient {
  key: string;
  patient: PatientFields;
  measurements: (Omit<MeasurementFields, 'measurement_date' | 'creatinine_date'> & { days_ago: number; creatinine_days_ago?: number })[];
  lab_results: (Omit<LabFields, 'result_date'> & { days_ago: number })[];
}

const FILE = join(import.meta.dirname, '..', '..', 'fixtures', 'seed', 'patients.json');

/** Adds the demo patients that are missing; answers how many it added. */
export async function seedPatients(tx: Queryable): Promise<number> {
  const { domain, patients } = JSON.parse(readFileSync(FILE, 'utf8')) as { domain: string; patients: SeedPatient[] };
  const [admin] = await tx.query<{ tenant_id: string; user_id: string }>(
    "select u.tenant_id, u.user_id from app_user u join tenant t on t.tenant_id = u.tenant_id where t.domain = $1 and u.username = 'admin'",
    [domain],
  );
  if (!admin) return 0;
  // The hospital's day, the one its warnings count from, not the database's (UTC) one.
  const day = hospitalToday();
  let added = 0;
  for (const p of patients) {
    const id = seededUuid(`sema:patient:${p.key}`);
    if (await patientRow(tx, admin.tenant_id, id)) continue;
    await insertPatient(tx, admin.tenant_id, p.patient, admin.user_id, id);
    for (const [n, { days_ago, creatinine_days_ago, ...values }] of p.measurements.entries()) {
      const m: MeasurementFields = {
        ...values,
        measurement_date: addDays(day, -days_ago),
        ...(creatinine_days_ago === undefined ? {} : { creatinine_date: addDays(day, -creatinine_days_ago) }),
      };
      await insertMeasurement(tx, admin.tenant_id, id, withBodySize(m), admin.user_id, seededUuid(`sema:patient-measurement:${p.key}:${n}`));
    }
    for (const [n, { days_ago, ...result }] of p.lab_results.entries())
      await insertLabResult(tx, admin.tenant_id, id, { ...result, result_date: `${addDays(day, -days_ago)}T08:30:00.000Z` }, admin.user_id, seededUuid(`sema:lab-result:${p.key}:${n}`));
    added++;
  }
  return added;
}
