// The patient, patient_measurement and lab_result tables (migration 0026): their SQL, rows and the mapping to
// the contract's entities. Every statement is bounded by the site (tenant_id); who may call is decided in
// server/handlers/patient.ts.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import type { BmiClass, BsaFormula, Gender, LabResult, Patient, PatientMeasurement } from '../../src/generated/types/entities.ts';
import type { LocalizedText } from '../../src/generated/types/entities.ts';
import { bmi, bmiClass, bsa } from '../../src/domain/dosing/index.ts';
import { maskIdentityNumber } from '../../src/domain/identity-number.ts';
import { foldForSearch } from '../../src/domain/search-text.ts';
import { patientMeasurementRules } from '../../src/generated/field-rules.ts';
import { containsPattern, isoOf, orderBy, pageRows, Where } from './paging.ts';

/** A patient's fields as a form sends them. */
export type PatientFields = Omit<Patient, 'patient_id' | 'identity_number_masked' | 'created_at' | 'version'>;

interface PatientRow {
  patient_id: string;
  patient_no: string | null;
  identity_number: string | null;
  firstname: string;
  lastname: string;
  gender: Gender;
  date_of_birth: string;
  diagnosis: string | null;
  icd10_code: string | null;
  created_at: unknown;
  row_version: number;
}

const PATIENT_COLUMNS = `patient_id, patient_no, identity_number, firstname, lastname, gender, to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth,
  diagnosis, icd10_code, created_at, row_version`;

/** The patient as answered: the national id in full only when `fullIdentity`, masked always. */
export function patientAnswer(r: PatientRow, fullIdentity: boolean): Patient {
  return {
    patient_id: r.patient_id,
    ...(r.patient_no ? { patient_no: r.patient_no } : {}),
    ...(r.identity_number && fullIdentity ? { identity_number: r.identity_number } : {}),
    ...(r.identity_number ? { identity_number_masked: maskIdentityNumber(r.identity_number) } : {}),
    firstname: r.firstname,
    lastname: r.lastname,
    gender: r.gender,
    date_of_birth: r.date_of_birth,
    ...(r.diagnosis ? { diagnosis: r.diagnosis } : {}),
    ...(r.icd10_code ? { icd10_code: r.icd10_code } : {}),
    created_at: isoOf(r.created_at),
    version: r.row_version,
  };
}

export async function patientRow(db: Queryable, tenantId: string, patientId: string): Promise<PatientRow | undefined> {
  const [row] = await db.query<PatientRow & Record<string, unknown>>(`select ${PATIENT_COLUMNS} from patient where tenant_id = $1 and patient_id = $2`, [
    tenantId,
    patientId,
  ]);
  return row;
}

/** Which of the file number and the national id another patient of the site already has. */
export async function takenKeys(db: Queryable, tenantId: string, fields: PatientFields, exceptId?: string): Promise<{ patient_no: boolean; identity_number: boolean }> {
  const rows = await db.query<{ same_no: boolean; same_id: boolean }>(
    `select patient_no = $2 as same_no, identity_number = $3 as same_id from patient
      where tenant_id = $1 and (patient_no = $2 or identity_number = $3) and patient_id is distinct from $4::uuid`,
    [tenantId, fields.patient_no ?? null, fields.identity_number ?? null, exceptId ?? null],
  );
  return { patient_no: rows.some((r) => r.same_no), identity_number: rows.some((r) => r.same_id) };
}

/** What the search looks in: both name orders (a search for "Ayşe Kurgu" or "Kurgu Ayşe") and the file number. */
const searchText = (f: PatientFields) => foldForSearch([`${f.firstname} ${f.lastname}`, `${f.lastname} ${f.firstname}`, f.patient_no ?? ''].join('\n'));

const fieldValues = (f: PatientFields) => [
  f.patient_no ?? null,
  f.identity_number ?? null,
  f.firstname,
  f.lastname,
  f.gender,
  f.date_of_birth,
  f.diagnosis ?? null,
  f.icd10_code ?? null,
  searchText(f),
];

/** A new patient (`id` given only by the seed, which finds its rows again by it). */
export async function insertPatient(db: Queryable, tenantId: string, fields: PatientFields, userId: string, id: string = randomUUID()): Promise<PatientRow> {
  const [row] = await db.query<PatientRow & Record<string, unknown>>(
    `insert into patient (patient_id, tenant_id, patient_no, identity_number, firstname, lastname, gender, date_of_birth, diagnosis, icd10_code, search_text, created_by, updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) returning ${PATIENT_COLUMNS}`,
    [id, tenantId, ...fieldValues(fields), userId],
  );
  return row;
}

/** Saves over the patient at `version`; undefined when the patient is at another version (or gone). */
export async function updatePatient(db: Queryable, tenantId: string, patientId: string, version: number, fields: PatientFields, userId: string): Promise<PatientRow | undefined> {
  const [row] = await db.query<PatientRow & Record<string, unknown>>(
    `update patient set patient_no = $4, identity_number = $5, firstname = $6, lastname = $7, gender = $8, date_of_birth = $9, diagnosis = $10,
            icd10_code = $11, search_text = $12, updated_by = $13, updated_at = now(), row_version = row_version + 1
      where tenant_id = $1 and patient_id = $2 and row_version = $3 returning ${PATIENT_COLUMNS}`,
    [tenantId, patientId, version, ...fieldValues(fields), userId],
  );
  return row;
}

export interface PatientSearch {
  search?: string;
  identity_number?: string;
  date_of_birth?: string;
  sort?: string;
  page?: number;
  page_size?: number;
}

const PATIENT_SORTS = {
  name: 'lower(lastname) %, lower(firstname)',
  patient_no: 'patient_no',
  date_of_birth: 'date_of_birth',
  created_at: 'created_at',
};

/** One page of the site's patients matching the search: part of the name or file number, the exact national id, the birth date. */
export async function searchPatients(db: Queryable, tenantId: string, q: PatientSearch) {
  const where = new Where().add('tenant_id = ?', tenantId);
  if (q.search) where.add("search_text like ? escape '\\'", containsPattern(foldForSearch(q.search)));
  if (q.identity_number) where.add('identity_number = ?', q.identity_number);
  if (q.date_of_birth) where.add('date_of_birth = ?::date', q.date_of_birth);
  const sort = q.sort ?? 'name';
  const desc = sort.startsWith('-');
  // "name" orders by two columns: the direction goes on each.
  const columns = Object.fromEntries(Object.entries(PATIENT_SORTS).map(([k, v]) => [k, v.replace('%', desc ? 'desc' : 'asc')]));
  return pageRows<PatientRow & Record<string, unknown>>(db, {
    select: `select ${PATIENT_COLUMNS} from patient`,
    where,
    order: orderBy(sort, 'name', columns, 'patient_id'),
    paging: q,
  });
}

interface MeasurementRow {
  measurement_id: string;
  patient_id: string;
  measurement_date: string;
  weight: number | null;
  height: number | null;
  bsa: number | null;
  bsa_formula: BsaFormula | null;
  bmi: number | null;
  creatinine: number | null;
  creatinine_date: string | null;
}

const MEASUREMENT_COLUMNS = `measurement_id, patient_id, to_char(measurement_date, 'YYYY-MM-DD') as measurement_date, weight, height, bsa, bsa_formula, bmi,
  creatinine, to_char(creatinine_date, 'YYYY-MM-DD') as creatinine_date`;

/** Values kept without their nulls; the BMI's class from the BMI (src/domain/dosing). */
export function measurementAnswer(r: MeasurementRow): PatientMeasurement {
  const present = Object.entries(r).filter(([, v]) => v !== null);
  const bmi_class: BmiClass | undefined = r.bmi === null ? undefined : bmiClass(r.bmi);
  return { ...(Object.fromEntries(present) as PatientMeasurement), ...(bmi_class ? { bmi_class } : {}) };
}

export type MeasurementFields = Omit<PatientMeasurement, 'measurement_id' | 'patient_id' | 'bmi_class' | 'gfr' | 'gfr_formula'>;

/** A computed value within the entity's bounds (schemas/entities/patient_measurement.json), else nothing. */
const inRange = (name: 'bsa' | 'bmi', value: number) =>
  value >= patientMeasurementRules[name].minimum && value <= patientMeasurementRules[name].maximum ? { [name]: value } : {};

/**
 * A measurement with its BSA (by `formula`, Mosteller by default) and BMI when it has both weight and height,
 * computed by src/domain/dosing; a value outside the entity's range (an impossible body) is left out rather than stored.
 */
export function withBodySize(m: MeasurementFields, formula: BsaFormula = 'mosteller'): MeasurementFields {
  if (m.weight === undefined || m.height === undefined) return m;
  const measures = { weight: { value: m.weight, unit: 'kg' as const }, height: { value: m.height, unit: 'cm' as const } };
  const area = bsa(measures, formula);
  const index = bmi(measures);
  return {
    ...m,
    ...(area.ok ? { ...inRange('bsa', area.value.value), bsa_formula: formula } : {}),
    ...(index.ok ? inRange('bmi', index.value.value) : {}),
  };
}

export async function insertMeasurement(
  db: Queryable,
  tenantId: string,
  patientId: string,
  m: MeasurementFields,
  userId: string,
  id: string = randomUUID(),
): Promise<PatientMeasurement> {
  const [row] = await db.query<MeasurementRow & Record<string, unknown>>(
    `insert into patient_measurement (measurement_id, tenant_id, patient_id, measurement_date, weight, height, bsa, bsa_formula, bmi, creatinine, creatinine_date, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${MEASUREMENT_COLUMNS}`,
    [
      id,
      tenantId,
      patientId,
      m.measurement_date,
      m.weight ?? null,
      m.height ?? null,
      m.bsa ?? null,
      m.bsa_formula ?? null,
      m.bmi ?? null,
      m.creatinine ?? null,
      m.creatinine_date ?? null,
      userId,
    ],
  );
  return measurementAnswer(row);
}

export async function listMeasurements(db: Queryable, tenantId: string, patientId: string, paging: { page?: number; page_size?: number }) {
  const where = new Where().add('tenant_id = ? and patient_id = ?', tenantId, patientId);
  const { rows, ...page } = await pageRows<MeasurementRow & Record<string, unknown>>(db, {
    select: `select ${MEASUREMENT_COLUMNS}, created_at from patient_measurement`,
    where,
    order: 'measurement_date desc, created_at desc',
    paging,
  });
  return { patient_measurement_list: rows.map(({ created_at: _c, ...r }) => measurementAnswer(r as unknown as MeasurementRow)), ...page };
}

interface LabRow {
  lab_result_id: string;
  patient_id: string;
  test_code: string;
  test_name: LocalizedText | null;
  value: number;
  unit: string;
  reference_min: number | null;
  reference_max: number | null;
  result_date: unknown;
}

const LAB_COLUMNS = 'lab_result_id, patient_id, test_code, test_name, value, unit, reference_min, reference_max, result_date';

/** Outside the reference range: below its minimum or above its maximum; unknown without a range. */
export function isAbnormal(r: Pick<LabResult, 'value' | 'reference_min' | 'reference_max'>): boolean | undefined {
  if (r.reference_min === undefined && r.reference_max === undefined) return undefined;
  return (r.reference_min !== undefined && r.value < r.reference_min) || (r.reference_max !== undefined && r.value > r.reference_max);
}

function labAnswer(r: LabRow): LabResult {
  const result: LabResult = {
    lab_result_id: r.lab_result_id,
    patient_id: r.patient_id,
    test_code: r.test_code,
    ...(r.test_name ? { test_name: r.test_name } : {}),
    value: r.value,
    unit: r.unit,
    ...(r.reference_min === null ? {} : { reference_min: r.reference_min }),
    ...(r.reference_max === null ? {} : { reference_max: r.reference_max }),
    result_date: isoOf(r.result_date)!,
  };
  const abnormal = isAbnormal(result);
  return abnormal === undefined ? result : { ...result, is_abnormal: abnormal };
}

export type LabFields = Omit<LabResult, 'lab_result_id' | 'patient_id' | 'is_abnormal'>;

export async function insertLabResult(db: Queryable, tenantId: string, patientId: string, l: LabFields, userId: string, id: string = randomUUID()): Promise<LabResult> {
  const [row] = await db.query<LabRow & Record<string, unknown>>(
    `insert into lab_result (lab_result_id, tenant_id, patient_id, test_code, test_name, value, unit, reference_min, reference_max, result_date, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning ${LAB_COLUMNS}`,
    [
      id,
      tenantId,
      patientId,
      l.test_code,
      l.test_name ? JSON.stringify(l.test_name) : null,
      l.value,
      l.unit,
      l.reference_min ?? null,
      l.reference_max ?? null,
      l.result_date,
      userId,
    ],
  );
  return labAnswer(row);
}

export interface LabFilter {
  test_code?: string;
  date_from?: string;
  date_to?: string;
  page?: number;
  page_size?: number;
}

export async function listLabResults(db: Queryable, tenantId: string, patientId: string, f: LabFilter) {
  const where = new Where().add('tenant_id = ? and patient_id = ?', tenantId, patientId);
  if (f.test_code) where.add('test_code = ?', f.test_code);
  // Whole days of the site's database clock, both ends included.
  if (f.date_from) where.add('result_date >= ?::date', f.date_from);
  if (f.date_to) where.add("result_date < ?::date + interval '1 day'", f.date_to);
  const { rows, ...page } = await pageRows<LabRow & Record<string, unknown>>(db, {
    select: `select ${LAB_COLUMNS} from lab_result`,
    where,
    order: 'result_date desc, lab_result_id',
    paging: f,
  });
  return { lab_result_list: rows.map(labAnswer), ...page };
}
