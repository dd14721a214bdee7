// The dosing words a screen shows, in both languages: the names of inputs and intermediate values, and the
// notes and problems with `{name}` placeholders filled from params (numbers in the language's format,
// quantities with their unit's symbol). Formula names and formula texts sit beside their formulas.
import type { Bilingual, Lang } from '../language';
import { unitSymbol } from '../units';
import type { Quantity } from './derivation';

export const LABELS = {
  height: { en: 'Height', tr: 'Boy' },
  weight: { en: 'Weight', tr: 'Ağırlık' },
  actual_weight: { en: 'Actual body weight', tr: 'Gerçek vücut ağırlığı' },
  ideal_weight: { en: 'Ideal body weight', tr: 'İdeal vücut ağırlığı' },
  adjusted_weight: { en: 'Adjusted body weight', tr: 'Düzeltilmiş vücut ağırlığı' },
  dosing_weight: { en: 'Dosing weight', tr: 'Doz ağırlığı' },
  age: { en: 'Age', tr: 'Yaş' },
  sex: { en: 'Sex', tr: 'Cinsiyet' },
  female: { en: 'Female', tr: 'Kadın' },
  male: { en: 'Male', tr: 'Erkek' },
  creatinine: { en: 'Serum creatinine', tr: 'Serum kreatinin' },
  creatinine_mg_dl: { en: 'Serum creatinine in mg/dL', tr: 'mg/dL cinsinden serum kreatinin' },
  bsa: { en: 'Body surface area', tr: 'Vücut yüzey alanı' },
  bmi: { en: 'Body mass index', tr: 'Vücut kitle indeksi' },
  bmi_class: { en: 'BMI class', tr: 'VKİ sınıfı' },
  height_m: { en: 'Height in metres', tr: 'Metre cinsinden boy' },
  height_in: { en: 'Height in inches', tr: 'İnç cinsinden boy' },
  inches_over_60: { en: 'Inches over 5 ft', tr: '5 fitin üstündeki inç' },
  weight_g: { en: 'Weight in grams', tr: 'Gram cinsinden ağırlık' },
  boyd_exponent: { en: 'Weight exponent 0.7285 − 0.0188 × log₁₀(weight in g)', tr: 'Ağırlık üssü 0,7285 − 0,0188 × log₁₀(gram cinsinden ağırlık)' },
  age_term: { en: '140 − age', tr: '140 − yaş' },
  creatinine_term: { en: '72 × serum creatinine', tr: '72 × serum kreatinin' },
  sex_factor: { en: 'Sex factor', tr: 'Cinsiyet katsayısı' },
  scr_over_kappa: { en: 'Scr / κ', tr: 'Scr / κ' },
  min_term: { en: 'min(Scr/κ, 1)^α', tr: 'min(Scr/κ, 1)^α' },
  max_term: { en: 'max(Scr/κ, 1)^−1.200', tr: 'max(Scr/κ, 1)^−1,200' },
  age_factor: { en: '0.9938^age', tr: '0,9938^yaş' },
  egfr: { en: 'eGFR (per 1.73 m²)', tr: 'eGFR (1,73 m² başına)' },
  gfr: { en: 'GFR', tr: 'GFR' },
  gfr_used: { en: 'GFR used', tr: 'Kullanılan GFR' },
  gfr_plus_25: { en: 'GFR + 25', tr: 'GFR + 25' },
  auc: { en: 'Target AUC', tr: 'Hedef EAA' },
  dose_per_m2: { en: 'Dose per m²', tr: 'm² başına doz' },
  dose_per_kg: { en: 'Dose per kg', tr: 'kg başına doz' },
  flat_dose: { en: 'Flat dose', tr: 'Sabit doz' },
  calculated_dose: { en: 'Calculated dose', tr: 'Hesaplanan doz' },
  percent: { en: 'Dose percent', tr: 'Doz yüzdesi' },
  prior_dose: { en: 'Dose given on {date}', tr: '{date} tarihinde verilen doz' },
  planned_dose: { en: 'Dose planned for {date}', tr: '{date} tarihi için planlanan doz' },
  prior_total: { en: 'Given before', tr: 'Daha önce verilen' },
  this_dose: { en: 'This dose', tr: 'Bu doz' },
  total_after: { en: 'Total after this dose', tr: 'Bu dozdan sonra toplam' },
  lifetime_limit: { en: 'Lifetime limit', tr: 'Yaşam boyu sınır' },
} satisfies Record<string, Bilingual>;

const MESSAGES = {
  missing: { en: '{what}: enter a value.', tr: '{what}: bir değer girin.' },
  unit: { en: '{what}: give it in {units}.', tr: '{what}: {units} cinsinden verin.' },
  out_of_range: {
    en: '{what}: {value} is not possible; it must be from {min} to {max}. Check the value and its unit.',
    tr: '{what}: {value} olamaz; {min} ile {max} arasında olmalı. Değeri ve birimini kontrol edin.',
  },
  adult_only: {
    en: '{method} is for adults: the age must be from 18 to 120 years, not {value}.',
    tr: '{method} yetişkinler içindir: yaş 18 ile 120 yıl arasında olmalı, {value} değil.',
  },
  sex_needed: { en: '{method} needs the patient’s sex: female or male.', tr: '{method} için hastanın cinsiyeti gerekir: kadın ya da erkek.' },
  unknown_formula: { en: 'There is no body surface area formula “{name}”.', tr: '“{name}” adında bir vücut yüzey alanı formülü yok.' },
  unknown_choice: { en: 'The dosing weight must be actual, ideal or adjusted, not “{name}”.', tr: 'Doz ağırlığı gerçek, ideal ya da düzeltilmiş olmalı, “{name}” değil.' },
  needs: { en: 'This dose needs: {what}.', tr: 'Bu doz için gerekli: {what}.' },
  not_positive: { en: '{what}: must be a number above zero.', tr: '{what}: sıfırdan büyük bir sayı olmalı.' },
  auc_unit: { en: 'A dose by AUC (Calvert) is in mg; the drug’s unit is {unit}.', tr: 'EAA’ya göre doz (Calvert) mg cinsindendir; ilacın birimi {unit}.' },
  bands: { en: 'The dose bands must each run from a lower to a higher dose and must not overlap.', tr: 'Her doz bandı düşük bir dozdan yüksek bir doza uzanmalı ve bantlar çakışmamalı.' },
  no_band: { en: 'No dose band of {drug} holds {dose}.', tr: '{drug} doz bantlarının hiçbiri {dose} içermiyor.' },
  history_bsa: {
    en: 'The dose given on {date} has no body surface area, so the lifetime limit per m² cannot be counted.',
    tr: '{date} tarihinde verilen dozun vücut yüzey alanı yok; m² başına yaşam boyu sınır hesaplanamaz.',
  },
  lifetime_limit: {
    en: 'The lifetime limit of {drug} is {limit}: {prior} given before and {dose} now make {total}, {over} over the limit.',
    tr: '{drug} için yaşam boyu sınır {limit}: daha önce verilen {prior} ve şimdiki {dose} toplam {total} eder, sınırın {over} üstünde.',
  },
  devine_short: {
    en: 'Devine’s formula starts at 5 ft (152.4 cm); below it, 2.3 kg was subtracted per inch. Check the ideal weight.',
    tr: 'Devine formülü 5 fitten (152,4 cm) başlar; altında her inç için 2,3 kg çıkarıldı. İdeal ağırlığı kontrol edin.',
  },
  ideal_not_positive: {
    en: 'Devine’s formula gives no ideal body weight for a height of {height}.',
    tr: 'Devine formülü {height} boy için ideal vücut ağırlığı vermez.',
  },
  gfr_cap: { en: 'GFR capped at {cap} (calculated {before}).', tr: 'GFR {cap} ile sınırlandı (hesaplanan {before}).' },
  dose_cap: {
    en: 'Capped at the maximum single dose of {cap}: {before} calculated, {by} less.',
    tr: 'Tek doz üst sınırı {cap} uygulandı: hesaplanan {before}, {by} eksik.',
  },
  percent: { en: '{percent} % of the calculated dose.', tr: 'Hesaplanan dozun % {percent} kadarı.' },
  rounding: { en: 'Rounded to the nearest {step}: {before} → {after}.', tr: 'En yakın {step} katına yuvarlandı: {before} → {after}.' },
  band: { en: 'Dose band {from} to {to} gives {after} (calculated {before}).', tr: '{from} – {to} doz bandı {after} verir (hesaplanan {before}).' },
  actual_below_ideal: {
    en: 'The actual weight {actual} is below the ideal weight {ideal}, so the actual weight is used.',
    tr: 'Gerçek ağırlık {actual} ideal ağırlık {ideal} altında olduğundan gerçek ağırlık kullanıldı.',
  },
  ideal_used: {
    en: 'The ideal weight {ideal} is used (actual weight {actual}).',
    tr: 'İdeal ağırlık {ideal} kullanıldı (gerçek ağırlık {actual}).',
  },
  adjusted_not_needed: {
    en: 'The actual weight {actual} is not over 120 % of the ideal weight {ideal}, so the ideal weight is used.',
    tr: 'Gerçek ağırlık {actual} ideal ağırlığın {ideal} % 120’sini aşmadığından ideal ağırlık kullanıldı.',
  },
  adjusted_used: {
    en: 'The actual weight {actual} is over 120 % of the ideal weight {ideal}, so the adjusted weight is used.',
    tr: 'Gerçek ağırlık {actual} ideal ağırlığın {ideal} % 120’sini aştığından düzeltilmiş ağırlık kullanıldı.',
  },
} satisfies Record<string, Bilingual>;

export type MessageKey = keyof typeof MESSAGES;
type Param = string | number | Bilingual | Quantity;

const LOCALES: Record<Lang, string> = { en: 'en-GB', tr: 'tr-TR' };
// No grouping: "1.234" would read as a decimal to a reader of the other language.
// Two decimals in a note are what a second person checks by eye (203.7 mL/min, 74.99 kg); the derivation keeps
// the exact values.
const FORMATS = { en: new Intl.NumberFormat(LOCALES.en, { maximumFractionDigits: 2, useGrouping: false }), tr: new Intl.NumberFormat(LOCALES.tr, { maximumFractionDigits: 2, useGrouping: false }) };

/** A number in the language's format, to two decimals at most. */
const formatNumber = (value: number, lang: Lang) => FORMATS[lang].format(value);

const isQuantity = (p: Param): p is Quantity => typeof p === 'object' && 'unit' in p;

/** A text in both languages with `{name}` placeholders filled: `fill(LABELS.prior_dose, { date })`. */
export function fill(template: Bilingual, params: Record<string, Param> = {}): Bilingual {
  const one = (lang: Lang) =>
    template[lang].replace(/\{(\w+)\}/g, (all, name: string) => {
      const p = params[name];
      if (p === undefined) return all;
      if (typeof p === 'number') return formatNumber(p, lang);
      if (typeof p === 'string') return p;
      return isQuantity(p) ? `${formatNumber(p.value, lang)} ${unitSymbol(p.unit, lang)}` : p[lang];
    });
  return { en: one('en'), tr: one('tr') };
}

export const say = (key: MessageKey, params: Record<string, Param> = {}) => fill(MESSAGES[key], params);

/** A language-neutral text (a formula fragment, a drug's name). */
export const same = (text: string): Bilingual => ({ en: text, tr: text });
