import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { accountMessages } from '@lectio/contracts/accounts';
import type { Queryable } from '@lectio/platform/db';
import { HttpError } from '@lectio/platform/http/errors';

export interface Limit {
  max: number;
  windowMs: number;
}

/** Every limit of the accounts routes, in one place. Tests pass smaller ones to startLectio. */
export interface RateLimits {
  loginPerIp: Limit;
  loginPerEmail: Limit;
  registerPerIp: Limit;
  registerCheckPerIp: Limit;
  resetRequestPerIp: Limit;
  resetRequestPerEmail: Limit;
  resetPasswordPerIp: Limit;
  changePasswordPerUser: Limit;
}

const MINUTE = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { max: 20, windowMs: 15 * MINUTE },
  loginPerEmail: { max: 10, windowMs: 15 * MINUTE },
  registerPerIp: { max: 10, windowMs: 60 * MINUTE },
  registerCheckPerIp: { max: 30, windowMs: 15 * MINUTE },
  resetRequestPerIp: { max: 10, windowMs: 15 * MINUTE },
  resetRequestPerEmail: { max: 3, windowMs: 15 * MINUTE },
  resetPasswordPerIp: { max: 20, windowMs: 15 * MINUTE },
  // An open tab must not become a way to guess the current password.
  changePasswordPerUser: { max: 10, windowMs: 15 * MINUTE },
};

/**
 * Fixed-window counters in `rate_limit_buckets`, so every command instance shares them. Keys are
 * hashed: the table holds no e-mail addresses or IPs in clear. Every attempt counts, made before
 * the password is checked, so a limit cannot be probed for whether a guess was right.
 */
export class RateLimiter {
  private hits = 0;
  constructor(
    private readonly db: Queryable,
    readonly limits: RateLimits,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Counts one attempt; true while within the limit. */
  async hit(name: keyof RateLimits, value: string): Promise<boolean> {
    const limit = this.limits[name];
    const key = createHash('sha256').update(`${name}\u0000${value.toLowerCase()}`).digest('hex');
    const now = this.now();
    const windowOpenedBefore = new Date(now.getTime() - limit.windowMs);
    const r = await this.db.query<{ hits: number }>(
      `INSERT INTO rate_limit_buckets (key, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limit_buckets.window_start <= $3 THEN 1 ELSE rate_limit_buckets.hits + 1 END,
         window_start = CASE WHEN rate_limit_buckets.window_start <= $3 THEN $2 ELSE rate_limit_buckets.window_start END
       RETURNING hits`,
      [key, now, windowOpenedBefore],
    );
    if (++this.hits % 500 === 0) {
      await this.db.query('DELETE FROM rate_limit_buckets WHERE window_start < $1', [new Date(now.getTime() - 24 * 60 * MINUTE)]);
    }
    return r.rows[0]!.hits <= limit.max;
  }

  /** Counts the attempt against every named limit; a 429 if any is exceeded. */
  async enforce(reply: FastifyReply, checks: [keyof RateLimits, string][]): Promise<void> {
    let allowed = true;
    let retryAfterMs = 0;
    for (const [name, value] of checks) {
      if (!(await this.hit(name, value))) {
        allowed = false;
        retryAfterMs = Math.max(retryAfterMs, this.limits[name].windowMs);
      }
    }
    if (!allowed) {
      reply.header('Retry-After', String(Math.ceil(retryAfterMs / 1000)));
      throw new HttpError(429, accountMessages.tooManyAttempts);
    }
  }
}
