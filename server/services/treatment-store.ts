// The treatment and treatment_drug_day tables (migration 0027), and the reads of a patient's measurements, lab
// results and given doses that planning needs: their SQL, rows and the mapping to the contract's entities.
// Every statement is bounded by the site (tenant_id); who may call is decided in server/services/treatments.ts.
import type { Queryable } from '../db/adapter.ts';
import type { PatientMeasurement, Treatment, TreatmentStatus } from '../../src/generated/types/entities.ts';
import type { TreatmentDayListRequest, TreatmentListRequest } from '../../src/generated/types/routes.ts';
import { isoOf, pageRows, Where } from './paging.ts';
import { measurementAnswer } from './patient-store.ts';

/** What the document column keeps: the treatment without what its columns know. */
export type TreatmentDocument = Omit<Treatment, 'treatment_id' | 'treatment_status' | 'version'>;

interface TreatmentRow {
  treatment_id: string;
  treatment_status: TreatmentStatus;
  document: TreatmentDocument;
  row_version: number;
}

export const treatmentAnswer = (r: TreatmentRow): Treatment => ({ treatment_id: r.treatment_id, ...r.document, treatment_status: r.treatment_status, version: r.row_version });

export async function treatmentById(db: Queryable, tenantId: string, treatmentId: string): Promise<Treatment | undefined> {
  const [row] = await db.query<TreatmentRow & Record<string, unknown>>(
    'select treatment_id, treatment_status, document, row_version from treatment where tenant_id = $1 and treatment_id = $2',
    [tenantId, treatmentId],
  );
  return row && treatmentAnswer(row);
}

export async function insertTreatment(db: Queryable, tenantId: string, t: Treatment, doctorId: string): Promise<void> {
  const { treatment_id, treatment_status, version: _v, ...document } = t;
  await db.query(
    `insert into treatment (treatment_id, tenant_id, patient_id, protocol_id, protocol_version, start_date, treatment_status, document, doctor_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [treatment_id, tenantId, t.patient_id, t.protocol_id, t.protocol_version, t.start_date, treatment_status, JSON.stringify(document), doctorId],
  );
  await replaceDrugDays(db, tenantId, t);
}

/**
 * Writes the treatment over the version it was read at; false when another change came first (nothing written),
 * so the caller reads the new state and decides again.
 */
export async function updateTreatment(db: Queryable, tenantId: string, t: Treatment, readVersion: number): Promise<boolean> {
  const { treatment_id, treatment_status, version: _v, ...document } = t;
  const updated = await db.query(
    `update treatment set treatment_status = $3, start_date = $4, document = $5, row_version = row_version + 1, updated_at = now()
      where tenant_id = $1 and treatment_id = $2 and row_version = $6 returning treatment_id`,
    [tenantId, treatment_id, treatment_status, t.start_date, JSON.stringify(document), readVersion],
  );
  if (!updated.length) return false;
  await replaceDrugDays(db, tenantId, t);
  return true;
}

/** The day list's rows of a treatment, rewritten from its document in the transaction that changed it. */
async function replaceDrugDays(db: Queryable, tenantId: string, t: Treatment): Promise<void> {
  await db.query('delete from treatment_drug_day where treatment_id = $1', [t.treatment_id]);
  const days = (t.cycle_list ?? []).flatMap((c) => c.drug_day_list.map((d) => ({ c, d })));
  if (!days.length) return;
  const values: unknown[] = [];
  const rows = days.map(({ c, d }) => {
    values.push(t.treatment_id, tenantId, c.cycle_number, d.item_id, d.day, d.planned_date, d.drug_name, d.calculated_dose ?? null, d.unit, d.drug_status);
    const n = values.length - 10;
    return `(${Array.from({ length: 10 }, (_, i) => `$${n + i + 1}`).join(', ')})`;
  });
  await db.query(
    `insert into treatment_drug_day (treatment_id, tenant_id, cycle_number, item_id, day, planned_date, drug_name, calculated_dose, unit, drug_status) values ${rows.join(', ')}`,
    values,
  );
}

const patientName = "p.firstname || ' ' || p.lastname";

export async function listTreatments(db: Queryable, tenantId: string, f: TreatmentListRequest) {
  const where = new Where().add('t.tenant_id = ?', tenantId);
  if (f.patient_id) where.add('t.patient_id = ?', f.patient_id);
  if (f.treatment_status) where.add('t.treatment_status = ?', f.treatment_status);
  if (f.date_from) where.add('t.start_date >= ?::date', f.date_from);
  if (f.date_to) where.add('t.start_date <= ?::date', f.date_to);
  const { rows, ...page } = await pageRows<Record<string, unknown>>(db, {
    select: `select t.treatment_id, t.patient_id, t.protocol_id, t.document->>'protocol_name' as protocol_name, t.protocol_version,
                    to_char(t.start_date, 'YYYY-MM-DD') as start_date, t.treatment_status, (t.document->>'cycle_count')::integer as cycle_count,
                    t.document->>'doctor_username' as doctor_username, t.row_version as version, ${patientName} as patient_name, p.patient_no
               from treatment t join patient p on p.patient_id = t.patient_id`,
    where,
    order: 't.start_date desc, t.created_at desc, t.treatment_id',
    paging: f,
  });
  return { treatment_list: rows.map(withoutNulls), ...page };
}

export async function listDrugDays(db: Queryable, tenantId: string, f: TreatmentDayListRequest) {
  const where = new Where().add('d.tenant_id = ?', tenantId);
  if (f.date) where.add('d.planned_date = ?::date', f.date);
  // A day's list leaves terminated treatments out; a patient's record keeps what was given under them.
  if (f.patient_id) where.add('t.patient_id = ?', f.patient_id);
  else where.add("t.treatment_status <> 'terminated'");
  if (f.drug_status_list?.length) where.add('d.drug_status = any(?::text[])', f.drug_status_list);
  const { rows, ...page } = await pageRows<Record<string, unknown>>(db, {
    select: `select d.treatment_id, t.patient_id, ${patientName} as patient_name, p.patient_no, t.document->>'protocol_name' as protocol_name,
                    d.cycle_number, d.item_id, d.drug_name, d.day, to_char(d.planned_date, 'YYYY-MM-DD') as planned_date, d.calculated_dose, d.unit, d.drug_status
               from treatment_drug_day d join treatment t on t.treatment_id = d.treatment_id join patient p on p.patient_id = t.patient_id`,
    where,
    order: `${f.patient_id ? 'd.planned_date, ' : ''}p.lastname, p.firstname, d.treatment_id, d.cycle_number, d.day, d.drug_name, d.item_id`,
    paging: f,
  });
  return { drug_day_list: rows.map(withoutNulls), ...page };
}

const withoutNulls = <T extends Record<string, unknown>>(r: T) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)) as never;

const MEASUREMENT_COLUMNS = `measurement_id, patient_id, to_char(measurement_date, 'YYYY-MM-DD') as measurement_date, weight, height, bsa, bsa_formula, bmi,
  creatinine, to_char(creatinine_date, 'YYYY-MM-DD') as creatinine_date`;

/** The named measurement of the patient, or their newest (by its date, then by when it was entered). */
export async function measurementFor(db: Queryable, tenantId: string, patientId: string, measurementId?: string): Promise<PatientMeasurement | undefined> {
  const where = new Where().add('tenant_id = ? and patient_id = ?', tenantId, patientId);
  if (measurementId) where.add('measurement_id = ?', measurementId);
  const [row] = await db.query<Record<string, unknown>>(
    `select ${MEASUREMENT_COLUMNS} from patient_measurement where ${where} order by measurement_date desc, created_at desc limit 1`,
    where.params,
  );
  return row && measurementAnswer(row as never);
}

/** The patient's latest result of each of these test codes, with its date. */
export async function latestLabResults(db: Queryable, tenantId: string, patientId: string, codes: readonly string[]): Promise<{ test_code: string; value: number; result_date: string }[]> {
  if (!codes.length) return [];
  const rows = await db.query<{ test_code: string; value: number; result_date: unknown }>(
    `select distinct on (test_code) test_code, value, result_date from lab_result
      where tenant_id = $1 and patient_id = $2 and test_code = any($3::text[]) order by test_code, result_date desc, created_at desc`,
    [tenantId, patientId, codes],
  );
  return rows.map((r) => ({ ...r, result_date: isoOf(r.result_date)! }));
}

/** Doses by mass the patient was given (fully or partly; all of it counted) in treatments other than `exceptTreatment`, in mg with that treatment's BSA. */
export async function givenDoses(db: Queryable, tenantId: string, patientId: string, exceptTreatment?: string): Promise<{ drug_name: string; date: string; dose_mg: number; bsa?: number }[]> {
  const rows = await db.query<{ drug_name: string; date: string; dose_mg: number; bsa: number | null }>(
    `select d.drug_name, to_char(d.planned_date, 'YYYY-MM-DD') as date, d.calculated_dose as dose_mg, (t.document->'measurement'->>'bsa')::double precision as bsa
       from treatment_drug_day d join treatment t on t.treatment_id = d.treatment_id
      where t.tenant_id = $1 and t.patient_id = $2 and t.treatment_id <> coalesce($3::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
        and d.drug_status in ('given_fully', 'given_partly') and d.calculated_dose is not null and d.unit not in ('ml', 'iu', 'iu_m2')
      order by d.planned_date`,
    [tenantId, patientId, exceptTreatment ?? null],
  );
  return rows.map(({ bsa, ...r }) => ({ ...r, ...(bsa === null ? {} : { bsa }) }));
}
