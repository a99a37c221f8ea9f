import { describe, expect, it } from 'vitest';
import {
  brandName,
  brandOf,
  cardMessages,
  expiryLabel,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  maskedCard,
  parseExpiry,
  validateCard,
} from './cards';
import { upgradeReturnPath } from './returnPath';
import { upgradeHref } from '../../../lib/paths';
import { bannerState, daysLeftText } from './banner';

describe('card form', () => {
  it('shows the spec brand names', () => {
    expect(['visa', 'mastercard', 'amex', 'discover', 'jcb', 'diners', 'unionpay'].map(brandName)).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
      'Discover',
      'JCB',
      'Diners Club',
      'UnionPay',
    ]);
    expect(brandName('american_express')).toBe('American Express');
    expect(brandName('cartes')).toBe('Cartes');
  });

  it('knows the brands by prefix, as the sandbox does', () => {
    expect(brandOf('4242 4242')).toBe('visa');
    expect(brandOf('5555')).toBe('mastercard');
    expect(brandOf('2221 00')).toBe('mastercard');
    expect(brandOf('3782')).toBe('amex');
    expect(brandOf('6011')).toBe('discover');
    expect(brandOf('3530')).toBe('jcb');
    expect(brandOf('3600')).toBe('diners');
    expect(brandOf('6200')).toBe('unionpay');
    expect(brandOf('9999')).toBeNull();
  });

  it('formats the number and the MM/YY expiry as typed', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242 999');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4x2')).toBe('42');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12/', '12/3')).toBe('12/');
    expect(formatExpiry('12', '12/')).toBe('1');
    // Pasted whole, with spaces or a four-digit year.
    expect(formatExpiry('12 / 34')).toBe('12/34');
    expect(formatExpiry('1/2034')).toBe('01/34');
    expect(formatExpiry('12 / 2034', '1')).toBe('12/34');
    expect(parseExpiry('12/28')).toEqual({ expMonth: 12, expYear: 2028 });
    expect(parseExpiry('13/28')).toBeNull();
  });

  it('checks a card before sending it, with the messages beside the fields', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now)).toEqual({});
    expect(validateCard({ number: '4242 4242', expiry: '1', cvc: '1' }, now)).toEqual({
      number: cardMessages.numberIncomplete,
      expiry: cardMessages.expiryIncomplete,
      cvc: cardMessages.cvcIncomplete,
    });
    expect(validateCard({ number: '4242 4242 4242 4241', expiry: '10/26', cvc: '123' }, now)).toEqual({
      number: 'Your card number is invalid.',
      expiry: 'Your card has expired.',
    });
    // Good through the end of the expiry month.
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '11/26', cvc: '123' }, now)).toEqual({});
    expect(validateCard({ number: '3782 822463 10005', expiry: '11/26', cvc: '123' }, now)).toEqual({
      cvc: cardMessages.cvcIncomplete,
    });
  });

  it('shows expiry as MM/YY and a masked number', () => {
    expect(expiryLabel(4, 2031)).toBe('04/31');
    expect(maskedCard('4242')).toBe('•••• •••• •••• 4242');
  });
});

describe('upgrade return path', () => {
  it('decodes the optional multi-segment path and defaults to /home', () => {
    expect(upgradeReturnPath(undefined)).toBe('/home');
    expect(upgradeReturnPath('')).toBe('/home');
    expect(upgradeReturnPath('account')).toBe('/account');
    expect(upgradeReturnPath(encodeURIComponent('home?book=john&chapter=3'))).toBe('/home?book=john&chapter=3');
    expect(upgradeReturnPath('home/deeper/path')).toBe('/home/deeper/path');
  });

  it('never leaves the site', () => {
    expect(upgradeReturnPath(encodeURIComponent('//evil.example'))).toBe('/evil.example');
    expect(upgradeReturnPath(encodeURIComponent('/\\evil.example'))).toBe('/home');
    expect(upgradeReturnPath('%E0%A4%A')).toBe('/home');
  });

  it('builds the link from the current page', () => {
    expect(upgradeHref('/home?book=john&chapter=3')).toBe('/immediate-upgrade/home%3Fbook%3Djohn%26chapter%3D3');
    expect(upgradeReturnPath(upgradeHref('/home?book=john&chapter=3').slice('/immediate-upgrade/'.length))).toBe(
      '/home?book=john&chapter=3',
    );
  });
});

describe('billing banner', () => {
  const trial = (status: 'active' | 'expired' | 'not_started', daysLeft = 0) => ({
    status,
    daysLeft,
    trialEndsAt: null,
    paymentMethodProvided: true,
    subscriptionStatus: 'trial' as const,
  });
  it('is hidden for active subscribers and shows the three trial states', () => {
    expect(bannerState('active', trial('active', 3))).toEqual({ kind: 'hidden' });
    expect(bannerState('trial', trial('active', 2.2))).toEqual({ kind: 'trial', daysLeft: 3, trialEndsAt: null });
    expect(bannerState('inactive', trial('expired'))).toEqual({ kind: 'expired' });
    expect(bannerState('inactive', trial('not_started'))).toEqual({ kind: 'not_started' });
    expect(bannerState('past_due', null)).toEqual({ kind: 'past_due' });
    expect(daysLeftText(1)).toBe('1 day left in your free trial');
    expect(daysLeftText(0)).toBe('Your free trial ends today');
  });
});
