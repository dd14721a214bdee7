// ajv's errors as sentences a person can act on, in Turkish and English. Shared by the server (the envelope
// of bad input) and the browser (form errors), so one field fails with the same words everywhere.
import type { Lang } from './language';
export type { Lang };

export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

export interface FieldError {
  /** The field's path, dotted: `frontend.colors.accent`, `product_items.2.total`. */
  field: string;
  /** Worded in the caller's language at the time of the answer. */
  message: string;
  /** How to word it again in another language: a schema keyword and its parameters (MESSAGES)... */
  keyword?: string;
  params?: Record<string, unknown>;
  /** ...or a message of the error catalogue by its status code (with `params`). */
  status_code?: string;
}

type Template = (p: Record<string, unknown>) => string;
const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v));

const MESSAGES: Record<string, Record<Lang, Template>> = {
  required: { en: () => 'is required', tr: () => 'zorunludur' },
  type: { en: (p) => `must be ${typeName(p.type, 'en')}`, tr: (p) => `${typeName(p.type, 'tr')} olmalıdır` },
  minLength: { en: (p) => `must be at least ${p.limit} characters`, tr: (p) => `en az ${p.limit} karakter olmalıdır` },
  maxLength: { en: (p) => `must be at most ${p.limit} characters`, tr: (p) => `en fazla ${p.limit} karakter olmalıdır` },
  minimum: { en: (p) => `must be at least ${p.limit}`, tr: (p) => `en az ${p.limit} olmalıdır` },
  maximum: { en: (p) => `must be at most ${p.limit}`, tr: (p) => `en fazla ${p.limit} olmalıdır` },
  exclusiveMinimum: { en: (p) => `must be more than ${p.limit}`, tr: (p) => `${p.limit} değerinden büyük olmalıdır` },
  exclusiveMaximum: { en: (p) => `must be less than ${p.limit}`, tr: (p) => `${p.limit} değerinden küçük olmalıdır` },
  minItems: { en: (p) => `must have at least ${p.limit} items`, tr: (p) => `en az ${p.limit} öğe içermelidir` },
  maxItems: { en: (p) => `must have at most ${p.limit} items`, tr: (p) => `en fazla ${p.limit} öğe içermelidir` },
  uniqueItems: { en: () => 'must not repeat an item', tr: () => 'aynı öğeyi tekrar içermemelidir' },
  enum: { en: (p) => `must be one of: ${list(p.allowedValues)}`, tr: (p) => `şunlardan biri olmalıdır: ${list(p.allowedValues)}` },
  const: { en: (p) => `must be ${String(p.allowedValue)}`, tr: (p) => `${String(p.allowedValue)} olmalıdır` },
  pattern: { en: () => 'is not in the expected format', tr: () => 'beklenen biçimde değil' },
  format: { en: (p) => `must be a valid ${formatName(p.format, 'en')}`, tr: (p) => `geçerli bir ${formatName(p.format, 'tr')} olmalıdır` },
  additionalProperties: { en: () => 'is not a known field', tr: () => 'tanınan bir alan değil' },
  unevaluatedProperties: { en: () => 'is not a known field', tr: () => 'tanınan bir alan değil' },
  multipleOf: { en: (p) => `must be a multiple of ${p.multipleOf}`, tr: (p) => `${p.multipleOf} katı olmalıdır` },
  // Not ajv's: the server's own checks before the schema (PostgreSQL stores no U+0000; nesting is bounded).
  nulCharacter: { en: () => 'contains a character that cannot be stored (NUL, U+0000)', tr: () => 'saklanamayan bir karakter içeriyor (NUL, U+0000)' },
  maxDepth: { en: (p) => `is nested too deeply (at most ${p.limit} levels)`, tr: (p) => `çok derin iç içe (en fazla ${p.limit} düzey)` },
};

/**
 * At most `max` characters of a text the caller sent, control characters shown as �: an answer may quote what
 * was sent, never echo it whole (a 1 MB unknown field name must not make a 1 MB answer).
 */
export function excerpt(text: string, max = 60): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters (to show them as �) is the point
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, '\ufffd');
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

const TYPE_NAMES: Record<string, Record<Lang, string>> = {
  string: { en: 'text', tr: 'metin' },
  integer: { en: 'a whole number', tr: 'tam sayı' },
  number: { en: 'a number', tr: 'sayı' },
  boolean: { en: 'true or false', tr: 'doğru ya da yanlış' },
  object: { en: 'an object', tr: 'nesne' },
  array: { en: 'a list', tr: 'liste' },
  null: { en: 'empty', tr: 'boş' },
};
const FORMAT_NAMES: Record<string, Record<Lang, string>> = {
  email: { en: 'e-mail address', tr: 'e-posta adresi' },
  date: { en: 'date', tr: 'tarih' },
  'date-time': { en: 'date and time', tr: 'tarih ve saat' },
  uuid: { en: 'identifier', tr: 'kimlik' },
  uri: { en: 'address', tr: 'adres' },
};

function typeName(type: unknown, lang: Lang): string {
  const names = String(type).split(',').map((t) => TYPE_NAMES[t]?.[lang] ?? t);
  return names.join(lang === 'en' ? ' or ' : ' ya da ');
}
function formatName(format: unknown, lang: Lang): string {
  return FORMAT_NAMES[String(format)]?.[lang] ?? String(format);
}

function fieldOf(e: SchemaError): string {
  const path = e.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (e.keyword === 'required') path.push(String(e.params.missingProperty));
  if (e.keyword === 'additionalProperties') path.push(String(e.params.additionalProperty));
  if (e.keyword === 'unevaluatedProperties') path.push(String(e.params.unevaluatedProperty));
  return excerpt(path.map((segment) => excerpt(segment)).join('.'), 200) || '(body)';
}

/**
 * The most problems one answer lists (field errors, a sheet's rows); the rest are counted. 50,000 unknown keys
 * once answered 6.4 MB: an answer's size must not follow its input's.
 */
export const LISTED_ERRORS = 20;

/** One message per field (the first error of each), in the caller's language. */
export function fieldErrors(errors: readonly SchemaError[], lang: Lang): FieldError[] {
  return listedFieldErrors(errors, lang, Number.POSITIVE_INFINITY).fields;
}

/**
 * The first `limit` fields' messages, as fieldErrors, and how many more problems there are: past the limit each
 * error is only counted (50,000 unknown keys are not each named, worded and compared).
 */
export function listedFieldErrors(errors: readonly SchemaError[], lang: Lang, limit = LISTED_ERRORS): { fields: FieldError[]; notListed: number } {
  const byField = new Map<string, FieldError>();
  let notListed = 0;
  for (const e of errors) {
    if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'allOf') continue;
    if (byField.size >= limit) {
      notListed++;
      continue;
    }
    const field = fieldOf(e);
    if (byField.has(field)) continue;
    const template = MESSAGES[e.keyword]?.[lang];
    byField.set(field, template ? { field, message: template(e.params), keyword: e.keyword, params: quotedParams(e.params) } : { field, message: e.message ?? e.keyword });
  }
  if (!byField.size && errors.length) byField.set('(body)', { field: '(body)', message: lang === 'en' ? 'is not valid' : 'geçerli değil' });
  return { fields: [...byField.values()], notListed };
}

/** Parameters as an answer may carry them: texts quoted as excerpts, lists cut short (never an echo of a huge input). */
function quotedParams(params: Record<string, unknown>): Record<string, unknown> {
  const quote = (v: unknown): unknown => (typeof v === 'string' ? excerpt(v) : Array.isArray(v) ? v.slice(0, 20).map(quote) : typeof v === 'object' && v !== null ? undefined : v);
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, quote(v)]).filter(([, v]) => v !== undefined));
}

/**
 * A field's message in the language: worded again from its status code (with `byStatus`, when the caller has the
 * error catalogue) or its keyword when it has one, else as answered.
 */
export function fieldMessage(e: FieldError, lang: Lang, byStatus?: (statusCode: string, params: Record<string, unknown> | undefined) => string | undefined): string {
  const worded = e.status_code ? byStatus?.(e.status_code, e.params) : undefined;
  if (worded !== undefined) return worded;
  const template = e.keyword ? MESSAGES[e.keyword]?.[lang] : undefined;
  return template ? template(e.params ?? {}) : e.message;
}

/** How many problems a summary names; the rest are counted. */
const NAMED_IN_SUMMARY = 3;

/** "field message; field message; and 2 more": the details of a bad-input message. */
export function fieldSummary(fields: readonly { field: string; message: string }[], lang: Lang, notListed = 0): string {
  const named = fields.slice(0, NAMED_IN_SUMMARY).map((f) => `${f.field} ${f.message}`);
  const more = fields.length - named.length + notListed;
  return named.join('; ') + (more > 0 ? (lang === 'en' ? `; and ${more} more` : `; ve ${more} sorun daha`) : '');
}
