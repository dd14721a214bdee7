// Calendar days of a treatment: dates are YYYY-MM-DD without a time, counted in whole days (UTC arithmetic on
// the date alone, so no daylight-saving change makes a day 23 or 25 hours), and "today" is the day in the
// hospital's time zone, not the server's (docs/decisions.md, "30 days").

import type { Bilingual } from '../language';

/** Until the hospital settings hold a time zone, the hospitals are in Turkey (docs/decisions.md, "30 days"). */
export const DEFAULT_TIME_ZONE = 'Europe/Istanbul';

const DAY_MS = 86_400_000;

const epochDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The date `days` calendar days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return new Date((epochDay(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (positive when `to` is later). */
export const daysBetween = (from: string, to: string): number => Math.round(epochDay(to) - epochDay(from));

/** The calendar day of `now` in an IANA time zone (Europe/Istanbul's day starts three hours before UTC's). */
export function calendarDay(now: Date, timeZone: string): string {
  // en-CA formats a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Today in the hospital's time zone: the day a clinical date may not be later than, and warnings count from. */
export const hospitalToday = (now: Date = new Date()): string => calendarDay(now, DEFAULT_TIME_ZONE);

/** Completed years from a birth date to a date (a birthday on 29 February counts from 1 March in other years). */
export function ageOn(birthDate: string, date: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = date.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** A calendar day as each language writes it in the pages: "17 Oct 2026", "17 Eki 2026". */
export function dayText(date: string): Bilingual {
  const at = new Date(`${date}T00:00:00Z`);
  const f = (locale: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(at);
  return { en: f('en-GB'), tr: f('tr-TR') };
}
