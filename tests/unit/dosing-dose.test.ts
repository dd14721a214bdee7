// Doses (src/domain/dosing/dose.ts): per m², per kg, flat and Calvert's AUC, with the checks a pharmacist makes —
// the GFR cap, a single-dose cap, a lifetime limit over the patient's history, rounding and banding — each named in
// the derivation with the values before and after.
import { bsa, type Calculated, calculateDose, cockcroftGault, type DoseRequest, type DrugRule, dosingWeight, type Outcome } from '../../src/domain/dosing';

const cm = (value: number) => ({ value, unit: 'cm' as const });
const kg = (value: number) => ({ value, unit: 'kg' as const });

function ok<U extends string>(outcome: Outcome<U>): Calculated<U> {
  if (!outcome.ok) throw new Error(outcome.problems.map((p) => p.message.en).join(' '));
  return outcome;
}

/** A GFR as Cockcroft-Gault answers it, for the Calvert tests: a 60-year-old man of `weight` kg, creatinine 1.0 mg/dL gives `weight` × 80/72. */
const clearance = (ml: number) => ok(cockcroftGault({ age: { value: 60, unit: 'a' }, sex: 'male', weight: kg((ml * 72) / 80), creatinine: { value: 1, unit: 'mg/dL' } }));

// 180 cm and 80 kg: exactly 2.0 m² by Mosteller
const twoSquareMetres = ok(bsa({ height: cm(180), weight: kg(80) }));
const carboplatin: DrugRule = { name: 'Carboplatin', unit: 'mg' };

describe('Calvert: dose = AUC × (GFR + 25)', () => {
  it('gives 625 mg for AUC 5 and a GFR of 100 mL/min, with no cap applied', () => {
    const dose = ok(calculateDose({ drug: carboplatin, order: { basis: 'auc', auc: 5 }, gfr: clearance(100) }));
    expect(dose.value.unit).toBe('mg');
    expect(dose.value.value).toBeCloseTo(625, 10);
    expect(dose.derivation.adjustments).toEqual([]);
    expect(dose.derivation.source).toMatch(/Calvert AH.*J Clin Oncol 1989/);
    expect(dose.derivation.inputs.map((i) => ('quantity' in i ? [i.label.en, i.quantity.value, i.quantity.unit] : []))).toEqual([
      ['Target AUC', 5, 'mg.min/mL'],
      ['GFR', expect.closeTo(100, 10), 'mL/min'],
      ['GFR cap', 125, 'mL/min'],
    ]);
    // the clearance's own derivation comes with it
    expect(dose.derivation.basedOn[0].derivation.method.en).toBe('Creatinine clearance — Cockcroft–Gault');
  });

  it('caps a GFR of 150 at 125 mL/min: 5 × (125 + 25) = 750 mg, the cap named with both values', () => {
    const dose = ok(calculateDose({ drug: carboplatin, order: { basis: 'auc', auc: 5 }, gfr: clearance(150) }));
    expect(dose.value.value).toBe(750);
    const [cap] = dose.derivation.adjustments;
    expect(cap).toMatchObject({ kind: 'gfr_cap', before: { value: expect.closeTo(150, 10), unit: 'mL/min' }, after: { value: 125, unit: 'mL/min' } });
    expect(cap.note.en).toBe('GFR capped at 125 mL/min (calculated 150 mL/min).');
    expect(cap.note.tr).toBe('GFR 125 mL/dk ile sınırlandı (hesaplanan 150 mL/dk).');
    expect(dose.derivation.steps.slice(0, 2).map((s) => ('quantity' in s ? s.quantity.value : 0))).toEqual([125, 150]);
  });

  it('takes another cap when the protocol says so', () => {
    expect(ok(calculateDose({ drug: carboplatin, order: { basis: 'auc', auc: 5, gfrCap: 150 }, gfr: clearance(150) })).value.value).toBeCloseTo(875, 10);
  });

  it('refuses without an absolute GFR, or for a drug not dosed in mg', () => {
    expect(calculateDose({ drug: carboplatin, order: { basis: 'auc', auc: 5 } })).toMatchObject({ ok: false, problems: [{ code: 'needs', field: 'gfr' }] });
    const indexed = { ...clearance(100), value: { value: 100, unit: 'mL/min/{1.73_m2}' } } as never;
    expect(calculateDose({ drug: carboplatin, order: { basis: 'auc', auc: 5 }, gfr: indexed })).toMatchObject({ ok: false, problems: [{ code: 'needs', field: 'gfr' }] });
    expect(calculateDose({ drug: { ...carboplatin, unit: 'g' }, order: { basis: 'auc', auc: 5 }, gfr: clearance(100) })).toMatchObject({
      ok: false,
      problems: [{ code: 'auc_unit' }],
    });
  });
});

describe('doses per m², per kg and flat', () => {
  it('caps vincristine 1.4 mg/m² × 2.0 m² = 2.8 mg at its 2 mg single dose', () => {
    const vincristine: DrugRule = { name: 'Vincristine', unit: 'mg', maxSingleDose: 2 };
    const dose = ok(calculateDose({ drug: vincristine, order: { basis: 'per_m2', amount: 1.4 }, bsa: twoSquareMetres }));
    expect(dose.value).toEqual({ value: 2, unit: 'mg' });
    expect(dose.derivation.method).toEqual({ en: 'Dose — Vincristine', tr: 'Doz — Vincristine' });
    expect(dose.derivation.formula.en).toBe('Dose (mg) = dose per m² (mg/m²) × BSA (m²)');
    expect(dose.derivation.inputs).toEqual([
      { label: { en: 'Dose per m²', tr: 'm² başına doz' }, quantity: { value: 1.4, unit: 'mg/m2' } },
      { label: { en: 'Body surface area', tr: 'Vücut yüzey alanı' }, quantity: { value: 2, unit: 'm2' } },
    ]);
    expect(dose.derivation.steps).toEqual([{ label: { en: 'Calculated dose', tr: 'Hesaplanan doz' }, quantity: { value: 2.8, unit: 'mg' } }]);
    const [cap] = dose.derivation.adjustments;
    expect(cap).toMatchObject({ kind: 'dose_cap', before: { value: 2.8, unit: 'mg' }, after: { value: 2, unit: 'mg' } });
    expect(cap.note.en).toBe('Capped at the maximum single dose of 2 mg: 2.8 mg calculated, 0.8 mg less.');
    expect(cap.note.tr).toBe('Tek doz üst sınırı 2 mg uygulandı: hesaplanan 2,8 mg, 0,8 mg eksik.');
    expect(dose.derivation.basedOn).toEqual([twoSquareMetres]);
  });

  it('doses per kg of the weight the protocol chose, and a flat dose as written', () => {
    const weight = ok(dosingWeight('actual', { height: cm(170), weight: kg(70) }));
    expect(ok(calculateDose({ drug: { name: 'Cetuximab', unit: 'mg' }, order: { basis: 'per_kg', amount: 5 }, weight })).value.value).toBe(350);
    expect(ok(calculateDose({ drug: { name: 'Ondansetron', unit: 'mg' }, order: { basis: 'flat', amount: 8 } })).value.value).toBe(8);
    expect(calculateDose({ drug: { name: 'Cetuximab', unit: 'mg' }, order: { basis: 'per_kg', amount: 5 } })).toMatchObject({ ok: false, problems: [{ code: 'needs', field: 'weight' }] });
  });

  it('applies a dose percent before rounding and caps, and shows it', () => {
    // 80 % of 625 mg = 500 mg
    const dose = ok(calculateDose({ drug: carboplatin, order: { basis: 'auc', auc: 5 }, gfr: clearance(100), percent: 80 }));
    expect(dose.value.value).toBeCloseTo(500, 10);
    expect(dose.derivation.adjustments[0]).toMatchObject({ kind: 'percent', note: { en: '80 % of the calculated dose.' } });
    expect(calculateDose({ drug: carboplatin, order: { basis: 'auc', auc: 5 }, gfr: clearance(100), percent: 0 })).toMatchObject({ ok: false, problems: [{ code: 'not_positive', field: 'percent' }] });
  });
});

describe('rounding and dose banding', () => {
  it('rounds to the nearest step, without a float’s tail', () => {
    // 5 × (97.3 + 25) = 611.5 mg → nearest 5 mg: 610 mg
    const dose = ok(calculateDose({ drug: { ...carboplatin, rounding: { step: 5 } }, order: { basis: 'auc', auc: 5 }, gfr: clearance(97.3) }));
    expect(dose.value.value).toBe(610);
    expect(dose.derivation.adjustments[0].note.en).toBe('Rounded to the nearest 5 mg: 611.5 mg → 610 mg.');
    // 1.4 × 1.86 = 2.604 → nearest 0.1 mg: exactly 2.6, not 2.6000000000000005
    const area = { ...twoSquareMetres, value: { value: 1.86, unit: 'm2' as const } };
    expect(ok(calculateDose({ drug: { name: 'Vinorelbine', unit: 'mg', rounding: { step: 0.1 } }, order: { basis: 'per_m2', amount: 1.4 }, bsa: area })).value.value).toBe(2.6);
  });

  it('rounds before the cap, so rounding cannot carry a dose past it', () => {
    // 1.4 × 1.8 = 2.52 mg → nearest 0.5 mg: 2.5 mg → capped at 2 mg
    const drug: DrugRule = { name: 'Vincristine', unit: 'mg', maxSingleDose: 2, rounding: { step: 0.5 } };
    const area = { ...twoSquareMetres, value: { value: 1.8, unit: 'm2' as const } };
    const dose = ok(calculateDose({ drug, order: { basis: 'per_m2', amount: 1.4 }, bsa: area }));
    expect(dose.value.value).toBe(2);
    expect(dose.derivation.adjustments.map((a) => [a.kind, a.before.value, a.after.value])).toEqual([
      ['rounding', expect.closeTo(2.52, 10), 2.5],
      ['dose_cap', 2.5, 2],
    ]);
  });

  it('gives the band’s dose, and refuses a dose no band holds', () => {
    // An illustrative band table (the pharmacy's own in use): 570–630 mg → 600 mg, 630–690 mg → 660 mg
    const drug: DrugRule = { name: 'Carboplatin', unit: 'mg', rounding: { bands: [{ from: 630, to: 690, dose: 660 }, { from: 570, to: 630, dose: 600 }] } };
    const dose = ok(calculateDose({ drug, order: { basis: 'auc', auc: 5 }, gfr: clearance(97.3) }));
    expect(dose.value.value).toBe(600);
    expect(dose.derivation.adjustments[0]).toMatchObject({ kind: 'band', before: { value: expect.closeTo(611.5, 10) }, after: { value: 600 } });
    expect(dose.derivation.adjustments[0].note.en).toBe('Dose band 570 to 630 mg gives 600 mg (calculated 611.5 mg).');
    // 5 × (125 + 25) = 750 mg: above every band
    const outside = calculateDose({ drug, order: { basis: 'auc', auc: 5 }, gfr: clearance(150) });
    expect(outside).toMatchObject({ ok: false, problems: [{ code: 'no_band', field: 'rounding' }] });
    expect(outside.ok ? '' : outside.problems[0].message.en).toBe('No dose band of Carboplatin holds 750 mg.');
    const overlapping: DrugRule = { ...drug, rounding: { bands: [{ from: 570, to: 640, dose: 600 }, { from: 630, to: 690, dose: 660 }] } };
    expect(calculateDose({ drug: overlapping, order: { basis: 'flat', amount: 600 } })).toMatchObject({ ok: false, problems: [{ code: 'bands' }] });
  });
});

describe('lifetime limits across the patient’s history', () => {
  const doxorubicin: DrugRule = { name: 'Doxorubicin', unit: 'mg', lifetimeLimit: { value: 550, per: 'm2' } };
  const given = (n: number, mg = 120) => Array.from({ length: n }, (_, i) => ({ date: `2025-0${1 + (i % 9)}-01`, dose: { value: mg, unit: 'mg' as const }, bsa: { value: 2, unit: 'm2' as const } }));
  const request = (history: DoseRequest['history']): DoseRequest => ({ drug: doxorubicin, order: { basis: 'per_m2', amount: 60 }, bsa: twoSquareMetres, history });

  it('counts earlier doses per m² by their day’s body surface, and shows the count', () => {
    // 8 × 120 mg at 2.0 m² = 480 mg/m²; this dose 60 mg/m² (120 mg): 540 of 550 mg/m²
    const dose = ok(calculateDose(request(given(8))));
    expect(dose.value.value).toBe(120);
    const steps = dose.derivation.steps.map((s) => ('quantity' in s ? [s.label.en, s.quantity.value, s.quantity.unit] : []));
    expect(steps[1]).toEqual(['Dose given on 2025-01-01', 60, 'mg/m2']);
    expect(steps.slice(-4)).toEqual([
      ['Given before', 480, 'mg/m2'],
      ['This dose', 60, 'mg/m2'],
      ['Total after this dose', 540, 'mg/m2'],
      ['Lifetime limit', 550, 'mg/m2'],
    ]);
  });

  it('allows a dose that reaches the limit exactly', () => {
    // 480 + 10 (20 mg at 2.0 m²) + 60 = 550 mg/m²
    expect(calculateDose(request([...given(8), ...given(1, 20)])).ok).toBe(true);
  });

  it('refuses a dose that would pass the limit, saying by how much', () => {
    // 9 × 60 = 540 mg/m² given; 540 + 60 = 600 mg/m², 50 over
    const result = calculateDose(request(given(9)));
    expect(result).toMatchObject({ ok: false, problems: [{ code: 'lifetime_limit', field: 'history' }] });
    if (!result.ok) {
      expect(result.problems[0].message.en).toBe(
        'The lifetime limit of Doxorubicin is 550 mg/m²: 540 mg/m² given before and 60 mg/m² now make 600 mg/m², 50 mg/m² over the limit.',
      );
      expect(result.problems[0].message.tr).toBe(
        'Doxorubicin için yaşam boyu sınır 550 mg/m²: daha önce verilen 540 mg/m² ve şimdiki 60 mg/m² toplam 600 mg/m² eder, sınırın 50 mg/m² üstünde.',
      );
    }
  });

  it('converts earlier doses written in another unit, and refuses one it cannot count', () => {
    const inGrams = given(8).map((g) => ({ ...g, dose: { value: 0.12, unit: 'g' as const } }));
    expect(ok(calculateDose(request(inGrams))).derivation.steps.at(-2)).toMatchObject({ quantity: { value: expect.closeTo(540, 10) } });
    const noArea = calculateDose(request([{ date: '2025-01-01', dose: { value: 120, unit: 'mg' } }]));
    expect(noArea).toMatchObject({ ok: false, problems: [{ code: 'history_bsa', field: 'history' }] });
    expect(noArea.ok ? '' : noArea.problems[0].message.en).toBe('The dose given on 2025-01-01 has no body surface area, so the lifetime limit per m² cannot be counted.');
    const inUnits = calculateDose(request([{ date: '2025-01-01', dose: { value: 120, unit: '[iU]' }, bsa: { value: 2, unit: 'm2' } }]));
    expect(inUnits).toMatchObject({ ok: false, problems: [{ code: 'unit', field: 'history' }] });
  });

  it('counts a total limit in the drug’s unit', () => {
    // Bleomycin-like: 400 units in total; 380 given, 30 now → 410, refused
    const drug: DrugRule = { name: 'Bleomycin', unit: '[iU]', lifetimeLimit: { value: 400, per: 'total' } };
    const history = [{ date: '2025-01-01', dose: { value: 380, unit: '[iU]' as const } }];
    expect(calculateDose({ drug, order: { basis: 'flat', amount: 30 }, history })).toMatchObject({ ok: false, problems: [{ code: 'lifetime_limit' }] });
    expect(calculateDose({ drug, order: { basis: 'flat', amount: 20 }, history }).ok).toBe(true);
  });
});

describe('refusals of a drug’s rule and an order', () => {
  it('names each problem instead of computing with it', () => {
    const result = calculateDose({ drug: { name: 'X', unit: 'mg', maxSingleDose: -2, rounding: { step: 0 } }, order: { basis: 'per_m2', amount: 1 }, bsa: twoSquareMetres });
    expect(result.ok ? [] : result.problems.map((p) => [p.code, p.field])).toEqual([
      ['not_positive', 'max_single_dose'],
      ['not_positive', 'rounding'],
    ]);
    expect(calculateDose({ drug: { name: 'X', unit: 'mg' }, order: { basis: 'per_m2', amount: Number.NaN }, bsa: twoSquareMetres })).toMatchObject({
      ok: false,
      problems: [{ code: 'not_positive', field: 'amount' }],
    });
    expect(calculateDose({ drug: { name: 'X', unit: 'mg' }, order: { basis: 'per_m2', amount: 1 } })).toMatchObject({ ok: false, problems: [{ code: 'needs', field: 'bsa' }] });
    expect(calculateDose({ drug: { name: 'X', unit: 'mL' as never }, order: { basis: 'flat', amount: 1 } })).toMatchObject({ ok: false, problems: [{ code: 'unit', field: 'unit' }] });
  });

  it('carries the warnings of what it used: a short patient’s ideal weight', () => {
    const weight = ok(dosingWeight('ideal', { height: cm(150), weight: kg(60), sex: 'female' }));
    const dose = ok(calculateDose({ drug: { name: 'X', unit: 'mg' }, order: { basis: 'per_kg', amount: 1 }, weight }));
    expect(dose.derivation.warnings.map((w) => w.code)).toEqual(['devine_short']);
  });
});
