import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_EVENTS_SUBJECT } from '@lectio/contracts/subjects';
import { type Runtime, SerialQueue, sleep } from '@lectio/platform';
import type { BillingService } from './billing-service';
import { dueUsers } from './schedule';
import { DAY_MS } from '@lectio/contracts/time';

export interface BillingWorker {
  /** Runs the due work now (serialised with the loop); resolves with the head position after. */
  runDue(): Promise<bigint>;
  /** The loop and its bus consumer, until `signal` aborts; resolves once both have stopped. */
  run(signal: AbortSignal): Promise<void>;
}

const TICK_MS = 30_000;
const system = () => ({ correlationId: randomUUID(), actor: { type: 'system' as const, id: 'billing-policy' } });

/**
 * The billing policy, beside the command side that owns the clock it reads (rt.clock, which the
 * development clock moves in this process): on start it reconciles with the provider, then runs
 * the due work (trial notices and ends, renewals, ends) every 30 s and whenever a subscription
 * event arrives on the bus. `runDue` works whether or not the loop runs (tests run the due work
 * only when they move the development clock). Running it in two processes is safe: every step is a command decided
 * on the stream with an expected version, and every charge carries a key naming its period.
 */
export function createBillingWorker(
  rt: Runtime,
  service: BillingService,
  options: { tickMs?: number } = {},
): BillingWorker {
  const queue = new SerialQueue();
  const serial = <T>(work: () => Promise<T>): Promise<T> => queue.run(work);

  const runDue = () =>
    serial(async () => {
      for (const userId of await dueUsers(rt, service.now())) {
        try {
          await service.runDue(userId, system());
        } catch (err) {
          rt.logger.error({ err, userId }, 'billing: due work failed; will retry');
        }
      }
      return rt.store.headPosition();
    });

  // Many events in a burst (a replay after start) need one run, not one each.
  let kicked = false;
  const kick = () => {
    if (kicked) return;
    kicked = true;
    void serial(async () => {
      kicked = false;
    })
      .then(runDue)
      .catch(() => {});
  };

  const reconcileAll = () =>
    serial(async () => {
      // Only what the provider says changed lately: asking it about every reader at each start
      // would cost one Stripe call per reader.
      const users = new Set(await service.provider.changedSince(new Date(rt.clock.now().getTime() - 7 * DAY_MS)));
      let written = 0;
      for (const userId of users)
        written += await service
          .reconcile(userId, system())
          .catch((err) => (rt.logger.error({ err, userId }, 'billing: reconcile failed'), 0));
      if (written) rt.logger.warn({ written }, 'billing: recorded provider facts our stream had missed (reconciled)');
    });

  async function run(signal: AbortSignal) {
    const loop = (async () => {
      await reconcileAll().catch((err) => rt.logger.error({ err }, 'billing: reconciliation failed'));
      while (!signal.aborted) {
        await runDue().catch((err) => rt.logger.error({ err }, 'billing: due work failed'));
        await sleep(options.tickMs ?? TICK_MS, signal);
      }
    })();
    // Wake up on subscription events too (a trial started with 3 days or less left, for example).
    const woken = rt.bus
      .consume({
        consumer: 'billing-policy',
        filterSubject: SUBSCRIPTION_EVENTS_SUBJECT,
        signal,
        handler: async () => kick(),
        onError: (err) => rt.logger.warn({ err: String(err) }, 'billing policy: bus consumer error'),
      })
      .catch(() => {});
    await Promise.allSettled([loop, woken]);
    await queue.idle();
  }

  return { runDue, run };
}
