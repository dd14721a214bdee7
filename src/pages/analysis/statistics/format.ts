// Figures of the statistics and machine-learning panels in the reader's language, as jamovi and JASP print
// them: three decimals, p below .001 as "< .001" (Turkish "< ,001": the decimal comma), counts whole.
import type { LanguageLabel } from '../../../generated/types/entities';

const LOCALE = { tr: 'tr-TR', en: 'en-GB' } as const;
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: LanguageLabel, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE[lang], options);
    formats.set(key, format);
  }
  return format;
}

/** What an empty figure (not computable: one group, no variance) shows. */
export const NO_VALUE = '—';

/**
 * A statistic to `digits` decimals; a tiny or huge one in scientific notation (an estimate of 0.00004 must not
 * read "0.000").
 */
export function formatStat(value: number | null | undefined, lang: LanguageLabel, digits = 3): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  const size = Math.abs(value);
  if (value !== 0 && (size < 10 ** -digits / 2 || size >= 1e9)) return numberFormat(lang, { notation: 'scientific', maximumFractionDigits: 2 }).format(value);
  return numberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** A count or a degree of freedom: whole, grouped; a fractional df (Welch) to three decimals. */
export function formatCount(value: number | null | undefined, lang: LanguageLabel): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  return Number.isInteger(value) ? numberFormat(lang, { maximumFractionDigits: 0 }).format(value) : formatStat(value, lang);
}

/** A p-value: "< .001" below a thousandth, else three decimals. */
export function formatP(p: number | null | undefined, lang: LanguageLabel): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return NO_VALUE;
  if (p < 0.001) return `< ${lang === 'tr' ? ',' : '.'}001`;
  return formatStat(p, lang);
}

/** A percentage given as 0–100 (frequency tables): "33.3 %" / "%33,3". */
export function formatPercent(percent: number | null | undefined, lang: LanguageLabel): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return NO_VALUE;
  return numberFormat(lang, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(percent / 100);
}

/** A share given as 0–1 (accuracy, recall): as a percentage. */
export const formatShare = (share: number | null | undefined, lang: LanguageLabel): string =>
  formatPercent(share === null || share === undefined ? share : share * 100, lang);

/** A cell value as the dataset holds it (a number with the digits it has), for tick labels and levels. */
export function formatCellNumber(value: number, lang: LanguageLabel): string {
  return numberFormat(lang, { maximumFractionDigits: 6 }).format(value);
}
