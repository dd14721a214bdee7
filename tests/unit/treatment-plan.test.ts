// Treatment planning (src/domain/treatment/plan.ts): a published protocol applied to a patient gives dated cycles,
// the days of every line, and each drug day's dose with the derivation a second person checks — against
// hand-checked numbers (Calvert with Cockcroft-Gault, the GFR cap, vincristine's 2 mg cap, doxorubicin's
// 550 mg/m² lifetime limit).
import type { Protocol, ProtocolDrug } from '../../src/generated/types/entities';
import { measuresOf, type PlanInput, type PlannedDay, planTreatment, type TreatmentPlan } from '../../src/domain/treatment/plan';

const line = (over: Partial<ProtocolDrug> & Pick<ProtocolDrug, 'item_id'>): ProtocolDrug => ({
  item_type: 'drug',
  starting_date_type: 'cycle_start',
  day_list: [1],
  administration_type: 'iv_infusion',
  frequency: 'once_daily',
  ...over,
});

const protocol = (drugs: ProtocolDrug[], over: Partial<Protocol> = {}): Protocol => ({
  protocol_id: '00000000-0000-4000-8000-000000000001',
  name: 'Test',
  protocol_group: 'Test',
  visibility: 'private',
  protocol_type: 'chemotherapy',
  version: 3,
  cycle_count: 1,
  cycle_length_days: 21,
  drug_list: drugs,
  ...over,
});

// A 60-year-old man on 2026-11-02.
const man = { gender: 'male' as const, date_of_birth: '1966-05-10' };

const plan = (p: Protocol, over: Partial<PlanInput> = {}): TreatmentPlan =>
  planTreatment({
    protocol: p,
    patient: man,
    measures: measuresOf({ measurement_date: '2026-10-30', weight: 70, height: 170, creatinine: 1.0, creatinine_date: '2026-10-29' }),
    start_date: '2026-11-02',
    ...over,
  });

const carboplatin = line({ item_id: 'c', drug_name: 'Carboplatin', dosage: 5, unit: 'auc' });
const days = (p: TreatmentPlan): PlannedDay[] => p.cycles.flatMap((c) => c.days);
const texts = (d: PlannedDay) => d.dose!.derivation.inputs.map((i) => ('text' in i ? `${i.label.en}: ${i.text.en}` : `${i.label.en}: ${i.quantity.value}`));

describe('carboplatin by AUC (Calvert with Cockcroft-Gault)', () => {
  it('gives 5 × (77.8 + 25) = 514 mg for a 60-year-old 70 kg man with creatinine 1.0 mg/dL, dated inputs in the derivation', () => {
    const [day] = days(plan(protocol([carboplatin])));
    expect(day.dose!.value.unit).toBe('mg');
    // (140 − 60) × 70 / (72 × 1.0) = 77.78 mL/min; 5 × 102.78 = 513.9 mg
    expect(day.dose!.value.value).toBeCloseTo(513.89, 2);
    expect(day.dose!.derivation.basedOn[0].value.value).toBeCloseTo(77.78, 2);
    expect(day.dose!.derivation.adjustments).toEqual([]);
    expect(texts(day)).toEqual(
      expect.arrayContaining(['Weight measured on: 30 Oct 2026', 'Creatinine measured on: 29 Oct 2026', 'Date of birth: 10 May 1966', 'Age on 2 Nov 2026: 60', 'Target AUC: 5']),
    );
  });

  it('caps a GFR of 155.6 mL/min (creatinine 0.5) at 125: 750 mg, the cap in the derivation', () => {
    const measures = measuresOf({ measurement_date: '2026-10-30', weight: 70, height: 170, creatinine: 0.5, creatinine_date: '2026-10-29' });
    const [day] = days(plan(protocol([carboplatin]), { measures }));
    expect(day.dose!.value.value).toBe(750);
    const [cap] = day.dose!.derivation.adjustments;
    expect(cap.kind).toBe('gfr_cap');
    expect(cap.before.value).toBeCloseTo(155.56, 2);
    expect(cap.after.value).toBe(125);
  });

  it('uses the protocol’s own GFR cap and counts µmol/L creatinine', () => {
    const measures = { weight: { value: 70, date: '2026-10-30' }, height: { value: 170, date: '2026-10-30' }, creatinine: { value: 44.2, unit: 'umol/L' as const, date: '2026-10-29' } };
    const [day] = days(plan(protocol([carboplatin], { gfr_cap: 100 }), { measures }));
    expect(day.dose!.value.value).toBe(625);
  });

  it('takes the protocol’s weight for the clearance: the ideal weight, with the height’s date', () => {
    const measures = measuresOf({ measurement_date: '2026-10-30', weight: 90, height: 170, creatinine: 1.0, creatinine_date: '2026-10-29' });
    const [day] = days(plan(protocol([carboplatin], { renal_weight: 'ideal' }), { measures }));
    // Devine: 50 + 2.3 × (170 / 2.54 − 60) = 65.94 kg; (140 − 60) × 65.94 / 72 = 73.27 mL/min; 5 × 98.27 = 491.3 mg
    expect(day.dose!.value.value).toBeCloseTo(491.34, 1);
    expect(texts(day)).toEqual(expect.arrayContaining(['Height measured on: 30 Oct 2026']));
  });

  it('has no dose without a creatinine, and says what is missing', () => {
    const measures = measuresOf({ measurement_date: '2026-10-30', weight: 70, height: 170 });
    const [day] = days(plan(protocol([carboplatin]), { measures }));
    expect(day.dose).toBeUndefined();
    expect(day.problems).toEqual([expect.objectContaining({ field: 'creatinine' })]);
  });
});

describe('caps, percent and rounding from the protocol line', () => {
  // 171 cm and 76 kg: 1.9 m² by Mosteller
  const measures = measuresOf({ measurement_date: '2026-10-30', weight: 76, height: 171 });
  const vincristine = line({ item_id: 'v', drug_name: 'Vincristine', dosage: 1.4, unit: 'mg_m2', max_dose: 2 });

  it('caps vincristine 1.4 mg/m² × 1.9 m² = 2.66 mg at 2 mg', () => {
    const [day] = days(plan(protocol([vincristine]), { measures }));
    expect(day.dose!.value).toEqual({ value: 2, unit: 'mg' });
    const cap = day.dose!.derivation.adjustments.find((a) => a.kind === 'dose_cap')!;
    expect(cap.before.value).toBeCloseTo(2.66, 10);
    expect(texts(day)).toEqual(expect.arrayContaining(['Weight measured on: 30 Oct 2026', 'Height measured on: 30 Oct 2026']));
  });

  it('applies the line’s dose percent, then its rounding step', () => {
    const cyclophosphamide = line({ item_id: 'x', drug_name: 'Cyclophosphamide', dosage: 600, unit: 'mg_m2', dose_rounding: { step: 50 } });
    const [day] = days(plan(protocol([cyclophosphamide]), { measures, percent: { x: 80 } }));
    // 600 × 1.9 = 1140; 80 % = 912; to the nearest 50 mg = 900
    expect(day.dose!.value.value).toBe(900);
    expect(day.dose_percent).toBe(80);
    expect(day.dose!.derivation.adjustments.map((a) => [a.kind, a.after.value])).toEqual([
      ['percent', 912],
      ['rounding', 900],
    ]);
  });

  it('takes the protocol’s BSA formula: Du Bois gives 1.88 m² where Mosteller gives 1.9', () => {
    const paclitaxel = line({ item_id: 'p', drug_name: 'Paclitaxel', dosage: 175, unit: 'mg_m2' });
    const [mosteller] = days(plan(protocol([paclitaxel]), { measures }));
    const [dubois] = days(plan(protocol([paclitaxel], { bsa_formula: 'dubois' }), { measures }));
    expect(mosteller.dose!.value.value).toBeCloseTo(332.5, 6);
    // 0.007184 × 76^0.425 × 171^0.725 = 1.8821 m²; × 175 = 329.36 mg
    expect(dubois.dose!.value.value).toBeCloseTo(329.36, 2);
    expect(dubois.dose!.derivation.basedOn[0].derivation.method.en).toBe('Body surface area — Du Bois');
  });

  it('gives the dose of the band the calculated dose falls in', () => {
    const bands = { bands: [{ from: 1000, to: 1100, dose: 1050 }, { from: 1100, to: 1200, dose: 1150 }] };
    const gemcitabine = line({ item_id: 'g', drug_name: 'Gemcitabine', dosage: 600, unit: 'mg_m2', dose_rounding: bands });
    const [day] = days(plan(protocol([gemcitabine]), { measures }));
    // 600 × 1.9 = 1140 mg → the 1100–1200 band
    expect(day.dose!.value.value).toBe(1150);
    expect(day.dose!.derivation.adjustments.map((a) => a.kind)).toEqual(['band']);
  });

  it('doses per kg by the actual weight and flat doses as written', () => {
    const p = protocol([line({ item_id: 'k', drug_name: 'Trastuzumab', dosage: 6, unit: 'mg_kg' }), line({ item_id: 'f', item_type: 'premedication', drug_name: 'Ondansetron', dosage: 8, unit: 'mg' })]);
    expect(days(plan(p, { measures })).map((d) => d.dose!.value.value)).toEqual([456, 8]);
  });
});

describe('doxorubicin near its 550 mg/m² lifetime limit', () => {
  const measures = measuresOf({ measurement_date: '2026-10-30', weight: 76, height: 171 });
  const doxorubicin = line({ item_id: 'd', drug_name: 'Doxorubicin', dosage: 60, unit: 'mg_m2', lifetime_limit: { amount: 550, per: 'm2' } });
  // 450 mg/m² given before at 1.9 m²
  const history = [{ drug_name: 'DOXORUBICIN', date: '2026-01-05', dose: { value: 855, unit: 'mg' as const }, bsa: { value: 1.9, unit: 'm2' as const } }];

  it('plans the cycle that stays under the limit and refuses the one that would pass it, counting the plan’s own doses', () => {
    const p = plan(protocol([doxorubicin], { cycle_count: 2 }), { measures, history });
    const [first, second] = days(p);
    // 450 + 60 = 510 mg/m²
    expect(first.dose!.value.value).toBeCloseTo(114, 10);
    expect(first.dose!.derivation.steps.find((s) => s.label.en === 'Total after this dose')).toMatchObject({ quantity: { value: expect.closeTo(510, 10) } });
    // 510 + 60 = 570 > 550
    expect(second.dose).toBeUndefined();
    expect(second.problems).toEqual([expect.objectContaining({ code: 'lifetime_limit' })]);
    expect(second.problems[0].message.en).toContain('570 mg/m²');
  });

  it('names the plan’s own earlier doses as planned, the patient’s as given', () => {
    const earlier = [{ ...history[0], dose: { value: 570, unit: 'mg' as const } }];
    const [, second] = days(plan(protocol([doxorubicin], { cycle_count: 2 }), { measures, history: earlier }));
    // 300 + 60 + 60 = 420 mg/m²
    const counted = second.dose!.derivation.steps.filter((s) => 'quantity' in s && s.quantity.unit === 'mg/m2').map((s) => s.label.en);
    expect(counted).toEqual(['Dose given on 2026-01-05', 'Dose planned for 2026-11-02', 'Given before', 'This dose', 'Total after this dose', 'Lifetime limit']);
  });
});

describe('cycles and days', () => {
  const lines = [
    line({ item_id: 'a', drug_name: 'Paclitaxel', dosage: 80, unit: 'mg_m2', day_list: [1, 8, 15] }),
    line({ item_id: 'l', item_type: 'laboratory', lab_test: 'Complete blood count', day_list: [1] }),
    line({ item_id: 'n', item_type: 'note', text: 'Echocardiogram', starting_date_type: 'treatment_start', day_list: [22, 70] }),
  ];
  const p = plan(protocol(lines, { cycle_count: 3, cycle_length_days: 21 }));

  it('dates the cycles start + (n − 1) × cycle length', () => {
    expect(p.cycles.map((c) => [c.cycle_number, c.planned_date])).toEqual([
      [1, '2026-11-02'],
      [2, '2026-11-23'],
      [3, '2026-12-14'],
    ]);
  });

  it('puts each line on its days: cycle days in every cycle, treatment days in the cycle that holds them', () => {
    const second = p.cycles[1].days.map((d) => [d.item_id, d.day, d.planned_date]);
    expect(second).toEqual([
      ['a', 1, '2026-11-23'],
      ['l', 1, '2026-11-23'],
      ['n', 1, '2026-11-23'],
      ['a', 8, '2026-11-30'],
      ['a', 15, '2026-12-07'],
    ]);
    // day 70 of the treatment is after the third cycle's 21 days: it stays in the last cycle
    expect(p.cycles[2].days.at(-1)).toMatchObject({ item_id: 'n', day: 28, planned_date: '2027-01-10' });
  });

  it('gives laboratory and note lines no dose', () => {
    const others = days(p).filter((d) => d.item_type !== 'drug');
    expect(others.every((d) => d.dose === undefined && d.problems.length === 0)).toBe(true);
    expect(days(p).filter((d) => d.item_type === 'drug').every((d) => d.dose)).toBe(true);
  });

  it('refuses to date several cycles without a cycle length', () => {
    const { cycle_length_days: _, ...noLength } = protocol(lines, { cycle_count: 3 });
    expect(plan(noLength as Protocol).problems).toEqual([expect.objectContaining({ code: 'cycles_need_length' })]);
  });
});
