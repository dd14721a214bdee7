// Spec section 5's change warning for a planned treatment: a drug day's dose or duration, a cycle's delay, the
// cycle length (period) or the cycle count moved by more than the protocol's change_warning_percent must be
// confirmed. A delay is measured against its cycle's length (7 days of a 21-day cycle is 33.3 %). Days are
// matched by line and day; a day added or removed is a new plan, not a changed one. The shape compared is small
// and plain so the server can build it from a stored treatment as well as from a plan.
import type { Protocol } from '../../generated/types/entities';
import type { Bilingual } from '../language';
import { quantity } from '../dosing/derivation';
import { changeBeyond, DEFAULT_CHANGE_WARNING_PERCENT } from '../percent-change';
import type { TreatmentPlan } from './plan';
import { tell } from './texts';


export interface ComparedDay {
  item_id: string;
  day: number;
  drug_name?: string;
  /** The calculated dose and its unit (mg, g, µg, IU, mL). */
  dose?: number;
  unit?: string;
  duration_minutes?: number;
}

export interface ComparedTreatment {
  cycle_count: number;
  cycle_length_days?: number;
  cycles: readonly { cycle_number: number; delay_days?: number; days: readonly ComparedDay[] }[];
}

export interface TreatmentChange {
  field: 'dose' | 'duration_minutes' | 'delay_days' | 'cycle_length_days' | 'cycle_count';
  cycle_number?: number;
  item_id?: string;
  day?: number;
  before: number;
  after: number;
  percent: number;
  message: Bilingual;
}

/** A plan's figures to compare: each medicine day's calculated dose and duration. */
export function comparedPlan(plan: TreatmentPlan): ComparedTreatment {
  return {
    cycle_count: plan.cycle_count,
    ...(plan.cycle_length_days === undefined ? {} : { cycle_length_days: plan.cycle_length_days }),
    cycles: plan.cycles.map((c) => ({
      cycle_number: c.cycle_number,
      days: c.days.map((d) => ({
        item_id: d.item_id,
        day: d.day,
        ...(d.drug_name === undefined ? {} : { drug_name: d.drug_name }),
        ...(d.dose ? { dose: d.dose.value.value, unit: d.dose.value.unit } : {}),
        ...(d.duration_minutes === undefined ? {} : { duration_minutes: d.duration_minutes }),
      })),
    })),
  };
}

/**
 * The changes from `before` to `after` beyond the protocol's percent (strictly more than it), each worded for
 * the confirmation: treatment fields first, then per cycle its delay and its days in order.
 */
export function treatmentChanges(before: ComparedTreatment, after: ComparedTreatment, protocol: Pick<Protocol, 'change_warning_percent'> = {}): TreatmentChange[] {
  const limit = protocol.change_warning_percent ?? DEFAULT_CHANGE_WARNING_PERCENT;
  const changes: TreatmentChange[] = [];
  const beyond = (was: number | undefined, now: number | undefined) => {
    if (was === undefined || now === undefined) return undefined;
    return changeBeyond(was, now, limit);
  };

  const treatmentField = (field: 'cycle_length_days' | 'cycle_count', key: 'change_cycle_length' | 'change_cycle_count') => {
    const [was, now] = [before[field], after[field]];
    const percent = beyond(was, now);
    if (percent !== undefined) changes.push({ field, before: was!, after: now!, percent, message: tell(key, { before: was!, after: now!, percent, limit }) });
  };
  treatmentField('cycle_length_days', 'change_cycle_length');
  treatmentField('cycle_count', 'change_cycle_count');

  const length = after.cycle_length_days ?? before.cycle_length_days;
  for (const cycle of after.cycles) {
    const old = before.cycles.find((c) => c.cycle_number === cycle.cycle_number);
    if (!old) continue;
    const cycle_number = cycle.cycle_number;
    const added = (cycle.delay_days ?? 0) - (old.delay_days ?? 0);
    const delayPercent = length === undefined || added <= 0 ? undefined : beyond(length, length + added);
    if (delayPercent !== undefined)
      changes.push({
        field: 'delay_days',
        cycle_number,
        before: old.delay_days ?? 0,
        after: cycle.delay_days ?? 0,
        percent: delayPercent,
        message: tell('change_delay', { cycle: cycle_number, after: added, length: length!, percent: delayPercent, limit }),
      });
    for (const day of cycle.days) {
      const was = old.days.find((d) => d.item_id === day.item_id && d.day === day.day);
      if (!was) continue;
      const at = { cycle_number, item_id: day.item_id, day: day.day };
      const words = { cycle: cycle_number, day: day.day, drug: day.drug_name ?? '', limit };
      // A dose in another unit is not a change of the same dose; the planner's unit change is seen elsewhere.
      const dosePercent = was.unit === day.unit ? beyond(was.dose, day.dose) : undefined;
      if (dosePercent !== undefined) {
        const unit = day.unit ?? '';
        const [b, a] = [quantity(was.dose!, unit), quantity(day.dose!, unit)];
        changes.push({ field: 'dose', ...at, before: b.value, after: a.value, percent: dosePercent, message: tell('change_dose', { ...words, before: b, after: a, percent: dosePercent }) });
      }
      const durationPercent = beyond(was.duration_minutes, day.duration_minutes);
      if (durationPercent !== undefined)
        changes.push({
          field: 'duration_minutes',
          ...at,
          before: was.duration_minutes!,
          after: day.duration_minutes!,
          percent: durationPercent,
          message: tell('change_duration', { ...words, before: was.duration_minutes!, after: day.duration_minutes!, percent: durationPercent }),
        });
    }
  }
  return changes;
}

/**
 * A drug day's dose measured from its reference — the dose percent a doctor last confirmed, else the protocol's
 * 100 % — rather than from the step before: 100 → 85 → 70 → 58 → 48 % is a 52 % reduction although no step is
 * 20 %, and it asks for confirmation at 70 %. `dose` is the day's new dose (at `percent`), in `unit`.
 */
export function doseDrift(
  at: { cycle_number: number; item_id: string; day: number; drug_name?: string },
  dose: { value: number; unit: string; percent: number; reference: number },
  protocol: Pick<Protocol, 'change_warning_percent'> = {},
): TreatmentChange | undefined {
  const limit = protocol.change_warning_percent ?? DEFAULT_CHANGE_WARNING_PERCENT;
  const percent = changeBeyond(dose.reference, dose.percent, limit);
  if (percent === undefined) return undefined;
  const [before, after] = [quantity((dose.value * dose.reference) / dose.percent, dose.unit), quantity(dose.value, dose.unit)];
  const { drug_name, ...where } = at;
  return {
    field: 'dose',
    ...where,
    before: before.value,
    after: after.value,
    percent,
    message: tell('change_dose', { cycle: at.cycle_number, day: at.day, drug: drug_name ?? '', limit, before, after, percent }),
  };
}
