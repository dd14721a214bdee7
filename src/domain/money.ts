// Money is kept in integer minor units (kuruş, cents) everywhere (schemas/README.md); people read and type
// major units in their own language's format. Currencies by their spec values: 0 Turkish lira, 1 dollar.
import type { Lang } from './language';
export type { Lang };

export const CURRENCIES: Record<number, { code: string; symbol: string; minorDigits: number }> = {
  0: { code: 'TRY', symbol: '₺', minorDigits: 2 },
  1: { code: 'USD', symbol: '$', minorDigits: 2 },
};

const LOCALES: Record<Lang, string> = { tr: 'tr-TR', en: 'en-GB' };
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(lang: Lang, digits: number): Intl.NumberFormat {
  const key = `${lang}:${digits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(key, f);
  }
  return f;
}

const digitsOf = (currency: number | null | undefined) => (currency !== null && currency !== undefined ? (CURRENCIES[currency]?.minorDigits ?? 2) : 2);

/**
 * 149900 (lira) → "₺1.499,00" in Turkish, "₺1,499.00" in English: the spec's symbols (₺, $) before the
 * amount in the language's number format; without a currency, just the number.
 */
export function formatMinor(amount: number, currency: number | null | undefined, lang: Lang): string {
  if (!Number.isFinite(amount)) return '';
  const digits = digitsOf(currency);
  const text = formatter(lang, digits).format(Math.abs(amount) / 10 ** digits);
  const symbol = currency !== null && currency !== undefined ? (CURRENCIES[currency]?.symbol ?? '') : '';
  return `${amount < 0 ? '-' : ''}${symbol}${text}`;
}

/** The major-unit text a person edits: 149900 → "1499,00" (tr) or "1499.00" (en), no grouping. */
export function minorToInput(amount: number | null | undefined, currency: number | null | undefined, lang: Lang): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  const text = (amount / 10 ** digitsOf(currency)).toFixed(digitsOf(currency));
  return lang === 'tr' ? text.replace('.', ',') : text;
}

/**
 * What a person typed, in major units, as integer minor units; null when empty, NaN when it is not an
 * amount. The last "," or "." followed by 1–2 digits is the decimal mark; other dots, commas and spaces
 * group thousands ("1.499,90", "1,499.90", "1499.9" all give 149990).
 */
export function inputToMinor(text: string, currency?: number | null): number | null {
  const t = text.trim().replace(/\s|₺|\$/g, '');
  if (!t) return null;
  if (!/^\d[\d.,]*$/.test(t)) return Number.NaN;
  const digits = digitsOf(currency);
  const m = t.match(/^(.*?)(?:[.,](\d{1,2}))?$/);
  const whole = (m?.[1] ?? '').replace(/[.,]/g, '');
  const fraction = (m?.[2] ?? '').padEnd(digits, '0');
  if (!/^\d+$/.test(whole)) return Number.NaN;
  return Number(whole) * 10 ** digits + Number(fraction || '0');
}
