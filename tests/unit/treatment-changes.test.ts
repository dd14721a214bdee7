// The change warning of a planned treatment (src/domain/treatment/changes.ts, spec section 5): a dose, a duration,
// a cycle's delay, the cycle length or count moved beyond the protocol's percent must be confirmed.
import { type ComparedTreatment, comparedPlan, treatmentChanges } from '../../src/domain/treatment/changes';
import { percentChange } from '../../src/domain/percent-change';
import { planTreatment } from '../../src/domain/treatment/plan';

const planned: ComparedTreatment = {
  cycle_count: 6,
  cycle_length_days: 21,
  cycles: [
    { cycle_number: 1, days: [{ item_id: 'p', day: 1, drug_name: 'Paclitaxel', dose: 300, unit: 'mg', duration_minutes: 180 }] },
    { cycle_number: 2, days: [{ item_id: 'p', day: 1, drug_name: 'Paclitaxel', dose: 300, unit: 'mg', duration_minutes: 180 }] },
  ],
};

const changed = (edit: (t: ComparedTreatment) => ComparedTreatment) => treatmentChanges(planned, edit(structuredClone(planned)), { change_warning_percent: 20 });

describe('percentChange', () => {
  it('measures the move in percent of the value before, either way, to one decimal', () => {
    expect(percentChange(300, 240)).toBe(20);
    expect(percentChange(21, 28)).toBe(33.3);
    expect(percentChange(0, 5)).toBeUndefined();
  });
});

describe('treatmentChanges', () => {
  it('lets a change of exactly the percent pass and asks to confirm one beyond it', () => {
    expect(
      changed((t) => {
        t.cycles[0].days[0].dose = 240;
        return t;
      }),
    ).toEqual([]);
    const [change] = changed((t) => {
      t.cycles[1].days[0].dose = 230;
      return t;
    });
    expect(change).toMatchObject({ field: 'dose', cycle_number: 2, item_id: 'p', day: 1, before: 300, after: 230, percent: 23.3 });
    expect(change.message.en).toBe('Cycle 2, day 1, Paclitaxel: the dose changes from 300 mg to 230 mg (23.3 %, more than 20 %). Confirm the change.');
    expect(change.message.tr).toContain('% 23,3');
  });

  it('measures a delay against the cycle length: 7 days of 21 is 33.3 %, 4 days is 19 %', () => {
    const delay = (days: number) => changed((t) => ({ ...t, cycles: t.cycles.map((c) => (c.cycle_number === 2 ? { ...c, delay_days: days } : c)) }));
    expect(delay(4)).toEqual([]);
    expect(delay(7)).toEqual([expect.objectContaining({ field: 'delay_days', cycle_number: 2, before: 0, after: 7, percent: 33.3 })]);
  });

  it('warns on the cycle length, the cycle count and a duration', () => {
    const list = changed((t) => ({
      ...t,
      cycle_length_days: 28,
      cycle_count: 4,
      cycles: t.cycles.map((c) => ({ ...c, days: c.days.map((d) => ({ ...d, duration_minutes: 60 })) })),
    }));
    expect(list.map((c) => [c.field, c.cycle_number, c.percent])).toEqual([
      ['cycle_length_days', undefined, 33.3],
      ['cycle_count', undefined, 33.3],
      ['duration_minutes', 1, 66.7],
      ['duration_minutes', 2, 66.7],
    ]);
  });

  it('takes the protocol’s own percent, 20 when it has none', () => {
    const lower = structuredClone(planned);
    lower.cycles[0].days[0].dose = 255;
    expect(treatmentChanges(planned, lower, { change_warning_percent: 10 })).toHaveLength(1);
    expect(treatmentChanges(planned, lower)).toEqual([]);
  });

  it('compares two plans: a dose reduced to 70 % is a change to confirm', () => {
    const protocol = {
      protocol_id: '00000000-0000-4000-8000-000000000001',
      name: 'T',
      protocol_group: 'T',
      visibility: 'private' as const,
      protocol_type: 'chemotherapy' as const,
      drug_list: [{ item_id: 'f', item_type: 'drug' as const, drug_name: 'Fluorouracil', dosage: 400, unit: 'mg' as const, starting_date_type: 'cycle_start' as const, day_list: [1] }],
    };
    const input = { protocol, patient: { gender: 'female' as const, date_of_birth: '1970-01-01' }, measures: {}, start_date: '2026-11-26' };
    const full = comparedPlan(planTreatment(input));
    const reduced = comparedPlan(planTreatment({ ...input, percent: { f: 70 } }));
    expect(treatmentChanges(full, reduced).map((c) => [c.field, c.before, c.after])).toEqual([['dose', 400, 280]]);
  });
});
