// Dates are written in the page's language and sent as the wire's YYYY-MM-DD.
import { describe, expect, it } from 'vitest';
import { fromLocalDate, toLocalDate } from '../../src/app/ui/DateInput';

describe('dates in the page language', () => {
  it('shows YYYY-MM-DD as Turkish and English readers write it', () => {
    expect(toLocalDate('2026-11-05', 'tr')).toBe('05.11.2026');
    expect(toLocalDate('2026-11-05', 'en')).toBe('05/11/2026');
    expect(toLocalDate('', 'tr')).toBe('');
  });

  it('reads day, month, year with any separator, or a pasted YYYY-MM-DD, and refuses days that do not exist', () => {
    expect(fromLocalDate('5.11.2026')).toBe('2026-11-05');
    expect(fromLocalDate('05/11/2026')).toBe('2026-11-05');
    expect(fromLocalDate('2026-11-05')).toBe('2026-11-05');
    expect(fromLocalDate('29.02.2024')).toBe('2024-02-29');
    expect(fromLocalDate('29.02.2026')).toBeNull();
    expect(fromLocalDate('31/04/2026')).toBeNull();
    expect(fromLocalDate('11/2026')).toBeNull();
  });
});
