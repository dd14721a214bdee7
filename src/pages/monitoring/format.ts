// Figures of the speed-monitoring page in the reader's language.
import type { LanguageLabel } from '../../generated/types/entities';

const LOCALE = { tr: 'tr-TR', en: 'en-GB' } as const;

/** Milliseconds, to a tenth below 10 ms and whole above: "7,8 ms", "275 ms". */
export function formatMs(ms: number, lang: LanguageLabel): string {
  const digits = ms < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(LOCALE[lang], { minimumFractionDigits: 0, maximumFractionDigits: digits }).format(ms)} ms`;
}

/** A share (0–1) as a percentage: "%1,5" in Turkish, "1.5%" in English. */
export function formatPercent(share: number, lang: LanguageLabel): string {
  return new Intl.NumberFormat(LOCALE[lang], { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/** A moment as the clock shows it (with the date over a day). */
export function formatTime(iso: string, lang: LanguageLabel, withDate = false): string {
  return new Intl.DateTimeFormat(LOCALE[lang], withDate ? { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' } : { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}
