// Catalogue texts in the reader's language (docs/decisions.md, "In which language are a bundle's and a
// product's catalogue texts"): a record keeps the specification's fields (bundle_name, feature_list; pro_name,
// pro_info, pro_group_name, pro_count_suffix) in the site's default language, and an optional `translations`
// object by language holding the same-named fields. A reader sees the translation in their language when it
// is not empty, else the specification's field. One rule for every place that shows these texts: the
// generic list, record and picker cells (renderers/generic/cells.ts) and hand-written pages alike.
import type { Lang } from './language';

/** The field holding a record's translations (one name for the concept). */
export const TRANSLATIONS_FIELD = 'translations';

/** A record that may carry `translations: { en?: {...}, tr?: {...} }`. */
export type Translatable = { translations?: Partial<Record<Lang, object | undefined>> | null };

const isBlank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/** The non-blank items of a translated list, or undefined when it has none (so the record's own list is shown). */
function filledList(v: unknown[]): string[] | undefined {
  const items = v.filter((x): x is string => !isBlank(x));
  return items.length ? items : undefined;
}

/**
 * The value of `field` as a reader of `lang` sees it: the record's `translations[lang][field]` when it is a
 * non-blank text (or a list with a non-blank item, its blank items left out) of the field's kind, else the
 * record's own value (whatever it is: absent, empty, another type). Works on any record, so generic cells can apply it to any
 * column; a record without translations answers its own value.
 */
export function translatedValue(record: unknown, field: string, lang: Lang): unknown {
  if (!record || typeof record !== 'object') return undefined;
  const own = (record as Record<string, unknown>)[field];
  const texts = (record as Translatable).translations?.[lang] as Record<string, unknown> | undefined;
  const translated = texts && typeof texts === 'object' ? texts[field] : undefined;
  // A translation of another kind than the field (a text for a list) is not one.
  if (own !== undefined && own !== null && Array.isArray(own) !== Array.isArray(translated)) return own;
  if (Array.isArray(translated)) return filledList(translated) ?? own;
  return isBlank(translated) ? own : translated;
}

/** A catalogue text (bundle_name, pro_info...) in the reader's language; '' when neither is given. */
export function catalogueText(record: unknown, field: string, lang: Lang): string {
  const v = translatedValue(record, field, lang);
  return typeof v === 'string' ? v : '';
}

/** A catalogue list (feature_list) in the reader's language: the translated list when it has a non-blank item, else the record's; [] when neither. */
export function catalogueList(record: unknown, field: string, lang: Lang): string[] {
  const v = translatedValue(record, field, lang);
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
