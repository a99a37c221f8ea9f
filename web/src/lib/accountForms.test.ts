import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { emailError, failureText, serverFieldErrors, validateChangePassword, validateLogin, validateRegister, validateReset } from './accountForms';
import { formatLongDate, nextBillingDate, statusLabel } from './accountDisplay';

const apiError = (status: number, body: unknown) => new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body), 'Bad Request');

describe('account form checks (spec section 5, to the letter)', () => {
  it('login: valid email and a password', () => {
    expect(validateLogin({ email: 'nope', password: '' })).toEqual({ email: 'Please enter a valid email', password: 'Password is required' });
    expect(validateLogin({ email: ' a@b.co ', password: 'x' })).toEqual({});
  });

  it('register: username 3+, valid email, password 8+, confirmation matches', () => {
    expect(validateRegister({ username: 'ab', email: 'a@b', password: 'short', confirmPassword: 'other' })).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email',
      password: 'Password must be at least 8 characters',
      confirmPassword: "Passwords don't match",
    });
    expect(validateRegister({ username: 'abc', email: 'abc@example.com', password: '12345678', confirmPassword: '12345678' })).toEqual({});
  });

  it('reset: password 8+ and matching confirmation', () => {
    expect(validateReset({ password: '1234567', confirmPassword: '1234567' })).toEqual({ password: 'Password must be at least 8 characters' });
    expect(validateReset({ password: '12345678', confirmPassword: '12345679' })).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it('accepts ordinary addresses and refuses broken ones', () => {
    for (const ok of ['a@b.co', 'first.last+tag@sub.example.org', "o'neil@example.ie"]) expect(emailError(ok), ok).toBeUndefined();
    for (const bad of ['', 'a', 'a@b', '.a@b.co', 'a..b@c.co', 'a@b.c', 'a b@c.co']) expect(emailError(bad), bad).toBe('Please enter a valid email');
  });
});

describe('failure texts', () => {
  it("shows field errors as 'field: message' joined by ', '", () => {
    const e = apiError(400, {
      message: 'Email already registered',
      errors: [
        { field: 'email', message: 'Email already registered' },
        { field: 'username', message: 'Username already taken' },
      ],
    });
    expect(failureText(e, 'Registration failed')).toBe('email: Email already registered, username: Username already taken');
    expect(serverFieldErrors(e)).toHaveLength(2);
  });

  it('a single field and message, a message, or the fallback', () => {
    expect(failureText(apiError(400, { field: 'email', message: 'Taken' }), 'x')).toBe('email: Taken');
    expect(failureText(apiError(429, { message: 'Too many attempts. Please wait a few minutes and try again.' }), 'Login failed')).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(failureText(apiError(500, ''), 'Login failed')).toBe('Login failed');
    expect(failureText(apiError(502, '<html>Bad gateway</html>'), 'Login failed')).toBe('Login failed');
    expect(failureText(new TypeError('Failed to fetch'), 'Password reset failed')).toBe('Password reset failed');
  });
});

describe('account display', () => {
  it('formats the joined date like January 5, 2025', () => {
    expect(formatLongDate(new Date(2025, 0, 5, 12))).toBe('January 5, 2025');
    expect(formatLongDate(undefined)).toBe('—');
    expect(formatLongDate('not a date')).toBe('—');
  });

  it('names the statuses and shows others verbatim', () => {
    expect(['active', 'trial', 'canceled', 'past_due', 'inactive'].map(statusLabel)).toEqual(['Active', 'Trial', 'Cancelled', 'Past Due', 'Inactive']);
    expect(statusLabel('paused')).toBe('paused');
  });

  it('next billing date: one month from today unless the period end is known', () => {
    const now = new Date(2025, 0, 15);
    expect(nextBillingDate({ currentPeriodEnd: null }, now)).toEqual(new Date(2025, 1, 15));
    expect(nextBillingDate({ currentPeriodEnd: '2025-01-30T00:00:00.000Z' }, now).toISOString()).toBe('2025-01-30T00:00:00.000Z');
  });

  it('given a password change, the current password is required, the new one must be new and confirmed', () => {
    expect(validateChangePassword({ currentPassword: '', password: 'Isaiah 40:31', confirmPassword: 'Isaiah 40:31' })).toEqual({
      currentPassword: 'Password is required',
    });
    expect(validateChangePassword({ currentPassword: 'Psalm 23:1', password: 'Psalm 23:1', confirmPassword: 'Psalm 23:1' })).toEqual({
      password: 'Choose a password different from your current one',
    });
    expect(validateChangePassword({ currentPassword: 'Psalm 23:1', password: 'short', confirmPassword: 'other' })).toEqual({
      password: 'Password must be at least 8 characters',
      confirmPassword: "Passwords don't match",
    });
    expect(validateChangePassword({ currentPassword: 'Psalm 23:1', password: 'Isaiah 40:31', confirmPassword: 'Isaiah 40:31' })).toEqual({});
  });
});
