import { describe, expect, it } from 'vitest';
import { emailError, validateChangePassword, validateLogin, validateRegister, validateReset } from './accountForms';
import { formatLongDate, nextBillingDate, statusLabel } from './accountDisplay';

describe('account form checks', () => {
  it('login: valid email and a password', () => {
    expect(validateLogin({ email: 'nope', password: '' })).toEqual({
      email: 'Please enter a valid email',
      password: 'Password is required',
    });
    expect(validateLogin({ email: ' a@b.co ', password: 'x' })).toEqual({});
  });

  it('register: username 3+, valid email, password 8+, confirmation matches', () => {
    expect(validateRegister({ username: 'ab', email: 'a@b', password: 'short', confirmPassword: 'other' })).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email',
      password: 'Password must be at least 8 characters',
      confirmPassword: "Passwords don't match",
    });
    expect(
      validateRegister({
        username: 'abc',
        email: 'abc@example.com',
        password: '12345678',
        confirmPassword: '12345678',
      }),
    ).toEqual({});
  });

  it('reset: password 8+ and matching confirmation', () => {
    expect(validateReset({ password: '1234567', confirmPassword: '1234567' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(validateReset({ password: '12345678', confirmPassword: '12345679' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it('accepts ordinary addresses and refuses broken ones', () => {
    for (const ok of ['a@b.co', 'first.last+tag@sub.example.org', "o'neil@example.ie"])
      expect(emailError(ok), ok).toBeUndefined();
    for (const bad of ['', 'a', 'a@b', '.a@b.co', 'a..b@c.co', 'a@b.c', 'a b@c.co'])
      expect(emailError(bad), bad).toBe('Please enter a valid email');
  });
});

describe('account display', () => {
  it('formats the joined date like January 5, 2025', () => {
    expect(formatLongDate(new Date(2025, 0, 5, 12))).toBe('January 5, 2025');
    expect(formatLongDate(undefined)).toBe('—');
    expect(formatLongDate('not a date')).toBe('—');
  });

  it('names the statuses and shows others verbatim', () => {
    expect(['active', 'trial', 'canceled', 'past_due', 'inactive'].map(statusLabel)).toEqual([
      'Active',
      'Trial',
      'Cancelled',
      'Past Due',
      'Inactive',
    ]);
    expect(statusLabel('paused')).toBe('paused');
  });

  it('next billing date: one month from today unless the period end is known', () => {
    const now = new Date(2025, 0, 15);
    expect(nextBillingDate({ currentPeriodEnd: null }, now)).toEqual(new Date(2025, 1, 15));
    expect(nextBillingDate({ currentPeriodEnd: '2025-01-30T00:00:00.000Z' }, now).toISOString()).toBe(
      '2025-01-30T00:00:00.000Z',
    );
  });

  it('given a password change, the current password is required, the new one must be new and confirmed', () => {
    expect(
      validateChangePassword({ currentPassword: '', password: 'Isaiah 40:31', confirmPassword: 'Isaiah 40:31' }),
    ).toEqual({
      currentPassword: 'Password is required',
    });
    expect(
      validateChangePassword({ currentPassword: 'Psalm 23:1', password: 'Psalm 23:1', confirmPassword: 'Psalm 23:1' }),
    ).toEqual({
      password: 'Choose a password different from your current one',
    });
    expect(
      validateChangePassword({ currentPassword: 'Psalm 23:1', password: 'short', confirmPassword: 'other' }),
    ).toEqual({
      password: 'Password must be at least 8 characters',
      confirmPassword: "Passwords don't match",
    });
    expect(
      validateChangePassword({
        currentPassword: 'Psalm 23:1',
        password: 'Isaiah 40:31',
        confirmPassword: 'Isaiah 40:31',
      }),
    ).toEqual({});
  });
});
