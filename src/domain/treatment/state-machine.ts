// A clinical state machine from ONE explicit table (like src/domain/order-states.ts): per step the states it may
// leave, where it goes (or, for an independent double check, nowhere: the state stays), the clinical roles that
// may take it, and the check it needs first. Every step taken is recorded with who, when and a note; the
// history is what the double check reads: the user who took a step cannot check it, and the step after it waits
// for the check.
import type { ClinicalRole, StatusStep } from '../../generated/types/entities';
import { clinicalRole } from '../../generated/enums/clinicalRole';
import type { EnumEntry } from '../../generated/enums';
import { enumEntryLabel, type Bilingual } from '../language';
import { tell } from './texts';

export interface Actor {
  username: string;
  roles: readonly ClinicalRole[];
}

export interface StepRule<S extends string, K extends string> {
  from: readonly S[];
  /** Where the step goes; none for a check, which leaves the state as it is. */
  to?: S;
  roles: readonly ClinicalRole[];
  /** For a check: the steps it checks (the latest of them in the history). */
  checks?: readonly K[];
  /** The check that must follow the latest checked step before this step may be taken. */
  needs?: K;
}

/** One step taken: who, when (ISO date-time), the state before and after, and the note given with it. */
export interface StepTaken<S extends string, K extends string> {
  step: K;
  from: S;
  to: S;
  by: string;
  at: string;
  note?: string;
}

export interface Tracked<S extends string, K extends string> {
  status: S;
  history: readonly StepTaken<S, K>[];
}

/** A stored status and its recorded history (the contract's status_step list) as the machine's record. */
export const trackedOf = <S extends string, K extends string>(status: S, history: readonly StatusStep[] = []): Tracked<S, K> => ({
  status,
  history: history as readonly StepTaken<S, K>[],
});

export type Verdict = { ok: true } | { ok: false; reason: Bilingual };

export interface StateMachine<S extends string, K extends string> {
  steps: Readonly<Record<K, StepRule<S, K>>>;
  /** Whether `actor` may take `step` now, or why not (in both languages). */
  canStep(record: Tracked<S, K>, step: K, actor: Actor): Verdict;
  /** The record after the step, with it recorded; or why it was refused. */
  nextState(record: Tracked<S, K>, step: K, actor: Actor, at: string, note?: string): { ok: true; record: Tracked<S, K> } | { ok: false; reason: Bilingual };
  /** The steps `actor` may take now (the buttons a screen shows), in the table's order. */
  stepsFor(record: Tracked<S, K>, actor: Actor): K[];
}

/** The latest recorded step among `steps`, with its position in the history. */
function latest<S extends string, K extends string>(history: readonly StepTaken<S, K>[], steps: readonly K[]): { taken: StepTaken<S, K>; index: number } | undefined {
  for (let i = history.length - 1; i >= 0; i--) if (steps.includes(history[i].step)) return { taken: history[i], index: i };
  return undefined;
}

export function stateMachine<S extends string, K extends string>(steps: Readonly<Record<K, StepRule<S, K>>>, statuses: EnumEntry, stepLabels: Readonly<Record<K, Bilingual>>): StateMachine<S, K> {
  const names = (list: readonly ClinicalRole[]): Bilingual => ({
    en: list.map((r) => enumEntryLabel(clinicalRole, r, 'en')).join(', '),
    tr: list.map((r) => enumEntryLabel(clinicalRole, r, 'tr')).join(', '),
  });
  const status = (s: S): Bilingual => ({ en: enumEntryLabel(statuses, s, 'en'), tr: enumEntryLabel(statuses, s, 'tr') });
  /** Whether the latest step that `check` checks has been checked since. */
  const checked = (record: Tracked<S, K>, check: K) => {
    const done = latest(record.history, steps[check].checks ?? []);
    return done !== undefined && record.history.slice(done.index + 1).some((t) => t.step === check);
  };

  const canStep = (record: Tracked<S, K>, step: K, actor: Actor): Verdict => {
    const rule = steps[step];
    const refuse = (reason: Bilingual): Verdict => ({ ok: false, reason });
    if (!rule.from.includes(record.status)) return refuse(tell('wrong_state', { step: stepLabels[step], status: status(record.status) }));
    if (!rule.roles.some((r) => actor.roles.includes(r))) return refuse(tell('wrong_role', { step: stepLabels[step], roles: names(rule.roles) }));
    if (rule.checks) {
      const done = latest(record.history, rule.checks);
      if (done?.taken.by === actor.username) return refuse(tell('own_check', { done: stepLabels[done.taken.step] }));
      if (done && checked(record, step)) return refuse(tell('already_checked', { done: stepLabels[done.taken.step] }));
    }
    if (rule.needs && !checked(record, rule.needs)) {
      const done = latest(record.history, steps[rule.needs].checks ?? []);
      return refuse(tell('check_needed', { done: done ? stepLabels[done.taken.step] : stepLabels[rule.needs] }));
    }
    return { ok: true };
  };

  return {
    steps,
    canStep,
    nextState(record, step, actor, at, note) {
      const verdict = canStep(record, step, actor);
      if (!verdict.ok) return verdict;
      const to = steps[step].to ?? record.status;
      const taken: StepTaken<S, K> = { step, from: record.status, to, by: actor.username, at, ...(note ? { note } : {}) };
      return { ok: true, record: { status: to, history: [...record.history, taken] } };
    },
    stepsFor: (record, actor) => (Object.keys(steps) as K[]).filter((k) => canStep(record, k, actor).ok),
  };
}
