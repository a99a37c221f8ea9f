import { billingMessages, type CardBrand } from '@lectio/contracts/billing';
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

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): CardBrand {
  const p2 = Number(digits.slice(0, 2));
  const p4 = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return 'mastercard';
  if (p2 === 34 || p2 === 37) return 'amex';
  if (digits.startsWith('6011') || p2 === 65) return 'discover';
  if (p2 === 35) return 'jcb';
  if (p2 === 36 || p2 === 38) return 'diners';
  if (p2 === 62) return 'unionpay';
  return 'unknown';
}

/** Checks a card as the sandbox's 'Stripe' would at confirmation; throws the provider's message. */
export function checkSandboxCard(input: { number: string; expMonth: number; expYear: number }, now: Date): SandboxCard {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) throw new InvalidCardError(billingMessages.invalidNumber);
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  // A card is valid through the last day of its expiry month.
  const expiresAt = Date.UTC(year, input.expMonth, 1);
  if (expiresAt <= now.getTime()) throw new InvalidCardError(billingMessages.expiredCard);
  if (digits === TEST_CARDS.declined) throw new PaymentDeclinedError(billingMessages.cardDeclined);
  if (digits === TEST_CARDS.insufficientFunds) throw new PaymentDeclinedError(billingMessages.insufficientFunds);
  return { brand: brandOf(digits), last4: digits.slice(-4), expMonth: input.expMonth, expYear: year, failsCharges: digits === TEST_CARDS.failsCharges };
}
