// The dose calculator (route clinical/dose/calculate, page dose_calculator): every body-size and renal figure
// of one patient's measurements, and a dose when asked, in the contract's shape. The server answers with it and
// the page computes with it in the browser, so both show the same numbers (docs/decisions.md, "dose calculator").
import { bsaFormula } from '../../generated/enums/bsaFormula';
import type { DosingCalculated } from '../../generated/types/entities';
import type { ClinicalDoseCalculateRequest, ClinicalDoseCalculateResponse } from '../../generated/types/routes';
import type { Bilingual } from '../language';
import { adjustedBodyWeight, bmi, bmiClass, bsa, dosingWeight, idealBodyWeight, type WeightChoice } from './body-size';
import type { Calculated, Notice, Outcome } from './derivation';
import { CALVERT_GFR_CAP, calculateDose, type DoseOrder, type DoseUnit } from './dose';
import { absoluteGfr, ckdEpi2021, cockcroftGault } from './renal';

export type DoseCalculatorInput = ClinicalDoseCalculateRequest;
export type DoseCalculatorAnswer = ClinicalDoseCalculateResponse;
/** A refusal at a field of the request (`height_cm`, `creatinine.value`, `dose.amount`...). */
export type DoseCalculatorProblem = Notice & { field: string };

const WEIGHT_CHOICES: readonly WeightChoice[] = ['actual', 'ideal', 'adjusted'];

/** The request's field of a formula's input name. */
const FIELD_OF: Record<string, string> = {
  height: 'height_cm',
  weight: 'weight_kg',
  age: 'age_years',
  sex: 'sex',
  creatinine: 'creatinine.value',
  formula: 'bsa_formula',
  weight_choice: 'weight_choice',
  amount: 'dose.amount',
  auc: 'dose.amount',
  gfr_cap: 'dose.gfr_cap',
  max_single_dose: 'dose.cap',
  unit: 'dose.unit',
};

const DOSE: Bilingual = { en: 'Dose', tr: 'Doz' };

/** A result in the wire's shape (snake_case `based_on`), with the calculations it used. */
export function wireCalculated(c: Calculated): DosingCalculated {
  const { basedOn, ...rest } = c.derivation;
  return { value: c.value, derivation: { ...rest, based_on: basedOn.map(wireCalculated) } };
}

/**
 * Every figure, or every problem at its request field. A refusal of any figure refuses the whole answer: the
 * inputs are shared, so a problem with one is a problem with all, and half an answer invites reading a missing
 * figure as a normal one.
 */
export function doseCalculator(input: DoseCalculatorInput): { ok: true; answer: DoseCalculatorAnswer } | { ok: false; problems: DoseCalculatorProblem[] } {
  const height = { value: input.height_cm, unit: 'cm' as const };
  const weight = { value: input.weight_kg, unit: 'kg' as const };
  const age = { value: input.age_years, unit: 'a' as const };
  const { sex, creatinine } = input;
  const choice = input.weight_choice ?? 'actual';
  const formula = input.bsa_formula ?? 'mosteller';

  const bsaList = bsaFormula.values.map((f) => ({ bsa_formula: f, outcome: bsa({ height, weight }, f) }));
  const bmiOut = bmi({ height, weight });
  const ideal = idealBodyWeight({ height, sex });
  const adjusted = adjustedBodyWeight({ height, weight, sex });
  const dosing = dosingWeight(choice, { height, weight, sex });
  const clearances = WEIGHT_CHOICES.map((c) => ({ weight_choice: c, outcome: cockcroftGault({ age, sex, creatinine, weight, height, weightChoice: c }) }));
  const egfr = ckdEpi2021({ age, sex, creatinine });
  const chosenBsa = bsaList.find((b) => b.bsa_formula === formula)?.outcome ?? bsa({ height, weight }, formula);

  const outcomes: Outcome[] = [...bsaList.map((b) => b.outcome), chosenBsa, bmiOut, ideal, adjusted, dosing, ...clearances.map((c) => c.outcome), egfr];
  const refused = problemsOf(outcomes);
  if (refused.length) return { ok: false, problems: refused };

  const ok = <U extends string>(o: Outcome<U>) => o as Calculated<U>;
  const absolute = absoluteGfr(ok(egfr), ok(chosenBsa));
  let dose: DosingCalculated | undefined;
  if (input.dose) {
    const { basis, amount, unit = 'mg', cap, gfr_cap, gfr_formula = 'cockcroft_gault', drug_name } = input.dose;
    const order: DoseOrder = basis === 'auc' ? { basis, auc: amount, gfrCap: gfr_cap ?? CALVERT_GFR_CAP } : { basis, amount };
    const byWeight = clearances.find((c) => c.weight_choice === choice)!.outcome;
    const out = calculateDose({
      drug: { name: drug_name ?? '', unit: unit as DoseUnit, ...(cap === undefined ? {} : { maxSingleDose: cap }) },
      order,
      bsa: ok(chosenBsa),
      weight: ok(dosing),
      gfr: gfr_formula === 'ckd_epi' ? ok(absolute) : ok(byWeight),
    });
    const doseProblems = problemsOf([out]);
    if (doseProblems.length) return { ok: false, problems: doseProblems };
    dose = wireCalculated(out as Calculated);
    if (!drug_name) dose.derivation.method = DOSE;
  }
  return {
    ok: true,
    answer: {
      bsa_list: bsaList.map((b) => ({ bsa_formula: b.bsa_formula, result: wireCalculated(ok(b.outcome)) })),
      bmi: wireCalculated(ok(bmiOut)),
      bmi_class: bmiClass(ok(bmiOut).value.value),
      ideal_body_weight: wireCalculated(ok(ideal)),
      adjusted_body_weight: wireCalculated(ok(adjusted)),
      dosing_weight: wireCalculated(ok(dosing)),
      creatinine_clearance_list: clearances.map((c) => ({ weight_choice: c.weight_choice, result: wireCalculated(ok(c.outcome)) })),
      egfr: wireCalculated(ok(egfr)),
      absolute_gfr: wireCalculated(absolute as Calculated),
      ...(dose ? { dose } : {}),
    },
  };
}

/** The problems of the refused outcomes at their request fields, each once. */
function problemsOf(outcomes: readonly Outcome[]): DoseCalculatorProblem[] {
  const all = outcomes.flatMap((o) => (o.ok ? [] : o.problems)).map((p) => ({ ...p, field: FIELD_OF[p.field ?? ''] ?? p.field ?? '' }));
  return all.filter((p, i) => all.findIndex((o) => o.field === p.field && o.code === p.code) === i);
}
