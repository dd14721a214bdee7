// The cell registry: how a value is shown in a list, a related table, a read-only record and an export.
// Cells are plain text functions (cheap for a page of 100 rows, and the same text goes into CSV and Excel),
// chosen by rank per column once, never per row. The value a cell shows is the field's as the reader sees it
// (`fieldValue`): a record carrying `translations` shows the text of the reader's language in place of the
// field's, for any column of any screen (src/domain/catalogue-text.ts).
import type { TFunction } from 'i18next';
import { translatedValue } from '../../src/domain/catalogue-text';
import { formatMinor } from '../../src/domain/money';
import { labelOf, valueAt, type Bilingual, type FieldHints, type JsonSchema, type Lang, type ResolvedScreen } from '../../src/domain/screen';
import { entityLabels } from '../../src/generated/labels';
import { routeSummaries } from '../../src/generated/route-summaries';
import { and, formatIs, hasEnum, nameMatches, NOT_APPLICABLE, or, pickBest, rankWith, schemaMatches, schemaTypeIs, type Ranked, type TesterContext } from './rank';

export interface CellContext {
  lang: Lang;
  t: TFunction;
  /** The site's pages (the catalogue, website units included), for cells that name a page. */
  pages?: readonly { route_name: string; caption: Bilingual }[];
  /** The currency the user chose: a price list shows its price in it (the others are in the record). */
  currency?: number;
}

export interface CellRenderer extends Ranked {
  text: (value: unknown, record: Record<string, unknown>, schema: JsonSchema, ctx: CellContext) => string;
}

const LOCALES = { tr: 'tr-TR', en: 'en-GB' } as const;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lang: Lang, withTime: boolean): Intl.DateTimeFormat {
  const key = `${lang}${withTime}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALES[lang], withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
    dateFormats.set(key, f);
  }
  return f;
}

/** A date (YYYY-MM-DD) or date-time in the user's language. */
export function formatDateValue(value: unknown, lang: Lang, withTime: boolean): string {
  if (typeof value !== 'string' || !value) return '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat(lang, withTime).format(date);
}

/** An enumeration value's label in the language (x-enum-labels), else the value itself. */
export function enumLabel(schema: JsonSchema, value: unknown, lang: Lang): string {
  const i = (schema.enum ?? []).indexOf(value);
  return i >= 0 ? labelOf(schema['x-enum-labels']?.[i], lang, String(value)) : value === undefined || value === null ? '' : String(value);
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
const isMoneyItem = (s: JsonSchema | undefined) => Boolean(s?.properties?.currency_type && s.properties.amount);
/** A text per language ({tr, en} of strings); not a record's translations, whose languages hold objects. */
const isBilingual = (s: JsonSchema) => {
  const keys = Object.keys(s.properties ?? {});
  return keys.length === 2 && keys.includes('en') && keys.includes('tr') && keys.every((k) => s.properties?.[k]?.type === 'string');
};

export const moneyListCell: CellRenderer = {
  name: 'money_list',
  tester: rankWith(5, and(schemaTypeIs('array'), schemaMatches((s) => isMoneyItem(s.items)))),
  text: (value, _r, _s, { lang, currency }) => {
    if (!Array.isArray(value)) return '';
    const prices = value as { currency_type?: number; amount?: number }[];
    const chosen = prices.filter((e) => e.currency_type === currency);
    // In the chosen currency when there is a price in it; else every price, in the currencies' order.
    const shown = chosen.length ? chosen : [...prices].sort((a, b) => (a.currency_type ?? 0) - (b.currency_type ?? 0));
    return shown.map((e) => formatMinor(Number(e.amount), e.currency_type, lang)).join(' · ');
  },
};

export const moneyCell: CellRenderer = {
  name: 'money',
  // An amount in minor units beside its currency (order total_amount + currency_type).
  tester: rankWith(4, and(schemaTypeIs('integer'), nameMatches(/(^|_)amount$/), (_s, ctx) => Boolean(ctx.parent?.properties?.currency_type))),
  text: (value, record, _s, { lang }) => (typeof value === 'number' ? formatMinor(value, record.currency_type as number | undefined, lang) : ''),
};

export const bilingualCell: CellRenderer = {
  name: 'bilingual',
  tester: rankWith(5, and(schemaTypeIs('object'), schemaMatches(isBilingual))),
  text: (value, _r, _s, { lang }) => (value && typeof value === 'object' ? labelOf(value as { en: string; tr: string }, lang) : ''),
};

export const enumCell: CellRenderer = {
  name: 'enum',
  tester: rankWith(3, hasEnum),
  text: (value, _r, schema, { lang }) => enumLabel(schema, value, lang),
};

export const enumListCell: CellRenderer = {
  name: 'enum_list',
  tester: rankWith(3, and(schemaTypeIs('array'), schemaMatches((s) => Array.isArray(s.items?.enum)))),
  text: (value, _r, schema, { lang }) => (Array.isArray(value) ? value.map((v) => enumLabel(schema.items ?? {}, v, lang)).join(', ') : ''),
};

export const booleanCell: CellRenderer = {
  name: 'boolean',
  tester: rankWith(2, schemaTypeIs('boolean')),
  text: (value, _r, _s, { t }) => (typeof value === 'boolean' ? t(value ? 'common.yes' : 'common.no') : ''),
};

export const dateCell: CellRenderer = {
  name: 'date',
  tester: rankWith(3, formatIs('date')),
  text: (value, _r, _s, { lang }) => formatDateValue(value, lang, false),
};

export const dateTimeCell: CellRenderer = {
  name: 'datetime',
  tester: rankWith(3, formatIs('date-time')),
  text: (value, _r, _s, { lang }) => formatDateValue(value, lang, true),
};

const numberFormats: Partial<Record<Lang, Intl.NumberFormat>> = {};
/** One formatter per language, made when first needed. */
function numberFormat(lang: Lang): Intl.NumberFormat {
  numberFormats[lang] ??= new Intl.NumberFormat(LOCALES[lang]);
  return numberFormats[lang];
}
export const numberCell: CellRenderer = {
  name: 'number',
  tester: rankWith(1, or(schemaTypeIs('integer'), schemaTypeIs('number'))),
  text: (value, _r, _s, { lang }) => (typeof value === 'number' ? numberFormat(lang).format(value) : ''),
};

export const listCell: CellRenderer = {
  name: 'list',
  tester: rankWith(1, schemaTypeIs('array')),
  text: (value) => (Array.isArray(value) ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ') : ''),
};

/** A page's route name as the page's caption in the language ("top level" when empty): a unit's parent. Chosen by name. */
export const pageCaptionCell: CellRenderer = {
  name: 'page_caption',
  tester: () => NOT_APPLICABLE,
  text: (value, _r, _s, { lang, t, pages }) => {
    if (isEmpty(value)) return t('screen.topLevel');
    const page = pages?.find((p) => p.route_name === value);
    return page ? labelOf(page.caption, lang, String(value)) : String(value);
  },
};

/** A status code (five digits, ending in 000 on success) with its outcome in words: "11021 failed". Chosen by name. */
export const statusOutcomeCell: CellRenderer = {
  name: 'status_outcome',
  tester: () => NOT_APPLICABLE,
  text: (value, _r, _s, { t }) => (isEmpty(value) ? '' : `${String(value)} ${t(String(value).endsWith('000') ? 'screen.statusOk' : 'screen.statusFailed')}`),
};

/** A route name as what the call does, in the language ("Log in" for login). Chosen by name. */
export const routeSummaryCell: CellRenderer = {
  name: 'route_summary',
  tester: () => NOT_APPLICABLE,
  text: (value, _r, _s, { lang }) => (isEmpty(value) ? '' : (routeSummaries[String(value)]?.[lang] ?? String(value))),
};

/** An entity's schema name as what people call it ("Website unit" for website_unit). Chosen by name. */
export const entityLabelCell: CellRenderer = {
  name: 'entity_label',
  tester: () => NOT_APPLICABLE,
  text: (value, _r, _s, { lang }) => (isEmpty(value) ? '' : (entityLabels[String(value)]?.[lang] ?? String(value))),
};

/** A list of warnings by how many ("1 warning", "3 uyarı"); none is empty, so the column's `empty` text shows. Chosen by name. */
export const warningCountCell: CellRenderer = {
  name: 'warning_count',
  tester: () => NOT_APPLICABLE,
  text: (value, _r, _s, { t }) => (Array.isArray(value) && value.length ? t('screen.warningCount', { count: value.length }) : ''),
};

export const textCell: CellRenderer = {
  name: 'text',
  tester: () => 0,
  text: (value) => (isEmpty(value) ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)),
};

/** Every cell renderer, general first; screens may add their own by name (`cell`). */
export const CELLS: CellRenderer[] = [textCell, listCell, numberCell, booleanCell, dateCell, dateTimeCell, enumCell, enumListCell, moneyCell, moneyListCell, bilingualCell, pageCaptionCell, statusOutcomeCell, routeSummaryCell, entityLabelCell, warningCountCell];

/** The cell of a field: the screen's `cell` by name, else the best-ranked one. */
export function cellFor(schema: JsonSchema | undefined, name: string, parent: JsonSchema | undefined, explicit?: string, registry: readonly CellRenderer[] = CELLS): CellRenderer {
  const hints: FieldHints = (schema?.['x-ui'] as FieldHints | undefined) ?? {};
  const ctx: TesterContext = { name, hints, parent };
  return pickBest(registry, schema ?? {}, ctx, explicit) ?? textCell;
}

/**
 * The value at a field's path as a reader of `lang` sees it: the translation of the reader's language in the
 * record holding the field (`translations[lang][field]`, when not empty), else the field's own value.
 */
export function fieldValue(record: unknown, path: string, lang: Lang): unknown {
  const dot = path.lastIndexOf('.');
  return translatedValue(dot < 0 ? record : valueAt(record, path.slice(0, dot)), path.slice(dot + 1), lang);
}

/** The text of a field of the record in a cell: its value as the reader sees it (fieldValue), through the cell. */
export function fieldText(cell: CellRenderer, record: Record<string, unknown>, path: string, schema: JsonSchema | undefined, ctx: CellContext): string {
  return cell.text(fieldValue(record, path, ctx.lang), record, schema ?? {}, ctx);
}

/** A record's name in the language: its label field as its cell shows it (a bilingual caption, a translated name...), else its key. */
export function recordName(screen: ResolvedScreen, record: Record<string, unknown> | undefined, ctx: CellContext): string {
  if (!record) return '';
  const schema = screen.entity_schema.properties?.[screen.label_field];
  const text = fieldText(cellFor(schema, screen.label_field, screen.entity_schema), record, screen.label_field, schema, ctx);
  return text || String(record[screen.key] ?? '');
}

/** A screen text with {{field}} of the record (as its cell shows it) and {{label}}, the record's name. */
export function fillText(text: string, screen: ResolvedScreen, record: Record<string, unknown> | undefined, ctx: CellContext): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (_m, field: string) => {
    if (field === 'label') return recordName(screen, record, ctx);
    const schema = screen.entity_schema.properties?.[field];
    return fieldText(cellFor(schema, field, screen.entity_schema), record ?? {}, field, schema, ctx);
  });
}
