// The dose calculator's route (clinical/dose/calculate) against a real database: published values (Mosteller,
// Cockcroft-Gault, Calvert with the GFR cap), the answer equal to what the page computes in the browser with
// src/domain/dosing/calculator.ts, an impossible input refused at its field in both languages, and who may call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalDoseCalculate } from '../../src/generated/client/index.ts';
import type { ClinicalDoseCalculateRequest } from '../../src/generated/types/routes.ts';
import { doseCalculator } from '../../src/domain/dosing/index.ts';
import { databaseKinds, frontendKeyForTest, startTestApp, type TestApp } from './harness.ts';
import { actor, auditCount } from './support/actors.ts';

const PATIENT: ClinicalDoseCalculateRequest = { height_cm: 170, weight_kg: 72, age_years: 60, sex: 'male', creatinine: { value: 1, unit: 'mg/dL' } };

describe.each(databaseKinds('same-on-every-database'))('the dose calculator on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers every figure with its derivation, by the published values, as the browser computes it', async () => {
    const pharmacist = await actor(t, 'ph.deniz', { domain: 'clinical.localhost', authCodes: ['pharmacist'] });
    pharmacist.use();
    const res = await clinicalDoseCalculate({ ...PATIENT, weight_kg: 70, dose: { basis: 'per_m2', amount: 100 } });
    expect(res.status_code, res.status_message).toBe('10000');
    // Mosteller 170 cm, 70 kg: √(170 × 70 / 3600) = 1.8181 m².
    const mosteller = res.bsa_list.find((b) => b.bsa_formula === 'mosteller')!.result;
    expect(mosteller.value.unit).toBe('m2');
    expect(mosteller.value.value).toBeCloseTo(1.8181, 4);
    expect(mosteller.derivation.source).toMatch(/Mosteller/);
    expect(res.bsa_list.map((b) => b.bsa_formula)).toEqual(['mosteller', 'dubois', 'haycock', 'gehan_george', 'boyd']);
    expect(res.creatinine_clearance_list.map((c) => c.weight_choice)).toEqual(['actual', 'ideal', 'adjusted']);
    expect(res.dose!.value).toEqual({ value: expect.closeTo(181.81, 2), unit: 'mg' });
    expect(res.dose!.derivation.based_on[0].derivation.method.en).toMatch(/Mosteller/);
    const local = doseCalculator({ ...PATIENT, weight_kg: 70, dose: { basis: 'per_m2', amount: 100 } });
    const { status_code: _s, status_message: _m, http_status: _h, ...answer } = res as typeof res & { http_status: number };
    expect(local).toEqual({ ok: true, answer });
  });

  it('Cockcroft-Gault: 60 years, male, 72 kg, creatinine 1.0 mg/dL (88.4 µmol/L) is 80 mL/min', async () => {
    (await actor(t, 'dr.cem', { domain: 'clinical.localhost', authCodes: ['doctor'] })).use();
    for (const creatinine of [{ value: 1, unit: 'mg/dL' as const }, { value: 88.4, unit: 'umol/L' as const }]) {
      const res = await clinicalDoseCalculate({ ...PATIENT, creatinine });
      expect(res.status_code, res.status_message).toBe('10000');
      expect(res.creatinine_clearance_list[0].result.value.unit).toBe('mL/min');
      expect(res.creatinine_clearance_list[0].result.value.value).toBeCloseTo(80, 6);
      expect(res.egfr.value.unit).toBe('mL/min/{1.73_m2}');
    }
  });

  it('Calvert: AUC 5 with a clearance above 125 mL/min takes 125, and says so', async () => {
    (await actor(t, 'dr.cem', { domain: 'clinical.localhost', authCodes: ['doctor'] })).use();
    // 30 years, 80 kg, 0.6 mg/dL: (140 − 30) × 80 / (72 × 0.6) = 203.7 mL/min.
    const res = await clinicalDoseCalculate({ ...PATIENT, age_years: 30, weight_kg: 80, creatinine: { value: 0.6, unit: 'mg/dL' }, dose: { basis: 'auc', amount: 5 } });
    expect(res.status_code, res.status_message).toBe('10000');
    expect(res.dose!.value).toEqual({ value: 750, unit: 'mg' });
    const [cap] = res.dose!.derivation.adjustments;
    expect(cap).toMatchObject({ kind: 'gfr_cap', after: { value: 125, unit: 'mL/min' } });
    expect(cap.before.value).toBeCloseTo(203.7, 1);
    expect(cap.note.en).toMatch(/^GFR capped at 125 mL\/min/);
    // A protocol's own cap, and a single-dose cap.
    const capped = await clinicalDoseCalculate({ ...PATIENT, age_years: 30, weight_kg: 80, creatinine: { value: 0.6, unit: 'mg/dL' }, dose: { basis: 'auc', amount: 5, gfr_cap: 100, cap: 500 } });
    expect(capped.dose!.value).toEqual({ value: 500, unit: 'mg' });
    expect(capped.dose!.derivation.adjustments.map((a) => a.kind)).toEqual(['gfr_cap', 'dose_cap']);
  });

  it('refuses an impossible input at its field in the caller\'s language, and answers no number', async () => {
    const doctor = await actor(t, 'dr.cem', { domain: 'clinical.localhost', authCodes: ['doctor'] });
    const slip = { ...PATIENT, creatinine: { value: 88, unit: 'mg/dL' as const }, height_cm: 0 };
    const words = { 1: [/Height: 0 cm is not possible/, /Serum creatinine: 88 mg\/dL is not possible/], 0: [/Boy: 0 cm olamaz/, /Serum kreatinin: 88 mg\/dL olamaz/] } as const;
    for (const lang of [1, 0] as const) {
      doctor.use({ lang });
      const res = (await clinicalDoseCalculate(slip)) as unknown as { status_code: string; http_status: number; status_message: string; errors: { field: string; message: string }[]; bsa_list?: unknown };
      expect(res.status_code).toBe('14090');
      expect(res.http_status).toBe(400);
      expect(res.bsa_list).toBeUndefined();
      expect(res.errors.map((e) => e.field)).toEqual(['height_cm', 'creatinine.value']);
      expect(res.errors[0].message).toMatch(words[lang][0]);
      expect(res.errors[1].message).toMatch(words[lang][1]);
      expect(res.status_message).toMatch(words[lang][0]);
    }
    // A child: the adult formulas say so; a dose of 0 is refused at the dose.
    doctor.use();
    const child = (await clinicalDoseCalculate({ ...PATIENT, age_years: 9 })) as unknown as { errors: { field: string }[] };
    expect(child.errors.map((e) => e.field)).toEqual(['age_years']);
    const zero = (await clinicalDoseCalculate({ ...PATIENT, dose: { basis: 'per_kg', amount: 0 } })) as unknown as { status_code: string; errors: { field: string }[] };
    expect(zero).toMatchObject({ status_code: '14090', errors: [{ field: 'dose.amount' }] });
  });

  it('admits the site\'s front-end key (a pharmacy system) and refuses a visitor; it writes nothing to the audit trail', async () => {
    const before = await auditCount(t.db, 'clinical_dose_calculate');
    t.as({ host: 'clinical.localhost', query: { __lang__v: 1 } });
    const visitor = await clinicalDoseCalculate(PATIENT);
    expect(visitor).toMatchObject({ status_code: '10008', http_status: 401 });
    t.as({ host: 'clinical.localhost', query: { __lang__v: 0 } });
    expect((await clinicalDoseCalculate(PATIENT)).status_message).not.toBe(visitor.status_message);
    const key = await frontendKeyForTest(t.db, 'clinical.localhost');
    t.as({ host: 'clinical.localhost', authorization: key, query: { __lang__v: 1 } });
    const pharmacy = await clinicalDoseCalculate(PATIENT);
    expect(pharmacy.status_code, pharmacy.status_message).toBe('10000');
    expect(await auditCount(t.db, 'clinical_dose_calculate')).toBe(before);
  });
});
