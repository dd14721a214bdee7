// Patients' treatments (issue 12, schemas/routes/treatment.json, migration 0027): a published protocol version
// applied to a patient by src/domain/treatment (the plan, its warnings, the state machines, the change warnings),
// stored as one document per treatment. Every change reads the treatment, decides with the domain and writes it
// back over the version it read (server/services/treatment-store.ts updateTreatment); when another change came
// first it reads again and decides again, so a step two users take at once is recorded once and the second is
// told why not. Approving a cycle runs the protocol's laboratory gates (published rule packages) first.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import type { SignedIn } from '../auth/caller.ts';
import type { Protocol, Treatment, TreatmentCycle } from '../../src/generated/types/entities.ts';
import type { TreatmentChangeRequest, TreatmentDrugStepRequest, TreatmentPlanRequest, TreatmentPlanResponse, TreatmentStepRequest } from '../../src/generated/types/routes.ts';
import { clinicalRolesOf } from '../../src/domain/clinical-roles.ts';
import { quantity } from '../../src/domain/dosing/derivation.ts';
import { fill } from '../../src/domain/dosing/texts.ts';
import { type Bilingual, enumEntryLabel, type Lang } from '../../src/domain/language.ts';
import { drugStatus } from '../../src/generated/enums/drugStatus.ts';
import { treatmentStatus } from '../../src/generated/enums/treatmentStatus.ts';
import { changeFieldText } from '../../src/domain/protocol/index.ts';
import {
  addDays,
  type Actor,
  type ComparedTreatment,
  DEFAULT_TIME_ZONE,
  drugStates,
  measuresOf,
  type PlanWarning,
  planTreatment,
  planWarnings,
  plannedTreatment,
  type StateMachine,
  type Tracked,
  trackedOf,
  type TreatmentChange,
  treatmentChanges,
  doseDrift,
  treatmentStates,
} from '../../src/domain/treatment/index.ts';
import { convert } from '../../src/domain/units.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import { patientRow } from './patient-store.ts';
import { readProtocolForTreatment } from './protocols.ts';
import type { RuleGraphCache } from './decision-packages.ts';
import { gateRefusal, runGate } from './treatment-lab-gates.ts';
import { givenDoses, insertTreatment, measurementFor, treatmentById, updateTreatment } from './treatment-store.ts';

type DrugDay = TreatmentCycle['drug_day_list'][number];
export type PlannedTreatment = TreatmentPlanResponse['treatment'];
/** Where a change runs: the request's transaction. */
type Transactional = Pick<RequestContext, 'transaction'>;

const actorOf = (me: SignedIn): Actor => ({ username: me.username, roles: clinicalRolesOf(me.authCodes) });
const now = () => new Date();

const TEXT = {
  delay_of: { en: 'delay of cycle {cycle}', tr: '{cycle}. kürün ertelemesi' },
  day_done: { en: 'the drug day is “{status}”', tr: 'ilaç günü “{status}” durumunda' },
  treatment_done: { en: 'the treatment is “{status}”', tr: 'tedavi “{status}” durumunda' },
  cycle_done: { en: 'the cycle is “{status}”', tr: 'kür “{status}” durumunda' },
  not_approved_yet: { en: 'the treatment is not approved yet: a doctor approves the treatment first', tr: 'tedavi henüz onaylanmadı: önce bir doktor tedaviyi onaylar' },
  cycle_not_open: {
    en: 'cycle {cycle} is “{status}”: a drug day moves only in an approved or started cycle, which its laboratory check let through',
    tr: '{cycle}. kür “{status}” durumunda: ilaç günü yalnızca laboratuvar kontrolünün geçirdiği, onaylanmış ya da başlamış bir kürde ilerler',
  },
} satisfies Record<string, Bilingual>;

/** A text of TEXT in the caller's language, filled as the domain fills its own (numbers and statuses in that language). */
const say = (text: Bilingual, lang: Lang, params: Parameters<typeof fill>[1] = {}) => fill(text, params)[lang];

/** The plan of a published protocol version for a patient from a start date, not saved, with its warnings. */
export async function planFor(db: Queryable, tenantId: string, me: SignedIn, input: TreatmentPlanRequest): Promise<{ treatment: PlannedTreatment; warning_list: PlanWarning[] }> {
  const patient = await patientRow(db, tenantId, input.patient_id);
  if (!patient) throw notFound('patient');
  const { protocol, version } = await readProtocolForTreatment(db, tenantId, me, input.protocol_id, input.protocol_version);
  const measurement = await measurementFor(db, tenantId, input.patient_id, input.measurement_id);
  if (input.measurement_id && !measurement) throw notFound('patient_measurement');
  const percent = Object.fromEntries((input.dose_percent_list ?? []).map((p) => [p.item_id, p.dose_percent]));
  const measures = measurement ? measuresOf(measurement) : {};
  const plan = planTreatment({
    protocol: { ...protocol, version },
    patient,
    measures,
    start_date: input.start_date,
    percent,
    history: await priorDoses(db, tenantId, input.patient_id),
  });
  const warning_list: PlanWarning[] = [
    ...plan.problems.map((p) => ({ code: p.code, severity: 'error' as const, field: p.field ?? 'protocol', message: p.message })),
    ...planWarnings({ plan, measures, now: now(), timeZone: DEFAULT_TIME_ZONE }),
  ];
  const stored = plannedTreatment(plan);
  const treatment: PlannedTreatment = {
    patient_id: input.patient_id,
    protocol_id: protocol.protocol_id,
    protocol_name: protocol.name,
    ...stored,
    protocol_version: version,
    cycle_count: plan.cycle_count,
    cycle_list: stored.cycle_list ?? [],
    ...(measurement ? { measurement } : {}),
  };
  return { treatment, warning_list };
}

/** The patient's doses given in their other treatments, which lifetime limits count (other than `exceptTreatment`). */
async function priorDoses(db: Queryable, tenantId: string, patientId: string, exceptTreatment?: string) {
  const given = await givenDoses(db, tenantId, patientId, exceptTreatment);
  return given.map((g) => ({ drug_name: g.drug_name, date: g.date, dose: quantity(g.dose_mg, 'mg' as const), ...(g.bsa === undefined ? {} : { bsa: quantity(g.bsa, 'm2' as const) }) }));
}

/**
 * A new treatment from the plan computed here (never the client's): refused with every error (14141), and with
 * every warning until they are acknowledged (14140); saved not approved, the caller its doctor.
 */
export async function createTreatment(
  tx: Queryable,
  tenantId: string,
  me: SignedIn,
  input: TreatmentPlanRequest & { acknowledge_warnings?: boolean; note?: string },
  lang: Lang,
): Promise<{ treatment: Treatment; warning_list: PlanWarning[] }> {
  const { treatment: planned, warning_list } = await planFor(tx, tenantId, me, input);
  const listed = (severity: PlanWarning['severity']) => warning_list.filter((w) => w.severity === severity);
  if (listed('error').length) throw new ApiError('treatment_plan_invalid', { problems: texts(listed('error'), lang) }, { warning_list });
  if (listed('warning').length && !input.acknowledge_warnings) throw new ApiError('treatment_warnings_unacknowledged', { warnings: texts(listed('warning'), lang) }, { warning_list });
  const treatment: Treatment = {
    treatment_id: randomUUID(),
    ...planned,
    treatment_status: 'not_approved',
    doctor_username: me.username,
    ...(input.note ? { note: input.note } : {}),
    status_history: [],
    version: 1,
  };
  await insertTreatment(tx, tenantId, treatment, me.userId);
  return { treatment, warning_list };
}

const texts = (list: readonly { message: Bilingual }[], lang: Lang) => list.map((w) => w.message[lang]).join(' ');

export async function readTreatment(db: Queryable, tenantId: string, id: string): Promise<Treatment> {
  const t = await treatmentById(db, tenantId, id);
  if (!t) throw notFound('treatment');
  return t;
}

/** What a change decided: the treatment to write, and a refusal to answer after writing it (a failed gate). */
interface Decided<R> {
  next: Treatment;
  answer: R;
  refusal?: ApiError;
}

/**
 * Reads the treatment, decides with `work` and writes it over the version read, in one transaction; when another
 * change came first, reads again and decides again (a version the caller named is then stale: 14144).
 */
async function changeTreatment<R>(
  db: Transactional,
  tenantId: string,
  id: string,
  expectedVersion: number | undefined,
  work: (tx: Queryable, t: Treatment) => Promise<Decided<R>>,
): Promise<{ treatment: Treatment } & R> {
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const t = await readTreatment(tx, tenantId, id);
      if (expectedVersion !== undefined && t.version !== expectedVersion)
        throw new ApiError('treatment_version_conflict', { current_version: t.version!, version: expectedVersion });
      const decided = await work(tx, structuredClone(t));
      if (!(await updateTreatment(tx, tenantId, decided.next, t.version!))) return undefined;
      return { ...decided, next: { ...decided.next, version: t.version! + 1 } };
    });
    if (!done) continue;
    if (done.refusal) throw done.refusal;
    return { treatment: done.next, ...done.answer };
  }
}

const CLOSED_TREATMENT = ['finished', 'terminated'];

/** A finished or terminated treatment takes no more changes or steps of its cycles and drug days (14145). */
function refuseClosed(t: Treatment, lang: Lang): void {
  if (CLOSED_TREATMENT.includes(t.treatment_status))
    throw new ApiError('treatment_not_changeable', { reason: say(TEXT.treatment_done, lang, { status: enumEntryLabel(treatmentStatus, t.treatment_status, lang) }) });
}

/** A cycle or a drug day is stepped only in a treatment a doctor approved: the plan as a whole comes first (14142). */
function refuseUnapproved(t: Treatment, lang: Lang): void {
  if (t.treatment_status === 'not_approved') throw new ApiError('treatment_step_refused', { reason: say(TEXT.not_approved_yet, lang) });
}

function cycleOf(t: Treatment, cycleNumber: number): TreatmentCycle {
  const cycle = t.cycle_list?.find((c) => c.cycle_number === cycleNumber);
  if (!cycle) throw new ApiError('treatment_day_unknown');
  return cycle;
}

function dayOf(t: Treatment, at: { cycle_number: number; item_id: string; day: number }): DrugDay {
  const day = cycleOf(t, at.cycle_number).drug_day_list.find((d) => d.item_id === at.item_id && d.day === at.day);
  if (!day) throw new ApiError('treatment_day_unknown');
  return day;
}

/** A step through one of the domain's state machines, or its refusal in the caller's language (14142). */
function stepped<S extends string, K extends string>(machine: StateMachine<S, K>, record: Tracked<S, K>, step: K, me: SignedIn, lang: Lang, note?: string): Tracked<S, K> {
  const result = machine.nextState(record, step, actorOf(me), now().toISOString(), note);
  if (!result.ok) throw new ApiError('treatment_step_refused', { reason: result.reason[lang] });
  return result.record;
}

export interface StepServices {
  ruleGraphs: RuleGraphCache;
}

/** approve, start, finish or terminate the treatment or one of its cycles; a cycle's approval passes its lab gates first. */
export function stepTreatment(
  db: Transactional,
  tenantId: string,
  me: SignedIn,
  input: TreatmentStepRequest,
  lang: Lang,
  services: StepServices,
) {
  return changeTreatment(db, tenantId, input.treatment_id, input.version, async (tx, t) => {
    if (input.cycle_number === undefined) {
      const record = stepped(treatmentStates, trackedOf(t.treatment_status, t.status_history), input.step, me, lang, input.note);
      return { next: { ...t, treatment_status: record.status, status_history: [...record.history] }, answer: {} };
    }
    refuseClosed(t, lang);
    refuseUnapproved(t, lang);
    const cycle = cycleOf(t, input.cycle_number);
    const record = stepped(treatmentStates, trackedOf(cycle.cycle_status, cycle.status_history), input.step, me, lang, input.note);
    if (input.step === 'approve') {
      const { protocol } = await readProtocolForTreatment(tx, tenantId, me, t.protocol_id, t.protocol_version);
      const runs = [];
      for (const gate of protocol.lab_gate_list ?? []) runs.push(await runGate(tx, tenantId, me, t, cycle, gate, lang, services.ruleGraphs));
      cycle.lab_gate_run_list = [...(cycle.lab_gate_run_list ?? []), ...runs];
      const failed = runs.find((r) => !r.passed);
      if (failed) return { next: t, answer: {}, refusal: gateRefusal(failed, lang) };
    }
    cycle.cycle_status = record.status;
    cycle.status_history = [...record.history];
    return { next: t, answer: {} };
  });
}

/** One drug day's step through the domain's drug-day machine, recorded with who, when and note. */
export function stepDrugDay(db: Transactional, tenantId: string, me: SignedIn, input: TreatmentDrugStepRequest, lang: Lang) {
  return changeTreatment(db, tenantId, input.treatment_id, undefined, async (_tx, t) => {
    refuseClosed(t, lang);
    refuseUnapproved(t, lang);
    // A cycle is approved only once its laboratory gates have passed (stepTreatment): before that, and after it
    // ends, none of its drug days is approved, prepared or given.
    const cycle = cycleOf(t, input.cycle_number);
    if (cycle.cycle_status !== 'approved' && cycle.cycle_status !== 'started')
      throw new ApiError('treatment_step_refused', {
        reason: say(TEXT.cycle_not_open, lang, { cycle: cycle.cycle_number, status: enumEntryLabel(treatmentStatus, cycle.cycle_status, lang) }),
      });
    const day = dayOf(t, input);
    const record = stepped(drugStates, trackedOf(day.drug_status, day.status_history), input.step, me, lang, input.note);
    day.drug_status = record.status;
    day.status_history = [...record.history];
    return { next: t, answer: {} };
  });
}

/** A drug day's stored dose in the unit the change warning compares: mg for masses (as stored), else its own. */
function comparedUnit(day: DrugDay): string | undefined {
  const unit = day.dose_derivation?.value.unit;
  return unit && convert(1, unit, 'mg').ok ? 'mg' : unit;
}

/** The stored treatment in the change warning's plain shape. */
function compared(t: Treatment): ComparedTreatment {
  return {
    cycle_count: t.cycle_count ?? t.cycle_list?.length ?? 1,
    ...(t.cycle_length_days === undefined ? {} : { cycle_length_days: t.cycle_length_days }),
    cycles: (t.cycle_list ?? []).map((c) => ({
      cycle_number: c.cycle_number,
      ...(c.delay_days === undefined ? {} : { delay_days: c.delay_days }),
      days: c.drug_day_list.map((d) => ({
        item_id: d.item_id ?? '',
        day: d.day,
        drug_name: d.drug_name,
        ...(d.calculated_dose === undefined ? {} : { dose: d.calculated_dose, unit: comparedUnit(d) }),
        ...(d.duration_minutes === undefined ? {} : { duration_minutes: d.duration_minutes }),
      })),
    })),
  };
}

const OPEN_DAY = ['not_approved', 'approved'];

/** The 14021 message's {{field}}: what changed, worded as the protocol's change warning words it. */
function changedField(change: TreatmentChange, t: Treatment, lang: Lang): string {
  if (change.field === 'delay_days') return say(TEXT.delay_of, lang, { cycle: change.cycle_number ?? '' });
  const field = change.field === 'dose' ? 'dosage' : change.field;
  const drug_name = t.cycle_list?.flatMap((c) => c.drug_day_list).find((d) => d.item_id === change.item_id)?.drug_name;
  return changeFieldText({ ...change, field, ...(drug_name ? { drug_name } : {}) }, lang);
}

/**
 * A drug day's dose percent (the dose calculated again from the stored measurement and protocol version) or a
 * cycle's delay (it and the cycles after it move by the days added). Beyond the protocol's percent it waits for
 * confirm_changes (14021 with change_warning_list) and the confirmation is kept with who and when. An approved
 * day whose dose changes goes back to not approved: the doctor approves the new dose.
 */
export function changeTreatmentPlan(db: Transactional, tenantId: string, me: SignedIn, input: TreatmentChangeRequest, lang: Lang) {
  return changeTreatment(db, tenantId, input.treatment_id, input.version, async (tx, t) => {
    refuseClosed(t, lang);
    const before = compared(t);
    const { protocol } = await readProtocolForTreatment(tx, tenantId, me, t.protocol_id, t.protocol_version);
    const cycle = cycleOf(t, input.cycle_number);
    const at = now().toISOString();
    if (input.dose_percent !== undefined) await changeDose(tx, tenantId, me, t, protocol, input as Required<Pick<TreatmentChangeRequest, 'item_id' | 'day' | 'dose_percent'>> & TreatmentChangeRequest, at, lang);
    if (input.delay_days !== undefined) delayCycle(t, cycle, input.delay_days, lang);
    const changes = treatmentChanges(before, compared(t), protocol);
    if (input.dose_percent !== undefined) {
      const drift = driftOf(t, input as Required<Pick<TreatmentChangeRequest, 'item_id' | 'day' | 'dose_percent'>> & TreatmentChangeRequest, protocol);
      const listed = changes.some((c) => c.field === 'dose' && c.cycle_number === input.cycle_number && c.item_id === input.item_id && c.day === input.day);
      if (drift && !listed) changes.push(drift);
    }
    if (changes.length && !input.confirm_changes)
      throw new ApiError('change_needs_confirmation', { field: changedField(changes[0], t, lang), percent: protocol.change_warning_percent ?? 20 }, { change_warning_list: changes });
    if (changes.length) t.change_confirmation_list = [...(t.change_confirmation_list ?? []), { by: me.username, at, ...(input.note ? { note: input.note } : {}), change_list: changes }];
    // A confirmed dose is the day's new reference; a change under the percent keeps the old one.
    if (changes.some((c) => c.field === 'dose') && input.dose_percent !== undefined) dayOf(t, input as Required<Pick<TreatmentChangeRequest, 'item_id' | 'day'>> & TreatmentChangeRequest).confirmed_dose_percent = input.dose_percent;
    return { next: t, answer: { change_warning_list: changes } };
  });
}

/** The changed day's dose measured from its last confirmed percent, else the protocol's (see doseDrift). */
function driftOf(t: Treatment, input: { cycle_number: number; item_id: string; day: number; dose_percent: number }, protocol: Protocol): TreatmentChange | undefined {
  const day = dayOf(t, input);
  if (day.calculated_dose === undefined) return undefined;
  return doseDrift(
    { cycle_number: input.cycle_number, item_id: input.item_id, day: input.day, drug_name: day.drug_name },
    { value: day.calculated_dose, unit: comparedUnit(day) ?? '', percent: input.dose_percent, reference: day.confirmed_dose_percent ?? 100 },
    protocol,
  );
}

async function changeDose(
  tx: Queryable,
  tenantId: string,
  me: SignedIn,
  t: Treatment,
  protocol: Protocol,
  input: { cycle_number: number; item_id: string; day: number; dose_percent: number; note?: string },
  at: string,
  lang: Lang,
) {
  const day = dayOf(t, input);
  if (!OPEN_DAY.includes(day.drug_status)) throw new ApiError('treatment_not_changeable', { reason: say(TEXT.day_done, lang, { status: enumEntryLabel(drugStatus, day.drug_status, lang) }) });
  const patient = (await patientRow(tx, tenantId, t.patient_id))!;
  const plan = planTreatment({
    protocol: { ...protocol, version: t.protocol_version },
    patient,
    measures: t.measurement ? measuresOf(t.measurement) : {},
    start_date: t.start_date,
    percent: { [input.item_id]: input.dose_percent },
    history: await priorDoses(tx, tenantId, t.patient_id, t.treatment_id),
  });
  const planned = plannedTreatment(plan)
    .cycle_list?.find((c) => c.cycle_number === input.cycle_number)
    ?.drug_day_list.find((d) => d.item_id === input.item_id && d.day === input.day);
  const problems = plan.cycles.flatMap((c) => c.days).find((d) => d.cycle_number === input.cycle_number && d.item_id === input.item_id && d.day === input.day)?.problems ?? [];
  if (!planned?.dose_derivation) throw new ApiError('treatment_plan_invalid', { problems: texts(problems, lang) });
  if (day.drug_status === 'approved')
    day.status_history = [...(day.status_history ?? []), { step: 'change_dose', from: 'approved', to: 'not_approved', by: me.username, at, ...(input.note ? { note: input.note } : {}) }];
  Object.assign(day, { drug_status: 'not_approved', dose_percent: input.dose_percent, calculated_dose: planned.calculated_dose, dose_derivation: planned.dose_derivation });
}

function delayCycle(t: Treatment, cycle: TreatmentCycle, delayDays: number, lang: Lang) {
  if (cycle.cycle_status !== 'not_approved' && cycle.cycle_status !== 'approved')
    throw new ApiError('treatment_not_changeable', { reason: say(TEXT.cycle_done, lang, { status: enumEntryLabel(treatmentStatus, cycle.cycle_status, lang) }) });
  const added = delayDays - (cycle.delay_days ?? 0);
  cycle.delay_days = delayDays;
  for (const c of t.cycle_list ?? []) {
    if (c.cycle_number < cycle.cycle_number) continue;
    c.planned_date = addDays(c.planned_date, added);
    for (const d of c.drug_day_list) if (d.planned_date) d.planned_date = addDays(d.planned_date, added);
  }
}
