/**
 * The time every rule reads (trial ends, renewals, budget periods). Outside production the
 * development clock (`POST /api/dev/clock`) can move it forward, for everyone in this process, so a
 * person or a test can see a trial end without waiting 14 days. In production it is the wall clock.
 */
export interface Clock {
  now(): Date;
  /** Moves the clock forward; refused (throws) in production. */
  advance(ms: number): void;
  /** How far the clock has been moved, in ms (0 in production). */
  readonly offsetMs: number;
}

export function createClock(options: { production: boolean }): Clock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      if (options.production) throw new Error('The development clock cannot move in production');
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward');
      offset += ms;
    },
    get offsetMs() {
      return offset;
    },
  };
}
