// Checks of the card form (spec section 3: holder, number, month, year, CVV) that the card form and the
// server share: the number's Luhn check digit, the brand it belongs to, and an expiry not in the past. The
// number and CVV never go further than the payment provider (server/services/payment-provider.ts).
import { cardRules } from '../generated/field-rules';

/** The digits a card number may have (the contract's pattern). */
const CARD_DIGITS = new RegExp(cardRules.card_number.pattern);

/** Whether the digits pass the Luhn (mod 10) check every card number carries (ISO/IEC 7812-1). */
export function luhnValid(digits: string): boolean {
  if (!CARD_DIGITS.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'troy' | 'other';

/** The brand by the number's issuer prefix (IIN ranges of the networks; Troy is Türkiye's own network). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^9792/.test(digits)) return 'troy';
  return 'other';
}

/** Whether a card of this month and year is still valid on `today` (it expires after the month's last day). */
export function notExpired(month: number, year: number, today: Date = new Date()): boolean {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  return year > y || (year === y && month >= m);
}
