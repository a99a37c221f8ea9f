import { describe, expect, it } from 'vitest';
import { cardBrandOf } from '@lectio/contracts/billing';
import { checkSandboxCard } from './cards';

const now = new Date('2026-11-23T00:00:00Z');

describe('sandbox test cards', () => {
  it('4242 succeeds and keeps only brand, last four, expiry and a keyed fingerprint of the number', () => {
    const card = checkSandboxCard({ number: '4242 4242 4242 4242', expMonth: 12, expYear: 30 }, now);
    expect(card).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      failsCharges: false,
      fingerprintOf: expect.any(Function),
    });
    const fingerprint = card.fingerprintOf('key');
    expect(fingerprint).not.toContain('4242');
    expect(checkSandboxCard({ number: '4242424242424242', expMonth: 1, expYear: 2031 }, now).fingerprintOf('key')).toBe(
      fingerprint,
    );
    expect(
      checkSandboxCard({ number: '4000056655665556', expMonth: 12, expYear: 2030 }, now).fingerprintOf('key'),
    ).not.toBe(fingerprint);
    expect(card.fingerprintOf('another key')).not.toBe(fingerprint);
  });
  it('declines, insufficient funds, a bad number, an expired card: the provider messages', () => {
    expect(() => checkSandboxCard({ number: '4000000000000002', expMonth: 12, expYear: 2030 }, now)).toThrow(
      'Your card was declined.',
    );
    expect(() => checkSandboxCard({ number: '4000000000009995', expMonth: 12, expYear: 2030 }, now)).toThrow(
      'Your card has insufficient funds.',
    );
    expect(() => checkSandboxCard({ number: '4242424242424241', expMonth: 12, expYear: 2030 }, now)).toThrow(
      'Your card number is invalid.',
    );
    expect(() => checkSandboxCard({ number: '4242424242424242', expMonth: 10, expYear: 2026 }, now)).toThrow(
      'Your card has expired.',
    );
    // Valid through the end of its month.
    expect(checkSandboxCard({ number: '4242424242424242', expMonth: 11, expYear: 2026 }, now).last4).toBe('4242');
  });
  it('0341 attaches but fails charges', () => {
    expect(checkSandboxCard({ number: '4000000000000341', expMonth: 1, expYear: 2031 }, now).failsCharges).toBe(true);
  });
  it('brands by prefix', () => {
    expect(
      ['4111', '5555', '2223', '3782', '6011', '6500', '3530', '3600', '3800', '6200', '9999'].map((p) =>
        cardBrandOf(p + '000000000000'),
      ),
    ).toEqual([
      'visa',
      'mastercard',
      'mastercard',
      'amex',
      'discover',
      'discover',
      'jcb',
      'diners',
      'diners',
      'unionpay',
      'unknown',
    ]);
  });
});
