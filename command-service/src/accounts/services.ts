import { accountMessages } from '@lectio/contracts/accounts';
import type { Runtime } from '@lectio/platform';
import { RateLimiter } from '@lectio/platform/http';
import type { MailPort } from '../mail/port';
import { AccountStore } from './account-store';
import { PasswordHasher, scryptParamsFor } from './passwords';
import { type UserStream, userStream } from './user-stream';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rate-limits';

export interface AccountsOptions {
  /** Other limits than the defaults (tests use small windows). */
  rateLimits?: Partial<RateLimits>;
  /** A mail port other than the command side's one. */
  mail?: MailPort;
}

/**
 * The accounts module's internals that billing (registration with a card) and support (staff
 * step-up, password resets) use too: built once by the composition root, so every module counts
 * attempts in the same limiter with the same limits, and mail sent after an answer is awaited once on close.
 */
export interface AccountsServices {
  /** The user-<id> stream's command handler (the assistant and support decide on it too). */
  users: UserStream;
  accounts: AccountStore;
  hasher: PasswordHasher;
  limiter: RateLimiter<RateLimits>;
  mail: MailPort;
  /** Work finished after the answer (reset mails); awaited when the app closes. */
  background: Set<Promise<unknown>>;
}

export function createAccountsServices(rt: Runtime, mail: MailPort, options: AccountsOptions = {}): AccountsServices {
  return {
    users: userStream(rt.store),
    accounts: new AccountStore(rt.db),
    hasher: new PasswordHasher(scryptParamsFor(rt.config.NODE_ENV)),
    limiter: new RateLimiter(
      rt.db,
      { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
      accountMessages.tooManyAttempts,
      () => rt.clock.now(),
    ),
    mail: options.mail ?? mail,
    background: new Set(),
  };
}

/** Waits for the work still running after its answer (a reset link being sent); the caller then stops the mail port. */
export async function settleAccountsWork(services: AccountsServices) {
  await Promise.allSettled([...services.background]);
}
