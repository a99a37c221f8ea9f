import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { failureText, serverFieldErrors } from './apiErrors';

const apiError = (status: number, body: unknown) =>
  new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body), 'Bad Request');

describe('failure texts', () => {
  it("shows field errors as 'field: message' joined by ', '", () => {
    const e = apiError(400, {
      message: 'Email already registered',
      errors: [
        { field: 'email', message: 'Email already registered' },
        { field: 'username', message: 'Username already taken' },
      ],
    });
    expect(failureText(e, 'Registration failed')).toBe(
      'email: Email already registered, username: Username already taken',
    );
    expect(serverFieldErrors(e)).toHaveLength(2);
  });

  it('a single field and message, a message, or the fallback', () => {
    expect(failureText(apiError(400, { field: 'email', message: 'Taken' }), 'x')).toBe('email: Taken');
    expect(
      failureText(
        apiError(429, { message: 'Too many attempts. Please wait a few minutes and try again.' }),
        'Login failed',
      ),
    ).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(failureText(apiError(500, ''), 'Login failed')).toBe('Login failed');
    expect(failureText(apiError(502, '<html>Bad gateway</html>'), 'Login failed')).toBe('Login failed');
    expect(failureText(new TypeError('Failed to fetch'), 'Password reset failed')).toBe('Password reset failed');
  });
});
