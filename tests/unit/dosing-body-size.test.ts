// Body size (src/domain/dosing/body-size.ts) against the published formulas, each value worked by hand in the
// comment beside it, and the refusals of impossible measurements.
import { adjustedBodyWeight, bmi, bmiClass, bsa, type Calculated, dosingWeight, idealBodyWeight, type Outcome } from '../../src/domain/dosing';

const cm = (value: number) => ({ value, unit: 'cm' as const });
const kg = (value: number) => ({ value, unit: 'kg' as const });

function ok<U extends string>(outcome: Outcome<U>): Calculated<U> {
  if (!outcome.ok) throw new Error(outcome.problems.map((p) => p.message.en).join(' '));
  return outcome;
}

describe('body surface area', () => {
  const adult = { height: cm(170), weight: kg(70) };

  it('gives each formula’s published value for 170 cm and 70 kg', () => {
    // Mosteller: √(170 × 70 / 3600) = √3.305556 = 1.818119 m²
    expect(ok(bsa(adult)).value.value).toBeCloseTo(1.818119, 5);
    // Du Bois: 0.007184 × 70^0.425 (6.083684) × 170^0.725 (41.407162) = 1.809708 m²
    expect(ok(bsa(adult, 'dubois')).value.value).toBeCloseTo(1.809708, 5);
    // Haycock: 0.024265 × 70^0.5378 (9.824122) × 170^0.3964 (7.658610) = 1.825677 m²
    expect(ok(bsa(adult, 'haycock')).value.value).toBeCloseTo(1.825677, 5);
    // Gehan and George: 0.0235 × 70^0.51456 (8.900484) × 170^0.42246 (8.755389) = 1.831289 m²
    expect(ok(bsa(adult, 'gehan_george')).value.value).toBeCloseTo(1.831289, 5);
    // Boyd: exponent 0.7285 − 0.0188 × log₁₀ 70000 (4.845098) = 0.637412; 0.0003207 × 170^0.3 (4.668041) × 70000^0.637412 (1225.5313) = 1.834670 m²
    expect(ok(bsa(adult, 'boyd')).value.value).toBeCloseTo(1.83467, 5);
  });

  it('gives Mosteller’s round example: 180 cm and 80 kg make exactly 2 m²', () => {
    expect(ok(bsa({ height: cm(180), weight: kg(80) })).value).toEqual({ value: 2, unit: 'm2' });
  });

  it('agrees with Boyd’s formula as also published in kilograms: 0.0333 × W^(0.6157 − 0.0188 × log₁₀ W) × H^0.3', () => {
    for (const [h, w] of [[50, 3.5], [120, 25], [170, 70], [190, 120]]) {
      const kgForm = 0.0333 * w ** (0.6157 - 0.0188 * Math.log10(w)) * h ** 0.3;
      expect(ok(bsa({ height: cm(h), weight: kg(w) }, 'boyd')).value.value / kgForm).toBeCloseTo(1, 3);
    }
  });

  it('shows its method, formula, source, inputs with units and Boyd’s intermediate values', () => {
    const { derivation } = ok(bsa(adult));
    expect(derivation.method).toEqual({ en: 'Body surface area — Mosteller', tr: 'Vücut yüzey alanı — Mosteller' });
    expect(derivation.formula.en).toBe('BSA (m²) = √(height (cm) × weight (kg) / 3600)');
    expect(derivation.formula.tr).toContain('boy (cm)');
    expect(derivation.source).toMatch(/Mosteller RD\. N Engl J Med 1987/);
    expect(derivation.inputs).toEqual([
      { label: { en: 'Height', tr: 'Boy' }, quantity: { value: 170, unit: 'cm' } },
      { label: { en: 'Weight', tr: 'Ağırlık' }, quantity: { value: 70, unit: 'kg' } },
    ]);
    const boyd = ok(bsa(adult, 'boyd')).derivation;
    expect(boyd.steps.map((s) => ('quantity' in s ? s.quantity : s.text))).toEqual([{ value: 70000, unit: 'g' }, { value: expect.closeTo(0.637412, 5), unit: '1' }]);
    expect(boyd.source).toMatch(/Boyd E\..*1935/);
  });

  it('refuses impossible measurements at their field, in both languages, never NaN', () => {
    const zero = bsa({ height: cm(0), weight: kg(70) });
    expect(zero).toEqual({ ok: false, problems: [expect.objectContaining({ code: 'out_of_range', field: 'height' })] });
    if (!zero.ok) {
      expect(zero.problems[0].message.en).toBe('Height: 0 cm is not possible; it must be from 20 to 300 cm. Check the value and its unit.');
      expect(zero.problems[0].message.tr).toBe('Boy: 0 cm olamaz; 20 ile 300 cm arasında olmalı. Değeri ve birimini kontrol edin.');
    }
    const both = bsa({ height: cm(Number.NaN), weight: kg(-5) });
    expect(both.ok ? [] : both.problems.map((p) => [p.code, p.field])).toEqual([
      ['missing', 'height'],
      ['out_of_range', 'weight'],
    ]);
    // Height typed in metres: refused for its unit rather than read as 1.7 cm
    const metres = bsa({ height: { value: 1.7, unit: 'm' } as never, weight: kg(70) });
    expect(metres.ok ? '' : metres.problems[0].message.en).toBe('Height: give it in cm.');
    expect(bsa(adult, 'meeh' as never)).toMatchObject({ ok: false, problems: [{ code: 'unknown_formula' }] });
  });
});

describe('body mass index', () => {
  it('is weight over height squared, with the class as a step', () => {
    // 70 / 1.70² = 24.2215 kg/m²: normal
    const result = ok(bmi({ height: cm(170), weight: kg(70) }));
    expect(result.value.value).toBeCloseTo(24.2215, 4);
    expect(result.value.unit).toBe('kg/m2');
    expect(result.derivation.steps[1]).toEqual({ label: { en: 'BMI class', tr: 'VKİ sınıfı' }, text: { en: 'Normal (18.5–24.9)', tr: 'Normal (18,5–24,9)' } });
  });

  it('reads the spec’s “18.5 to 24.9” so that no value falls between classes', () => {
    expect([18.49, 18.5, 24.9, 24.95, 24.999, 25, 40].map(bmiClass)).toEqual(['underweight', 'normal', 'normal', 'normal', 'normal', 'overweight', 'overweight']);
  });
});

describe('ideal, adjusted and dosing weight', () => {
  it('gives Devine’s ideal weight: 50 kg (male) or 45.5 kg (female) + 2.3 kg per inch over 5 ft', () => {
    // 180 cm = 70.8661 in: 50 + 2.3 × 10.8661 = 74.992 kg
    expect(ok(idealBodyWeight({ height: cm(180), sex: 'male' })).value.value).toBeCloseTo(74.992, 3);
    // 160 cm = 62.9921 in: 45.5 + 2.3 × 2.9921 = 52.382 kg
    expect(ok(idealBodyWeight({ height: cm(160), sex: 'female' })).value.value).toBeCloseTo(52.382, 3);
    // exactly 5 ft: the base weight
    expect(ok(idealBodyWeight({ height: cm(152.4), sex: 'female' })).value.value).toBeCloseTo(45.5, 10);
  });

  it('goes on down the same line under 5 ft with a warning, and refuses where it reaches zero', () => {
    // 150 cm = 59.0551 in: 45.5 − 2.3 × 0.9449 = 43.327 kg
    const short = ok(idealBodyWeight({ height: cm(150), sex: 'female' }));
    expect(short.value.value).toBeCloseTo(43.327, 3);
    expect(short.derivation.warnings.map((w) => w.code)).toEqual(['devine_short']);
    expect(idealBodyWeight({ height: cm(100), sex: 'female' })).toMatchObject({ ok: false, problems: [{ code: 'ideal_not_positive', field: 'height' }] });
  });

  it('refuses a formula that needs the sex when the record has none', () => {
    const result = idealBodyWeight({ height: cm(170), sex: 'other' as never });
    expect(result).toMatchObject({ ok: false, problems: [{ code: 'sex_needed', field: 'sex' }] });
    expect(result.ok ? '' : result.problems[0].message.en).toBe('Ideal body weight needs the patient’s sex: female or male.');
  });

  it('adjusts by 0.4 of the excess over the ideal weight', () => {
    // IBW 74.992; 74.992 + 0.4 × (120 − 74.992) = 92.995 kg
    const adjusted = ok(adjustedBodyWeight({ height: cm(180), weight: kg(120), sex: 'male' }));
    expect(adjusted.value.value).toBeCloseTo(92.995, 3);
    expect(adjusted.derivation.basedOn[0].derivation.method.en).toBe('Ideal body weight');
  });

  it('chooses the dosing weight: actual below the ideal, ideal up to 120 %, adjusted above', () => {
    const male = (weight: number) => ({ height: cm(180), weight: kg(weight), sex: 'male' as const });
    expect(ok(dosingWeight('actual', male(120))).value.value).toBe(120);
    expect(ok(dosingWeight('ideal', male(120))).value.value).toBeCloseTo(74.992, 3);
    expect(ok(dosingWeight('ideal', male(60))).value.value).toBe(60);
    expect(ok(dosingWeight('adjusted', male(60))).value.value).toBe(60);
    expect(ok(dosingWeight('adjusted', male(89))).value.value).toBeCloseTo(74.992, 3); // 89 ≤ 1.2 × 74.992 = 89.99
    const obese = ok(dosingWeight('adjusted', male(120)));
    expect(obese.value.value).toBeCloseTo(92.995, 3);
    expect(obese.derivation.adjustments).toEqual([
      expect.objectContaining({ kind: 'weight_choice', before: { value: 120, unit: 'kg' }, after: { value: expect.closeTo(92.995, 3), unit: 'kg' } }),
    ]);
    expect(obese.derivation.adjustments[0].note.en).toBe('The actual weight 120 kg is over 120 % of the ideal weight 74.99 kg, so the adjusted weight is used.');
  });
});
