// A layer record's values as the page shows and edits them: each parameter's value as a cell's text in the reader's
// language (an option's label, yes/no — never a code) and as a form's text, and back.
import type { TFunction } from 'i18next';
import type { Lang } from '../../domain/language';
import type { LayerParameter, LayerValues } from '../../domain/layer-record';

/** A value as a cell shows it. */
export function valueText(p: LayerParameter, v: unknown, lang: Lang, t: TFunction): string {
  if (v === undefined || v === null || v === '') return t('database.empty');
  if (p.type === 'select') return p.option_list?.find((o) => o.value === v)?.label[lang] ?? String(v);
  if (p.type === 'boolean') return v ? t('database.yes') : t('database.no');
  if (p.type === 'number' && typeof v === 'number') return v.toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-GB');
  return String(v);
}

/** The form's texts of a record (numbers and booleans as text; empty for a missing value). */
export const formTexts = (parameters: LayerParameter[], record: LayerValues = {}): Record<string, string> =>
  Object.fromEntries(parameters.map((p) => [p.id, record[p.id] === undefined ? '' : String(record[p.id])]));

/** The record the form's texts stand for: a number typed as a number (a comma read as the decimal point), a yes/no as a boolean. */
export function formRecord(parameters: LayerParameter[], texts: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    parameters.map((p) => {
      const text = texts[p.id]?.trim() ?? '';
      if (text === '') return [p.id, ''];
      if (p.type === 'number') return [p.id, Number.isFinite(Number(text.replace(',', '.'))) ? Number(text.replace(',', '.')) : text];
      if (p.type === 'boolean') return [p.id, text === 'true'];
      return [p.id, text];
    }),
  );
}
