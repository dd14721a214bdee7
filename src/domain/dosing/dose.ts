// A drug's dose for one administration: from the protocol's order (per m², per kg, flat, or a carboplatin AUC
// by Calvert), then the dose percent, the drug's rounding or dose band, its single-dose cap and its lifetime
// limit over the patient's earlier doses. Rounding comes before the cap, so a capped dose is the cap itself and
// no rounding can carry a dose past it; a lifetime limit that this dose would pass is a refusal, not a quiet
// reduction: the prescriber decides (a lower percent, another drug).
import type { Bilingual } from '../language';
import { convert, unitSymbol } from '../units';
import { isNotice, notice as problem, readPositive } from './checks';
import { type Adjustment, type Calculated, derived, type Entry, entry, type Notice, type Outcome, type Quantity, quantity, refuse, type SquareMetres } from './derivation';
import { fill, LABELS, say } from './texts';

/** The units a dose is written and given in: every amount of a drug's rule is in its unit. */
export type DoseUnit = 'mg' | 'g' | 'ug' | '[iU]';

/** A dose band: a calculated dose from `from` up to (not including) `to` is given as `dose`. */
export interface DoseBand {
  from: number;
  to: number;
  dose: number;
}

/** Rounding to the nearest multiple of a step (e.g. 5 mg; halves go up), or a table of dose bands. */
export type Rounding = { step: number } | { bands: readonly DoseBand[] };

export interface DrugRule {
  name: string;
  unit: DoseUnit;
  /** The largest single dose (vincristine: 2 mg). */
  maxSingleDose?: number;
  /** The most a patient may receive in a lifetime, per m² or in total (doxorubicin: 550 mg/m²). */
  lifetimeLimit?: { value: number; per: 'm2' | 'total' };
  rounding?: Rounding;
}

/** What the protocol orders: an amount per m² or per kg (of the drug's unit), a flat amount, or a target AUC. */
export type DoseOrder =
  | { basis: 'per_m2'; amount: number }
  | { basis: 'per_kg'; amount: number }
  | { basis: 'flat'; amount: number }
  /** Target AUC in mg/mL·min; the GFR is capped at `gfrCap` mL/min (125 unless the protocol says otherwise). */
  | { basis: 'auc'; auc: number; gfrCap?: number };

/** A dose the patient was given; a lifetime limit per m² needs the body surface area of that day. */
export interface GivenDose {
  date: string;
  dose: Quantity<DoseUnit>;
  bsa?: SquareMetres;
  /** An earlier dose of the same treatment plan, not yet given: counted, and named as planned. */
  planned?: boolean;
}

export interface DoseRequest {
  drug: DrugRule;
  order: DoseOrder;
  /** The dose after a reduction (or an increase), in percent of the order; 100 when absent. */
  percent?: number;
  bsa?: Calculated<'m2'>;
  /** The dosing weight the protocol chose (`dosingWeight`). */
  weight?: Calculated<'kg'>;
  /** An absolute GFR or creatinine clearance (mL/min): Cockcroft-Gault, or an eGFR through `absoluteGfr`. */
  gfr?: Calculated<'mL/min'>;
  /** This drug's earlier doses. */
  history?: readonly GivenDose[];
}

/** The GFR cap of the FDA's and NCI CTEP's 2010 carboplatin letter: a dose of at most AUC × 150 mg. */
export const CALVERT_GFR_CAP = 125;

const DOSE_UNITS: readonly DoseUnit[] = ['mg', 'g', 'ug', '[iU]'];

/** The problems of a drug's rule: positive amounts, bands that run upwards without overlapping. */
function ruleProblems(drug: DrugRule): Notice[] {
  const problems: (Notice | number)[] = [];
  if (!DOSE_UNITS.includes(drug?.unit)) return [problem('unit', 'unit', say('unit', { what: { en: 'Dose unit', tr: 'Doz birimi' }, units: DOSE_UNITS.map((u) => unitSymbol(u)).join(', ') }))];
  if (drug.maxSingleDose !== undefined) problems.push(readPositive(drug.maxSingleDose, 'max_single_dose', { en: 'Maximum single dose', tr: 'Tek doz üst sınırı' }));
  if (drug.lifetimeLimit !== undefined) problems.push(readPositive(drug.lifetimeLimit?.value, 'lifetime_limit', LABELS.lifetime_limit));
  const rounding = drug.rounding;
  if (rounding && 'step' in rounding) problems.push(readPositive(rounding.step, 'rounding', { en: 'Rounding step', tr: 'Yuvarlama adımı' }));
  if (rounding && 'bands' in rounding) {
    const sorted = [...rounding.bands].sort((a, b) => a.from - b.from);
    const valid = sorted.every((b, i) => b.from >= 0 && b.to > b.from && b.dose > 0 && (i === 0 || b.from >= sorted[i - 1].to));
    if (!valid || sorted.length === 0) problems.push(problem('bands', 'rounding', say('bands')));
  }
  return problems.filter(isNotice);
}

/** The value on the step's grid, without the float's tail (2.6000000000000005 → 2.6). */
function roundToStep(value: number, step: number): number {
  const decimals = (String(step).split('.')[1] ?? '').length;
  return Number((Math.round(value / step) * step).toFixed(decimals));
}

interface Base {
  value: number;
  formula: Bilingual;
  source: string;
  inputs: Entry[];
  steps: Entry[];
  adjustments: Adjustment[];
  basedOn: Calculated[];
}

/** The dose the order gives before percent, rounding and caps; or the problems. */
function baseDose(req: DoseRequest): Base | Notice[] {
  const { order, drug } = req;
  const unit = drug.unit;
  const u = unitSymbol(unit);
  const needs = (what: Bilingual, field: string) => [problem('needs', field, say('needs', { what }))];
  if (order?.basis === 'auc') {
    const problems = [readPositive(order.auc, 'auc', LABELS.auc), readPositive(order.gfrCap ?? CALVERT_GFR_CAP, 'gfr_cap', { en: 'GFR cap', tr: 'GFR üst sınırı' })].filter(isNotice);
    if (unit !== 'mg') problems.push(problem('auc_unit', 'unit', say('auc_unit', { unit: u })));
    if (req.gfr?.value.unit !== 'mL/min') problems.push(...needs({ en: 'the GFR in mL/min', tr: 'mL/dk cinsinden GFR' }, 'gfr'));
    if (problems.length) return problems;
    const gfr = req.gfr!;
    const cap = order.gfrCap ?? CALVERT_GFR_CAP;
    const used = Math.min(gfr.value.value, cap);
    const adjustments: Adjustment[] =
      used < gfr.value.value
        ? [{ kind: 'gfr_cap', note: say('gfr_cap', { cap: quantity(cap, 'mL/min'), before: gfr.value }), before: gfr.value, after: quantity(used, 'mL/min') }]
        : [];
    // Calvert AH, Newell DR, Gumbrell LA, et al. Carboplatin dosage: prospective evaluation of a simple formula
    // based on renal function. J Clin Oncol 1989;7(11):1748–1756.
    return {
      value: order.auc * (used + 25),
      formula: { en: 'Dose (mg) = target AUC (mg/mL·min) × (GFR (mL/min) + 25)', tr: 'Doz (mg) = hedef EAA (mg/mL·dk) × (GFR (mL/dk) + 25)' },
      source: 'Calvert AH, Newell DR, Gumbrell LA, et al. J Clin Oncol 1989;7(11):1748–1756; GFR cap: US FDA and NCI CTEP carboplatin dosing letter, 2010',
      inputs: [entry(LABELS.auc, order.auc, 'mg.min/mL'), entry(LABELS.gfr, gfr.value.value, 'mL/min'), entry({ en: 'GFR cap', tr: 'GFR üst sınırı' }, cap, 'mL/min')],
      steps: [entry(LABELS.gfr_used, used, 'mL/min'), entry(LABELS.gfr_plus_25, used + 25, 'mL/min')],
      adjustments,
      basedOn: [gfr],
    };
  }
  if (order?.basis === 'per_m2' || order?.basis === 'per_kg') {
    const perM2 = order.basis === 'per_m2';
    const label = perM2 ? LABELS.dose_per_m2 : LABELS.dose_per_kg;
    const amount = readPositive(order.amount, 'amount', label);
    const size = perM2 ? req.bsa : req.weight;
    const problems = [amount].filter(isNotice);
    if (!size?.ok) problems.push(...(perM2 ? needs(LABELS.bsa, 'bsa') : needs(LABELS.dosing_weight, 'weight')));
    if (problems.length) return problems;
    const per = perM2 ? 'm2' : 'kg';
    return {
      value: (amount as number) * size!.value.value,
      formula: perM2
        ? { en: `Dose (${u}) = dose per m² (${u}/m²) × BSA (m²)`, tr: `Doz (${u}) = m² başına doz (${u}/m²) × VYA (m²)` }
        : { en: `Dose (${u}) = dose per kg (${u}/kg) × dosing weight (kg)`, tr: `Doz (${u}) = kg başına doz (${u}/kg) × doz ağırlığı (kg)` },
      // Pinkel D. The use of body surface area as a criterion of drug dosage in cancer chemotherapy. Cancer Res
      // 1958;18(7):853–856.
      source: perM2 ? 'Pinkel D. Cancer Res 1958;18(7):853–856' : '',
      inputs: [entry(label, amount as number, `${unit}/${per}`), entry(perM2 ? LABELS.bsa : LABELS.dosing_weight, size!.value.value, size!.value.unit)],
      steps: [],
      adjustments: [],
      basedOn: [size!],
    };
  }
  if (order?.basis === 'flat') {
    const amount = readPositive(order.amount, 'amount', LABELS.flat_dose);
    if (isNotice(amount)) return [amount];
    return {
      value: amount,
      formula: { en: `Dose (${u}) = the protocol’s flat dose`, tr: `Doz (${u}) = protokolün sabit dozu` },
      source: '',
      inputs: [entry(LABELS.flat_dose, amount, unit)],
      steps: [],
      adjustments: [],
      basedOn: [],
    };
  }
  return [problem('needs', 'basis', say('needs', { what: { en: 'a dose basis (per m², per kg, flat or AUC)', tr: 'bir doz temeli (m² başına, kg başına, sabit ya da EAA)' } }))];
}

/** The dose by the drug's rounding step or band, with its adjustment; or the problem of a dose no band holds. */
function rounded(value: number, drug: DrugRule): { value: number; adjustment?: Adjustment } | Notice {
  const rounding = drug.rounding;
  if (!rounding) return { value };
  const before = quantity(value, drug.unit);
  if ('step' in rounding) {
    const after = quantity(roundToStep(value, rounding.step), drug.unit);
    return { value: after.value, adjustment: { kind: 'rounding', note: say('rounding', { step: quantity(rounding.step, drug.unit), before, after }), before, after } };
  }
  const band = rounding.bands.find((b) => value >= b.from && value < b.to);
  if (!band) return problem('no_band', 'rounding', say('no_band', { drug: drug.name, dose: before }));
  const after = quantity(band.dose, drug.unit);
  return {
    value: band.dose,
    adjustment: { kind: 'band', note: say('band', { from: band.from, to: quantity(band.to, drug.unit), before, after }), before, after },
  };
}

/**
 * The lifetime limit's count: each earlier dose (in the drug's unit; per m² by that day's body surface) and this
 * one, as steps of the derivation; or the problem when the total would pass the limit.
 */
function lifetimeCheck(dose: number, req: DoseRequest): Entry[] | Notice[] {
  const { drug } = req;
  const limit = drug.lifetimeLimit!;
  const perM2 = limit.per === 'm2';
  const unit = perM2 ? `${drug.unit}/m2` : drug.unit;
  if (perM2 && !req.bsa?.ok) return [problem('needs', 'bsa', say('needs', { what: LABELS.bsa }))];
  const problems: Notice[] = [];
  const priors: Entry[] = [];
  let prior = 0;
  for (const given of req.history ?? []) {
    const converted = convert(given.dose?.value, given.dose?.unit, drug.unit);
    if (!converted.ok) {
      problems.push(problem('unit', 'history', converted.message));
      continue;
    }
    if (perM2 && !(typeof given.bsa?.value === 'number' && given.bsa.value > 0)) {
      problems.push(problem('history_bsa', 'history', say('history_bsa', { date: given.date })));
      continue;
    }
    const amount = perM2 ? converted.value / given.bsa!.value : converted.value;
    prior += amount;
    priors.push(entry(fill(given.planned ? LABELS.planned_dose : LABELS.prior_dose, { date: given.date }), amount, unit));
  }
  if (problems.length) return problems;
  const now = perM2 ? dose / req.bsa!.value.value : dose;
  const total = prior + now;
  // A hair of tolerance: 450 + 100 must not pass 550 through a float's last digit.
  if (total - limit.value > 1e-9 * limit.value) {
    const q = (v: number) => quantity(v, unit);
    return [
      problem(
        'lifetime_limit',
        'history',
        say('lifetime_limit', { drug: drug.name, limit: q(limit.value), prior: q(prior), dose: q(now), total: q(total), over: q(total - limit.value) }),
      ),
    ];
  }
  return [
    ...priors,
    entry(LABELS.prior_total, prior, unit),
    entry(LABELS.this_dose, now, unit),
    entry(LABELS.total_after, total, unit),
    entry(LABELS.lifetime_limit, limit.value, unit),
  ];
}

/** One administration's dose of a drug, with its derivation; or the problems that stop it. */
export function calculateDose(req: DoseRequest): Outcome<DoseUnit> {
  const drug = req?.drug;
  const problems = ruleProblems(drug);
  const percent = req.percent === undefined ? 100 : readPositive(req.percent, 'percent', LABELS.percent);
  if (isNotice(percent)) problems.push(percent);
  if (problems.length) return refuse(problems);
  const base = baseDose(req);
  if (Array.isArray(base)) return refuse(base);

  const unit = drug.unit;
  const adjustments = [...base.adjustments];
  const steps = [...base.steps, entry(LABELS.calculated_dose, base.value, unit)];
  let value = base.value;
  if (percent !== 100) {
    const after = (value * (percent as number)) / 100;
    adjustments.push({ kind: 'percent', note: say('percent', { percent: percent as number }), before: quantity(value, unit), after: quantity(after, unit) });
    value = after;
  }
  const round = rounded(value, drug);
  if (isNotice(round)) return refuse([round]);
  if (round.adjustment) adjustments.push(round.adjustment);
  value = round.value;
  if (drug.maxSingleDose !== undefined && value > drug.maxSingleDose) {
    const cap = quantity(drug.maxSingleDose, unit);
    const before = quantity(value, unit);
    adjustments.push({ kind: 'dose_cap', note: say('dose_cap', { cap, before, by: quantity(value - cap.value, unit) }), before, after: cap });
    value = cap.value;
  }
  if (drug.lifetimeLimit) {
    const counted = lifetimeCheck(value, req);
    if (counted.some(isNotice)) return refuse(counted as Notice[]);
    steps.push(...(counted as Entry[]));
  }
  return derived(quantity(value, unit), {
    method: { en: `Dose — ${drug.name}`, tr: `Doz — ${drug.name}` },
    formula: base.formula,
    source: base.source,
    inputs: [...base.inputs, ...(percent === 100 ? [] : [entry(LABELS.percent, percent as number, '%')])],
    steps,
    adjustments,
    // A lifetime limit per m² counts this dose by the BSA, whatever the order's basis.
    basedOn: drug.lifetimeLimit?.per === 'm2' && !base.basedOn.includes(req.bsa!) ? [...base.basedOn, req.bsa!] : base.basedOn,
  });
}
