// A treatment planned from a published protocol version: its cycles (dated from the start by the cycle length),
// each cycle's days of every line (counted from the cycle's or the treatment's first day), and for each drug or
// premedication day its dose by src/domain/dosing with the whole derivation, the measurement dates among its
// inputs, so a second person can check it. Laboratory, note and message lines appear on their days without a
// dose. A dose that cannot be calculated carries its problems instead (a missing creatinine, a lifetime limit
// passed); the rest of the plan still stands.
import type { Patient, PatientMeasurement, Protocol, ProtocolDrug } from '../../generated/types/entities';
import {
  bsa,
  type Calculated,
  CALVERT_GFR_CAP,
  calculateDose,
  cockcroftGault,
  type CreatinineUnit,
  type DoseOrder,
  type DoseUnit,
  dosingWeight,
  type Entry,
  type GivenDose,
  type Notice,
  type Outcome,
  type Sex,
} from '../dosing';
import { notice } from '../dosing/checks';
import { derived, entry, quantity } from '../dosing/derivation';
import { LABELS as DOSING_LABELS, fill, say } from '../dosing/texts';
import { convert, unitSymbol } from '../units';
import { addDays, ageOn, dayText } from './dates';
import { LABELS, tell } from './texts';

export interface DatedValue {
  value: number;
  date: string;
}

/** The patient's latest measures, each with its date: weight kg, height cm, creatinine in mg/dL or µmol/L. */
export interface PlanMeasures {
  weight?: DatedValue;
  height?: DatedValue;
  creatinine?: DatedValue & { unit: CreatinineUnit };
}

type StoredMeasurement = Pick<PatientMeasurement, 'measurement_date' | 'weight' | 'height' | 'creatinine' | 'creatinine_date'>;

/** A stored measurement's measures: weight and height dated by measurement_date, creatinine (mg/dL) by its own date. */
export function measuresOf(m: StoredMeasurement): PlanMeasures {
  return {
    ...(m.weight === undefined ? {} : { weight: { value: m.weight, date: m.measurement_date } }),
    ...(m.height === undefined ? {} : { height: { value: m.height, date: m.measurement_date } }),
    ...(m.creatinine === undefined || !m.creatinine_date ? {} : { creatinine: { value: m.creatinine, unit: 'mg/dL' as const, date: m.creatinine_date } }),
  };
}

/** A dose of a drug the patient was given before (for lifetime limits). */
export interface PriorDose extends GivenDose {
  drug_name: string;
}

export interface PlanInput {
  /** The document of the published protocol version. */
  protocol: Protocol;
  patient: Pick<Patient, 'gender' | 'date_of_birth'>;
  measures: PlanMeasures;
  start_date: string;
  /** Dose percent per protocol line (item_id), e.g. 80 after a reduction; 100 when absent. */
  percent?: Readonly<Record<string, number>>;
  history?: readonly PriorDose[];
}

export interface PlannedDay {
  item_id: string;
  item_type: ProtocolDrug['item_type'];
  cycle_number: number;
  /** The day in its cycle, 1 = the cycle's first day. */
  day: number;
  planned_date: string;
  drug_name?: string;
  dosage?: number;
  unit?: ProtocolDrug['unit'];
  dose_percent?: number;
  duration_minutes?: number;
  lab_test?: string;
  text?: string;
  /** A drug's or premedication's dose with its derivation. */
  dose?: Calculated;
  /** Why a drug's dose could not be calculated. */
  problems: Notice[];
}

export interface PlannedCycle {
  cycle_number: number;
  planned_date: string;
  days: PlannedDay[];
}

export interface TreatmentPlan {
  protocol_id: string;
  protocol_version?: number;
  start_date: string;
  cycle_count: number;
  cycle_length_days?: number;
  /** Age in completed years on the start date, which the renal formulas use. */
  age?: number;
  cycles: PlannedCycle[];
  /** What stops the whole plan (cycles without a length). */
  problems: Notice[];
}

/** How a protocol line's unit orders the dose, and the unit it is given in. */
const ORDER_OF: Record<NonNullable<ProtocolDrug['unit']>, { basis: DoseOrder['basis']; unit: DoseUnit | 'mL' }> = {
  mg_m2: { basis: 'per_m2', unit: 'mg' },
  g_m2: { basis: 'per_m2', unit: 'g' },
  mcg_m2: { basis: 'per_m2', unit: 'ug' },
  iu_m2: { basis: 'per_m2', unit: '[iU]' },
  mg_kg: { basis: 'per_kg', unit: 'mg' },
  mg: { basis: 'flat', unit: 'mg' },
  g: { basis: 'flat', unit: 'g' },
  mcg: { basis: 'flat', unit: 'ug' },
  iu: { basis: 'flat', unit: '[iU]' },
  ml: { basis: 'flat', unit: 'mL' },
  auc: { basis: 'auc', unit: 'mg' },
};

const isMedicine = (line: ProtocolDrug) => line.item_type === 'drug' || line.item_type === 'premedication';
// Drug names are international (INN): compared without case in English, where I and i are one letter (not in Turkish).
const sameDrug = (a: string, b: string) => a.trim().localeCompare(b.trim(), 'en', { sensitivity: 'accent' }) === 0;

/** The body size and renal figures every dose of the plan shares, each an outcome with its derivation. */
interface Figures {
  bsa: Outcome<'m2'>;
  weight: Outcome<'kg'>;
  gfr: Outcome<'mL/min'>;
}

function figures(input: PlanInput, age: number | undefined): Figures {
  const { protocol, measures, patient } = input;
  const height = measures.height && quantity(measures.height.value, 'cm' as const);
  const weight = measures.weight && quantity(measures.weight.value, 'kg' as const);
  const sex = patient.gender === 'female' || patient.gender === 'male' ? (patient.gender as Sex) : undefined;
  return {
    bsa: bsa({ height: height!, weight: weight! }, protocol.bsa_formula ?? 'mosteller'),
    // A dose per kg is by the actual weight; the protocol's weight choice is Cockcroft-Gault's (its schema).
    weight: dosingWeight('actual', { height: height!, weight: weight! }),
    gfr: cockcroftGault({
      age: quantity(age as number, 'a'),
      sex: sex as Sex,
      creatinine: measures.creatinine && quantity(measures.creatinine.value, measures.creatinine.unit),
      weight: weight!,
      height,
      weightChoice: protocol.renal_weight ?? 'actual',
    } as Parameters<typeof cockcroftGault>[0]),
  };
}

/** The dated facts a dose rests on, as inputs of its derivation: the measurements' dates and the age's. */
function datedInputs(input: PlanInput, basis: DoseOrder['basis'], perM2Limit: boolean, age: number | undefined): Entry[] {
  const { measures, protocol, patient, start_date } = input;
  const text = (label: typeof LABELS.weight_date, date: string | undefined): Entry[] => (date ? [{ label, text: dayText(date) }] : []);
  const bySurface = basis === 'per_m2' || perM2Limit;
  const renal = basis === 'auc';
  return [
    ...(bySurface || renal || basis === 'per_kg' ? text(LABELS.weight_date, measures.weight?.date) : []),
    ...(bySurface || (renal && (protocol.renal_weight ?? 'actual') !== 'actual') ? text(LABELS.height_date, measures.height?.date) : []),
    ...(renal ? text(LABELS.creatinine_date, measures.creatinine?.date) : []),
    ...(renal ? text(LABELS.birth_date, patient.date_of_birth) : []),
    ...(renal && age !== undefined ? [entry(fill(LABELS.age_on, { date: dayText(start_date) }), age, 'a')] : []),
  ];
}

/** A volume (mL) is given as the protocol writes it, by the dose percent; dosing's units are amounts of drug. */
function volumeDose(line: ProtocolDrug, percent: number): Outcome {
  const volume = line.dosage as number;
  const after = (volume * percent) / 100;
  const adjustments = percent === 100 ? [] : [{ kind: 'percent' as const, note: say('percent', { percent }), before: quantity(volume, 'mL'), after: quantity(after, 'mL') }];
  return derived(quantity(after, 'mL'), {
    method: { en: `Dose — ${line.drug_name}`, tr: `Doz — ${line.drug_name}` },
    formula: tell('volume_formula'),
    source: '',
    inputs: [entry(LABELS.protocol_volume, volume, 'mL'), ...(percent === 100 ? [] : [entry(DOSING_LABELS.percent, percent, '%')])],
    adjustments,
  });
}

/** An amount in mg (the protocol's cap and lifetime limit) in the line's unit, or undefined when it has none. */
function inUnit(mg: number, unit: DoseUnit): number | undefined {
  const c = convert(mg, 'mg', unit);
  return c.ok ? c.value : undefined;
}

/** One medicine day's dose, given the plan's figures and the doses counted before it. */
function lineDose(input: PlanInput, line: ProtocolDrug, figs: Figures, history: readonly GivenDose[], age: number | undefined): Outcome {
  const percent = input.percent?.[line.item_id] ?? 100;
  const how = ORDER_OF[line.unit as NonNullable<ProtocolDrug['unit']>];
  const name = line.drug_name ?? '';
  // A published protocol has passed its schema; a line without a known unit or dose still gets a problem, not a crash.
  if (!how || typeof line.dosage !== 'number') return { ok: false, problems: [notice('needs', 'unit', say('needs', { what: { en: 'a dose and its unit', tr: 'bir doz ve birimi' } }))] };
  const hasLimits = line.max_dose !== undefined || line.lifetime_limit !== undefined;
  if (how.unit === 'mL' && !hasLimits) return volumeDose(line, percent);
  const unit = how.unit as DoseUnit;
  const cap = line.max_dose === undefined ? undefined : inUnit(line.max_dose, unit);
  const limit = line.lifetime_limit && inUnit(line.lifetime_limit.amount, unit);
  if (how.unit === 'mL' || (line.max_dose !== undefined && cap === undefined) || (line.lifetime_limit && limit === undefined))
    return { ok: false, problems: [notice('cap_unit', 'max_dose', tell('cap_unit', { drug: name, unit: unitSymbol(how.unit) }))] };

  const amount = line.dosage;
  const order: DoseOrder = how.basis === 'auc' ? { basis: 'auc', auc: amount, gfrCap: input.protocol.gfr_cap ?? CALVERT_GFR_CAP } : { basis: how.basis, amount };
  const perM2Limit = line.lifetime_limit?.per === 'm2';
  // The figure the order needs, refused: its own problems say what is missing (the creatinine, the height).
  const needed = [how.basis === 'per_m2' || perM2Limit ? figs.bsa : undefined, how.basis === 'per_kg' ? figs.weight : undefined, how.basis === 'auc' ? figs.gfr : undefined];
  const refused = needed.flatMap((o) => (o && !o.ok ? o.problems : []));
  if (refused.length) return { ok: false, problems: refused.filter((p, i) => refused.findIndex((o) => o.code === p.code && o.field === p.field) === i) };

  const ok = <U extends string>(o: Outcome<U>) => (o.ok ? o : undefined);
  const dose = calculateDose({
    drug: {
      name,
      unit,
      ...(cap === undefined ? {} : { maxSingleDose: cap }),
      ...(limit === undefined ? {} : { lifetimeLimit: { value: limit, per: line.lifetime_limit!.per } }),
      ...(line.dose_rounding ? { rounding: line.dose_rounding } : {}),
    },
    order,
    percent,
    bsa: ok(figs.bsa),
    weight: ok(figs.weight),
    gfr: ok(figs.gfr),
    history,
  });
  if (!dose.ok) return dose;
  dose.derivation.inputs = [...datedInputs(input, how.basis, perM2Limit, age), ...dose.derivation.inputs];
  return dose;
}

/** A protocol line's days as (cycle, day in cycle): every cycle's days, or the treatment's days in the cycle that holds them. */
function lineDays(line: ProtocolDrug, cycleCount: number, length: number): { cycle: number; day: number }[] {
  if (line.starting_date_type === 'cycle_start') return Array.from({ length: cycleCount }, (_, i) => line.day_list.map((day) => ({ cycle: i + 1, day }))).flat();
  // A treatment day after the last cycle's span belongs to the last cycle (a follow-up test).
  return line.day_list.map((d) => {
    const cycle = Math.min(Math.floor((d - 1) / length) + 1, cycleCount);
    return { cycle, day: d - (cycle - 1) * length };
  });
}

/** The treatment's cycles and their days with every dose, from the protocol version, the patient and the start. */
export function planTreatment(input: PlanInput): TreatmentPlan {
  const { protocol, start_date } = input;
  const cycleCount = protocol.cycle_count ?? 1;
  const length = protocol.cycle_length_days;
  const base = { protocol_id: protocol.protocol_id, ...(protocol.version === undefined ? {} : { protocol_version: protocol.version }), start_date, cycle_count: cycleCount };
  if (length === undefined && cycleCount > 1) return { ...base, cycles: [], problems: [notice('cycles_need_length', 'cycle_length_days', tell('cycles_need_length', { count: cycleCount }))] };
  const span = length ?? Number.MAX_SAFE_INTEGER;
  const cycleDate = (n: number) => addDays(start_date, (n - 1) * span);
  const age = input.patient.date_of_birth ? ageOn(input.patient.date_of_birth, start_date) : undefined;
  const figs = figures(input, age);

  const days: (PlannedDay & { line: ProtocolDrug; order: number })[] = protocol.drug_list.flatMap((line, order) =>
    lineDays(line, cycleCount, span).map(({ cycle, day }) => ({
      line,
      order,
      item_id: line.item_id,
      item_type: line.item_type,
      cycle_number: cycle,
      day,
      planned_date: addDays(cycleDate(cycle), day - 1),
      ...(line.drug_name === undefined ? {} : { drug_name: line.drug_name }),
      ...(line.dosage === undefined ? {} : { dosage: line.dosage }),
      ...(line.unit === undefined ? {} : { unit: line.unit }),
      ...(isMedicine(line) ? { dose_percent: input.percent?.[line.item_id] ?? 100 } : {}),
      ...(line.duration_minutes === undefined ? {} : { duration_minutes: line.duration_minutes }),
      ...(line.lab_test === undefined ? {} : { lab_test: line.lab_test }),
      ...(line.text === undefined ? {} : { text: line.text }),
      problems: [],
    })),
  );
  // Doses in date order, each counting the plan's earlier doses of its drug with the patient's history, so a
  // lifetime limit that a later cycle would pass is found on that cycle.
  days.sort((a, b) => a.planned_date.localeCompare(b.planned_date) || a.order - b.order);
  const counted: PriorDose[] = [...(input.history ?? [])];
  for (const d of days) {
    if (!isMedicine(d.line)) continue;
    const dose = lineDose(input, d.line, figs, counted.filter((h) => sameDrug(h.drug_name, d.drug_name ?? '')), age);
    if (!dose.ok) {
      d.problems = dose.problems;
      continue;
    }
    d.dose = dose;
    if (dose.value.unit !== 'mL')
      counted.push({ drug_name: d.drug_name ?? '', date: d.planned_date, planned: true, dose: dose.value as GivenDose['dose'], ...(figs.bsa.ok ? { bsa: figs.bsa.value } : {}) });
  }
  const cycles = Array.from({ length: cycleCount }, (_, i) => ({
    cycle_number: i + 1,
    planned_date: cycleDate(i + 1),
    days: days.filter((d) => d.cycle_number === i + 1).map(({ line: _line, order: _order, ...day }) => day),
  }));
  return { ...base, ...(length === undefined ? {} : { cycle_length_days: length }), ...(age === undefined ? {} : { age }), cycles, problems: [] };
}
