import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, RESET_TOKEN_MAX, USERNAME_MIN } from './constants';
import { isStorableText } from './text';
import { COMMUNICATION_STYLES, FAITH_JOURNEYS } from './assistant';
import {
  accountMessages,
  EMAIL_MAX,
  USERNAME_MAX,
  type CommunicationStyle as CommunicationStyleShape,
  type FaithJourney as FaithJourneyShape,
  type UserResponse as UserShape,
} from './user';

/**
 * Accounts: every request and response of the sign-up, sign-in and password-reset calls, with
 * the product's validation messages to the letter, and the events of the
 * user-<id> stream. Passwords and reset tokens never appear in an event.
 */

export * from './user';

// ---- field schemas -------------------------------------------------------------------------

export const Email = z
  .string({ error: accountMessages.email })
  .trim()
  .max(EMAIL_MAX, accountMessages.email)
  .pipe(z.email({ error: accountMessages.email }));

export const Username = z
  .string({ error: accountMessages.usernameMin })
  .trim()
  .min(USERNAME_MIN, accountMessages.usernameMin)
  .max(USERNAME_MAX, accountMessages.usernameMax)
  // Printable characters only: no control characters or line breaks in a name shown to others.
  .regex(/^[^\p{C}]+$/u, 'Username contains characters that are not allowed');

/** A new password: 8 to 128 characters, kept exactly as typed (no trimming, no truncation). */
export const NewPassword = z
  .string({ error: accountMessages.passwordRequired })
  .min(1, accountMessages.passwordRequired)
  .min(PASSWORD_MIN, accountMessages.passwordMin)
  .max(PASSWORD_MAX, accountMessages.passwordMax)
  // A lone surrogate would be hashed as U+FFFD, so several passwords would open one account: refused
  // here with a message that names the password (every other field gets parse's general one).
  .refine(isStorableText, accountMessages.passwordInvalidCharacters);

/** The password of a sign-in: anything non-empty up to the maximum. */
export const LoginPassword = z
  .string({ error: accountMessages.passwordRequired })
  .min(1, accountMessages.passwordRequired)
  .max(PASSWORD_MAX, accountMessages.passwordMax)
  .refine(isStorableText, accountMessages.passwordInvalidCharacters);

const hasBoth = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  'password' in v &&
  typeof v.password === 'string' &&
  'confirmPassword' in v &&
  typeof v.confirmPassword === 'string';

/** 'Passwords don't match' on confirmPassword, checked only once both are strings (an absent confirmation is not compared). */
const confirmationMatches = (v: { password: string; confirmPassword?: string }) =>
  v.confirmPassword === undefined || v.password === v.confirmPassword;
const confirmationRule = {
  message: accountMessages.passwordsDontMatch,
  path: ['confirmPassword'],
  when: (payload: { value: unknown }) => hasBoth(payload.value),
};

// ---- requests ------------------------------------------------------------------------------

export const LoginRequest = z.object({ email: Email, password: LoginPassword });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const RegisterRequest = z
  .object({
    username: Username,
    email: Email,
    password: NewPassword,
    confirmPassword: z.string({ error: accountMessages.passwordsDontMatch }),
  })
  .refine(confirmationMatches, confirmationRule);
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** The trial flow's check before payment: would this username and email be accepted? */
export const RegisterCheckRequest = z.object({ username: Username, email: Email });
export type RegisterCheckRequest = z.infer<typeof RegisterCheckRequest>;

export const RequestPasswordResetRequest = z.object({ email: Email });
export type RequestPasswordResetRequest = z.infer<typeof RequestPasswordResetRequest>;

/** A sign-in link by e-mail: the owner's way in while others' wrong passwords hold password sign-in back. */
export const RequestSignInLinkRequest = z.object({ email: Email });
export type RequestSignInLinkRequest = z.infer<typeof RequestSignInLinkRequest>;

/** The token of a mailed sign-in link, used once. */
export const SignInWithLinkRequest = z.object({
  token: z
    .string({ error: accountMessages.signInTokenRequired })
    .min(1, accountMessages.signInTokenRequired)
    .max(RESET_TOKEN_MAX, accountMessages.signInLinkInvalid),
});
export type SignInWithLinkRequest = z.infer<typeof SignInWithLinkRequest>;

/** The page removes the confirmation before sending; if a client sends it anyway, it must match. */
export const ResetPasswordRequest = z
  .object({
    token: z
      .string({ error: accountMessages.tokenRequired })
      .min(1, accountMessages.tokenRequired)
      .max(RESET_TOKEN_MAX, accountMessages.resetInvalid),
    password: NewPassword,
    confirmPassword: z.string().optional(),
  })
  .refine(confirmationMatches, confirmationRule);
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** A signed-in change: the current password proves it is the owner, not just an open tab. */
export const ChangePasswordRequest = z
  .object({
    currentPassword: LoginPassword,
    password: NewPassword,
    confirmPassword: z.string({ error: accountMessages.passwordsDontMatch }),
  })
  .refine(confirmationMatches, confirmationRule)
  .refine((v) => v.password !== v.currentPassword, {
    message: accountMessages.passwordUnchanged,
    path: ['password'],
    when: (payload) => hasBoth(payload.value),
  });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

// ---- responses -----------------------------------------------------------------------------

export const FaithJourney = z.enum(FAITH_JOURNEYS);
export type FaithJourney = FaithJourneyShape;
export const CommunicationStyle = z.enum(COMMUNICATION_STYLES);
export type CommunicationStyle = CommunicationStyleShape;

/** The user as the client reads it (GET /api/user, and the answer of login and register). */
export const UserResponse = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  createdAt: z.string(),
  emailVerified: z.boolean(),
  faithJourney: FaithJourney.nullable(),
  communicationStyle: CommunicationStyle.nullable(),
  lastPreferenceReminder: z.string().nullable(),
  subscriptionStatus: z.string(),
  paymentMethodProvided: z.boolean(),
  stripeSubscriptionId: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  /** End of the paid period; with status 'canceled' it says until when premium lasts. */
  currentPeriodEnd: z.string().nullable(),
}) satisfies z.ZodType<UserShape>; // and user.test.ts checks the inferred type is exactly UserShape
export type UserResponse = UserShape;

/** A 400 with field errors: shown by the page as 'field: message' joined by commas. */
export const FieldErrorsResponse = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type FieldErrorsResponse = z.infer<typeof FieldErrorsResponse>;

// ---- events of the user-<id> stream --------------------------------------------------------

export const UserRegistered = z.object({
  userId: z.string().uuid(),
  username: z.string(),
  email: z.string(),
  registeredAt: z.string(),
});
export type UserRegistered = z.infer<typeof UserRegistered>;

/** No hash here: credentials live in the mutable `credentials` table. */
export const PasswordChanged = z.object({
  reason: z.enum(['reset', 'change']),
  changedAt: z.string(),
});
export type PasswordChanged = z.infer<typeof PasswordChanged>;

/** No token here: only its hash is kept, in `password_reset_tokens`. */
export const PasswordResetRequested = z.object({
  requestedAt: z.string(),
  expiresAt: z.string(),
});
export type PasswordResetRequested = z.infer<typeof PasswordResetRequested>;

/** The reader's answer preferences; a field absent from an update keeps its value. */
export const PreferencesUpdated = z.object({
  faithJourney: FaithJourney.nullable(),
  communicationStyle: CommunicationStyle.nullable(),
  updatedAt: z.string(),
});
export type PreferencesUpdated = z.infer<typeof PreferencesUpdated>;

/** The 'Personalize Your Experience' reminder was closed (or answered by saving). */
export const PreferenceReminderDismissed = z.object({ dismissedAt: z.string() });
export type PreferenceReminderDismissed = z.infer<typeof PreferenceReminderDismissed>;

/** A staff member was given the support role (from the command line only, never by sign-up). */
export const SupportRoleGranted = z.object({ grantedAt: z.string() });
export type SupportRoleGranted = z.infer<typeof SupportRoleGranted>;

export const SupportRoleRevoked = z.object({ revokedAt: z.string() });
export type SupportRoleRevoked = z.infer<typeof SupportRoleRevoked>;

/** Every session of the user was ended (by support, on the reader's behalf). */
export const SignedOutEverywhere = z.object({ sessions: z.number().int().min(0), endedAt: z.string() });
export type SignedOutEverywhere = z.infer<typeof SignedOutEverywhere>;

export type UserEvent =
  | { type: 'UserRegistered'; data: UserRegistered }
  | { type: 'SupportRoleGranted'; data: SupportRoleGranted }
  | { type: 'SupportRoleRevoked'; data: SupportRoleRevoked }
  | { type: 'SignedOutEverywhere'; data: SignedOutEverywhere }
  | { type: 'PasswordChanged'; data: PasswordChanged }
  | { type: 'PasswordResetRequested'; data: PasswordResetRequested }
  | { type: 'PreferencesUpdated'; data: PreferencesUpdated }
  | { type: 'PreferenceReminderDismissed'; data: PreferenceReminderDismissed };

export const userEventSchemas = {
  UserRegistered,
  PasswordChanged,
  PasswordResetRequested,
  PreferencesUpdated,
  PreferenceReminderDismissed,
  SupportRoleGranted,
  SupportRoleRevoked,
  SignedOutEverywhere,
} as const satisfies Record<UserEvent['type'], z.ZodType>;
