// Calendar days of a treatment (src/domain/treatment/dates.ts): whole days across month ends and daylight-saving
// changes, today in the hospital's time zone, and an age in completed years.
import { addDays, ageOn, calendarDay, daysBetween } from '../../src/domain/treatment/dates';

describe('treatment dates', () => {
  it('adds and counts whole days across a month end, a leap day and a daylight-saving change', () => {
    expect(addDays('2026-11-23', 21)).toBe('2026-12-14');
    expect(addDays('2028-02-20', 21)).toBe('2028-03-12');
    // Europe moves its clocks on 29 March 2026; a date has no hours to lose
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-26', '2026-10-26')).toBe(-31);
  });

  it('gives today in the hospital’s time zone', () => {
    const lateEvening = new Date('2026-11-25T22:30:00Z');
    expect(calendarDay(lateEvening, 'Europe/Istanbul')).toBe('2026-11-26');
    expect(calendarDay(lateEvening, 'UTC')).toBe('2026-11-25');
  });

  it('counts completed years, a 29 February birthday turning on 1 March', () => {
    expect(ageOn('1966-05-10', '2026-05-09')).toBe(59);
    expect(ageOn('1966-05-10', '2026-05-10')).toBe(60);
    expect(ageOn('1980-02-29', '2026-02-28')).toBe(45);
    expect(ageOn('1980-02-29', '2026-03-01')).toBe(46);
  });
});
