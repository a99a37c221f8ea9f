import { billingMessages, cardBrandOf, cardExpired, luhnValid, type CardBrand } from '@lectio/contracts/billing';
import { InvalidCardError, PaymentDeclinedError } from '../errors';

/**
 * The sandbox's test cards (BILLING_API.md): what Stripe's test numbers do, checked here.
 * Only brand, last four and expiry leave this file; the number and CVC are never stored or logged.
 */
export interface SandboxCard {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  /** 4000 0000 0000 0341: attaches, but every charge fails. */
  failsCharges: boolean;
}

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  failsCharges: '4000000000000341',
} as const;

/** Checks a card as the sandbox's 'Stripe' would at confirmation; throws the provider's message. */
export function checkSandboxCard(input: { number: string; expMonth: number; expYear: number }, now: Date): SandboxCard {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) throw new InvalidCardError(billingMessages.invalidNumber);
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  if (cardExpired(input.expMonth, year, now)) throw new InvalidCardError(billingMessages.expiredCard);
  if (digits === TEST_CARDS.declined) throw new PaymentDeclinedError(billingMessages.cardDeclined);
  if (digits === TEST_CARDS.insufficientFunds) throw new PaymentDeclinedError(billingMessages.insufficientFunds);
  return { brand: cardBrandOf(digits), last4: digits.slice(-4), expMonth: input.expMonth, expYear: year, failsCharges: digits === TEST_CARDS.failsCharges };
}
