const LOCALE = { tr: 'tr-TR', en: 'en-GB' } as const;

/** A date (YYYY-MM-DD) or date-time in the user's language; '' when absent. */
export function formatDate(value: string | undefined | null, lang: 'tr' | 'en', withTime = false): string {
  if (!value) return '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(LOCALE[lang], withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(date);
}

/** A number in the user's language (its separators), with at most `digits` decimals. */
export function formatNumber(value: number, lang: 'tr' | 'en', digits = 2): string {
  return new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: digits }).format(value);
}
