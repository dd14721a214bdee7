// The plan's warnings of spec section 5: measurements and a start date older than 30 days, the measurement
// dates it requires, a creatinine an AUC dose needs but the patient lacks, and every dose cap and lifetime
// limit that applied. Days are calendar days in the hospital's time zone (docs/decisions.md, "30 days").
import type { Notice } from '../dosing';
import { LABELS as DOSING_LABELS } from '../dosing/texts';
import type { Bilingual } from '../language';
import { calendarDay, dayText, daysBetween, DEFAULT_TIME_ZONE } from './dates';
import type { PlanMeasures, PlannedDay, TreatmentPlan } from './plan';
import { tell } from './texts';

/** error: no dose or no valid plan until it is fixed; warning: must be seen before approval; info: for the record. */
export type Severity = 'error' | 'warning' | 'info';

export interface PlanWarning {
  code: string;
  severity: Severity;
  /** The input it concerns: weight, height, creatinine, start_date, or a drug day's dose. */
  field: string;
  message: Bilingual;
  cycle_number?: number;
  item_id?: string;
  day?: number;
}

/** A measurement or a start older than this many calendar days is flagged (spec section 5). */
export const STALE_AFTER_DAYS = 30;

export interface WarningInput {
  plan: TreatmentPlan;
  measures: PlanMeasures;
  now: Date;
  timeZone?: string;
}

const dayWarning = (d: PlannedDay, code: string, severity: Severity, note: Bilingual): PlanWarning => ({
  code,
  severity,
  field: 'dose',
  message: tell(code === 'lifetime_limit' ? 'refused' : 'capped', { cycle: d.cycle_number, day: d.day, drug: d.drug_name ?? '', note }),
  cycle_number: d.cycle_number,
  item_id: d.item_id,
  day: d.day,
});

/** Old, undated or missing measurements and an old start date. */
function dateWarnings({ plan, measures, now, timeZone = DEFAULT_TIME_ZONE }: WarningInput): PlanWarning[] {
  const today = calendarDay(now, timeZone);
  const warnings: PlanWarning[] = [];
  const age = (date: string) => daysBetween(date, today);
  for (const field of ['weight', 'height', 'creatinine'] as const) {
    const m = measures[field];
    if (!m) continue;
    if (!m.date) warnings.push({ code: 'date_required', severity: 'error', field, message: tell('date_required', { what: DOSING_LABELS[field] }) });
    else if (age(m.date) > STALE_AFTER_DAYS)
      warnings.push({ code: `${field}_old`, severity: 'warning', field, message: tell(`${field}_old`, { date: dayText(m.date), days: age(m.date) }) });
  }
  if (age(plan.start_date) > STALE_AFTER_DAYS)
    warnings.push({ code: 'start_in_past', severity: 'warning', field: 'start_date', message: tell('start_in_past', { date: dayText(plan.start_date), days: age(plan.start_date) }) });
  return warnings;
}

/** Per drug line dosed by AUC without a creatinine: one error, not one per day. */
function creatinineWarnings({ plan, measures }: WarningInput): PlanWarning[] {
  if (measures.creatinine) return [];
  const days = plan.cycles.flatMap((c) => c.days).filter((d) => d.unit === 'auc');
  const lines = days.filter((d, i) => days.findIndex((o) => o.item_id === d.item_id) === i);
  return lines.map((d) => ({ code: 'creatinine_missing', severity: 'error', field: 'creatinine', message: tell('creatinine_missing', { drug: d.drug_name ?? '' }), item_id: d.item_id }));
}

/**
 * Every other reason a line has no dose (a missing height, a cap in the wrong unit), once per line and reason at
 * the input it concerns: its days share the cause. A missing creatinine is creatinineWarnings' and a lifetime
 * limit is per day (limitWarnings).
 */
function refusalWarnings({ plan, measures }: WarningInput): PlanWarning[] {
  const covered = (p: Notice) => p.code === 'lifetime_limit' || (!measures.creatinine && p.field === 'creatinine');
  const found = plan.cycles.flatMap((c) => c.days).flatMap((d) => d.problems.filter((p) => !covered(p)).map((p) => ({ d, p })));
  return found
    .filter(({ d, p }, i) => found.findIndex((o) => o.d.item_id === d.item_id && o.p.code === p.code && o.p.field === p.field) === i)
    .map(({ d, p }) => ({ code: 'no_dose', severity: 'error', field: p.field ?? 'dose', message: tell('no_dose', { drug: d.drug_name ?? '', note: p.message }), item_id: d.item_id }));
}

/** Cycle numbers as read: runs as "1–6", the rest listed ("1–3, 5"). */
function cyclesText(cycles: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < cycles.length; ) {
    let j = i;
    while (j + 1 < cycles.length && cycles[j + 1] === cycles[j] + 1) j++;
    out.push(j > i ? `${cycles[i]}–${cycles[j]}` : String(cycles[i]));
    i = j + 1;
  }
  return out.join(', ');
}

/**
 * Every cap that changed a dose (single dose, GFR), said once for the cycles where it changed the same day's dose
 * alike ("Cycles 1–6, day 1, Carboplatin: GFR capped at 125 mL/min …": the same measurement caps every cycle), and
 * every lifetime limit a dose would pass, on its day (each day's total differs).
 */
function limitWarnings({ plan }: WarningInput): PlanWarning[] {
  const days = plan.cycles.flatMap((c) => c.days);
  const caps = new Map<string, { d: PlannedDay; kind: string; note: Bilingual; cycles: number[] }>();
  for (const d of days)
    for (const a of d.dose?.derivation.adjustments ?? [])
      if (a.kind === 'dose_cap' || a.kind === 'gfr_cap') {
        const key = `${d.item_id}|${d.day}|${a.kind}|${a.note.en}`;
        const seen = caps.get(key);
        if (seen) seen.cycles.push(d.cycle_number);
        else caps.set(key, { d, kind: a.kind, note: a.note, cycles: [d.cycle_number] });
      }
  const capped = [...caps.values()].map(({ d, kind, note, cycles }) =>
    cycles.length === 1 ? dayWarning(d, kind, 'warning', note) : { ...dayWarning(d, kind, 'warning', note), message: tell('capped_cycles', { cycles: cyclesText(cycles), day: d.day, drug: d.drug_name ?? '', note }) },
  );
  const limits = days.flatMap((d) => d.problems.filter((p) => p.code === 'lifetime_limit').map((p) => dayWarning(d, 'lifetime_limit', 'error', p.message)));
  return [...capped, ...limits];
}

/** All the plan's warnings: measurements and dates first, then doses that could not be calculated, then caps and limits in date order. */
export function planWarnings(input: WarningInput): PlanWarning[] {
  return [...dateWarnings(input), ...creatinineWarnings(input), ...refusalWarnings(input), ...limitWarnings(input)];
}
