// The plan's warnings (src/domain/treatment/warnings.ts, spec section 5): old measurements and start dates counted
// in calendar days of the hospital's time zone, required dates, a missing creatinine, caps and lifetime limits.
import type { Protocol, ProtocolDrug } from '../../src/generated/types/entities';
import { type PlanMeasures, planTreatment } from '../../src/domain/treatment/plan';
import { planWarnings } from '../../src/domain/treatment/warnings';

const drug = (over: Partial<ProtocolDrug> & Pick<ProtocolDrug, 'item_id'>): ProtocolDrug => ({
  item_type: 'drug',
  starting_date_type: 'cycle_start',
  day_list: [1],
  administration_type: 'iv_infusion',
  frequency: 'once_daily',
  ...over,
});

const protocol = (lines: ProtocolDrug[]): Protocol => ({
  protocol_id: '00000000-0000-4000-8000-000000000001',
  name: 'Test',
  protocol_group: 'Test',
  visibility: 'private',
  protocol_type: 'chemotherapy',
  cycle_count: 2,
  cycle_length_days: 21,
  drug_list: lines,
});

const fresh: PlanMeasures = {
  weight: { value: 76, date: '2026-11-20' },
  height: { value: 171, date: '2026-11-20' },
  creatinine: { value: 1, unit: 'mg/dL', date: '2026-11-20' },
};
const man = { gender: 'male' as const, date_of_birth: '1966-05-10' };
// 22:30 UTC on 25 November is already 26 November in Istanbul (UTC+3).
const now = new Date('2026-11-25T22:30:00Z');

function warnings(lines: ProtocolDrug[], measures: PlanMeasures, start_date = '2026-11-26', timeZone?: string) {
  const plan = planTreatment({ protocol: protocol(lines), patient: man, measures, start_date });
  return planWarnings({ plan, measures, now, ...(timeZone ? { timeZone } : {}) });
}

const flat = drug({ item_id: 'f', drug_name: 'Ondansetron', dosage: 8, unit: 'mg' });

describe('dates older than 30 days', () => {
  it('gives none for fresh measurements and a start today', () => {
    expect(warnings([flat], fresh)).toEqual([]);
  });

  it('warns on a creatinine 31 days old in Istanbul, not on one 30 days old', () => {
    const old = (date: string) => warnings([flat], { ...fresh, creatinine: { value: 1, unit: 'mg/dL', date } });
    // today is 2026-11-26 in Istanbul: 2026-10-26 is 31 days before
    expect(old('2026-10-26')).toEqual([
      expect.objectContaining({ code: 'creatinine_old', severity: 'warning', field: 'creatinine', message: expect.objectContaining({ en: expect.stringContaining('31 days ago') }) }),
    ]);
    expect(old('2026-10-27')).toEqual([]);
  });

  it('counts the day in the hospital’s time zone, not UTC’s', () => {
    const measures = { ...fresh, creatinine: { value: 1, unit: 'mg/dL' as const, date: '2026-10-26' } };
    // in UTC it is still 25 November: 30 days, no warning
    expect(warnings([flat], measures, '2026-11-26', 'UTC')).toEqual([]);
  });

  it('warns on weight and height measured more than 30 days ago, each at its field, in both languages', () => {
    const list = warnings([flat], { ...fresh, weight: { value: 76, date: '2026-09-01' }, height: { value: 171, date: '2026-09-01' } });
    expect(list.map((w) => [w.code, w.field])).toEqual([
      ['weight_old', 'weight'],
      ['height_old', 'height'],
    ]);
    expect(list[0].message.tr).toBe('Son kilo 1 Eyl 2026 tarihli, 86 gün önce (30 günden eski).');
  });

  it('flags a start date more than 30 days ago, and requires the measurement dates', () => {
    const list = warnings([flat], { ...fresh, weight: { value: 76, date: '' } }, '2026-10-01');
    expect(list.map((w) => [w.code, w.severity, w.field])).toEqual([
      ['date_required', 'error', 'weight'],
      ['start_in_past', 'warning', 'start_date'],
    ]);
  });
});

describe('doses', () => {
  it('says once per AUC line that the creatinine is missing', () => {
    const carboplatin = drug({ item_id: 'c', drug_name: 'Carboplatin', dosage: 5, unit: 'auc' });
    const { creatinine: _, ...noCreatinine } = fresh;
    expect(warnings([carboplatin, flat], noCreatinine)).toEqual([
      expect.objectContaining({ code: 'creatinine_missing', severity: 'error', item_id: 'c', message: expect.objectContaining({ en: expect.stringContaining('Carboplatin') }) }),
    ]);
  });

  it('says once per line why it has no dose, at the missing input', () => {
    const paclitaxel = drug({ item_id: 'p', drug_name: 'Paclitaxel', dosage: 175, unit: 'mg_m2' });
    const { height: _, ...noHeight } = fresh;
    const list = warnings([paclitaxel, flat], noHeight);
    expect(list.map((w) => [w.code, w.severity, w.field, w.item_id])).toEqual([['no_dose', 'error', 'height', 'p']]);
    expect(list[0].message.en).toBe('Paclitaxel has no dose: Height: enter a value.');
  });

  it('names a capped dose once, with the cycles where the same cap changed the same day', () => {
    const vincristine = drug({ item_id: 'v', drug_name: 'Vincristine', dosage: 1.4, unit: 'mg_m2', max_dose: 2 });
    const list = warnings([vincristine], fresh);
    expect(list.map((w) => [w.code, w.cycle_number, w.day])).toEqual([['dose_cap', 1, 1]]);
    expect(list[0].message.en).toBe('Cycles 1–2, day 1, Vincristine: Capped at the maximum single dose of 2 mg: 2.66 mg calculated, 0.66 mg less.');
    expect(list[0].message.tr).toMatch(/^1–2\. kürler, 1\. gün, Vincristine: /);
  });

  it('names a lifetime limit a dose would pass as an error', () => {
    const doxorubicin = drug({ item_id: 'd', drug_name: 'Doxorubicin', dosage: 300, unit: 'mg_m2', lifetime_limit: { amount: 550, per: 'm2' } });
    const list = warnings([doxorubicin], fresh);
    expect(list.map((w) => [w.code, w.severity, w.cycle_number])).toEqual([['lifetime_limit', 'error', 2]]);
  });
});
