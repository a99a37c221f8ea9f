import { createHmac } from 'node:crypto';
import {
  billingMessages,
  cardBrandOf,
  cardExpired,
  type CardBrand,
  luhnValid,
  TEST_CARDS,
} from '@lectio/contracts/billing';
import { InvalidCardError, PaymentDeclinedError } from '../errors';

/**
 * The sandbox's test cards: what Stripe's test numbers do, checked here.
 * Only brand, last four and expiry leave this file; the number and CVC are never stored or logged.
 */
export interface SandboxCard {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  /** 4000 0000 0000 0341: attaches, but every charge fails. */
  failsCharges: boolean;
  /** The same number gives the same fingerprint (with the sandbox's key); the number itself is not kept. */
  fingerprintOf: (key: string) => string;
}

/** Checks a card as the sandbox's 'Stripe' would at confirmation; throws the provider's message. */
export function checkSandboxCard(input: { number: string; expMonth: number; expYear: number }, now: Date): SandboxCard {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) throw new InvalidCardError(billingMessages.invalidNumber);
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  if (cardExpired(input.expMonth, year, now)) throw new InvalidCardError(billingMessages.expiredCard);
  if (digits === TEST_CARDS.declined) throw new PaymentDeclinedError(billingMessages.cardDeclined);
  if (digits === TEST_CARDS.insufficientFunds) throw new PaymentDeclinedError(billingMessages.insufficientFunds);
  return {
    brand: cardBrandOf(digits),
    last4: digits.slice(-4),
    expMonth: input.expMonth,
    expYear: year,
    failsCharges: digits === TEST_CARDS.failsCharges,
    fingerprintOf: (key) => createHmac('sha256', key).update(digits).digest('base64url').slice(0, 16),
  };
}
