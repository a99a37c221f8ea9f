import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { accountMessages } from '@lectio/contracts/accounts';
import type { Queryable } from '@lectio/platform';
import { HttpError } from '@lectio/platform/http';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Growing delays: `free` attempts, then each one must come `baseMs * 2^(n - free)` (at most
 * `maxDelayMs`) after the previous counted one. A refused attempt is not counted, so hammering does
 * not push the end further away; after `forgetAfterMs` without attempts the count starts again.
 */
export interface Backoff {
  free: number;
  baseMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

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
  /** Reset requests for one e-mail from browsers not recognised for it. */
  resetRequestPerEmail: Limit;
  /** Reset requests for one e-mail from one recognised browser (the owner's own). */
  resetRequestPerDevice: Limit;
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
  resetRequestPerEmail: { max: 3, windowMs: 15 * MINUTE },
  resetRequestPerDevice: { max: 3, windowMs: 15 * MINUTE },
  resetPasswordPerIp: { max: 20, windowMs: 15 * MINUTE },
  // An open tab must not become a way to guess the current password.
  changePasswordPerUser: { max: 10, windowMs: 15 * MINUTE },
};

const isBackoff = (l: Limit | Backoff): l is Backoff => 'free' in l;

/**
 * Fixed-window counters and growing delays in `rate_limit_buckets`, so every command instance shares them. Keys are
 * hashed: the table holds no e-mail addresses or IPs in clear. Every attempt counts, made before
 * the password is checked, so a limit cannot be probed for whether a guess was right.
 */
/** Counts attempts under named limits (the accounts' RateLimits, or a module's own names) in one shared table. */
export class RateLimiter<L extends { [K in keyof L]: Limit | Backoff } = RateLimits> {
  private hits = 0;
  constructor(
    private readonly db: Queryable,
    readonly limits: L,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private key(name: keyof L & string, value: string) {
    return createHash('sha256').update(`${name}\u0000${value.toLowerCase()}`).digest('hex');
  }

  /** Counts one attempt in a fixed window; the wait (0 while within the limit). */
  private async hitWindow(name: keyof L & string, limit: Limit, value: string, now: Date): Promise<number> {
    const windowOpenedBefore = new Date(now.getTime() - limit.windowMs);
    const r = await this.db.query<{ hits: number }>(
      `INSERT INTO rate_limit_buckets (key, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limit_buckets.window_start <= $3 THEN 1 ELSE rate_limit_buckets.hits + 1 END,
         window_start = CASE WHEN rate_limit_buckets.window_start <= $3 THEN $2 ELSE rate_limit_buckets.window_start END
       RETURNING hits`,
      [this.key(name, value), now, windowOpenedBefore],
    );
    return r.rows[0]!.hits <= limit.max ? 0 : limit.windowMs;
  }

  /**
   * Counts one attempt under growing delays, atomically (concurrent attempts cannot all slip
   * through one opening); the wait (0 when allowed). window_start holds the last counted attempt.
   */
  private async hitBackoff(name: keyof L & string, limit: Backoff, value: string, now: Date): Promise<number> {
    const key = this.key(name, value);
    const forgetBefore = new Date(now.getTime() - limit.forgetAfterMs);
    const r = await this.db.query<{ hits: number }>(
      `INSERT INTO rate_limit_buckets (key, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limit_buckets.window_start <= $3 THEN 1 ELSE rate_limit_buckets.hits + 1 END,
         window_start = $2
       WHERE rate_limit_buckets.window_start <= $3
          OR rate_limit_buckets.hits < $4
          OR rate_limit_buckets.window_start + make_interval(secs => LEAST($5::float8 * power(2, rate_limit_buckets.hits - $4), $6::float8) / 1000) <= $2
       RETURNING hits`,
      [key, now, forgetBefore, limit.free, limit.baseMs, limit.maxDelayMs],
    );
    if (r.rows.length > 0) return 0;
    const row = (await this.db.query<{ last: Date | string; hits: number }>('SELECT window_start AS last, hits FROM rate_limit_buckets WHERE key = $1', [key]))
      .rows[0];
    if (!row) return 0;
    const delay = Math.min(limit.baseMs * 2 ** Math.max(row.hits - limit.free, 0), limit.maxDelayMs);
    return Math.max(new Date(row.last).getTime() + delay - now.getTime(), 1000);
  }

  /** Counts one attempt; true while within the limit. */
  async hit(name: keyof L & string, value: string): Promise<boolean> {
    return (await this.wait(name, value)) === 0;
  }

  private async wait(name: keyof L & string, value: string): Promise<number> {
    const limit = this.limits[name];
    const now = this.now();
    const waitMs = isBackoff(limit) ? await this.hitBackoff(name, limit, value, now) : await this.hitWindow(name, limit, value, now);
    if (++this.hits % 500 === 0) {
      await this.db.query('DELETE FROM rate_limit_buckets WHERE window_start < $1', [new Date(now.getTime() - 24 * 60 * MINUTE)]);
    }
    return waitMs;
  }

  /** Forgets the attempts under one limit (a client's own count after it signed in). */
  async clear(name: keyof L & string, value: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_buckets WHERE key = $1', [this.key(name, value)]);
  }

  /** Counts the attempt against every named limit; a 429 if any is exceeded. */
  async enforce(reply: FastifyReply, checks: ReadonlyArray<readonly [keyof L & string, string]>): Promise<void> {
    let retryAfterMs = 0;
    for (const [name, value] of checks) retryAfterMs = Math.max(retryAfterMs, await this.wait(name, value));
    if (retryAfterMs > 0) {
      reply.header('Retry-After', String(Math.ceil(retryAfterMs / 1000)));
      throw new HttpError(429, accountMessages.tooManyAttempts);
    }
  }
}
