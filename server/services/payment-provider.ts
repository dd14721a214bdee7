// Where card payments go. The product talks to a provider through this interface only; the card's number
// and CVV are handed to charge() and go nowhere else (not stored, logged, audited or answered). The built-in
// test provider answers like a card network's test mode (after Stripe's test cards), so the whole journey
// can be tried without money: documented numbers succeed, decline or ask for a 3-D Secure step in documented ways.
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

type Decline = 'card_declined' | 'card_insufficient_funds' | 'card_authentication_failed';

/** After Stripe's payment intents: charged, declined, or waiting for the buyer's verification at the bank. */
export type ChargeResult = { brand: CardBrand; lastFour: string } & (
  | { status: 'succeeded'; reference: string }
  | { status: 'declined'; decline: Decline }
  | { status: 'requires_action'; reference: string }
);

/** The end of a 3-D Secure verification: charged with the charge's reference, or declined. */
export type AuthenticationResult = { status: 'succeeded'; reference: string } | { status: 'declined'; decline: Decline };

export interface PaymentProvider {
  readonly name: string;
  charge(charge: Charge): Promise<ChargeResult>;
  /**
   * Finishes a charge that answered requires_action once the buyer has been to the bank. A real provider asks
   * the bank how it went; the test provider takes the outcome the buyer chose on its test bank page.
   */
  authenticate(reference: string, testOutcome: boolean): Promise<AuthenticationResult>;
  /** Gives back `amount` of a charge; answers the refund's reference. */
  refund(reference: string, amount: number): Promise<string>;
}

/** The test provider's cards (also in the README): every other valid number succeeds. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Asks for a 3-D Secure verification (Stripe's 4000 0000 0000 3220). */
  threeDSecure: '4000000000003220',
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
          ? { status: 'declined', decline: 'card_declined', brand, lastFour }
          : card.card_number === TEST_CARDS.insufficientFunds
            ? { status: 'declined', decline: 'card_insufficient_funds', brand, lastFour }
            : card.card_number === TEST_CARDS.threeDSecure
              ? { status: 'requires_action', reference: `test_3ds_${randomUUID()}`, brand, lastFour }
              : { status: 'succeeded', reference: `test_ch_${randomUUID()}`, brand, lastFour };
      if (charged.size >= REMEMBERED) charged.delete(charged.keys().next().value!);
      charged.set(idempotencyKey, result);
      return result;
    },
    async authenticate(reference, testOutcome) {
      if (!reference.startsWith('test_3ds_')) return { status: 'declined', decline: 'card_authentication_failed' };
      return testOutcome ? { status: 'succeeded', reference: `test_ch_${reference.slice('test_3ds_'.length)}` } : { status: 'declined', decline: 'card_authentication_failed' };
    },
    async refund(reference) {
      return `test_re_${reference.slice(-12)}_${randomUUID().slice(0, 8)}`;
    },
  };
}
