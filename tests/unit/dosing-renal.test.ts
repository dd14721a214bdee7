// Renal function (src/domain/dosing/renal.ts): Cockcroft-Gault and CKD-EPI 2021 against worked examples computed
// by hand in the comments, creatinine in either unit, and the refusals of the adult formulas.
import { absoluteGfr, bsa, type Calculated, ckdEpi2021, cockcroftGault, type Outcome } from '../../src/domain/dosing';

const years = (value: number) => ({ value, unit: 'a' as const });
const mgDl = (value: number) => ({ value, unit: 'mg/dL' as const });
const kg = (value: number) => ({ value, unit: 'kg' as const });
const cm = (value: number) => ({ value, unit: 'cm' as const });

function ok<U extends string>(outcome: Outcome<U>): Calculated<U> {
  if (!outcome.ok) throw new Error(outcome.problems.map((p) => p.message.en).join(' '));
  return outcome;
}

const quantities = (c: Calculated) => c.derivation.steps.map((s) => ('quantity' in s ? s.quantity.value : s.text.en));

describe('Cockcroft-Gault creatinine clearance', () => {
  it('gives the worked example: a 60-year-old man of 72 kg with creatinine 1.0 mg/dL clears 80 mL/min', () => {
    // (140 − 60) × 72 / (72 × 1.0) = 80 mL/min
    const man = ok(cockcroftGault({ age: years(60), sex: 'male', weight: kg(72), creatinine: mgDl(1.0) }));
    expect(man.value).toEqual({ value: 80, unit: 'mL/min' });
    expect(man.derivation.method.en).toBe('Creatinine clearance — Cockcroft–Gault');
    expect(man.derivation.source).toMatch(/Cockcroft DW, Gault MH\. Nephron 1976/);
    // weight used, 140 − age, 72 × Scr, sex factor
    expect(quantities(man)).toEqual([72, 80, 72, 1]);
    // a woman: × 0.85 = 68 mL/min
    expect(ok(cockcroftGault({ age: years(60), sex: 'female', weight: kg(72), creatinine: mgDl(1.0) })).value.value).toBeCloseTo(68, 10);
  });

  it('takes creatinine in µmol/L through the unit catalogue’s 88.4, showing the conversion', () => {
    const result = ok(cockcroftGault({ age: years(60), sex: 'male', weight: kg(72), creatinine: { value: 88.4, unit: 'umol/L' } }));
    expect(result.value.value).toBeCloseTo(80, 10);
    expect(result.derivation.inputs[2]).toEqual({ label: { en: 'Serum creatinine', tr: 'Serum kreatinin' }, quantity: { value: 88.4, unit: 'umol/L' } });
    expect(result.derivation.steps[0]).toEqual({ label: expect.objectContaining({ en: 'Serum creatinine in mg/dL' }), quantity: { value: expect.closeTo(1, 10), unit: 'mg/dL' } });
  });

  it('uses the weight the protocol chooses, the choice in the derivation', () => {
    // 180 cm man of 120 kg: IBW 74.992, adjusted 92.995 kg; (140 − 60) × 92.995 / 72 = 103.33 mL/min
    const patient = { age: years(60), sex: 'male' as const, weight: kg(120), height: cm(180), creatinine: mgDl(1.0) };
    const adjusted = ok(cockcroftGault({ ...patient, weightChoice: 'adjusted' }));
    expect(adjusted.value.value).toBeCloseTo(103.328, 3);
    expect(adjusted.derivation.basedOn[0].derivation.method.en).toBe('Dosing weight — adjusted');
    expect(adjusted.derivation.inputs.map((i) => i.label.en)).toEqual(['Age', 'Sex', 'Serum creatinine', 'Actual body weight', 'Height']);
    // ideal: 80 × 74.99213 / 72 = 83.3246 mL/min
    expect(ok(cockcroftGault({ ...patient, weightChoice: 'ideal' })).value.value).toBeCloseTo(83.3246, 4);
    // an ideal or adjusted weight needs the height
    expect(cockcroftGault({ ...patient, height: undefined, weightChoice: 'ideal' })).toMatchObject({ ok: false, problems: [{ code: 'missing', field: 'height' }] });
  });

  it('refuses a child, an unknown sex, a missing weight and a creatinine that is µmol/L under mg/dL, all at once', () => {
    const result = cockcroftGault({ age: years(12), sex: 'not_stated' as never, weight: undefined as never, creatinine: mgDl(88) });
    expect(result.ok ? [] : result.problems.map((p) => [p.code, p.field])).toEqual([
      ['adult_only', 'age'],
      ['sex_needed', 'sex'],
      ['out_of_range', 'creatinine'],
      ['missing', 'weight'],
    ]);
    if (!result.ok) {
      expect(result.problems[0].message.en).toBe('Creatinine clearance — Cockcroft–Gault is for adults: the age must be from 18 to 120 years, not 12.');
      expect(result.problems[2].message.tr).toBe('Serum kreatinin: 88 mg/dL olamaz; 0,1 ile 40 mg/dL arasında olmalı. Değeri ve birimini kontrol edin.');
    }
    expect(cockcroftGault({ age: years(121), sex: 'male', weight: kg(72), creatinine: mgDl(1) })).toMatchObject({ ok: false, problems: [{ code: 'adult_only' }] });
    expect(cockcroftGault({ age: years(60), sex: 'male', weight: kg(72), creatinine: mgDl(0) })).toMatchObject({ ok: false, problems: [{ code: 'out_of_range' }] });
    expect(cockcroftGault({ age: years(60), sex: 'male', weight: kg(72), creatinine: { value: 1, unit: 'mmol/L' } as never })).toMatchObject({
      ok: false,
      problems: [{ code: 'unit', field: 'creatinine' }],
    });
  });
});

describe('CKD-EPI 2021 eGFR', () => {
  it('gives the reference value of a 50-year-old woman with creatinine 1.0 mg/dL: 68.6 mL/min/1.73 m²', () => {
    // κ 0.7, α −0.241: Scr/κ = 1.428571; min(…,1)^α = 1; max(…,1)^−1.2 = 1.428571^−1.2 = 0.651805;
    // 0.9938^50 = 0.732740; 142 × 0.651805 × 0.732740 × 1.012 = 68.633 (calculators that show whole numbers: 69)
    const woman = ok(ckdEpi2021({ age: years(50), sex: 'female', creatinine: mgDl(1.0) }));
    expect(woman.value.value).toBeCloseTo(68.633, 3);
    expect(woman.value.unit).toBe('mL/min/{1.73_m2}');
    // κ, α, Scr/κ, min term, max term, age factor, sex factor
    expect(quantities(woman).map((v) => Number((v as number).toFixed(6)))).toEqual([0.7, -0.241, 1.428571, 1, 0.651805, 0.73274, 1.012]);
    expect(woman.derivation.source).toMatch(/Inker LA.*N Engl J Med 2021;385/);
  });

  it('uses the male constants and the low-creatinine branch', () => {
    // man, 50, 1.0: κ 0.9; 1.111111^−1.2 = 0.881234; × 0.732740 × 142 = 91.691
    expect(ok(ckdEpi2021({ age: years(50), sex: 'male', creatinine: mgDl(1.0) })).value.value).toBeCloseTo(91.691, 3);
    // woman, 60, 0.6: Scr/κ = 0.857143; 0.857143^−0.241 = 1.037849; 0.9938^60 = 0.688556; 142 × 1.037849 × 0.688556 × 1.012 = 102.693
    expect(ok(ckdEpi2021({ age: years(60), sex: 'female', creatinine: mgDl(0.6) })).value.value).toBeCloseTo(102.693, 3);
  });

  it('is for adults only', () => {
    expect(ckdEpi2021({ age: years(17), sex: 'female', creatinine: mgDl(0.6) })).toMatchObject({ ok: false, problems: [{ code: 'adult_only', field: 'age' }] });
  });

  it('becomes the patient’s own GFR in mL/min through the body surface', () => {
    // 68.6335 × 2.0 / 1.73 = 79.345 mL/min
    const egfr = ok(ckdEpi2021({ age: years(50), sex: 'female', creatinine: mgDl(1.0) }));
    const area = ok(bsa({ height: cm(180), weight: kg(80) }));
    const gfr = ok(absoluteGfr(egfr, area));
    expect(gfr.value.value).toBeCloseTo(79.345, 3);
    expect(gfr.value.unit).toBe('mL/min');
    expect(gfr.derivation.basedOn).toEqual([egfr, area]);
  });
});
