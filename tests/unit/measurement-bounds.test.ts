// One definition of what a patient can measure (issue 29 §4): the patient measurement's bounds in the contract
// are the dosing checks' bounds, so a value the server stores is a value the planner accepts, and one the
// planner refuses is never stored. (A creatinine of 0.05 mg/dL was stored, then refused by the planner.)
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import contract from '../../src/generated/schemas.json' with { type: 'json' };
import { readBody, readCreatinine } from '../../src/domain/dosing/checks.ts';

const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
for (const s of contract.schemas) ajv.addSchema(s as object);
const stored = (field: string, value: number) =>
  ajv.validate({ $ref: `https://sema.dev/schemas/entities/patient_measurement.json#/properties/${field}` }, value) as boolean;

const planned = {
  height: (value: number) => typeof readBody({ value, unit: 'cm' }, 'height') === 'number',
  weight: (value: number) => typeof readBody({ value, unit: 'kg' }, 'weight') === 'number',
  creatinine: (value: number) => typeof readCreatinine({ value, unit: 'mg/dL' }) === 'number',
};

describe("a patient's measurements", () => {
  it.each([
    ['height', [19.9, 20, 272, 300, 300.1]],
    ['weight', [0.19, 0.2, 635, 700, 700.1]],
    ['creatinine', [0.05, 0.09, 0.1, 40, 40.1]],
  ] as const)('%s: the server stores exactly what the planner accepts', (field, values) => {
    for (const value of values) expect(stored(field, value), `${field} ${value}`).toBe(planned[field](value));
    expect(values.filter((v) => planned[field](v)).length).toBeGreaterThan(0);
    expect(values.filter((v) => !planned[field](v)).length).toBeGreaterThan(0);
  });
});
