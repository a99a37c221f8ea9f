import type { Db } from '../db';

/**
 * Read-your-writes without polling. A projector's checkpoint transaction sends
 * NOTIFY lectio_checkpoints 'name:position' (see advanceCheckpoint), delivered at commit to every
 * process on the same database; a ProjectionWatch keeps the positions it heard and wakes the
 * requests waiting for them. Waiting is bounded: a position beyond the event store's head is not
 * waited on (nothing will ever reach it), and at most `maxWaiters` requests wait at once (the
 * others answer at once, as after a timeout). The runtime holds one (one LISTEN per process and
 * database) and passes it to the projection runners and the reads that wait for them.
 */
export const CHECKPOINT_CHANNEL = 'lectio_checkpoints';
export const MAX_WAITERS = 256;

export type WaitOutcome = 'reached' | 'timeout' | 'beyond-head' | 'busy';

interface Waiter {
  names: string[];
  position: bigint;
  finish: (outcome: WaitOutcome) => void;
}

export class ProjectionWatch {
  private readonly positions = new Map<string, bigint>();
  private readonly waiters = new Set<Waiter>();
  private ready?: Promise<void>;
  private unlisten?: () => Promise<void>;
  private refreshing?: Promise<void>;
  private head = 0n;
  private headInFlight?: Promise<bigint>;
  private headNext?: Promise<bigint>;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly maxWaiters = MAX_WAITERS,
  ) {}

  /** Listens first, then reads the stored checkpoints, so no move between the two is missed. */
  private start(): Promise<void> {
    this.ready ??= (async () => {
      // After a dropped connection, what was notified meanwhile is read from the table.
      this.unlisten = await this.db.listen(
        CHECKPOINT_CHANNEL,
        (payload) => this.heard(payload),
        () => void this.refresh().catch(() => {}),
      );
      await this.refresh();
    })();
    return this.ready;
  }

  /** Reads every checkpoint once (at start, and when a waiter timed out: a notification may have been lost). */
  private refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const r = await this.db.query<{ name: string; p: string }>(
          'SELECT name, position::text AS p FROM projection_checkpoints',
        );
        for (const row of r.rows) {
          const p = BigInt(row.p);
          if (p > (this.positions.get(row.name) ?? -1n)) this.positions.set(row.name, p);
        }
        this.wake();
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  private heard(payload: string) {
    const at = payload.lastIndexOf(':');
    if (at <= 0 || !/^\d+$/.test(payload.slice(at + 1))) return;
    // Notifications of one projection arrive in commit order, so the latest is the truth (a
    // rebuild starts again from zero).
    this.positions.set(payload.slice(0, at), BigInt(payload.slice(at + 1)));
    this.wake();
  }

  /** This process's own runner moved `name` to `position`: heard before (or instead of) the database's notice. */
  passed(name: string, position: bigint) {
    if (position <= (this.positions.get(name) ?? -1n)) return;
    this.positions.set(name, position);
    this.wake();
  }

  private lowest(names: string[]): bigint {
    let low: bigint | undefined;
    for (const n of names) {
      const p = this.positions.get(n) ?? 0n;
      if (low === undefined || p < low) low = p;
    }
    return low ?? 0n;
  }

  private wake() {
    for (const w of this.waiters) if (this.lowest(w.names) >= w.position) w.finish('reached');
  }

  /**
   * The event store's head, read after this call began: one read at a time, and callers that
   * arrive while one runs share the next (the running one may have started before their write).
   */
  private freshHead(read: () => Promise<bigint>): Promise<bigint> {
    if (!this.headNext) {
      const before = this.headInFlight ?? Promise.resolve(0n);
      const next: Promise<bigint> = before
        .catch(() => 0n)
        .then(() => {
          if (this.headNext === next) this.headNext = undefined;
          this.headInFlight = read().then((h) => {
            if (h > this.head) this.head = h;
            return this.head;
          });
          return this.headInFlight;
        });
      this.headNext = next;
    }
    return this.headNext;
  }

  get waiting(): number {
    return this.waiters.size;
  }

  /**
   * Waits until every projection in `names` has passed `position`, at most `timeoutMs`.
   * `headPosition`, when given, lets a position beyond the store's head be refused at once.
   */
  async wait(
    names: string[],
    position: bigint,
    timeoutMs: number,
    headPosition?: () => Promise<bigint>,
  ): Promise<WaitOutcome> {
    if (names.length === 0 || position <= 0n) return 'reached';
    await this.start();
    if (this.lowest(names) >= position) return 'reached';
    if (headPosition && position > this.head && position > (await this.freshHead(headPosition))) return 'beyond-head';
    if (this.lowest(names) >= position) return 'reached';
    if (this.closed || this.waiters.size >= this.maxWaiters) return 'busy';
    return new Promise<WaitOutcome>((resolve) => {
      const waiter: Waiter = {
        names,
        position,
        finish: (outcome) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(outcome);
        },
      };
      const timer = setTimeout(() => {
        waiter.finish('timeout');
        void this.refresh().catch(() => {});
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  async close() {
    this.closed = true;
    for (const w of this.waiters) w.finish('busy');
    await this.unlisten?.().catch(() => {});
  }
}
