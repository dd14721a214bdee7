// The drug-day and treatment state machines (src/domain/treatment/drug-states.ts, spec section 4): who may take
// each step, the independent double checks of preparation and administration, and the recorded history.
import { canStep, type DrugStep, nextState, stepsFor, treatmentStates } from '../../src/domain/treatment/drug-states';
import type { Actor, Tracked } from '../../src/domain/treatment/state-machine';
import type { DrugStatus } from '../../src/generated/types/entities';

const doctor: Actor = { username: 'dr.ayse', roles: ['doctor'] };
const pharmacist: Actor = { username: 'ecz.mehmet', roles: ['pharmacist'] };
const pharmacist2: Actor = { username: 'ecz.zeynep', roles: ['pharmacist'] };
const nurse: Actor = { username: 'hem.elif', roles: ['nurse'] };
const nurse2: Actor = { username: 'hem.can', roles: ['nurse'] };

type Drug = Tracked<DrugStatus, DrugStep>;
const fresh: Drug = { status: 'not_approved', history: [] };

/** The record after the steps, each by its actor; fails the test on a refusal. */
function walk(steps: [DrugStep, Actor][], from: Drug = fresh): Drug {
  return steps.reduce((record, [step, actor], i) => {
    const next = nextState(record, step, actor, `2026-11-26T09:0${i}:00Z`);
    if (!next.ok) throw new Error(`${step}: ${next.reason.en}`);
    return next.record;
  }, from);
}

const prepared = walk([
  ['approve', doctor],
  ['select_brands', pharmacist],
  ['prepare_manual', pharmacist],
]);

describe('who may take a step', () => {
  it('refuses a nurse’s approval, saying who may approve, in both languages', () => {
    expect(canStep(fresh, 'approve', nurse)).toEqual({
      ok: false,
      reason: { en: 'The step “Approve” is for: Doctor.', tr: '“Onayla” adımı şu roller içindir: Doktor.' },
    });
    expect(canStep(fresh, 'approve', doctor)).toEqual({ ok: true });
  });

  it('refuses a step the state does not offer', () => {
    const verdict = canStep(fresh, 'select_brands', pharmacist);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason.en).toBe('“Select brands” is not possible while the status is “Not approved”.');
  });

  it('offers each role its own steps', () => {
    expect(stepsFor(fresh, doctor)).toEqual(['approve']);
    expect(stepsFor(fresh, nurse)).toEqual([]);
    const approved = walk([['approve', doctor]]);
    expect(stepsFor(approved, pharmacist)).toEqual(['select_brands', 'not_given_not_recorded', 'not_given_out_of_stock', 'not_given_wrong_dose', 'not_given_no_vascular_access', 'not_given_patient_refused']);
    expect(stepsFor(approved, doctor)).toEqual(['cancel_for_the_day']);
  });
});

describe('the independent double check', () => {
  it('refuses a pharmacist’s check of their own preparation', () => {
    const verdict = canStep(prepared, 'check_preparation', pharmacist);
    expect(!verdict.ok && verdict.reason.en).toBe('You took the step “Prepared by hand” yourself; a second person must check it.');
  });

  it('holds matching until a second pharmacist checked the preparation, then the administration until a second nurse checked', () => {
    const unchecked = canStep(prepared, 'match', nurse);
    expect(!unchecked.ok && unchecked.reason.en).toBe('The step “Prepared by hand” must first be checked by a second person.');
    const matched = walk(
      [
        ['check_preparation', pharmacist2],
        ['match', nurse],
      ],
      prepared,
    );
    expect(canStep(matched, 'give_fully', nurse).ok).toBe(false);
    expect(canStep(matched, 'check_administration', nurse).ok).toBe(false);
    const given = walk(
      [
        ['check_administration', nurse2],
        ['give_fully', nurse],
      ],
      matched,
    );
    expect(given.status).toBe('given_fully');
    expect(stepsFor(given, nurse)).toEqual([]);
  });

  it('checks once: a second check of the same preparation is refused', () => {
    const checked = walk([['check_preparation', pharmacist2]], prepared);
    expect(checked.status).toBe('prepared_manual');
    const again = canStep(checked, 'check_preparation', { username: 'ecz.ali', roles: ['pharmacist'] });
    expect(!again.ok && again.reason.en).toBe('The step “Prepared by hand” has already been checked.');
  });

  it('records every step with who, when, the states and the note', () => {
    const next = nextState(prepared, 'not_given_out_of_stock', pharmacist2, '2026-11-26T10:00:00Z', 'No stock until Monday');
    expect(next.ok && next.record.status).toBe('not_given_out_of_stock');
    expect(next.ok && next.record.history.map((t) => [t.step, t.from, t.to, t.by])).toEqual([
      ['approve', 'not_approved', 'approved', 'dr.ayse'],
      ['select_brands', 'approved', 'brands_selected', 'ecz.mehmet'],
      ['prepare_manual', 'brands_selected', 'prepared_manual', 'ecz.mehmet'],
      ['not_given_out_of_stock', 'prepared_manual', 'not_given_out_of_stock', 'ecz.zeynep'],
    ]);
    expect(next.ok && next.record.history.at(-1)).toMatchObject({ at: '2026-11-26T10:00:00Z', note: 'No stock until Monday' });
  });
});

describe('treatment and cycle states', () => {
  it('approves, starts and finishes, and terminates from any state but a final one', () => {
    const record = { status: 'not_approved' as const, history: [] };
    expect(treatmentStates.stepsFor(record, doctor)).toEqual(['approve', 'terminate']);
    const approved = treatmentStates.nextState(record, 'approve', doctor, '2026-11-26T08:00:00Z');
    const running = approved.ok ? treatmentStates.nextState(approved.record, 'start', nurse, '2026-11-26T09:00:00Z') : approved;
    expect(running.ok && running.record.status).toBe('started');
    const done = running.ok ? treatmentStates.nextState(running.record, 'finish', doctor, '2026-12-30T09:00:00Z') : running;
    expect(done.ok && treatmentStates.stepsFor(done.record, doctor)).toEqual([]);
    expect(treatmentStates.canStep(record, 'approve', nurse).ok).toBe(false);
  });
});
