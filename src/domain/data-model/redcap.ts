// A REDCap data dictionary (the 18-column CSV of REDCap's Online Designer) ⇄ a data model. Forms become
// groups and fields parameters; what the model cannot hold is reported as a warning (row, column, message in
// both languages), never dropped silently. Branching logic is translated into the rule engine's condition
// language and checked by its parser. Export writes the same CSV; texts REDCap has no column for (the second
// language, the unit kind) ride in the field annotation as @SEMA-… tags so that a round trip keeps them.
import { dataModelStatus } from '../../generated/enums/dataModelStatus';
import type { DataModel, DataModelGroup, DataModelOption, DataModelParameter, LocalizedText } from '../../generated/types/entities';
import { parseCsv, writeCsv } from '../csv.ts';
import { parseCondition } from '../rules/parser.ts';
import { printCondition, withoutSpans } from '../rules/print.ts';
import type { Condition, Expr } from '../rules/types.ts';
import { isCode } from './document';

type Lang = 'en' | 'tr';
type Bilingual = { en: string; tr: string };

export interface RedcapWarning {
  /** 1-based line of the CSV where the row starts (0: the file as a whole). */
  row: number;
  /** The column's header as REDCap writes it ('' for the whole row or file). */
  column: string;
  message: Bilingual;
}

export interface RedcapImport {
  model: DataModel;
  warnings: RedcapWarning[];
}

export interface RedcapImportOptions {
  dataModelId: string;
  owner: string;
  /** The language the dictionary's labels are in (REDCap labels have one language). */
  language?: Lang;
  title?: LocalizedText;
}

/** The dictionary's columns in REDCap's order: the header REDCap writes and the API's metadata key. */
export const REDCAP_COLUMNS = [
  ['Variable / Field Name', 'field_name'],
  ['Form Name', 'form_name'],
  ['Section Header', 'section_header'],
  ['Field Type', 'field_type'],
  ['Field Label', 'field_label'],
  ['Choices, Calculations, OR Slider Labels', 'select_choices_or_calculations'],
  ['Field Note', 'field_note'],
  ['Text Validation Type OR Show Slider Number', 'text_validation_type_or_show_slider_number'],
  ['Text Validation Min', 'text_validation_min'],
  ['Text Validation Max', 'text_validation_max'],
  ['Identifier?', 'identifier'],
  ['Branching Logic (Show field only if...)', 'branching_logic'],
  ['Required Field?', 'required_field'],
  ['Custom Alignment', 'custom_alignment'],
  ['Question Number (surveys only)', 'question_number'],
  ['Matrix Group Name', 'matrix_group_name'],
  ['Matrix Ranking?', 'matrix_ranking'],
  ['Field Annotation', 'field_annotation'],
] as const;

type Key = (typeof REDCAP_COLUMNS)[number][1];
const HEADER = Object.fromEntries(REDCAP_COLUMNS.map(([h, k]) => [k, h])) as Record<Key, string>;
const normalize = (s: string) => s.trim().toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
const KEY_BY_NAME = new Map<string, Key>(REDCAP_COLUMNS.flatMap(([h, k]) => [[normalize(h), k] as [string, Key], [normalize(k), k] as [string, Key]]));

const OTHER: Record<Lang, Lang> = { en: 'tr', tr: 'en' };
const NUMERIC = /^-?\d+(\.\d+)?$/;
/** Words of the rule language that a field name must not be (it would read as a keyword). */
const RULE_WORDS = new Set(['and', 've', 'or', 'veya', 'not', 'değil', 'includes', 'içerir', 'içermez', 'is', 'any', 'herhangi', 'true', 'false', 'doğru', 'yanlış']);

/** yesno and truefalse fields become two options, in both languages. */
const YES_NO: DataModelOption[] = [
  { label: 'Yes', value: '1', translation: { en: 'Yes', tr: 'Evet' } },
  { label: 'No', value: '0', translation: { en: 'No', tr: 'Hayır' } },
];
const TRUE_FALSE: DataModelOption[] = [
  { label: 'True', value: '1', translation: { en: 'True', tr: 'Doğru' } },
  { label: 'False', value: '0', translation: { en: 'False', tr: 'Yanlış' } },
];

const msg = (en: string, tr: string): Bilingual => ({ en, tr });

// ---------------------------------------------------------------- annotation tags

const TAG = /@([A-Z][A-Z0-9_-]*)(?:="((?:[^"\\]|\\.)*)"|='([^']*)')?/g;

interface Annotation {
  tags: Map<string, string>;
  /** The annotation without the tags this module reads. */
  rest: string;
}

const OUR_TAGS = new Set(['SEMA-LABEL', 'SEMA-CHOICES', 'SEMA-UNIT-KIND', 'SEMA-FORM', 'SEMA-FORM-LABEL', 'HIDDEN']);

function readAnnotation(text: string): Annotation {
  const tags = new Map<string, string>();
  const rest = text.replace(TAG, (all, name: string, dq?: string, sq?: string) => {
    if (!OUR_TAGS.has(name)) return all;
    tags.set(name, (dq ?? sq ?? '').replace(/\\(.)/g, '$1'));
    return '';
  });
  return { tags, rest: rest.trim() };
}

const tag = (name: string, value?: string) => (value === undefined ? `@${name}` : `@${name}="${value.replace(/["\\]/g, '\\$&')}"`);

// ---------------------------------------------------------------- choices

/** `1, Yes | 2, No` → value/label pairs. A choice without a comma is reported. */
export function parseChoices(text: string): { pairs: Array<[string, string]>; bad: string[] } {
  const pairs: Array<[string, string]> = [];
  const bad: string[] = [];
  for (const part of text.split('|')) {
    const item = part.trim();
    if (!item) continue;
    const comma = item.indexOf(',');
    if (comma < 1) bad.push(item);
    else pairs.push([item.slice(0, comma).trim(), item.slice(comma + 1).trim()]);
  }
  return { pairs, bad };
}

const writeChoices = (pairs: Array<[string, string]>) => pairs.map(([v, l]) => `${v}, ${l}`).join(' | ');

// ---------------------------------------------------------------- validation types

interface Validation {
  type: DataModelParameter['type'];
  max_decimal?: number;
  date_type?: DataModelParameter['date_type'];
}

function validationOf(v: string): Validation | undefined {
  if (v === '') return { type: 'text' };
  if (v === 'integer') return { type: 'integer' };
  if (v === 'number' || v === 'number_comma_decimal') return { type: 'float' };
  const dp = /^number_(\d)dp(_comma_decimal)?$/.exec(v);
  if (dp) return { type: 'float', max_decimal: Number(dp[1]) };
  if (/^date_(ymd|mdy|dmy)$/.test(v)) return { type: 'date', date_type: 'date' };
  if (/^datetime_(seconds_)?(ymd|mdy|dmy)$/.test(v)) return { type: 'date', date_type: 'datetime' };
  return undefined;
}

// ---------------------------------------------------------------- import

interface Row {
  line: number;
  get: (k: Key) => string;
}

interface Pending {
  parameter: DataModelParameter;
  row: Row;
  logic: string;
}

export function importRedcap(csv: string, options: RedcapImportOptions): RedcapImport {
  const lang = options.language ?? 'en';
  const other = OTHER[lang];
  const warnings: RedcapWarning[] = [];
  const warn = (row: number, key: Key | '', message: Bilingual) => warnings.push({ row, column: key ? HEADER[key] : '', message });
  const table = parseCsv(csv);
  for (const i of table.issues) warnings.push({ row: i.line, column: '', message: i.message });

  const model: DataModel = {
    data_model_id: options.dataModelId,
    title: options.title ?? { [lang]: 'REDCap import' },
    language: lang,
    owner: options.owner,
    version: 1,
    status: dataModelStatus.values[0],
    group_list: [],
  };
  if (!table.rows.length) {
    warn(0, '', msg('The file is empty.', 'Dosya boş.'));
    return { model, warnings };
  }

  // The header: columns by name, in any order; unknown columns are reported.
  const header = table.rows[0];
  const index = new Map<Key, number>();
  header.forEach((h, i) => {
    const key = KEY_BY_NAME.get(normalize(h));
    if (key && !index.has(key)) index.set(key, i);
    else if (h.trim()) warn(table.lines[0], '', msg(`The column “${h}” is not a REDCap dictionary column; it is ignored.`, `“${h}” sütunu bir REDCap sözlük sütunu değil; yok sayıldı.`));
  });
  const missing = (['field_name', 'form_name', 'field_type', 'field_label'] as const).filter((k) => !index.has(k));
  if (missing.length) {
    const names = missing.map((k) => `“${HEADER[k]}”`).join(', ');
    warn(table.lines[0], '', msg(`This is not a REDCap data dictionary: the columns ${names} are missing.`, `Bu bir REDCap veri sözlüğü değil: ${names} sütunları eksik.`));
    return { model, warnings };
  }

  const groups = new Map<string, DataModelGroup>();
  const parameters = new Map<string, DataModelParameter>();
  const pending: Pending[] = [];
  const matrices = new Set<string>();

  for (let r = 1; r < table.rows.length; r++) {
    const cells = table.rows[r];
    const row: Row = { line: table.lines[r], get: (k) => (index.has(k) ? (cells[index.get(k)!] ?? '').trim() : '') };
    const line = row.line;
    const name = row.get('field_name');
    const form = row.get('form_name');
    const type = row.get('field_type');
    const label = row.get('field_label');
    if (!name) {
      warn(line, 'field_name', msg('The row has no field name; it is skipped.', 'Satırın alan adı yok; atlandı.'));
      continue;
    }
    if (!isCode(name)) {
      warn(line, 'field_name', msg(`“${name}” is not a valid parameter code (letters, digits, _ and -, not ending in _ or -); the row is skipped.`, `“${name}” geçerli bir parametre kodu değil (harf, rakam, _ ve -; _ ya da - ile bitmez); satır atlandı.`));
      continue;
    }
    if (parameters.has(name)) {
      warn(line, 'field_name', msg(`The field name “${name}” is used twice; this row is skipped.`, `“${name}” alan adı iki kez kullanılmış; bu satır atlandı.`));
      continue;
    }
    if (!form || !isCode(form)) {
      warn(line, 'form_name', msg(`“${form}” is not a valid form name; the row is skipped.`, `“${form}” geçerli bir form adı değil; satır atlandı.`));
      continue;
    }
    const annotation = readAnnotation(row.get('field_annotation'));

    // Fields that hold no value of their own.
    if (type === 'descriptive' || type === 'calc' || type === 'file' || type === 'sql') {
      const what: Record<string, Bilingual> = {
        descriptive: msg('a descriptive text shows no input and the model has no display-only item', 'açıklama metni bir girdi değildir ve modelde yalnızca gösterilen bir öğe yok'),
        calc: msg(`a calculated field is derived, not recorded (its formula “${row.get('select_choices_or_calculations')}” is not kept; write it as a rule in a decision package)`, `hesaplanan alan kaydedilmez, türetilir (“${row.get('select_choices_or_calculations')}” formülü alınmadı; bir karar paketinde kural olarak yazın)`),
        file: msg('the model has no file upload parameter', 'modelde dosya yükleme parametresi yok'),
        sql: msg('an SQL field reads REDCap’s own database', 'SQL alanı REDCap’in kendi veritabanını okur'),
      };
      warn(line, 'field_type', msg(`The ${type} field “${name}” is not imported: ${what[type].en}.`, `${type} türündeki “${name}” alanı alınmadı: ${what[type].tr}.`));
      continue;
    }

    // The model's limits on texts (a label up to 1000 characters, an option up to 200): longer ones are cut, and said so.
    const cut = (value: string, max: number, key: Key) => {
      if (value.length <= max) return value;
      warn(line, key, msg(`“${value.slice(0, 40)}…” is longer than ${max} characters; it is cut.`, `“${value.slice(0, 40)}…” ${max} karakterden uzun; kısaltıldı.`));
      return value.slice(0, max);
    };
    const parameter: DataModelParameter = { code: name, label: { [lang]: cut(label || name, 1000, 'field_label') }, type: 'text' };
    if (!label) warn(line, 'field_label', msg(`The field “${name}” has no label; its code is used.`, `“${name}” alanının etiketi yok; kodu kullanıldı.`));
    const translated = annotation.tags.get('SEMA-LABEL');
    if (translated) parameter.label[other] = translated;

    const validation = row.get('text_validation_type_or_show_slider_number');
    const min = row.get('text_validation_min');
    const max = row.get('text_validation_max');
    const choices = row.get('select_choices_or_calculations');
    let minMaxRead = false;

    const readChoices = (): DataModelOption[] => {
      const { pairs, bad } = parseChoices(choices);
      for (const b of bad) warn(line, 'select_choices_or_calculations', msg(`The choice “${b}” has no “code, label” form; it is skipped.`, `“${b}” seçeneği “kod, etiket” biçiminde değil; atlandı.`));
      const translations = parseChoices(annotation.tags.get('SEMA-CHOICES') ?? '').pairs;
      const seen = new Set<string>();
      const out: DataModelOption[] = [];
      for (const [value, text] of pairs) {
        if (seen.has(text)) {
          warn(line, 'select_choices_or_calculations', msg(`The choice label “${text}” is used twice; option labels must be unique, the second is skipped.`, `“${text}” seçenek etiketi iki kez kullanılmış; seçenek etiketleri benzersiz olmalı, ikincisi atlandı.`));
          continue;
        }
        seen.add(text);
        const translation: LocalizedText = { [lang]: text };
        const t = translations.find(([v]) => v === value);
        if (t) translation[other] = t[1];
        if (value.length > 200) {
          warn(line, 'select_choices_or_calculations', msg(`The choice code “${value.slice(0, 40)}…” is longer than 200 characters; the choice is skipped.`, `“${value.slice(0, 40)}…” seçenek kodu 200 karakterden uzun; seçenek atlandı.`));
          continue;
        }
        const shown = cut(text, 200, 'select_choices_or_calculations');
        translation[lang] = shown;
        out.push({ label: shown, value, translation });
      }
      if (!out.length) warn(line, 'select_choices_or_calculations', msg(`The choice field “${name}” has no choices.`, `“${name}” seçim alanının seçeneği yok.`));
      return out;
    };

    switch (type) {
      case 'text': {
        const v = validationOf(validation);
        if (!v) {
          warn(line, 'text_validation_type_or_show_slider_number', msg(`The validation “${validation}” has no counterpart in the model; “${name}” is imported as plain text.`, `“${validation}” doğrulamasının modelde karşılığı yok; “${name}” düz metin olarak alındı.`));
        } else {
          parameter.type = v.type;
          if (v.max_decimal !== undefined) parameter.max_decimal = v.max_decimal;
          if (v.date_type) parameter.date_type = v.date_type;
        }
        if (parameter.type === 'integer' || parameter.type === 'float') {
          minMaxRead = true;
          for (const [key, text] of [['text_validation_min', min], ['text_validation_max', max]] as const) {
            if (!text) continue;
            if (NUMERIC.test(text)) parameter[key === 'text_validation_min' ? 'min_limit' : 'max_limit'] = Number(text);
            else warn(line, key, msg(`“${text}” is not a number; the limit is not kept.`, `“${text}” bir sayı değil; sınır alınmadı.`));
          }
        } else if (parameter.type === 'date') {
          minMaxRead = true;
          const isToday = (s: string) => s === 'today' || s === 'now';
          if (isToday(max) && !isToday(min)) parameter.permitted_date_range = 'today_and_before';
          else if (isToday(min) && !isToday(max)) parameter.permitted_date_range = 'today_and_after';
          for (const [key, text] of [['text_validation_min', min], ['text_validation_max', max]] as const)
            if (text && !isToday(text))
              warn(line, key, msg(`The date limit “${text}” is not kept: a date parameter permits no limit, today and before, or today and after.`, `“${text}” tarih sınırı alınmadı: tarih parametresi sınırsız, bugün ve öncesi ya da bugün ve sonrasını kabul eder.`));
        }
        break;
      }
      case 'notes':
        parameter.type = 'textarea';
        break;
      case 'dropdown':
      case 'radio':
      case 'checkbox':
        parameter.type = type === 'dropdown' ? 'select' : type === 'radio' ? 'radiogroup' : 'checkbox';
        parameter.option_list = readChoices();
        break;
      case 'yesno':
      case 'truefalse':
        parameter.type = 'radiogroup';
        parameter.option_list = (type === 'yesno' ? YES_NO : TRUE_FALSE).map((o) => ({ ...o, label: o.translation![lang]!, translation: { ...o.translation } }));
        break;
      case 'slider': {
        parameter.type = 'integer';
        minMaxRead = true;
        parameter.min_limit = NUMERIC.test(min) ? Number(min) : 0;
        parameter.max_limit = NUMERIC.test(max) ? Number(max) : 100;
        if (choices) warn(line, 'select_choices_or_calculations', msg(`The slider labels of “${name}” are not kept; it is imported as a whole number from ${parameter.min_limit} to ${parameter.max_limit}.`, `“${name}” kaydırıcısının etiketleri alınmadı; ${parameter.min_limit}–${parameter.max_limit} arası tam sayı olarak alındı.`));
        break;
      }
      default:
        warn(line, 'field_type', msg(`The field type “${type}” is unknown; “${name}” is imported as text.`, `“${type}” alan türü bilinmiyor; “${name}” metin olarak alındı.`));
    }
    if (!minMaxRead)
      for (const key of ['text_validation_min', 'text_validation_max'] as const)
        if (row.get(key)) warn(line, key, msg(`A ${type} field has no limits; “${row.get(key)}” is not kept.`, `${type} alanının sınırı olmaz; “${row.get(key)}” alınmadı.`));
    if (type !== 'text' && type !== 'slider' && validation) warn(line, 'text_validation_type_or_show_slider_number', msg(`A ${type} field has no validation; “${validation}” is not kept.`, `${type} alanının doğrulaması olmaz; “${validation}” alınmadı.`));
    if (!['dropdown', 'radio', 'checkbox', 'slider'].includes(type) && choices) warn(line, 'select_choices_or_calculations', msg(`A ${type} field has no choices; “${choices}” is not kept.`, `${type} alanının seçeneği olmaz; “${choices}” alınmadı.`));

    // The unit: a short field note of a number is its unit (REDCap puts units there); other notes are reported.
    const note = row.get('field_note');
    if (note) {
      if ((parameter.type === 'integer' || parameter.type === 'float') && note.length <= 30) parameter.unit = note;
      else warn(line, 'field_note', msg(`The field note “${note}” is not kept (only a number’s unit is).`, `“${note}” alan notu alınmadı (yalnızca bir sayının birimi alınır).`));
    }
    const unitKind = annotation.tags.get('SEMA-UNIT-KIND');
    if (unitKind) {
      if (parameter.unit && (unitKind === 'laboratory' || unitKind === 'length' || unitKind === 'weight' || unitKind === 'dose')) parameter.unit_kind = unitKind;
      else warn(line, 'field_annotation', msg(`The unit kind “${unitKind}” is not kept.`, `“${unitKind}” birim türü alınmadı.`));
    }

    const yes = (k: Key) => /^(y|yes|1)$/i.test(row.get(k));
    if (yes('required_field')) parameter.required = true;
    if (yes('identifier')) parameter.anonymization = true;
    if (annotation.tags.has('HIDDEN')) parameter.show_while_recording = false;
    if (annotation.rest) warn(line, 'field_annotation', msg(`The annotation “${annotation.rest}” is not kept.`, `“${annotation.rest}” açıklaması alınmadı.`));

    const section = row.get('section_header');
    if (section) warn(line, 'section_header', msg(`The section header “${section}” is not kept: a form becomes one group of parameters.`, `“${section}” bölüm başlığı alınmadı: bir form tek bir parametre grubu olur.`));
    const matrix = row.get('matrix_group_name');
    if (matrix && !matrices.has(matrix)) {
      matrices.add(matrix);
      warn(line, 'matrix_group_name', msg(`The matrix “${matrix}” is imported as separate parameters with the same options (a matrix is REDCap’s layout).`, `“${matrix}” matrisi aynı seçenekli ayrı parametreler olarak alındı (matris REDCap’in yerleşimidir).`));
    }
    for (const key of ['custom_alignment', 'question_number', 'matrix_ranking'] as const)
      if (row.get(key)) warn(line, key, msg(`“${row.get(key)}” is REDCap’s layout and is not kept.`, `“${row.get(key)}” REDCap’in yerleşim ayarıdır ve alınmadı.`));

    let group = groups.get(form);
    if (!group) {
      // A form's label: REDCap derives the name from it; an export names it (and its translation) in tags.
      group = { code: form, label: { [lang]: annotation.tags.get('SEMA-FORM') || formLabel(form) }, parameter_list: [] };
      const formTranslation = annotation.tags.get('SEMA-FORM-LABEL');
      if (formTranslation) group.label[other] = formTranslation;
      groups.set(form, group);
      model.group_list.push(group);
    }
    group.parameter_list.push(parameter);
    parameters.set(name, parameter);
    const logic = row.get('branching_logic');
    if (logic) pending.push({ parameter, row, logic });
  }

  // Branching logic once every field is known (a condition may name a later field).
  for (const { parameter, row, logic } of pending) {
    const result = branchingToRule(logic, parameters);
    if (result.ok) parameter.rule = result.rule;
    else warn(row.line, 'branching_logic', msg(`The branching logic “${logic}” of “${parameter.code}” is not kept: ${result.why.en}. Write it as the parameter’s rule.`, `“${parameter.code}” alanının “${logic}” dallanma mantığı alınmadı: ${result.why.tr}. Parametrenin kuralı olarak yazın.`));
  }
  warnings.sort((a, b) => a.row - b.row);
  return { model, warnings };
}

/** `vital_signs` → `Vital signs` (REDCap derives the form's name from its label the same way, backwards). */
const formLabel = (form: string) => {
  const words = form.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

// ---------------------------------------------------------------- branching logic → rule

type Translation = { ok: true; rule: string } | { ok: false; why: Bilingual };

interface LogicToken {
  kind: 'field' | 'string' | 'number' | 'op' | 'word' | 'paren' | 'comma';
  text: string;
  /** For a checkbox reference [name(code)]: the code. */
  code?: string;
}

function lexLogic(text: string): LogicToken[] | Bilingual {
  const out: LogicToken[] = [];
  const re = /\s+|\[([A-Za-z0-9_]+)(?:\(([^)\]]+)\))?\]|'([^']*)'|"([^"]*)"|(-?\d+(?:\.\d+)?)|(<>|!=|>=|<=|==|=|<|>)|([A-Za-z_][A-Za-z0-9_]*)|([(),])|(.)/gy;
  let m: RegExpExecArray | null = re.exec(text);
  while (m) {
    if (m[1] !== undefined) out.push({ kind: 'field', text: m[1], code: m[2] });
    else if (m[3] !== undefined || m[4] !== undefined) out.push({ kind: 'string', text: m[3] ?? m[4] });
    else if (m[5] !== undefined) out.push({ kind: 'number', text: m[5] });
    else if (m[6] !== undefined) out.push({ kind: 'op', text: m[6] });
    else if (m[7] !== undefined) out.push({ kind: 'word', text: m[7] });
    else if (m[8] !== undefined) out.push({ kind: m[8] === ',' ? 'comma' : 'paren', text: m[8] });
    else if (m[9] !== undefined) return msg(`“${m[9]}” is not understood`, `“${m[9]}” anlaşılamadı`);
    if (re.lastIndex >= text.length) break;
    m = re.exec(text);
  }
  return out;
}

const isNumberType = (p: DataModelParameter | undefined) => p?.type === 'integer' || p?.type === 'float';

/** `[sex] = '2' and ([age] >= 18 or [symptoms(3)] = '1')` → `sex = "2" and (age >= 18 or symptoms includes "3")`. */
export function branchingToRule(logic: string, parameters: ReadonlyMap<string, DataModelParameter>): Translation {
  const tokens = lexLogic(logic);
  if (!Array.isArray(tokens)) return { ok: false, why: tokens };
  const parts: string[] = [];
  const q = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'field') {
      // [event_name][field]: a longitudinal project's event, which a model has not.
      if (tokens[i + 1]?.kind === 'field') return { ok: false, why: msg('it names a REDCap event', 'bir REDCap olayını adlandırıyor') };
      const p = parameters.get(t.text);
      if (!p) return { ok: false, why: msg(`the field “${t.text}” is not in the dictionary`, `“${t.text}” alanı sözlükte yok`) };
      if (RULE_WORDS.has(t.text.toLowerCase())) return { ok: false, why: msg(`the field name “${t.text}” is a word of the rule language`, `“${t.text}” alan adı kural dilinin bir sözcüğü`) };
      const op = tokens[i + 1];
      const value = tokens[i + 2];
      if (t.code !== undefined) {
        // A checkbox's choice: [name(code)] = '1' (ticked) or '0' (not ticked).
        if (p.type !== 'checkbox' || !op || op.kind !== 'op' || !value || (value.kind !== 'string' && value.kind !== 'number'))
          return { ok: false, why: msg(`“[${t.text}(${t.code})]” is not a checkbox choice compared with 1 or 0`, `“[${t.text}(${t.code})]” 1 ya da 0 ile karşılaştırılan bir onay kutusu seçeneği değil`) };
        const ticked = value.text === '1';
        if (!ticked && value.text !== '0') return { ok: false, why: msg(`a checkbox choice is 1 or 0, not “${value.text}”`, `onay kutusu seçeneği 1 ya da 0 olur, “${value.text}” olmaz`) };
        const equal = op.text === '=' || op.text === '==';
        if (!equal && op.text !== '<>' && op.text !== '!=') return { ok: false, why: msg(`a checkbox choice is compared with = or <>, not “${op.text}”`, `onay kutusu seçeneği = ya da <> ile karşılaştırılır, “${op.text}” ile değil`) };
        parts.push(`${t.text} ${ticked === equal ? 'includes' : 'not includes'} ${q(t.code)}`);
        i += 2;
        continue;
      }
      if (op?.kind === 'op' && value?.kind === 'string' && value.text === '')
        return { ok: false, why: msg('the rule language has no test for an empty value', 'kural dilinde boş değer sınaması yok') };
      if (p.type === 'checkbox') return { ok: false, why: msg(`the checkbox “${t.text}” is named without a choice`, `“${t.text}” onay kutusu bir seçenek belirtilmeden kullanılmış`) };
      parts.push(t.text);
      // The value beside a field: a number for a number, text for a choice (option values are text).
      if (op?.kind === 'op' && value && (value.kind === 'string' || value.kind === 'number')) {
        parts.push(op.text === '==' ? '=' : op.text);
        parts.push(isNumberType(p) && NUMERIC.test(value.text) ? String(Number(value.text)) : q(value.text));
        i += 2;
      }
    } else if (t.kind === 'string') parts.push(q(t.text));
    else if (t.kind === 'number') parts.push(t.text);
    else if (t.kind === 'op' || t.kind === 'paren') parts.push(t.text === '==' ? '=' : t.text);
    else if (t.kind === 'comma') return { ok: false, why: msg('“,” is not understood', '“,” anlaşılamadı') };
    else if (t.kind === 'word') {
      const w = t.text.toLowerCase();
      if (w !== 'and' && w !== 'or') {
        const fn = tokens[i + 1]?.text === '(';
        return { ok: false, why: fn ? msg(`the REDCap function “${t.text}” has no counterpart`, `“${t.text}” REDCap işlevinin karşılığı yok`) : msg(`“${t.text}” is not understood`, `“${t.text}” anlaşılamadı`) };
      }
      parts.push(w);
    }
  }
  const parsed = parseCondition(parts.join(' '));
  if (!parsed.ok) return { ok: false, why: parsed.issue.message };
  return { ok: true, rule: printCondition(withoutSpans(parsed.value)) };
}

// ---------------------------------------------------------------- rule → branching logic

type Back = { ok: true; text: string } | { ok: false; why: Bilingual };

const FLIP = { equal: 'not_equal', not_equal: 'equal', greater: 'smaller_or_equal', smaller_or_equal: 'greater', smaller: 'greater_or_equal', greater_or_equal: 'smaller', includes: 'not_includes', not_includes: 'includes' } as const;
const REDCAP_OP = { equal: '=', not_equal: '<>', greater: '>', greater_or_equal: '>=', smaller: '<', smaller_or_equal: '<=' } as const;

/** Pushes `not` down to the comparisons (REDCap's branching logic has no `not`). */
function negate(c: Condition): Condition | undefined {
  if (c.kind === 'not') return c.arg;
  if (c.kind !== 'compare') {
    const args = c.args.map(negate);
    return args.every(Boolean) ? { kind: c.kind === 'and' ? 'or' : 'and', args: args as Condition[] } : undefined;
  }
  if (c.operator === 'do_not_look_for_value') return undefined;
  return { ...c, operator: FLIP[c.operator] };
}

/** A rule of the model → REDCap branching logic, or why it cannot be written there. */
export function ruleToBranching(rule: string, parameters: ReadonlyMap<string, DataModelParameter>): Back {
  const parsed = parseCondition(rule);
  if (!parsed.ok) return { ok: false, why: parsed.issue.message };
  const no = (en: string, tr: string): Back => ({ ok: false, why: msg(en, tr) });
  const value = (e: Expr, quoted: boolean): string | undefined => {
    if (e.kind !== 'literal' || Array.isArray(e.value) || typeof e.value === 'boolean') return undefined;
    const s = String(e.value);
    if (!quoted && typeof e.value === 'number') return s;
    return s.includes("'") ? `"${s}"` : `'${s}'`;
  };
  const write = (c: Condition, outer: 'and' | 'or' | 'top'): Back => {
    if (c.kind === 'not') {
      const pushed = negate(c.arg);
      return pushed ? write(pushed, outer) : no('a “not” around it cannot be written without “not”', '“not” olmadan yazılamayan bir “not” içeriyor');
    }
    if (c.kind !== 'compare') {
      const args: string[] = [];
      for (const a of c.args) {
        const w = write(a, c.kind);
        if (!w.ok) return w;
        args.push(w.text);
      }
      const text = args.join(` ${c.kind} `);
      return { ok: true, text: outer === 'and' && c.kind === 'or' ? `(${text})` : text };
    }
    if (c.left.kind !== 'var') return no('REDCap compares fields, not calculations', 'REDCap alanları karşılaştırır, hesapları değil');
    const p = parameters.get(c.left.name);
    if (!p) return no(`“${c.left.name}” is not a parameter of the model`, `“${c.left.name}” modelin bir parametresi değil`);
    if (c.operator === 'includes' || c.operator === 'not_includes') {
      const v = c.right && value(c.right, false);
      if (p.type !== 'checkbox' || !v) return no('only a checkbox’s choice can be tested with includes', 'includes yalnızca bir onay kutusu seçeneğini sınar');
      return { ok: true, text: `[${p.code}(${v.replace(/^['"]|['"]$/g, '')})] = '${c.operator === 'includes' ? 1 : 0}'` };
    }
    if (c.operator === 'do_not_look_for_value') return no('“is any” has no counterpart', '“is any” ifadesinin karşılığı yok');
    const v = c.right && value(c.right, !isNumberType(p));
    if (!v) return no('REDCap compares a field with a value', 'REDCap bir alanı bir değerle karşılaştırır');
    return { ok: true, text: `[${p.code}] ${REDCAP_OP[c.operator]} ${v}` };
  };
  return write(parsed.value, 'top');
}

// ---------------------------------------------------------------- export

/** REDCap's own rule for variable names (not a rule of our contract, which also allows capitals and `-`). */
const REDCAP_NAME = /^[a-z][_a-z0-9]*$/;

/** Options that are exactly REDCap's yes/no (or true/false) pair, as an import makes them. */
const sameOptions = (options: DataModelOption[], pair: DataModelOption[], lang: Lang) =>
  options.length === 2 &&
  options.every((o, i) => o.value === pair[i].value && o.label === pair[i].translation![lang] && o.translation?.en === pair[i].translation!.en && o.translation?.tr === pair[i].translation!.tr);

export interface RedcapExport {
  csv: string;
  warnings: RedcapWarning[];
}

/** The model as a REDCap data dictionary. Rows are numbered as in the written file (header = 1). */
export function exportRedcap(model: DataModel): RedcapExport {
  const lang: Lang = model.language === 'tr' ? 'tr' : 'en';
  const other = OTHER[lang];
  const warnings: RedcapWarning[] = [];
  const rows: string[][] = [REDCAP_COLUMNS.map(([h]) => h)];
  const parameters = new Map<string, DataModelParameter>();
  for (const g of model.group_list) for (const p of g.parameter_list ?? []) parameters.set(p.code, p);
  const text = (t: LocalizedText | undefined, fallback: string) => t?.[lang] ?? t?.[other] ?? fallback;

  for (const group of model.group_list) {
    // REDCap's names are lower-case letters, digits and underscores.
    const form = group.code.toLowerCase().replace(/[^a-z0-9_]/g, '_');
    if (form !== group.code)
      warnings.push({ row: rows.length + 1, column: HEADER.form_name, message: msg(`REDCap form names are lower-case letters, digits and _; “${group.code}” is written as “${form}”.`, `REDCap form adları küçük harf, rakam ve _ içerir; “${group.code}” “${form}” olarak yazıldı.`) });
    if (!group.parameter_list?.length)
      warnings.push({ row: rows.length + 1, column: HEADER.form_name, message: msg(`The group “${group.code}” has no parameters; REDCap has no empty form, so it is not written.`, `“${group.code}” grubunun parametresi yok; REDCap’te boş form olmaz, yazılmadı.`) });
    (group.parameter_list ?? []).forEach((p, index) => {
      const line = rows.length + 1;
      const cell: Partial<Record<Key, string>> = { field_name: p.code, form_name: form, field_label: text(p.label, p.code) };
      const warn = (key: Key | '', message: Bilingual) => warnings.push({ row: line, column: key ? HEADER[key] : '', message });
      const tags: string[] = [];
      if (index === 0) {
        const label = group.label[lang];
        if (label && label !== formLabel(form)) tags.push(tag('SEMA-FORM', label));
        if (group.label[other]) tags.push(tag('SEMA-FORM-LABEL', group.label[other]));
      }
      if (!REDCAP_NAME.test(p.code))
        warn('field_name', msg(`REDCap variable names start with a lower-case letter and hold lower-case letters, digits and _; “${p.code}” must be renamed before REDCap accepts it.`, `REDCap değişken adları küçük harfle başlar, küçük harf, rakam ve _ içerir; REDCap’in kabul etmesi için “${p.code}” yeniden adlandırılmalı.`));
      if (p.label[other] && p.label[lang]) tags.push(tag('SEMA-LABEL', p.label[other]));
      const options = p.option_list ?? [];
      const pairs = options.map((o): [string, string] => [o.value, o.translation?.[lang] ?? o.label]);
      const translated = options.filter((o) => o.translation?.[other]).map((o): [string, string] => [o.value, o.translation![other]!]);
      switch (p.type) {
        case 'select':
        case 'listbox':
        case 'radiogroup':
        case 'checkbox':
          cell.field_type = p.type === 'radiogroup' ? (sameOptions(options, YES_NO, lang) ? 'yesno' : sameOptions(options, TRUE_FALSE, lang) ? 'truefalse' : 'radio') : p.type === 'checkbox' ? 'checkbox' : 'dropdown';
          if (cell.field_type === 'yesno' || cell.field_type === 'truefalse') break;
          if (p.type === 'listbox') warn('field_type', msg('A list box is written as a drop-down list.', 'Liste kutusu açılır liste olarak yazıldı.'));
          cell.select_choices_or_calculations = writeChoices(pairs);
          if (translated.length) tags.push(tag('SEMA-CHOICES', writeChoices(translated)));
          break;
        case 'integer':
        case 'float':
          cell.field_type = 'text';
          cell.text_validation_type_or_show_slider_number = p.type === 'integer' ? 'integer' : p.max_decimal !== undefined && p.max_decimal >= 1 && p.max_decimal <= 4 ? `number_${p.max_decimal}dp` : 'number';
          if (p.type === 'float' && p.max_decimal !== undefined && !cell.text_validation_type_or_show_slider_number.endsWith('dp'))
            warn('text_validation_type_or_show_slider_number', msg(`REDCap validates 1 to 4 decimal places; ${p.max_decimal} is written as “number”.`, `REDCap 1–4 ondalık basamak doğrular; ${p.max_decimal} “number” olarak yazıldı.`));
          if (p.min_limit !== undefined) cell.text_validation_min = String(p.min_limit);
          if (p.max_limit !== undefined) cell.text_validation_max = String(p.max_limit);
          if (p.unit) cell.field_note = p.unit;
          if (p.unit_kind) tags.push(tag('SEMA-UNIT-KIND', p.unit_kind));
          break;
        case 'date':
          cell.field_type = 'text';
          cell.text_validation_type_or_show_slider_number = p.date_type === 'datetime' ? 'datetime_ymd' : 'date_ymd';
          if (p.date_type === 'year' || p.date_type === 'year_month')
            warn('text_validation_type_or_show_slider_number', msg('REDCap has no year or year-and-month date; it is written as a full date.', 'REDCap’te yalnızca yıl ya da yıl-ay tarihi yok; tam tarih olarak yazıldı.'));
          if (p.permitted_date_range === 'today_and_before') cell.text_validation_max = 'today';
          if (p.permitted_date_range === 'today_and_after') cell.text_validation_min = 'today';
          break;
        case 'textarea':
        case 'sentence':
          cell.field_type = 'notes';
          if (p.type === 'sentence') warn('field_type', msg('A sentence is written as a notes box.', 'Cümle not kutusu olarak yazıldı.'));
          break;
        case 'text':
          cell.field_type = 'text';
          break;
        default:
          cell.field_type = 'text';
          warn('field_type', msg(`REDCap has no ${p.type} field; “${p.code}” is written as text.`, `REDCap’te ${p.type} alanı yok; “${p.code}” metin olarak yazıldı.`));
      }
      if (p.max_length !== undefined || p.allowed_characters !== undefined)
        warn('text_validation_type_or_show_slider_number', msg('REDCap has no length or character limit; it is not written.', 'REDCap’te uzunluk ya da karakter sınırı yok; yazılmadı.'));
      if (p.required) cell.required_field = 'y';
      if (p.anonymization) cell.identifier = 'y';
      if (p.show_while_recording === false) tags.push(tag('HIDDEN'));
      if (p.rule) {
        const back = ruleToBranching(p.rule, parameters);
        if (back.ok) cell.branching_logic = back.text;
        else warn('branching_logic', msg(`The rule “${p.rule}” is not written: ${back.why.en}.`, `“${p.rule}” kuralı yazılmadı: ${back.why.tr}.`));
      }
      if (tags.length) cell.field_annotation = tags.join(' ');
      rows.push(REDCAP_COLUMNS.map(([, k]) => cell[k] ?? ''));
    });
  }
  return { csv: writeCsv(rows), warnings };
}
