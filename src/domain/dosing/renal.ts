// Renal function: creatinine clearance by Cockcroft-Gault (mL/min, by the weight the protocol chooses) and
// eGFR by CKD-EPI 2021 (mL/min/1.73 m², race-free), and an indexed eGFR turned into mL/min for a patient's
// body surface, as the Calvert formula needs. Creatinine comes in mg/dL or µmol/L (÷ 88.4, src/domain/units.ts).
import { gfrFormula } from '../../generated/enums/gfrFormula';
import type { Bilingual } from '../language';
import { dosingWeight, type WeightChoice } from './body-size';
import { isNotice, readAge, readCreatinine, readSex } from './checks';
import {
  type Calculated,
  type Centimetres,
  derived,
  type Entry,
  entry,
  type Kilograms,
  type Outcome,
  quantity,
  refuse,
  type SerumCreatinine,
  type Sex,
  type Years,
} from './derivation';
import { LABELS, same } from './texts';

const methodName = (formula: 'cockcroft_gault' | 'ckd_epi', what: Bilingual, suffix = ''): Bilingual => {
  const label = gfrFormula.labels[gfrFormula.values.indexOf(formula)];
  return { en: `${what.en} — ${label.en}${suffix}`, tr: `${what.tr} — ${label.tr}${suffix}` };
};

const CLEARANCE: Bilingual = { en: 'Creatinine clearance', tr: 'Kreatinin klirensi' };
const EGFR: Bilingual = { en: 'Estimated GFR', tr: 'Tahmini GFR' };

export interface RenalPatient {
  age: Years;
  sex: Sex;
  creatinine: SerumCreatinine;
}

/** Age, sex and creatinine (in mg/dL) read for an adult formula, with the inputs as given; or every problem. */
function readRenal(input: Partial<RenalPatient>, method: Bilingual) {
  const age = readAge(input?.age, method);
  const sex = readSex(input?.sex, method);
  const scr = readCreatinine(input?.creatinine);
  const problems = [age, sex, scr].filter(isNotice);
  if (problems.length) return refuse(problems);
  const c = input.creatinine!;
  const inputs: Entry[] = [entry(LABELS.age, age as number, 'a'), { label: LABELS.sex, text: LABELS[sex as Sex] }, entry(LABELS.creatinine, c.value, c.unit)];
  // The formulas take mg/dL: a µmol/L value shows its conversion as the first step.
  const steps: Entry[] = c.unit === 'mg/dL' ? [] : [entry(LABELS.creatinine_mg_dl, scr as number, 'mg/dL')];
  return { age: age as number, sex: sex as Sex, scr: scr as number, inputs, steps };
}

/**
 * Creatinine clearance (mL/min) = (140 − age) × weight / (72 × Scr), × 0.85 for a woman. Cockcroft DW, Gault
 * MH. Prediction of creatinine clearance from serum creatinine. Nephron 1976;16(1):31–41. The weight is the
 * protocol's choice (actual unless it says ideal or adjusted; those need the height).
 */
export function cockcroftGault(input: RenalPatient & { weight: Kilograms; height?: Centimetres; weightChoice?: WeightChoice }): Outcome<'mL/min'> {
  const method = methodName('cockcroft_gault', CLEARANCE);
  const renal = readRenal(input, method);
  const choice = input?.weightChoice ?? 'actual';
  const weight = dosingWeight(choice, { weight: input?.weight, height: input?.height as Centimetres, sex: input?.sex });
  const problems = [...('ok' in renal ? renal.problems : []), ...(weight.ok ? [] : weight.problems)];
  if ('ok' in renal || !weight.ok) return refuse(problems.filter((p, i) => problems.findIndex((o) => o.code === p.code && o.field === p.field) === i));
  const { age, sex, scr, inputs, steps } = renal;
  const w = weight.value.value;
  const sexFactor = sex === 'female' ? 0.85 : 1;
  const value = (((140 - age) * w) / (72 * scr)) * sexFactor;
  return derived(quantity(value, 'mL/min'), {
    method,
    formula: {
      en: 'CrCl (mL/min) = (140 − age) × weight (kg) / (72 × Scr (mg/dL)) × 0.85 if female',
      tr: 'KrKl (mL/dk) = (140 − yaş) × ağırlık (kg) / (72 × Scr (mg/dL)) × kadında 0,85',
    },
    source: 'Cockcroft DW, Gault MH. Nephron 1976;16(1):31–41',
    inputs: [
      ...inputs,
      entry(LABELS.actual_weight, input.weight.value, input.weight.unit),
      ...(choice === 'actual' || !input.height ? [] : [entry(LABELS.height, input.height.value, input.height.unit)]),
    ],
    steps: [
      ...steps,
      entry(LABELS.dosing_weight, w, 'kg'),
      entry(LABELS.age_term, 140 - age, 'a'),
      entry(LABELS.creatinine_term, 72 * scr, 'mg/dL'),
      entry(LABELS.sex_factor, sexFactor, '1'),
    ],
    basedOn: [weight],
  });
}

/**
 * eGFR (mL/min/1.73 m²) = 142 × min(Scr/κ, 1)^α × max(Scr/κ, 1)^−1.200 × 0.9938^age × 1.012 if female, with
 * κ 0.7 (female) or 0.9 (male) and α −0.241 (female) or −0.302 (male). Inker LA, Eneanya ND, Coresh J, et al.
 * New creatinine- and cystatin C–based equations to estimate GFR without race. N Engl J Med
 * 2021;385(19):1737–1749.
 */
export function ckdEpi2021(input: RenalPatient): Outcome<'mL/min/{1.73_m2}'> {
  const method = methodName('ckd_epi', EGFR, ' 2021');
  const renal = readRenal(input, method);
  if ('ok' in renal) return renal;
  const { age, sex, scr, inputs, steps } = renal;
  const female = sex === 'female';
  const kappa = female ? 0.7 : 0.9;
  const alpha = female ? -0.241 : -0.302;
  const ratio = scr / kappa;
  const minTerm = Math.min(ratio, 1) ** alpha;
  const maxTerm = Math.max(ratio, 1) ** -1.2;
  const ageFactor = 0.9938 ** age;
  const sexFactor = female ? 1.012 : 1;
  return derived(quantity(142 * minTerm * maxTerm * ageFactor * sexFactor, 'mL/min/{1.73_m2}'), {
    method,
    formula: {
      en: 'eGFR (mL/min/1.73 m²) = 142 × min(Scr/κ, 1)^α × max(Scr/κ, 1)^−1.200 × 0.9938^age × 1.012 if female; κ 0.7 female, 0.9 male; α −0.241 female, −0.302 male',
      tr: 'eGFR (mL/dk/1,73 m²) = 142 × min(Scr/κ, 1)^α × max(Scr/κ, 1)^−1,200 × 0,9938^yaş × kadında 1,012; κ kadında 0,7, erkekte 0,9; α kadında −0,241, erkekte −0,302',
    },
    source: 'Inker LA, Eneanya ND, Coresh J, et al. N Engl J Med 2021;385(19):1737–1749',
    inputs,
    steps: [
      ...steps,
      entry(same('κ'), kappa, 'mg/dL'),
      entry(same('α'), alpha, '1'),
      entry(LABELS.scr_over_kappa, ratio, '1'),
      entry(LABELS.min_term, minTerm, '1'),
      entry(LABELS.max_term, maxTerm, '1'),
      entry(LABELS.age_factor, ageFactor, '1'),
      entry(LABELS.sex_factor, sexFactor, '1'),
    ],
  });
}

/**
 * An indexed eGFR as the patient's own GFR (mL/min) = eGFR × BSA / 1.73, for a dose by GFR such as Calvert's:
 * the KDIGO guideline's advice for drugs dosed by kidney function (KDIGO 2024 Clinical Practice Guideline for
 * the Evaluation and Management of CKD. Kidney Int 2024;105(4S):S117–S314).
 */
export function absoluteGfr(egfr: Calculated<'mL/min/{1.73_m2}'>, bsa: Calculated<'m2'>): Outcome<'mL/min'> {
  return derived(quantity((egfr.value.value * bsa.value.value) / 1.73, 'mL/min'), {
    method: { en: 'GFR for the body surface', tr: 'Vücut yüzeyine göre GFR' },
    formula: { en: 'GFR (mL/min) = eGFR (mL/min/1.73 m²) × BSA (m²) / 1.73', tr: 'GFR (mL/dk) = eGFR (mL/dk/1,73 m²) × VYA (m²) / 1,73' },
    source: 'KDIGO 2024 CKD guideline. Kidney Int 2024;105(4S):S117–S314',
    inputs: [entry(LABELS.egfr, egfr.value.value, egfr.value.unit), entry(LABELS.bsa, bsa.value.value, bsa.value.unit)],
    basedOn: [egfr, bsa],
  });
}
