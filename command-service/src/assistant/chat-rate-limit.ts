import { assistantMessages, CHAT_RATE_LIMIT_PER_MINUTE } from '@lectio/contracts/assistant';
import type { Queryable } from '@lectio/platform';
import { type Limit, RateLimiter, retryAfterSeconds } from '@lectio/platform/http';

export const DEFAULT_CHAT_LIMIT: Limit = { max: CHAT_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 };

/**
 * Questions per reader per minute, counted in the accounts' shared fixed-window counters (so
 * every command instance agrees), under a limit name of its own in the same table.
 */
export class ChatRateLimit {
  private readonly limiter: RateLimiter<{ chatPerReader: Limit }>;
  constructor(
    db: Queryable,
    readonly limit: Limit = DEFAULT_CHAT_LIMIT,
    now?: () => Date,
  ) {
    this.limiter = new RateLimiter(db, { chatPerReader: limit }, assistantMessages.tooManyQuestions, now);
  }

  /** Counts one question: undefined when allowed, else the seconds until the window reopens. */
  async refusal(userId: string): Promise<{ retryAfterSeconds: number } | undefined> {
    const hit = await this.limiter.count('chatPerReader', userId);
    return hit.allowed ? undefined : { retryAfterSeconds: retryAfterSeconds(hit.waitMs) };
  }
}
