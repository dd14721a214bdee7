// The clinical site's patients (schemas/routes/patient.json): registration and correction, search, and a
// patient's measurements and laboratory results. The route's auth codes admit the clinical staff; every
// record is the caller's site's (another site's id answers 10016). Reads are audited by their routes.
import { requireUser, type SignedIn } from '../auth/caller.ts';
import { isUniqueViolation } from '../db/adapter.ts';
import { ApiError, fieldRewording, notFound, statusMessage } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import type { StatusKey } from '../../src/generated/errors.ts';
import { isValidIdentityNumber } from '../../src/domain/identity-number.ts';
import { calendarDay, DEFAULT_TIME_ZONE, hospitalToday } from '../../src/domain/treatment/index.ts';
import { convert } from '../../src/domain/units.ts';
import { patientMeasurementRules } from '../../src/generated/field-rules.ts';
import { hospitalSettings } from '../services/hospital-settings-store.ts';
import {
  insertLabResult,
  insertMeasurement,
  insertPatient,
  listLabResults,
  listMeasurements,
  type MeasurementFields,
  type PatientFields,
  patientAnswer,
  patientRow,
  searchPatients,
  takenKeys,
  updatePatient,
  withBodySize,
} from '../services/patient-store.ts';
import type { HandlerSet } from './types.ts';

/** Who sees a national id in full: those who register patients and check who they are (docs/decisions.md). */
const FULL_IDENTITY = ['doctor', 'nurse', 'admin'];
const seesIdentity = (me: SignedIn) => me.authCodes.some((c) => FULL_IDENTITY.includes(c));

/** A refusal shown at its field of the form (and as the answer's message). */
function atField(key: Exclude<StatusKey, 'ok'>, field: string, lang: RequestContext['lang'], params: Record<string, string | number> = {}): ApiError {
  return new ApiError(key, params, { errors: [{ field, message: statusMessage(key, lang, params), ...fieldRewording(key, params) }] });
}

async function requirePatient(ctx: RequestContext, patientId: string) {
  const row = await patientRow(ctx.db, ctx.tenant.tenant_id, patientId);
  if (!row) throw notFound('patient');
  return row;
}

/** The checks of a patient's fields beyond their schema: the national id's check digits, a birth date not after the hospital's today. */
function checkPatient(ctx: RequestContext, fields: PatientFields) {
  if (fields.identity_number && !isValidIdentityNumber(fields.identity_number)) throw atField('identity_number_invalid', 'patient.identity_number', ctx.lang);
  if (fields.date_of_birth > hospitalToday()) throw atField('date_in_future', 'patient.date_of_birth', ctx.lang);
}

/** A file number or national id another patient of the site has. */
async function refuseTaken(ctx: RequestContext, fields: PatientFields, exceptId?: string) {
  const taken = await takenKeys(ctx.db, ctx.tenant.tenant_id, fields, exceptId);
  if (taken.patient_no) throw atField('patient_no_taken', 'patient.patient_no', ctx.lang);
  if (taken.identity_number) throw atField('identity_number_taken', 'patient.identity_number', ctx.lang);
}

/** A write that raced another for a file number or national id is answered as if it had come second. */
async function savingKeys<T>(ctx: RequestContext, fields: PatientFields, exceptId: string | undefined, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (e) {
    if (isUniqueViolation(e)) await refuseTaken(ctx, fields, exceptId);
    throw e;
  }
}

const STORED = { weight: 'kg', height: 'cm', creatinine: 'mg/dL' } as const;

/** A value entered in `from` in its stored unit, refused at its field outside the entity's bounds. */
function stored(ctx: RequestContext, name: keyof typeof STORED, value: number, from: string): number {
  const converted = convert(value, from, STORED[name], name === 'creatinine' ? 'creatinine' : undefined);
  if (!converted.ok) throw atField('invalid_input', name, ctx.lang, { details: converted.message[ctx.lang] });
  // The entity's bounds are of the stored value (schemas/entities/patient_measurement.json).
  const { minimum: min, maximum: max } = patientMeasurementRules[name];
  if (converted.value < min) throw atField('min_value', name, ctx.lang, { min: `${min} ${STORED[name]}` });
  if (converted.value > max) throw atField('max_value', name, ctx.lang, { max: `${max} ${STORED[name]}` });
  return converted.value;
}

export const patientHandlers: HandlerSet = {
  patient_new: async ({ patient }, ctx) => {
    const me = requireUser(ctx);
    checkPatient(ctx, patient);
    await refuseTaken(ctx, patient);
    const row = await savingKeys(ctx, patient, undefined, () => insertPatient(ctx.db, ctx.tenant.tenant_id, patient, me.userId));
    return { patient: patientAnswer(row, seesIdentity(me)) };
  },

  patient_save: async ({ patient_id, version, patient }, ctx) => {
    const me = requireUser(ctx);
    const current = await requirePatient(ctx, patient_id);
    if (current.row_version !== version) throw new ApiError('patient_version_conflict', { version, current_version: current.row_version });
    checkPatient(ctx, patient);
    await refuseTaken(ctx, patient, patient_id);
    const row = await savingKeys(ctx, patient, patient_id, () => updatePatient(ctx.db, ctx.tenant.tenant_id, patient_id, version, patient, me.userId));
    // Saved by another between the read and the write.
    if (!row) throw new ApiError('patient_version_conflict', { version, current_version: (await requirePatient(ctx, patient_id)).row_version });
    return { patient: patientAnswer(row, seesIdentity(me)) };
  },

  patient_get: async ({ patient_id }, ctx) => {
    const me = requireUser(ctx);
    return { patient: patientAnswer(await requirePatient(ctx, patient_id), seesIdentity(me)) };
  },

  patient_search: async (input, ctx) => {
    const me = requireUser(ctx);
    const { rows, ...page } = await searchPatients(ctx.db, ctx.tenant.tenant_id, input);
    return { patient_list: rows.map((r) => patientAnswer(r, seesIdentity(me))), ...page };
  },

  patient_measurement_add: async (input, ctx) => {
    const me = requireUser(ctx);
    await requirePatient(ctx, input.patient_id);
    if (input.weight === undefined && input.height === undefined && input.creatinine === undefined) throw atField('measurement_value_required', 'weight', ctx.lang);
    const day = hospitalToday();
    if (input.measurement_date > day) throw atField('date_in_future', 'measurement_date', ctx.lang);
    if (input.creatinine_date && input.creatinine_date > day) throw atField('date_in_future', 'creatinine_date', ctx.lang);
    const units = { ...(await hospitalSettings(ctx.db, ctx.tenant.tenant_id)).preferred_units, ...input.units };
    const weight = input.weight === undefined ? undefined : stored(ctx, 'weight', input.weight, units.weight);
    const height = input.height === undefined ? undefined : stored(ctx, 'height', input.height, units.height);
    const m: MeasurementFields = {
      measurement_date: input.measurement_date,
      ...(weight === undefined ? {} : { weight }),
      ...(height === undefined ? {} : { height }),
      ...(input.creatinine === undefined ? {} : { creatinine: stored(ctx, 'creatinine', input.creatinine, units.creatinine), creatinine_date: input.creatinine_date }),
    };
    return { patient_measurement: await insertMeasurement(ctx.db, ctx.tenant.tenant_id, input.patient_id, withBodySize(m, input.bsa_formula), me.userId) };
  },

  patient_measurement_list: async ({ patient_id, ...paging }, ctx) => {
    await requirePatient(ctx, patient_id);
    return listMeasurements(ctx.db, ctx.tenant.tenant_id, patient_id, paging);
  },

  patient_lab_add: async ({ patient_id, lab_result_list }, ctx) => {
    const me = requireUser(ctx);
    await requirePatient(ctx, patient_id);
    const day = hospitalToday();
    lab_result_list.forEach((l, i) => {
      if (l.reference_min !== undefined && l.reference_max !== undefined && l.reference_min > l.reference_max)
        throw atField('reference_range_invalid', `lab_result_list.${i}.reference_min`, ctx.lang);
      if (calendarDay(new Date(l.result_date), DEFAULT_TIME_ZONE) > day) throw atField('date_in_future', `lab_result_list.${i}.result_date`, ctx.lang);
    });
    // All or nothing: a batch of results is one entry.
    const saved = await ctx.transaction(async (tx) => {
      const out = [];
      for (const l of lab_result_list) out.push(await insertLabResult(tx, ctx.tenant.tenant_id, patient_id, l, me.userId));
      return out;
    });
    return { lab_result_list: saved };
  },

  patient_lab_list: async ({ patient_id, ...filter }, ctx) => {
    await requirePatient(ctx, patient_id);
    return listLabResults(ctx.db, ctx.tenant.tenant_id, patient_id, filter);
  },
};
