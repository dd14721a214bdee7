// The refusals: an input no patient can have (a height of 0, a negative weight, a creatinine of 88 mg/dL that is
// µmol/L typed under the wrong unit) stops a calculation with a problem at that input, never NaN or a guess.
// Inputs arrive as JSON from forms and other systems, so the checks do not trust the types.
import { patientMeasurementRules } from '../../generated/field-rules';
import type { Bilingual } from '../language';
import { convert } from '../units';
import type { Notice, Sex } from './derivation';
import { LABELS, say } from './texts';

/**
 * What is possible at all, beyond which the value is surely a slip (the unit, a decimal point): the patient
 * measurement's bounds of the contract (schemas/entities/patient_measurement.json says why), so a value the
 * server stores is one the planner accepts. Adult formulas take ages 18 to 120.
 */
const bounds = (field: 'height' | 'weight' | 'creatinine') => ({ min: patientMeasurementRules[field].minimum, max: patientMeasurementRules[field].maximum });
const LIMITS = {
  height: { ...bounds('height'), unit: 'cm' },
  weight: { ...bounds('weight'), unit: 'kg' },
  age: { min: 18, max: 120, unit: 'a' },
  creatinine: { ...bounds('creatinine'), unit: 'mg/dL' },
} as const;

/** A problem or warning at an input. */
export const notice = (code: string, field: string, message: Bilingual): Notice => ({ code, field, message });

const isQuantityLike = (q: unknown): q is { value: unknown; unit: unknown } => typeof q === 'object' && q !== null && 'value' in q;

const present = (q: unknown): q is { value: number; unit: unknown } =>
  isQuantityLike(q) && typeof q.value === 'number' && Number.isFinite(q.value);

/** A height (cm) or weight (kg) as a number, or the problem with it. */
export function readBody(q: unknown, field: 'height' | 'weight'): number | Notice {
  const limit = LIMITS[field];
  const what = LABELS[field];
  if (!present(q)) return notice('missing', field, say('missing', { what }));
  if (q.unit !== limit.unit) return notice('unit', field, say('unit', { what, units: limit.unit }));
  if (q.value < limit.min || q.value > limit.max)
    return notice('out_of_range', field, say('out_of_range', { what, value: { value: q.value, unit: limit.unit }, min: limit.min, max: { value: limit.max, unit: limit.unit } }));
  return q.value;
}

/** An adult's age in years, or the problem: `method` names the formula that is for adults only. */
export function readAge(q: unknown, method: Bilingual): number | Notice {
  const what = LABELS.age;
  if (!present(q)) return notice('missing', 'age', say('missing', { what }));
  if (q.unit !== 'a') return notice('unit', 'age', say('unit', { what, units: { en: 'years (a)', tr: 'yıl (a)' } }));
  if (q.value < LIMITS.age.min || q.value > LIMITS.age.max) return notice('adult_only', 'age', say('adult_only', { method, value: q.value }));
  return q.value;
}

/** Serum creatinine in mg/dL (from mg/dL or µmol/L by the unit catalogue's factor), or the problem. */
export function readCreatinine(q: unknown): number | Notice {
  const what = LABELS.creatinine;
  if (!present(q)) return notice('missing', 'creatinine', say('missing', { what }));
  if (q.unit !== 'mg/dL' && q.unit !== 'umol/L') return notice('unit', 'creatinine', say('unit', { what, units: 'mg/dL, µmol/L' }));
  const unit = q.unit;
  const mgDl = convert(q.value, unit, 'mg/dL', 'creatinine');
  if (!mgDl.ok) return notice('unit', 'creatinine', mgDl.message);
  const inUnit = (mg: number) => {
    const c = convert(mg, 'mg/dL', unit, 'creatinine');
    return { value: c.ok ? c.value : mg, unit };
  };
  if (mgDl.value < LIMITS.creatinine.min || mgDl.value > LIMITS.creatinine.max)
    return notice(
      'out_of_range',
      'creatinine',
      say('out_of_range', { what, value: { value: q.value, unit }, min: inUnit(LIMITS.creatinine.min).value, max: inUnit(LIMITS.creatinine.max) }),
    );
  return mgDl.value;
}

/** Female or male, or the problem: `method` names the formula that needs it. */
export function readSex(sex: unknown, method: Bilingual): Sex | Notice {
  return sex === 'female' || sex === 'male' ? sex : notice('sex_needed', 'sex', say('sex_needed', { method }));
}

/** A positive finite number (a dose, a cap, a step), or the problem at `field`. */
export function readPositive(value: unknown, field: string, what: Bilingual): number | Notice {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : notice('not_positive', field, say('not_positive', { what }));
}

export const isNotice = (v: unknown): v is Notice => typeof v === 'object' && v !== null && 'code' in v && 'message' in v;
