// Body size: surface area by five formulas, body mass index with the spec's classes, ideal (Devine) and
// adjusted body weight, and the dosing weight a protocol chooses among actual, ideal and adjusted.
import { bmiClass as bmiClassEnum } from '../../generated/enums/bmiClass';
import { bsaFormula as bsaFormulaEnum } from '../../generated/enums/bsaFormula';
import type { BmiClass, BsaFormula } from '../../generated/types/entities';
import type { Bilingual } from '../language';
import { isNotice, notice, readBody, readSex } from './checks';
import {
  type Adjustment,
  type Calculated,
  type Centimetres,
  derived,
  type Entry,
  entry,
  type Kilograms,
  type Notice,
  type Outcome,
  type Quantity,
  quantity,
  refuse,
  type Sex,
} from './derivation';
import { type MessageKey, LABELS, same, say } from './texts';

export interface BodyMeasures {
  height: Centimetres;
  weight: Kilograms;
}

/** Height (cm) and weight (kg) as numbers, or every problem with them. */
function readMeasures(input: Partial<BodyMeasures>): { height: number; weight: number } | Notice[] {
  const height = readBody(input?.height, 'height');
  const weight = readBody(input?.weight, 'weight');
  const problems = [height, weight].filter(isNotice);
  return problems.length ? problems : { height: height as number, weight: weight as number };
}

const measureInputs = (height: number, weight: number): Entry[] => [entry(LABELS.height, height, 'cm'), entry(LABELS.weight, weight, 'kg')];

interface BsaMethod {
  formula: Bilingual;
  source: string;
  compute: (heightCm: number, weightKg: number) => { value: number; steps?: Entry[] };
}

const BSA_METHODS: Record<BsaFormula, BsaMethod> = {
  // Mosteller RD. Simplified calculation of body-surface area. N Engl J Med 1987;317(17):1098.
  mosteller: {
    formula: { en: 'BSA (m²) = √(height (cm) × weight (kg) / 3600)', tr: 'VYA (m²) = √(boy (cm) × ağırlık (kg) / 3600)' },
    source: 'Mosteller RD. N Engl J Med 1987;317(17):1098',
    compute: (h, w) => ({ value: Math.sqrt((h * w) / 3600) }),
  },
  // Du Bois D, Du Bois EF. A formula to estimate the approximate surface area if height and weight be known.
  // Arch Intern Med 1916;17(6):863–871.
  dubois: {
    formula: { en: 'BSA (m²) = 0.007184 × weight (kg)^0.425 × height (cm)^0.725', tr: 'VYA (m²) = 0,007184 × ağırlık (kg)^0,425 × boy (cm)^0,725' },
    source: 'Du Bois D, Du Bois EF. Arch Intern Med 1916;17(6):863–871',
    compute: (h, w) => ({ value: 0.007184 * w ** 0.425 * h ** 0.725 }),
  },
  // Haycock GB, Schwartz GJ, Wisotsky DH. Geometric method for measuring body surface area: a height-weight
  // formula validated in infants, children, and adults. J Pediatr 1978;93(1):62–66.
  haycock: {
    formula: { en: 'BSA (m²) = 0.024265 × weight (kg)^0.5378 × height (cm)^0.3964', tr: 'VYA (m²) = 0,024265 × ağırlık (kg)^0,5378 × boy (cm)^0,3964' },
    source: 'Haycock GB, Schwartz GJ, Wisotsky DH. J Pediatr 1978;93(1):62–66',
    compute: (h, w) => ({ value: 0.024265 * w ** 0.5378 * h ** 0.3964 }),
  },
  // Gehan EA, George SL. Estimation of human body surface area from height and weight. Cancer Chemother Rep
  // 1970;54(4):225–235.
  gehan_george: {
    formula: { en: 'BSA (m²) = 0.0235 × weight (kg)^0.51456 × height (cm)^0.42246', tr: 'VYA (m²) = 0,0235 × ağırlık (kg)^0,51456 × boy (cm)^0,42246' },
    source: 'Gehan EA, George SL. Cancer Chemother Rep 1970;54(4):225–235',
    compute: (h, w) => ({ value: 0.0235 * w ** 0.51456 * h ** 0.42246 }),
  },
  // Boyd E. The Growth of the Surface Area of the Human Body. Minneapolis: University of Minnesota Press; 1935.
  // Weight in grams, and the weight's exponent falls as weight grows (fitted over infants to adults).
  boyd: {
    formula: {
      en: 'BSA (m²) = 0.0003207 × height (cm)^0.3 × weight (g)^(0.7285 − 0.0188 × log₁₀ weight (g))',
      tr: 'VYA (m²) = 0,0003207 × boy (cm)^0,3 × ağırlık (g)^(0,7285 − 0,0188 × log₁₀ ağırlık (g))',
    },
    source: 'Boyd E. The Growth of the Surface Area of the Human Body. University of Minnesota Press; 1935',
    compute: (h, w) => {
      const grams = w * 1000;
      const exponent = 0.7285 - 0.0188 * Math.log10(grams);
      return {
        value: 0.0003207 * h ** 0.3 * grams ** exponent,
        steps: [entry(LABELS.weight_g, grams, 'g'), entry(LABELS.boyd_exponent, exponent, '1')],
      };
    },
  },
};

/** Body surface area (m²) by the formula (Mosteller unless the protocol names another). */
export function bsa(input: BodyMeasures, formula: BsaFormula = 'mosteller'): Outcome<'m2'> {
  const i = bsaFormulaEnum.values.indexOf(formula);
  if (i < 0) return refuse([notice('unknown_formula', 'formula', say('unknown_formula', { name: String(formula) }))]);
  const measures = readMeasures(input);
  if (Array.isArray(measures)) return refuse(measures);
  const method = BSA_METHODS[formula];
  const label = bsaFormulaEnum.labels[i];
  const { value, steps = [] } = method.compute(measures.height, measures.weight);
  return derived(quantity(value, 'm2'), {
    method: { en: `${LABELS.bsa.en} — ${label.en}`, tr: `${LABELS.bsa.tr} — ${label.tr}` },
    formula: method.formula,
    source: method.source,
    inputs: measureInputs(measures.height, measures.weight),
    steps,
  });
}

/**
 * The spec's classes (section 9: under 18.5, normal 18.5 to 24.9, over 24.9) with bounds that leave no gap:
 * underweight below 18.5, normal from 18.5 to below 25, overweight from 25 (24.95 is normal).
 */
export function bmiClass(bmiValue: number): BmiClass {
  return bmiValue < 18.5 ? 'underweight' : bmiValue < 25 ? 'normal' : 'overweight';
}

/**
 * Body mass index (kg/m²), its class a step of the derivation. Quetelet's index; the cut-offs are the WHO's
 * (WHO. Obesity: preventing and managing the global epidemic. WHO Technical Report Series 894, 2000).
 */
export function bmi(input: BodyMeasures): Outcome<'kg/m2'> {
  const measures = readMeasures(input);
  if (Array.isArray(measures)) return refuse(measures);
  const metres = measures.height / 100;
  const value = measures.weight / metres ** 2;
  const cls = bmiClass(value);
  return derived(quantity(value, 'kg/m2'), {
    method: LABELS.bmi,
    formula: { en: 'BMI (kg/m²) = weight (kg) / height (m)²', tr: 'VKİ (kg/m²) = ağırlık (kg) / boy (m)²' },
    source: 'WHO Technical Report Series 894, 2000',
    inputs: measureInputs(measures.height, measures.weight),
    steps: [entry(LABELS.height_m, metres, 'm'), { label: LABELS.bmi_class, text: bmiClassEnum.labels[bmiClassEnum.values.indexOf(cls)] }],
  });
}

const CM_PER_INCH = 2.54;
const sexText = (sex: Sex) => LABELS[sex];

export interface SizedPatient extends BodyMeasures {
  sex: Sex;
}

/**
 * Ideal body weight by Devine: 50 kg (male) or 45.5 kg (female) + 2.3 kg per inch over 5 ft. Devine BJ.
 * Gentamicin therapy. Drug Intell Clin Pharm 1974;8:650–655. Below 5 ft the same line goes on down (2.3 kg
 * less per inch), with a warning: the formula was not made there, and a cap at 5 ft would overstate a small
 * patient's weight. A height where the line reaches 0 kg is refused.
 */
export function idealBodyWeight(input: Pick<SizedPatient, 'height' | 'sex'>): Outcome<'kg'> {
  const method = LABELS.ideal_weight;
  const height = readBody(input?.height, 'height');
  const sex = readSex(input?.sex, method);
  const problems = [height, sex].filter(isNotice);
  if (problems.length) return refuse(problems);
  const h = height as number;
  const s = sex as Sex;
  const inches = h / CM_PER_INCH;
  const base = s === 'male' ? 50 : 45.5;
  const value = base + 2.3 * (inches - 60);
  if (value <= 0) return refuse([notice('ideal_not_positive', 'height', say('ideal_not_positive', { height: quantity(h, 'cm') }))]);
  return derived(quantity(value, 'kg'), {
    method,
    formula: {
      en: 'IBW (kg) = 50 (male) or 45.5 (female) + 2.3 × (height (in) − 60)',
      tr: 'İVA (kg) = 50 (erkek) ya da 45,5 (kadın) + 2,3 × (boy (inç) − 60)',
    },
    source: 'Devine BJ. Drug Intell Clin Pharm 1974;8:650–655',
    inputs: [entry(LABELS.height, h, 'cm'), { label: LABELS.sex, text: sexText(s) }],
    steps: [entry(LABELS.height_in, inches, '[in_i]'), entry(LABELS.inches_over_60, inches - 60, '[in_i]')],
    warnings: inches < 60 ? [notice('devine_short', 'height', say('devine_short'))] : [],
  });
}

/**
 * Adjusted body weight: IBW + 0.4 × (actual − IBW). The 0.4 factor: Traynor AM, Nafziger AN, Bertino JS Jr.
 * Aminoglycoside dosing weight correction factors for patients of various body sizes. Antimicrob Agents
 * Chemother 1995;39(2):545–548. The formula alone; `dosingWeight` decides when it applies.
 */
export function adjustedBodyWeight(input: SizedPatient): Outcome<'kg'> {
  const ideal = idealBodyWeight(input);
  if (!ideal.ok) return ideal;
  const weight = readBody(input.weight, 'weight');
  if (isNotice(weight)) return refuse([weight]);
  const ibw = ideal.value.value;
  return derived(quantity(ibw + 0.4 * (weight - ibw), 'kg'), {
    method: LABELS.adjusted_weight,
    formula: { en: 'AdjBW (kg) = IBW + 0.4 × (actual weight − IBW)', tr: 'DVA (kg) = İVA + 0,4 × (gerçek ağırlık − İVA)' },
    source: 'Traynor AM, Nafziger AN, Bertino JS Jr. Antimicrob Agents Chemother 1995;39(2):545–548',
    inputs: [entry(LABELS.actual_weight, weight, 'kg'), entry(LABELS.ideal_weight, ibw, 'kg')],
    steps: [entry(same('actual − IBW'), weight - ibw, 'kg')],
    basedOn: [ideal],
  });
}

/** Which weight a protocol doses by (per kg, Cockcroft-Gault). */
export type WeightChoice = 'actual' | 'ideal' | 'adjusted';

const WEIGHT_CHOICE_TEXT: Record<WeightChoice, { method: Bilingual; formula: Bilingual }> = {
  actual: {
    method: { en: 'Dosing weight — actual', tr: 'Doz ağırlığı — gerçek' },
    formula: { en: 'The actual body weight', tr: 'Gerçek vücut ağırlığı' },
  },
  ideal: {
    method: { en: 'Dosing weight — ideal', tr: 'Doz ağırlığı — ideal' },
    formula: { en: 'IBW; the actual weight when it is lower', tr: 'İVA; daha düşükse gerçek ağırlık' },
  },
  adjusted: {
    method: { en: 'Dosing weight — adjusted', tr: 'Doz ağırlığı — düzeltilmiş' },
    formula: {
      en: 'Actual weight below IBW: actual; up to 120 % of IBW: IBW; above: AdjBW = IBW + 0.4 × (actual − IBW)',
      tr: 'Gerçek ağırlık İVA altında: gerçek; İVA’nın % 120’sine kadar: İVA; üstünde: DVA = İVA + 0,4 × (gerçek − İVA)',
    },
  },
};

/**
 * The weight a protocol doses by. `ideal` never exceeds the actual weight, and `adjusted` is used only above
 * 120 % of IBW (below it the ideal weight, or the actual when lower): the usual rule for Cockcroft-Gault in
 * obesity (Winter MA, Guhr KN, Berg GM. Impact of various body weights and serum creatinine concentrations on
 * the bias and accuracy of the Cockcroft-Gault equation. Pharmacotherapy 2012;32(7):604–612). Which rule
 * applied is an adjustment of the derivation, from the actual weight to the one used.
 */
export function dosingWeight(choice: WeightChoice, input: BodyMeasures & { sex?: Sex }): Outcome<'kg'> {
  if (!(choice in WEIGHT_CHOICE_TEXT)) return refuse([notice('unknown_choice', 'weight_choice', say('unknown_choice', { name: String(choice) }))]);
  const text = WEIGHT_CHOICE_TEXT[choice];
  const weight = readBody(input?.weight, 'weight');
  if (isNotice(weight)) return refuse([weight]);
  const actual = quantity(weight, 'kg');
  const common = { ...text, source: '', inputs: [entry(LABELS.actual_weight, weight, 'kg')] };
  if (choice === 'actual') return derived(actual, common);

  const ideal = idealBodyWeight({ height: input.height, sex: input.sex as Sex });
  if (!ideal.ok) return ideal;
  const ibw = ideal.value.value;
  const source = choice === 'ideal' ? 'Devine BJ. Drug Intell Clin Pharm 1974;8:650–655' : 'Winter MA, Guhr KN, Berg GM. Pharmacotherapy 2012;32(7):604–612';
  const used = (value: Quantity, why: MessageKey, basedOn: Calculated[]): Calculated<'kg'> => {
    const adjustment: Adjustment = { kind: 'weight_choice', note: say(why, { actual, ideal: ideal.value }), before: actual, after: value };
    return derived(quantity(value.value, 'kg'), { ...common, source, adjustments: [adjustment], basedOn });
  };
  if (weight < ibw) return used(actual, 'actual_below_ideal', [ideal]);
  if (choice === 'ideal' || weight <= 1.2 * ibw) return used(ideal.value, choice === 'ideal' ? 'ideal_used' : 'adjusted_not_needed', [ideal]);
  const adjusted = adjustedBodyWeight({ height: input.height, weight: input.weight, sex: input.sex as Sex });
  if (!adjusted.ok) return adjusted;
  return used(adjusted.value, 'adjusted_used', [adjusted]);
}
