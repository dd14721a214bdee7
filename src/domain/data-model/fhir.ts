// A data model → a FHIR R4 Questionnaire: a group item per group, an item per parameter (linkId = code),
// answer options, enableWhen from the rule when the rule is a plain field test, limits, decimals and units
// through the standard extensions, and the second language through the translation extension. What a
// Questionnaire cannot say is returned as a warning (linkId, message in both languages).
import type { DataModel, DataModelParameter, LocalizedText } from '../../generated/types/entities';
import { parseCondition } from '../rules/parser.ts';
import type { Condition, Expr } from '../rules/types.ts';
import { findUnit } from '../units.ts';

type Lang = 'en' | 'tr';
type Bilingual = { en: string; tr: string };

export interface FhirWarning {
  linkId: string;
  message: Bilingual;
}

export interface FhirExtension {
  url: string;
  [value: string]: unknown;
}

interface Element {
  extension?: FhirExtension[];
}

export interface FhirCoding {
  system?: string;
  code?: string;
  display?: string;
  _display?: Element;
}

export interface FhirEnableWhen {
  question: string;
  operator: 'exists' | '=' | '!=' | '>' | '<' | '>=' | '<=';
  answerBoolean?: boolean;
  answerDecimal?: number;
  answerInteger?: number;
  answerDate?: string;
  answerString?: string;
  answerCoding?: FhirCoding;
}

export interface FhirItem {
  linkId: string;
  text?: string;
  _text?: Element;
  type: 'group' | 'display' | 'boolean' | 'decimal' | 'integer' | 'date' | 'dateTime' | 'time' | 'string' | 'text' | 'choice' | 'open-choice';
  extension?: FhirExtension[];
  required?: boolean;
  repeats?: boolean;
  maxLength?: number;
  enableWhen?: FhirEnableWhen[];
  enableBehavior?: 'all' | 'any';
  answerOption?: Array<{ valueCoding: FhirCoding }>;
  item?: FhirItem[];
}

export interface FhirQuestionnaire {
  resourceType: 'Questionnaire';
  id: string;
  meta: { profile: string[] };
  identifier: Array<{ system: string; value: string }>;
  version: string;
  name: string;
  title: string;
  _title?: Element;
  status: 'draft' | 'active' | 'retired' | 'unknown';
  language: string;
  item: FhirItem[];
}

export interface FhirExport {
  questionnaire: FhirQuestionnaire;
  warnings: FhirWarning[];
}

const SD = 'http://hl7.org/fhir/StructureDefinition';
export const FHIR_EXTENSIONS = {
  translation: `${SD}/translation`,
  minValue: `${SD}/minValue`,
  maxValue: `${SD}/maxValue`,
  maxDecimalPlaces: `${SD}/maxDecimalPlaces`,
  unit: `${SD}/questionnaire-unit`,
  hidden: `${SD}/questionnaire-hidden`,
  regex: `${SD}/regex`,
  cqfExpression: `${SD}/cqf-expression`,
  /** The model's rule, kept as written when it is not a plain field test (no standard place holds it). */
  rule: 'https://sema.dev/fhir/StructureDefinition/data-model-rule',
} as const;

const UCUM = 'http://unitsofmeasure.org';

const STATUS = { draft: 'draft', published: 'active', deleted: 'retired', retired: 'retired' } as const;
const OPERATOR = { equal: '=', not_equal: '!=', greater: '>', greater_or_equal: '>=', smaller: '<', smaller_or_equal: '<=' } as const;
const CHOICE_TYPES = new Set(['select', 'radiogroup', 'checkbox', 'listbox']);

const msg = (en: string, tr: string): Bilingual => ({ en, tr });

/** The translation extension for the languages other than `lang`, or nothing. */
function translations(text: LocalizedText | undefined, lang: Lang): Element | undefined {
  const ext = (Object.entries(text ?? {}) as Array<[Lang, string | undefined]>)
    .filter(([l, v]) => l !== lang && v)
    .map(([l, v]) => ({ url: FHIR_EXTENSIONS.translation, extension: [{ url: 'lang', valueCode: l }, { url: 'content', valueString: v }] }));
  return ext.length ? { extension: ext } : undefined;
}

const textOf = (t: LocalizedText | undefined, lang: Lang, fallback: string) => t?.[lang] ?? t?.en ?? t?.tr ?? fallback;

function itemType(p: DataModelParameter): FhirItem['type'] {
  switch (p.type) {
    case 'select':
    case 'radiogroup':
    case 'checkbox':
    case 'listbox':
      return 'choice';
    case 'integer':
      return 'integer';
    case 'float':
      return 'decimal';
    case 'date':
      return p.date_type === 'datetime' ? 'dateTime' : 'date';
    case 'textarea':
    case 'sentence':
      return 'text';
    case 'object':
    case 'list':
      return 'group';
    default:
      return 'string';
  }
}

/** `today()` as the value of a date limit (the SDC way of a limit computed when the form is filled). */
const today = (url: string): FhirExtension => ({ url, _valueDate: { extension: [{ url: FHIR_EXTENSIONS.cqfExpression, valueExpression: { language: 'text/fhirpath', expression: 'today()' } }] } });

const escapeRegex = (s: string) => s.replace(/[\\\]^-]/g, '\\$&');

export function exportFhir(model: DataModel): FhirExport {
  const lang: Lang = model.language === 'tr' ? 'tr' : 'en';
  const warnings: FhirWarning[] = [];
  const parameters = new Map<string, DataModelParameter>();
  const collect = (list: DataModelParameter[] | undefined) => {
    for (const p of list ?? []) {
      parameters.set(p.code, p);
      collect(p.parameter_list);
    }
  };
  for (const g of model.group_list) collect(g.parameter_list);
  const used = new Set<string>();
  const linkId = (code: string, suffix: string) => {
    let id = code;
    if (used.has(id)) {
      id = `${code}${suffix}`;
      warnings.push({ linkId: id, message: msg(`“${code}” is already a linkId; this one is “${id}”.`, `“${code}” zaten bir linkId; bunun linkId’si “${id}”.`) });
    }
    used.add(id);
    return id;
  };
  // Parameters first: their codes are the linkIds rules refer to; a group whose code is taken gets a suffix.
  for (const code of parameters.keys()) used.add(code);

  const item = (p: DataModelParameter): FhirItem => {
    const it: FhirItem = { linkId: p.code, text: textOf(p.label, lang, p.code), type: itemType(p) };
    const tr = translations(p.label, lang);
    if (tr) it._text = tr;
    const ext: FhirExtension[] = [];
    if (p.required) it.required = true;
    if (p.type === 'checkbox' || p.type === 'list') it.repeats = true;
    if (it.type === 'choice') {
      it.answerOption = (p.option_list ?? []).map((o) => {
        const coding: FhirCoding = { code: o.value, display: o.translation?.[lang] ?? o.label };
        const t = translations(o.translation, lang);
        if (t) coding._display = t;
        return { valueCoding: coding };
      });
    }
    if (it.type === 'group') it.item = (p.parameter_list ?? []).map(item);
    if (p.type === 'chart' || p.type === 'anatomy')
      warnings.push({ linkId: p.code, message: msg(`A Questionnaire has no ${p.type} item; “${p.code}” is a string.`, `Questionnaire’da ${p.type} öğesi yok; “${p.code}” metin oldu.`) });
    const valueKey = it.type === 'integer' ? 'valueInteger' : 'valueDecimal';
    if (it.type === 'integer' || it.type === 'decimal') {
      if (p.min_limit !== undefined) ext.push({ url: FHIR_EXTENSIONS.minValue, [valueKey]: p.min_limit });
      if (p.max_limit !== undefined) ext.push({ url: FHIR_EXTENSIONS.maxValue, [valueKey]: p.max_limit });
      if (p.max_decimal !== undefined && it.type === 'decimal') ext.push({ url: FHIR_EXTENSIONS.maxDecimalPlaces, valueInteger: p.max_decimal });
      if (p.unit) {
        // A unit outside the catalogue (free text from an import) has no UCUM code: its display only.
        const unit = findUnit(p.unit);
        ext.push({ url: FHIR_EXTENSIONS.unit, valueCoding: unit ? { system: UCUM, code: unit.code, display: unit.symbol } : { display: p.unit } });
      }
    }
    if (it.type === 'date' || it.type === 'dateTime') {
      if (p.permitted_date_range === 'today_and_before') ext.push(today(FHIR_EXTENSIONS.maxValue));
      if (p.permitted_date_range === 'today_and_after') ext.push(today(FHIR_EXTENSIONS.minValue));
    }
    if (p.max_length !== undefined && (it.type === 'string' || it.type === 'text')) it.maxLength = p.max_length;
    if (p.allowed_characters) ext.push({ url: FHIR_EXTENSIONS.regex, valueString: `^[${escapeRegex(p.allowed_characters)}]*$` });
    if (p.show_while_recording === false) ext.push({ url: FHIR_EXTENSIONS.hidden, valueBoolean: true });
    if (p.rule) {
      const when = enableWhen(p.rule, parameters);
      if (when.ok) {
        if (when.conditions.length) it.enableWhen = when.conditions;
        if (when.conditions.length > 1) it.enableBehavior = when.behavior;
      } else {
        ext.push({ url: FHIR_EXTENSIONS.rule, valueString: p.rule });
        warnings.push({ linkId: p.code, message: msg(`The rule “${p.rule}” is not an enableWhen (${when.why.en}); it is kept in the ${FHIR_EXTENSIONS.rule} extension and the item is always shown.`, `“${p.rule}” kuralı enableWhen olamadı (${when.why.tr}); ${FHIR_EXTENSIONS.rule} uzantısında saklandı ve öğe hep gösterilir.`) });
      }
    }
    if (ext.length) it.extension = ext;
    return it;
  };

  const items = model.group_list.map((g): FhirItem => {
    const group: FhirItem = { linkId: linkId(g.code, '-group'), text: textOf(g.label, lang, g.code), type: 'group', item: (g.parameter_list ?? []).map(item) };
    const tr = translations(g.label, lang);
    if (tr) group._text = tr;
    return group;
  });

  const title = textOf(model.title, lang, 'Data model');
  const questionnaire: FhirQuestionnaire = {
    resourceType: 'Questionnaire',
    id: model.data_model_id,
    meta: { profile: ['http://hl7.org/fhir/StructureDefinition/Questionnaire'] },
    identifier: [{ system: 'urn:ietf:rfc:3986', value: `urn:uuid:${model.data_model_id}` }],
    version: String(model.version),
    name: computableName(title),
    title,
    status: STATUS[model.status] ?? 'unknown',
    language: lang,
    item: items,
  };
  const tr = translations(model.title, lang);
  if (tr) questionnaire._title = tr;
  return { questionnaire, warnings };
}

/** `Vital signs 2024` → `VitalSigns2024` (FHIR's name: a computer-usable name, starting with a capital). */
function computableName(title: string): string {
  const words = title.normalize('NFD').replace(/[^A-Za-z0-9 ]+/g, ' ').split(' ').filter(Boolean);
  const name = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return /^[A-Z]/.test(name) ? name : `Q${name}`;
}

// ---------------------------------------------------------------- rule → enableWhen

type When = { ok: true; conditions: FhirEnableWhen[]; behavior: 'all' | 'any' } | { ok: false; why: Bilingual };

/**
 * A rule that is one field test, or tests joined by only `and` (or only `or`), each `field <op> value`
 * (`field includes value` for check boxes) → enableWhen. Anything else (nesting, `not`, calculations, two
 * fields compared) is not an enableWhen.
 */
export function enableWhen(rule: string, parameters: ReadonlyMap<string, DataModelParameter>): When {
  const parsed = parseCondition(rule);
  if (!parsed.ok) return { ok: false, why: parsed.issue.message };
  const c = parsed.value;
  const tests = c.kind !== 'compare' && c.kind !== 'not' ? c.args : [c];
  const out: FhirEnableWhen[] = [];
  for (const t of tests) {
    const one = test(t, parameters);
    if ('why' in one) return { ok: false, why: one.why };
    if (one.when) out.push(one.when);
  }
  return { ok: true, conditions: out, behavior: c.kind === 'or' ? 'any' : 'all' };
}

function test(c: Condition, parameters: ReadonlyMap<string, DataModelParameter>): { when?: FhirEnableWhen } | { why: Bilingual } {
  if (c.kind !== 'compare') return { why: msg('it mixes “and”, “or” or “not”', '“and”, “or” ya da “not” karışık') };
  if (c.left.kind !== 'var') return { why: msg('it tests a calculation, not a field', 'bir alanı değil bir hesabı sınıyor') };
  const p = parameters.get(c.left.name);
  if (!p) return { why: msg(`“${c.left.name}” is not a parameter of the model`, `“${c.left.name}” modelin bir parametresi değil`) };
  if (c.operator === 'do_not_look_for_value') return {};
  const question = p.code;
  const right = c.right as Expr;
  if (c.operator === 'includes' || c.operator === 'not_includes') {
    if (c.operator === 'not_includes') return { why: msg('a Questionnaire cannot say that an answer is not among the ticked ones', 'Questionnaire bir cevabın işaretlenenler arasında olmadığını söyleyemez') };
    if (right.kind !== 'literal' || Array.isArray(right.value) || typeof right.value === 'boolean') return { why: msg('“includes” needs one value', '“includes” tek bir değer ister') };
    return { when: { question, operator: '=', answerCoding: { code: String(right.value) } } };
  }
  const operator = OPERATOR[c.operator];
  if (right.kind === 'date') return { when: { question, operator, answerDate: right.value } };
  if (right.kind !== 'literal' || Array.isArray(right.value)) return { why: msg('it compares with a calculation or a list', 'bir hesapla ya da listeyle karşılaştırıyor') };
  const v = right.value;
  if (typeof v === 'boolean') return { when: { question, operator, answerBoolean: v } };
  if (CHOICE_TYPES.has(p.type)) return { when: { question, operator, answerCoding: { code: String(v) } } };
  if (p.type === 'integer' && typeof v === 'number' && Number.isInteger(v)) return { when: { question, operator, answerInteger: v } };
  if ((p.type === 'integer' || p.type === 'float') && typeof v === 'number') return { when: { question, operator, answerDecimal: v } };
  if (p.type === 'date' && typeof v === 'string') return { when: { question, operator, answerDate: v } };
  return { when: { question, operator, answerString: String(v) } };
}
