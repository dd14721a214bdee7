// The T.C. kimlik check digits and the masked form the patient pages and answers show.
import { describe, expect, it } from 'vitest';
import { isValidIdentityNumber, maskIdentityNumber } from '../../src/domain/identity-number.ts';

describe('T.C. identity number', () => {
  it('accepts numbers whose 10th and 11th digits match, and refuses a changed digit', () => {
    for (const valid of ['10000000146', '12345678950']) expect(isValidIdentityNumber(valid), valid).toBe(true);
    // One digit changed anywhere breaks a check digit.
    expect(isValidIdentityNumber('12345678951')).toBe(false);
    expect(isValidIdentityNumber('12345678940')).toBe(false);
    expect(isValidIdentityNumber('22345678950')).toBe(false);
    expect(isValidIdentityNumber('1234567895')).toBe(false);
    expect(isValidIdentityNumber('1234567895a')).toBe(false);
  });

  it('masks the middle six digits', () => {
    expect(maskIdentityNumber('12345678950')).toBe('123******50');
  });
});
