/*
 * The card form's pure parts: formatting as the reader types, and the checks made before anything
 * is sent. The server (sandbox) or Stripe checks again and has the last word; these only spare a
 * round trip and say what is wrong beside the field.
 */

import {
  cardBrandNames,
  cardBrandOf,
  cardExpired,
  luhnValid as luhnDigitsValid,
  type CardBrand,
} from '@lectio/contracts/billing';

export type BrandId = Exclude<CardBrand, 'unknown'>;

/** A brand id (ours or Stripe's, e.g. 'american_express') as the reader reads it; unknown ones are capitalised. */
export function brandName(brand: string | null | undefined): string {
  if (!brand) return 'Card';
  const key = brand.toLowerCase().replace(/[\s_-]+/g, '');
  const alias: Record<string, BrandId> = { americanexpress: 'amex', dinersclub: 'diners', master: 'mastercard' };
  const id = alias[key] ?? key;
  return Object.entries(cardBrandNames).find(([b]) => b === id)?.[1] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** The brand shown as the reader types (the contract's prefix rule, the server's too); null while unknown. */
export function brandOf(number: string): BrandId | null {
  const brand = cardBrandOf(digitsOnly(number));
  return brand === 'unknown' ? null : brand;
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

const MAX_DIGITS = 19;

/** '4242424242424242' -> '4242 4242 4242 4242'; American Express as 4-6-5. */
export function formatCardNumber(value: string): string {
  const d = digitsOnly(value).slice(0, brandOf(value) === 'amex' ? 15 : MAX_DIGITS);
  if (brandOf(d) === 'amex') return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Typing '1' '2' '2' '8' gives '12/28'; a first digit above 1 is a month on its own ('4' -> '04/'). */
export function formatExpiry(value: string, previous = ''): string {
  // Pasted whole, as Stripe and password managers write it: '12 / 34', '1/2034', '12-34'.
  const pasted = /^\s*(\d{1,2})\s*[/-]\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (pasted && value.length > previous.length + 1) return `${pasted[1]!.padStart(2, '0')}/${pasted[2]!.slice(-2)}`;
  let d = digitsOnly(value).slice(0, 4);
  if (d.length === 1 && Number(d) > 1) d = `0${d}`;
  // Backspace over the slash removes the month's second digit rather than trapping the cursor.
  if (previous.endsWith('/') && value.length < previous.length) return d.slice(0, 1);
  if (d.length >= 2) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return d;
}

export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const expMonth = Number(m[1]);
  const expYear = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear };
}

/** Luhn over the digits typed; fewer than 12 digits is never a card number. */
export function luhnValid(number: string): boolean {
  const d = digitsOnly(number);
  return d.length >= 12 && luhnDigitsValid(d);
}

export const cardMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expired: 'Your card has expired.',
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardInput, string>>;

export function validateCard(card: CardInput, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = digitsOnly(card.number);
  const brand = brandOf(digits);
  const amex = brand === 'amex';
  const minDigits = amex ? 15 : brand === 'diners' ? 14 : 16;
  if (digits.length < minDigits) errors.number = cardMessages.numberIncomplete;
  else if (!luhnValid(digits)) errors.number = cardMessages.numberInvalid;

  const expiry = parseExpiry(card.expiry);
  if (!expiry)
    errors.expiry = digitsOnly(card.expiry).length < 4 ? cardMessages.expiryIncomplete : cardMessages.expiryInvalid;
  else {
    if (cardExpired(expiry.expMonth, expiry.expYear, now)) errors.expiry = cardMessages.expired;
  }

  const cvc = digitsOnly(card.cvc);
  if (cvc.length < (amex ? 4 : 3)) errors.cvc = cardMessages.cvcIncomplete;
  return errors;
}

/** 'MM/YY' as the payment-methods list shows it. */
export function expiryLabel(expMonth: number, expYear: number): string {
  return `${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`;
}

/** The masked number of the management page: '•••• •••• •••• 4242'. */
export function maskedCard(last4: string): string {
  return `•••• •••• •••• ${last4}`;
}
