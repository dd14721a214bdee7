// Where card payments go. The product talks to a provider through this interface only; the card's number
// and CVV are handed to charge() and go nowhere else (not stored, logged, audited or answered). The built-in
// test provider answers like a card network's test mode (after Stripe's test cards), so the whole journey
// can be tried without money: documented numbers succeed or decline in documented ways.
import { randomUUID } from 'node:crypto';
import type { Card } from '../../src/generated/types/entities.ts';
import { cardBrand, type CardBrand } from '../../src/domain/card.ts';

export interface Charge {
  card: Card;
  /** Integer minor units. */
  amount: number;
  currency: 0 | 1;
  /** The same key charges once (a provider must honour it). */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult =
  | { ok: true; reference: string; brand: CardBrand; lastFour: string }
  | { ok: false; decline: 'card_declined' | 'card_insufficient_funds'; brand: CardBrand; lastFour: string };

export interface PaymentProvider {
  readonly name: string;
  charge(charge: Charge): Promise<ChargeResult>;
  /** Gives back `amount` of a charge; answers the refund's reference. */
  refund(reference: string, amount: number): Promise<string>;
}

/** The test provider's cards (also in the README): every other valid number succeeds. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** Charges the test provider remembers by idempotency key (the oldest are forgotten first). */
const REMEMBERED = 10_000;

export function testPaymentProvider(): PaymentProvider {
  const charged = new Map<string, ChargeResult>();
  return {
    name: 'test',
    async charge({ card, idempotencyKey }) {
      const earlier = charged.get(idempotencyKey);
      if (earlier) return earlier;
      const brand = cardBrand(card.card_number);
      const lastFour = card.card_number.slice(-4);
      const result: ChargeResult =
        card.card_number === TEST_CARDS.declined
          ? { ok: false, decline: 'card_declined', brand, lastFour }
          : card.card_number === TEST_CARDS.insufficientFunds
            ? { ok: false, decline: 'card_insufficient_funds', brand, lastFour }
            : { ok: true, reference: `test_ch_${randomUUID()}`, brand, lastFour };
      if (charged.size >= REMEMBERED) charged.delete(charged.keys().next().value!);
      charged.set(idempotencyKey, result);
      return result;
    },
    async refund(reference) {
      return `test_re_${reference.slice(-12)}_${randomUUID().slice(0, 8)}`;
    },
  };
}
