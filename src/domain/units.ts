// The unit catalogue: the units clinicians write, each with its UCUM code (https://ucum.org — what FHIR and
// laboratory interfaces exchange), a display symbol, Turkish and English names, the data-model unit kinds it
// serves, and a factor to its dimension's base unit. Conversions are exact within a dimension (factors are
// integers of a small base unit, so 1 in = 2.54 cm and 1 lb = 0.45359237 kg come out as the published values);
// between mass and substance concentration they need a named analyte with its published factor, and anything
// else is refused, never guessed. One table for the designer's unit picker, the FHIR export and conversions.
import type { UnitKind } from '../generated/types/entities';

type Bilingual = { en: string; tr: string };
export type UnitLang = keyof Bilingual;

/**
 * What a unit measures; only units of one dimension convert into each other. Each dimension's factors count a
 * base unit small enough that every factor is a whole number (then `value * from / to` is the correctly rounded
 * result: 25400 / 10000 is exactly the double 2.54): length µm, mass pg, volume fL, mass concentration ng/L,
 * substance concentration nmol/L, cell counts per litre, area m², per area µg/m², per body mass µg/kg, time seconds.
 * International units and equivalents are dimensions of their own: an IU of one drug is no IU of another.
 */
export type Dimension =
  | 'length'
  | 'mass'
  | 'volume'
  | 'mass_concentration'
  | 'substance_concentration'
  | 'number_concentration'
  | 'catalytic_concentration'
  | 'fraction'
  | 'area'
  | 'mass_per_area'
  | 'mass_per_mass'
  | 'auc'
  | 'international_units'
  | 'equivalent_concentration'
  | 'international_units_per_area'
  | 'pressure'
  | 'temperature'
  | 'rate'
  | 'time'
  | 'flow'
  | 'filtration_rate';

export interface Unit {
  /** The UCUM code (case-sensitive form), what a data-model parameter's `unit` holds. */
  code: string;
  /** How it is shown: µ for micro, superscript powers. */
  symbol: string;
  name: Bilingual;
  /** The data-model unit kinds that offer it; none for units the catalogue only recognizes (vital signs, time). */
  kinds: readonly UnitKind[];
  dimension: Dimension;
  /** How many of the dimension's base unit one of this unit is. */
  factor: number;
  /** Other ways forms write it (free text from an import), matched when a unit is looked up by text. */
  aliases?: readonly string[];
}

const u = (
  code: string,
  symbol: string,
  en: string,
  tr: string,
  kinds: readonly UnitKind[],
  dimension: Dimension,
  factor: number,
  aliases?: readonly string[],
): Unit => ({ code, symbol, name: { en, tr }, kinds, dimension, factor, ...(aliases ? { aliases } : {}) });

const LAB: readonly UnitKind[] = ['laboratory'];
const DOSE: readonly UnitKind[] = ['dose'];
const NONE: readonly UnitKind[] = [];

/** The catalogue, in the order a picker lists each kind's units (the most used first). */
export const UNITS: readonly Unit[] = [
  // Laboratory: mass concentration
  u('mg/dL', 'mg/dL', 'milligrams per decilitre', 'miligram/desilitre', LAB, 'mass_concentration', 10_000_000),
  u('g/dL', 'g/dL', 'grams per decilitre', 'gram/desilitre', LAB, 'mass_concentration', 10_000_000_000),
  u('g/L', 'g/L', 'grams per litre', 'gram/litre', LAB, 'mass_concentration', 1_000_000_000),
  u('mg/L', 'mg/L', 'milligrams per litre', 'miligram/litre', LAB, 'mass_concentration', 1_000_000),
  u('ug/dL', 'µg/dL', 'micrograms per decilitre', 'mikrogram/desilitre', LAB, 'mass_concentration', 10_000, ['mcg/dL']),
  u('ug/L', 'µg/L', 'micrograms per litre', 'mikrogram/litre', LAB, 'mass_concentration', 1_000, ['mcg/L']),
  u('ng/mL', 'ng/mL', 'nanograms per millilitre', 'nanogram/mililitre', LAB, 'mass_concentration', 1_000),
  u('pg/mL', 'pg/mL', 'picograms per millilitre', 'pikogram/mililitre', LAB, 'mass_concentration', 1),
  // Laboratory: substance concentration
  u('mmol/L', 'mmol/L', 'millimoles per litre', 'milimol/litre', LAB, 'substance_concentration', 1_000_000, ['mM']),
  u('umol/L', 'µmol/L', 'micromoles per litre', 'mikromol/litre', LAB, 'substance_concentration', 1_000, ['µmol/L', 'μmol/L']),
  u('nmol/L', 'nmol/L', 'nanomoles per litre', 'nanomol/litre', LAB, 'substance_concentration', 1),
  u('meq/L', 'mEq/L', 'milliequivalents per litre', 'miliekivalan/litre', LAB, 'equivalent_concentration', 1, ['mEq/L']),
  // Laboratory: cell counts
  u('10*3/uL', '10³/µL', 'thousands per microlitre', 'bin/mikrolitre', LAB, 'number_concentration', 1e9, ['10^3/uL', '10³/µL', 'K/uL']),
  u('10*6/uL', '10⁶/µL', 'millions per microlitre', 'milyon/mikrolitre', LAB, 'number_concentration', 1e12, ['10^6/uL', '10⁶/µL', 'M/uL']),
  u('10*9/L', '10⁹/L', 'billions per litre', 'milyar/litre', LAB, 'number_concentration', 1e9, ['10^9/L', '10⁹/L']),
  u('10*12/L', '10¹²/L', 'trillions per litre', 'trilyon/litre', LAB, 'number_concentration', 1e12, ['10^12/L', '10¹²/L']),
  u('/uL', '/µL', 'per microlitre', 'mikrolitrede', LAB, 'number_concentration', 1_000_000, ['/µL']),
  // Laboratory: others
  u('U/L', 'U/L', 'units per litre', 'ünite/litre', LAB, 'catalytic_concentration', 1, ['IU/L']),
  u('%', '%', 'percent', 'yüzde', LAB, 'fraction', 1),
  u('fL', 'fL', 'femtolitres', 'femtolitre', LAB, 'volume', 1),
  u('pg', 'pg', 'picograms', 'pikogram', LAB, 'mass', 1),
  u('mL/min/{1.73_m2}', 'mL/min/1.73 m²', 'millilitres per minute per 1.73 m²', 'mililitre/dakika/1,73 m²', LAB, 'filtration_rate', 1, ['mL/min/1.73m2', 'mL/min/1.73 m2', 'mL/min/1.73 m²']),
  // Length
  u('cm', 'cm', 'centimetres', 'santimetre', ['length'], 'length', 10_000),
  u('m', 'm', 'metres', 'metre', ['length'], 'length', 1_000_000),
  u('mm', 'mm', 'millimetres', 'milimetre', ['length'], 'length', 1_000),
  u('[in_i]', 'in', 'inches', 'inç', ['length'], 'length', 25_400, ['inch']),
  u('[ft_i]', 'ft', 'feet', 'fit', ['length'], 'length', 304_800, ['ft', 'feet']),
  // Weight and dose masses (base pg: a pound is 453,592,370,000,000 pg exactly)
  u('kg', 'kg', 'kilograms', 'kilogram', ['weight', 'dose'], 'mass', 1e15),
  u('g', 'g', 'grams', 'gram', ['weight', 'dose'], 'mass', 1e12),
  u('[lb_av]', 'lb', 'pounds', 'libre', ['weight'], 'mass', 453_592_370_000_000, ['lb', 'lbs']),
  u('mg', 'mg', 'milligrams', 'miligram', DOSE, 'mass', 1e9),
  u('ug', 'µg', 'micrograms', 'mikrogram', DOSE, 'mass', 1e6, ['mcg', 'µg', 'μg']),
  // Dose: per body surface area, per body weight, the carboplatin AUC target,
  // international units and volume
  u('mg/m2', 'mg/m²', 'milligrams per square metre', 'miligram/metrekare', DOSE, 'mass_per_area', 1_000, ['mg/m²']),
  u('g/m2', 'g/m²', 'grams per square metre', 'gram/metrekare', DOSE, 'mass_per_area', 1_000_000, ['g/m²']),
  u('ug/m2', 'µg/m²', 'micrograms per square metre', 'mikrogram/metrekare', DOSE, 'mass_per_area', 1, ['mcg/m2', 'mcg/m²', 'µg/m²']),
  u('mg/kg', 'mg/kg', 'milligrams per kilogram', 'miligram/kilogram', DOSE, 'mass_per_mass', 1_000),
  u('ug/kg', 'µg/kg', 'micrograms per kilogram', 'mikrogram/kilogram', DOSE, 'mass_per_mass', 1, ['mcg/kg', 'µg/kg']),
  u('mg.min/mL', 'AUC (mg/mL·min)', 'area under the curve (mg/mL·min)', 'eğri altındaki alan (mg/mL·dk)', DOSE, 'auc', 1, ['AUC']),
  u('[iU]', 'IU', 'international units', 'uluslararası ünite', DOSE, 'international_units', 1, ['IU', 'iu']),
  u('[iU]/m2', 'IU/m²', 'international units per square metre', 'uluslararası ünite/metrekare', DOSE, 'international_units_per_area', 1, ['IU/m2', 'IU/m²']),
  u('mL', 'mL', 'millilitres', 'mililitre', DOSE, 'volume', 1e12, ['ml', 'cc']),
  u('L', 'L', 'litres', 'litre', NONE, 'volume', 1e15),
  // Recognized in forms (an imported model's units, the FHIR export), not offered for a unit kind
  u('mm[Hg]', 'mmHg', 'millimetres of mercury', 'milimetre cıva', NONE, 'pressure', 1, ['mmHg', 'mm Hg']),
  u('Cel', '°C', 'degrees Celsius', 'santigrat derece', NONE, 'temperature', 1, ['°C']),
  u('/min', '/min', 'per minute', 'dakikada', NONE, 'rate', 1, ['bpm', 'beats/min', '/dk']),
  u('L/min', 'L/min', 'litres per minute', 'litre/dakika', NONE, 'flow', 1_000),
  u('mL/min', 'mL/min', 'millilitres per minute', 'mililitre/dakika', NONE, 'flow', 1),
  u('m2', 'm²', 'square metres', 'metrekare', NONE, 'area', 1, ['m²']),
  u('kg/m2', 'kg/m²', 'kilograms per square metre', 'kilogram/metrekare', NONE, 'mass_per_area', 1e9, ['kg/m²']),
  u('min', 'min', 'minutes', 'dakika', NONE, 'time', 60, ['minutes', 'dk']),
  u('h', 'h', 'hours', 'saat', NONE, 'time', 3_600, ['hours', 'sa']),
  u('d', 'd', 'days', 'gün', NONE, 'time', 86_400, ['days', 'gün']),
  u('wk', 'wk', 'weeks', 'hafta', NONE, 'time', 604_800, ['weeks', 'hafta']),
  // UCUM's year is the Julian year (365.25 days)
  u('a', 'y', 'years', 'yıl', NONE, 'time', 31_557_600, ['years', 'yıl', 'yr']),
];

/**
 * The measurements whose unit hospital management chooses (hospital settings), each with the units offered, the
 * conventional one first: the hospital_settings entity's enumerations (tests/unit/units.test.ts keeps them equal).
 */
export const PREFERRED_UNIT_CHOICES = {
  creatinine: ['mg/dL', 'umol/L'],
  height: ['cm', '[in_i]'],
  weight: ['kg', '[lb_av]'],
} as const;

const BY_CODE = new Map(UNITS.map((unit) => [unit.code, unit]));
const BY_TEXT = new Map(UNITS.flatMap((unit) => [unit.symbol, ...(unit.aliases ?? [])].map((text) => [text, unit] as const)));

/** The catalogue's units offered for a unit kind, in picker order. */
export function unitsOfKind(kind: UnitKind): Unit[] {
  return UNITS.filter((unit) => unit.kinds.includes(kind));
}

/** The unit of this UCUM code (exactly as UCUM writes it: codes are case-sensitive). */
export function unitByCode(code: string): Unit | undefined {
  return BY_CODE.get(code);
}

/** The unit a form's text names: its UCUM code, else its symbol or a usual spelling ("mmHg", "mcg", "lb"). */
export function findUnit(text: string): Unit | undefined {
  const trimmed = text.trim();
  return BY_CODE.get(trimmed) ?? BY_TEXT.get(trimmed);
}

/** How a parameter's unit is shown beside a value: the catalogue's symbol, or the text as written. */
export function unitSymbol(text: string, lang?: UnitLang): string {
  const symbol = findUnit(text)?.symbol ?? text;
  // Turkish clinicians write a minute "dk" (mL/dk) and a decimal comma (1,73 m²); the UCUM code stays the same.
  return lang === 'tr' ? symbol.replace(/\bmin\b/g, 'dk').replace(/(\d)\.(\d)/g, '$1,$2') : symbol;
}

/** A picker's label: the symbol and the name in the language ("µmol/L — micromoles per litre"); unknown text as written. */
export function unitLabel(text: string, lang: UnitLang): string {
  const unit = findUnit(text);
  return unit ? `${unit.symbol} — ${unit.name[lang]}` : text;
}

/**
 * An analyte whose mass concentration converts to its substance concentration: one `mass` unit is `factor` of
 * the `substance` unit (the SI conversion factors of clinical chemistry tables; creatinine's 88.4 is its molar
 * mass 113.12 g/mol rounded as laboratories report it).
 */
export interface Analyte {
  name: Bilingual;
  mass: string;
  substance: string;
  factor: number;
}

export const ANALYTES = {
  creatinine: { name: { en: 'Creatinine', tr: 'Kreatinin' }, mass: 'mg/dL', substance: 'umol/L', factor: 88.4 },
  glucose: { name: { en: 'Glucose', tr: 'Glukoz' }, mass: 'mg/dL', substance: 'mmol/L', factor: 0.0555 },
  urea_nitrogen: { name: { en: 'Urea nitrogen', tr: 'Üre azotu' }, mass: 'mg/dL', substance: 'mmol/L', factor: 0.357 },
  bilirubin: { name: { en: 'Bilirubin', tr: 'Bilirubin' }, mass: 'mg/dL', substance: 'umol/L', factor: 17.1 },
  calcium: { name: { en: 'Calcium', tr: 'Kalsiyum' }, mass: 'mg/dL', substance: 'mmol/L', factor: 0.25 },
} as const satisfies Record<string, Analyte>;

export type AnalyteCode = keyof typeof ANALYTES;

export type Conversion = { ok: true; value: number } | { ok: false; message: Bilingual };

const refuse = (en: string, tr: string): Conversion => ({ ok: false, message: { en, tr } });

/** The value in another unit of its dimension (both units known and convertible by factor). */
const scale = (value: number, from: Unit, to: Unit) => (value * from.factor) / to.factor;

/**
 * `value` of unit `from` expressed in unit `to` (UCUM codes). Units of one dimension convert by their factors;
 * a mass concentration and a substance concentration convert only for a named analyte of ANALYTES. Anything
 * else (an unknown code, IU to mg, °C to mmHg, glucose without saying it is glucose) is refused with a
 * message in both languages: a clinical value converted by a guess is worse than none.
 */
export function convert(value: number, from: string, to: string, analyte?: AnalyteCode): Conversion {
  const source = unitByCode(from);
  const target = unitByCode(to);
  if (!source || !target) return refuse(`Unknown unit: ${source ? to : from}.`, `Bilinmeyen birim: ${source ? to : from}.`);
  if (!Number.isFinite(value)) return refuse('The value is not a number.', 'Değer bir sayı değil.');
  if (source.code === target.code) return { ok: true, value };
  if (source.dimension === target.dimension) {
    return { ok: true, value: scale(value, source, target) };
  }
  const pair = new Set([source.dimension, target.dimension]);
  if (pair.has('mass_concentration') && pair.has('substance_concentration')) {
    if (!analyte)
      return refuse(
        `${source.symbol} to ${target.symbol} depends on the substance measured; name the analyte.`,
        `${source.symbol} → ${target.symbol} çevrimi ölçülen maddeye bağlıdır; analiti belirtin.`,
      );
    const a: Analyte = ANALYTES[analyte];
    const mass = unitByCode(a.mass)!;
    const substance = unitByCode(a.substance)!;
    return source.dimension === 'mass_concentration'
      ? { ok: true, value: scale(scale(value, source, mass) * a.factor, substance, target) }
      : { ok: true, value: scale(scale(value, source, substance) / a.factor, mass, target) };
  }
  return refuse(`${source.symbol} cannot be converted to ${target.symbol}.`, `${source.symbol}, ${target.symbol} birimine çevrilemez.`);
}
