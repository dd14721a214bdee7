// What every dosing calculation answers: a quantity with its unit and the derivation a second person checks it
// by (method, formula, source, inputs, intermediate values, every cap, limit and rounding), or the problems that
// stopped it. Units are UCUM codes of src/domain/units.ts, so a screen shows them with `unitSymbol`.
import type { Bilingual } from '../language';

/** A number with its unit, never a bare number: `{ value: 70, unit: 'kg' }`. */
export interface Quantity<U extends string = string> {
  readonly value: number;
  readonly unit: U;
}

export type Kilograms = Quantity<'kg'>;
export type Centimetres = Quantity<'cm'>;
export type SquareMetres = Quantity<'m2'>;
/** Age in years (UCUM's `a`). */
export type Years = Quantity<'a'>;
export type CreatinineUnit = 'mg/dL' | 'umol/L';
export type SerumCreatinine = Quantity<CreatinineUnit>;
/** An absolute clearance or GFR (Cockcroft-Gault, the Calvert formula's GFR). */
export type MillilitresPerMinute = Quantity<'mL/min'>;
/** A GFR indexed to 1.73 m² of body surface (CKD-EPI). */
export type IndexedGfr = Quantity<'mL/min/{1.73_m2}'>;
/** The sex the formulas were fitted on; a record's other gender values are refused by the formulas that need it. */
export type Sex = 'female' | 'male';

/** An input or an intermediate value: a quantity, or a fact in words (the sex, a class). */
export type Entry = { label: Bilingual; quantity: Quantity } | { label: Bilingual; text: Bilingual };

/** A cap, limit, reduction, weight choice or rounding that changed a value, with the value before and after. */
export interface Adjustment {
  kind: 'gfr_cap' | 'dose_cap' | 'percent' | 'rounding' | 'band' | 'weight_choice';
  note: Bilingual;
  before: Quantity;
  after: Quantity;
}

/** A refusal (in `problems`) or a warning (in a derivation), at the input it is about when there is one. */
export interface Notice {
  code: string;
  field?: string;
  message: Bilingual;
}

export interface Derivation {
  method: Bilingual;
  formula: Bilingual;
  /** The published source (author, journal, year), as cited. */
  source: string;
  inputs: Entry[];
  steps: Entry[];
  adjustments: Adjustment[];
  warnings: Notice[];
  /** The calculations this one used (the BSA of a dose per m², the ideal weight of an adjusted weight). */
  basedOn: Calculated[];
}

export interface Calculated<U extends string = string> {
  ok: true;
  value: Quantity<U>;
  derivation: Derivation;
}

export type Outcome<U extends string = string> = Calculated<U> | { ok: false; problems: Notice[] };

export const quantity = <U extends string>(value: number, unit: U): Quantity<U> => ({ value, unit });

export const entry = (label: Bilingual, value: number, unit: string): Entry => ({ label, quantity: { value, unit } });

export const refuse = (problems: Notice[]): { ok: false; problems: Notice[] } => ({ ok: false, problems });

/**
 * A derivation with the parts a formula leaves empty filled in. The warnings of the calculations it used are
 * repeated on it, so a screen that shows one derivation's warnings misses none.
 */
export function derived<U extends string>(
  value: Quantity<U>,
  parts: Pick<Derivation, 'method' | 'formula' | 'source' | 'inputs'> & Partial<Derivation>,
): Calculated<U> {
  const { warnings = [], basedOn = [] } = parts;
  const all = [...warnings, ...basedOn.flatMap((b) => b.derivation.warnings)];
  const unique = all.filter((w, i) => all.findIndex((o) => o.code === w.code && o.field === w.field) === i);
  return { ok: true, value, derivation: { steps: [], adjustments: [], ...parts, warnings: unique, basedOn } };
}
