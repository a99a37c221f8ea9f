import type { Backoff, Limit } from '@lectio/platform/http';

/** Every limit of the accounts routes, in one place. Tests pass smaller ones to startLectio. */
export interface RateLimits {
  /** Sign-in attempts from one address, any e-mail (browsers not recognised for the e-mail). */
  loginPerIp: Limit;
  /** Sign-in attempts for one e-mail from one client: an address, or a recognised browser. */
  loginPerEmailClient: Backoff;
  /** Sign-in attempts for one e-mail from every browser not recognised for it, together. */
  loginPerEmail: Backoff;
  registerPerIp: Limit;
  registerCheckPerIp: Limit;
  resetRequestPerIp: Limit;
  /**
   * Reset mails to one address asked for by browsers not recognised for it. Past it the answer is
   * the same and no mail goes: the links already sent (each good for an hour) are the way in, so
   * others' requests fill no one's inbox and never refuse the owner.
   */
  resetMailPerEmail: Limit;
  /** Reset requests for one e-mail from one recognised browser (the owner's own). */
  resetRequestPerDevice: Limit;
  /** Sign-in link requests from one address, any e-mail. */
  signInLinkPerIp: Limit;
  /** Sign-in link mails to one address; past it, as resetMailPerEmail (each link is good for 15 minutes). */
  signInLinkMailPerEmail: Limit;
  /** Uses of sign-in links from one address. */
  signInWithLinkPerIp: Limit;
  resetPasswordPerIp: Limit;
  changePasswordPerUser: Limit;
}

const MINUTE = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { max: 20, windowMs: 15 * MINUTE },
  // 5 tries, then 2 s, 4 s, 8 s ... up to 15 minutes between tries: about 100 guesses a day per client.
  loginPerEmailClient: { free: 5, baseMs: 2000, maxDelayMs: 15 * MINUTE, forgetAfterMs: 24 * 60 * MINUTE },
  // 10 tries from anywhere, then 1 s, 2 s ... up to a minute: an attacker spread over many addresses
  // gets one guess a minute, and the owner on a new browser waits at most a minute once they stop.
  loginPerEmail: { free: 10, baseMs: 1000, maxDelayMs: MINUTE, forgetAfterMs: 15 * MINUTE },
  registerPerIp: { max: 10, windowMs: 60 * MINUTE },
  registerCheckPerIp: { max: 30, windowMs: 15 * MINUTE },
  resetRequestPerIp: { max: 10, windowMs: 15 * MINUTE },
  resetMailPerEmail: { max: 3, windowMs: 15 * MINUTE },
  resetRequestPerDevice: { max: 3, windowMs: 15 * MINUTE },
  signInLinkPerIp: { max: 10, windowMs: 15 * MINUTE },
  signInLinkMailPerEmail: { max: 3, windowMs: 15 * MINUTE },
  signInWithLinkPerIp: { max: 20, windowMs: 15 * MINUTE },
  resetPasswordPerIp: { max: 20, windowMs: 15 * MINUTE },
  // An open tab must not become a way to guess the current password.
  changePasswordPerUser: { max: 10, windowMs: 15 * MINUTE },
};
