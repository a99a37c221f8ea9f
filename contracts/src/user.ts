/**
 * The user as the client reads it (GET /api/user, and the answer of login and register), and the
 * account messages to the letter. Zod-free, so the web app imports them without
 * pulling zod into its first load; contracts/src/accounts.ts builds the server's schemas on them.
 */
import { COMMUNICATION_STYLES, FAITH_JOURNEYS } from './assistant';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MIN } from './constants';

export const USERNAME_MAX = 50;

export type FaithJourney = (typeof FAITH_JOURNEYS)[number];
export type CommunicationStyle = (typeof COMMUNICATION_STYLES)[number];

/** GET /api/user's body; accounts.ts's zod schema of the same name is checked to infer exactly this. */
export interface UserResponse {
  id: string;
  username: string;
  email: string;
  createdAt: string;
  emailVerified: boolean;
  faithJourney: FaithJourney | null;
  communicationStyle: CommunicationStyle | null;
  lastPreferenceReminder: string | null;
  subscriptionStatus: string;
  paymentMethodProvided: boolean;
  stripeSubscriptionId: string | null;
  trialEndsAt: string | null;
  /** End of the paid period; with status 'canceled' it says until when premium lasts. */
  currentPeriodEnd: string | null;
}

/** The messages the account forms show before sending (the web imports only these, not every message). */
/** The answer of an account call that only confirms (sign-out, reset requested, password changed...). */
export interface MessageResponse {
  message: string;
}

/** POST /api/register-check: the username and e-mail are free. */
export interface RegisterCheckResponse {
  ok: true;
}

/** POST /api/logout-others: how many other sessions were ended. */
export interface LogoutOthersResponse extends MessageResponse {
  ended: number;
}

export const formMessages = {
  usernameMin: `Username must be at least ${USERNAME_MIN} characters`,
  email: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  passwordMin: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordMax: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordsDontMatch: "Passwords don't match",
  passwordUnchanged: 'Choose a password different from your current one',
} as const;

/** Every account message, the forms' included (the servers' answers). */
export const accountMessages = {
  ...formMessages,
  usernameMax: `Username must be at most ${USERNAME_MAX} characters`,
  passwordTooCommon:
    'This password is too easy to guess. Add more words or characters that are not a name, date or common word.',
  passwordInvalidCharacters: 'Password contains a character that cannot be used. Please type it again.',
  emailTaken: 'Email already registered',
  usernameTaken: 'Username already taken',
  invalidCredentials: 'Invalid email or password',
  notAuthenticated: 'Not authenticated',
  resetRequested: 'If your email is registered, you will receive a password reset link',
  resetInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  resetDone: 'Your password has been reset. You can now log in with your new password.',
  signInLinkRequested: 'If your email is registered, you will receive a sign-in link',
  signInLinkInvalid: 'This sign-in link is invalid or has expired. Please request a new one.',
  signInTokenRequired: 'Sign-in token is required',
  loggedOut: 'You have been successfully logged out',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  crossSite: 'Cross-site request refused',
  tokenRequired: 'Reset token is required',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  otherSessionsEnded: (n: number) => (n === 1 ? 'Signed out of 1 other device' : `Signed out of ${n} other devices`),
} as const;

export const EMAIL_MAX = 254;

/**
 * zod 4's z.email() pattern (the server's check), copied so the web need not load zod. It accepts
 * what the server accepts for normal addresses; email.test.ts checks the two agree on a list.
 */
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The server's e-mail rule (accounts.ts's Email): trimmed, at most 254 characters, the pattern above. */
export function isValidEmail(email: string): boolean {
  const v = email.trim();
  return v.length <= EMAIL_MAX && EMAIL_PATTERN.test(v);
}
