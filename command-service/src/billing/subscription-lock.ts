import { AsyncLocalStorage } from 'node:async_hooks';
import { type Db, KeyedSerialQueue } from '@lectio/platform';

/** The first key of the two-key advisory locks billing takes (the event store's commit lock has one key: no clash). */
const BILLING_LOCK_SPACE = 15;

/**
 * One subscription's use cases one at a time: read the stream, decide, call the provider, append.
 * Without it two requests on one card ('set default' and 'remove') both pass the dry run, both
 * reach the provider, and only one append survives: the stream and the provider then disagree.
 *
 * In this process a queue per reader; across processes on PostgreSQL, a transaction-scoped
 * advisory lock held on a connection of its own while the use case runs (PGlite is one process,
 * so the queue is the whole lock). Re-entrant: a use case that runs another (subscribe resumes or
 * converts) does not wait for itself.
 */
// One queue per process, whichever BillingService (the routes', the webhook's) runs the use case.
const queues = new KeyedSerialQueue();
const held = new AsyncLocalStorage<ReadonlySet<string>>();

export class SubscriptionLocks {
  constructor(private readonly db?: Pick<Db, 'engine' | 'transaction'>) {}

  async run<T>(userId: string, fn: () => Promise<T>): Promise<T> {
    const mine = held.getStore();
    if (mine?.has(userId)) return fn();
    return queues.run(userId, async () => {
      const inside = () => held.run(new Set([...(mine ?? []), userId]), fn);
      if (this.db?.engine !== 'postgres') return inside();
      return this.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [BILLING_LOCK_SPACE, userId]);
        return inside();
      });
    });
  }
}
