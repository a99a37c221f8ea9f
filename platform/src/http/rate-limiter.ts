import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../db';
import type { Migration } from '../migrations';
import { HttpError } from './errors';
import { DAY_MS } from '@lectio/contracts/time';

export const rateLimitMigrations: Migration[] = [
  {
    // The table was the accounts module's (015 and earlier); every service uses it now. IF NOT EXISTS: a no-op where it is.
    id: '004_rate_limit_buckets',
    sql: `
CREATE TABLE IF NOT EXISTS rate_limit_buckets (
  key TEXT PRIMARY KEY,
  window_start TIMESTAMPTZ NOT NULL,
  hits INT NOT NULL
);`,
  },
];

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

const isBackoff = (l: Limit | Backoff): l is Backoff => 'free' in l;

/** The delay the next attempt must keep after the last counted one, `hits` counted so far. */
const backoffDelay = (limit: Backoff, hits: number) =>
  hits < limit.free ? 0 : Math.min(limit.baseMs * 2 ** (hits - limit.free), limit.maxDelayMs, limit.forgetAfterMs);

/** One counted attempt: allowed or not, and the milliseconds until the limit allows the next one. */
export interface Hit {
  allowed: boolean;
  waitMs: number;
}

/**
 * Counts attempts under named limits (the accounts' RateLimits, or a module's own names) in one
 * table, `rate_limit_buckets`, so every instance of every service shares them: fixed-window
 * counters and growing delays. Keys are hashed: the table holds no e-mail addresses or IPs in
 * clear. Every attempt counts, made before the password is checked, so a limit cannot be probed
 * for whether a guess was right.
 */
export class RateLimiter<L extends { [K in keyof L]: Limit | Backoff }> {
  private hits = 0;
  constructor(
    private readonly db: Queryable,
    readonly limits: L,
    /** What a refused attempt answers (429). */
    private readonly refusal: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private key(name: keyof L & string, value: string) {
    return createHash('sha256').update(`${name}\u0000${value.toLowerCase()}`).digest('hex');
  }

  /**
   * Counts one attempt in a fixed window. `allowed` for this attempt; `waitMs`: how long until the
   * window allows the next one (0 while there is room), so a Retry-After says when it reopens.
   */
  private async hitWindow(name: keyof L & string, limit: Limit, value: string, now: Date): Promise<Hit> {
    const windowOpenedBefore = new Date(now.getTime() - limit.windowMs);
    const r = await this.db.query<{ hits: number; window_start: Date | string }>(
      `INSERT INTO rate_limit_buckets (key, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limit_buckets.window_start <= $3 THEN 1 ELSE rate_limit_buckets.hits + 1 END,
         window_start = CASE WHEN rate_limit_buckets.window_start <= $3 THEN $2 ELSE rate_limit_buckets.window_start END
       RETURNING hits, window_start`,
      [this.key(name, value), now, windowOpenedBefore],
    );
    const { hits, window_start } = r.rows[0]!;
    const reopensInMs = new Date(window_start).getTime() + limit.windowMs - now.getTime();
    return { allowed: hits <= limit.max, waitMs: hits >= limit.max ? Math.max(reopensInMs, 0) : 0 };
  }

  /**
   * Counts one attempt under growing delays, atomically (concurrent attempts cannot all slip
   * through one opening). window_start holds the last counted attempt; `waitMs` is how long until
   * the next attempt is allowed.
   */
  private async hitBackoff(name: keyof L & string, limit: Backoff, value: string, now: Date): Promise<Hit> {
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
    if (r.rows.length > 0) return { allowed: true, waitMs: backoffDelay(limit, r.rows[0]!.hits) };
    return this.peekBackoff(name, limit, value, now);
  }

  /** Whether a growing delay would let an attempt through now, without counting one. */
  private async peekBackoff(name: keyof L & string, limit: Backoff, value: string, now: Date): Promise<Hit> {
    const row = (
      await this.db.query<{ last: Date | string; hits: number }>(
        'SELECT window_start AS last, hits FROM rate_limit_buckets WHERE key = $1',
        [this.key(name, value)],
      )
    ).rows[0];
    if (!row) return { allowed: true, waitMs: 0 };
    const waitMs = Math.max(new Date(row.last).getTime() + backoffDelay(limit, row.hits) - now.getTime(), 0);
    return { allowed: waitMs === 0, waitMs };
  }

  /** Counts one attempt; true while within the limit. */
  async hit(name: keyof L & string, value: string): Promise<boolean> {
    return (await this.count(name, value)).allowed;
  }

  /** Counts one attempt: whether it is allowed, and how long until the next one is. */
  async count(name: keyof L & string, value: string): Promise<Hit> {
    const limit = this.limits[name];
    const now = this.now();
    const hit = isBackoff(limit)
      ? await this.hitBackoff(name, limit, value, now)
      : await this.hitWindow(name, limit, value, now);
    if (++this.hits % 500 === 0) {
      await this.db.query('DELETE FROM rate_limit_buckets WHERE window_start < $1', [new Date(now.getTime() - DAY_MS)]);
    }
    return hit;
  }

  /** Forgets the attempts under one limit (a client's own count after it signed in). */
  async clear(name: keyof L & string, value: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_buckets WHERE key = $1', [this.key(name, value)]);
  }

  /**
   * Counts the attempt against every named limit; a 429 if any is exceeded, whose Retry-After is
   * when every one of them allows the next attempt again.
   */
  async enforce(reply: FastifyReply, checks: ReadonlyArray<readonly [keyof L & string, string]>): Promise<void> {
    const now = this.now();
    let refused = false;
    let waitMs = 0;
    const note = (hit: Hit) => {
      refused ||= !hit.allowed;
      waitMs = Math.max(waitMs, hit.waitMs);
    };
    const delays: Array<readonly [keyof L & string, Backoff, string]> = [];
    for (const [name, value] of checks) {
      const limit = this.limits[name];
      if (isBackoff(limit)) delays.push([name, limit, value]);
      else note(await this.count(name, value));
    }
    // A growing delay counts only attempts that go through: one refused by any limit never moves its end.
    const peeks = await Promise.all(delays.map(([name, limit, value]) => this.peekBackoff(name, limit, value, now)));
    if (refused || peeks.some((p) => !p.allowed)) peeks.forEach(note);
    else for (const [name, , value] of delays) note(await this.count(name, value));
    if (refused) {
      reply.header('Retry-After', String(retryAfterSeconds(waitMs)));
      throw new HttpError(429, this.refusal);
    }
  }
}

/** A Retry-After in whole seconds, rounded up (never 0: the client is being told to wait). */
export const retryAfterSeconds = (waitMs: number) => Math.max(Math.ceil(waitMs / 1000), 1);
