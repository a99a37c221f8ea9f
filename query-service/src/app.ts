import { MIN_POSITION_HEADER, READ_YOUR_WRITES_TIMEOUT_MS } from '@lectio/contracts/constants';
import { readsOwnWrites } from '@lectio/contracts/read-your-writes';
import type { Runtime, ServiceModule } from '@lectio/platform';
import { registerAccountQueries } from './accounts/routes';
import { registerAssistantQueries } from './assistant/routes';
import { registerBibleRoutes } from './bible/routes';
import { type BillingProviderShown, registerBillingQueries } from './billing/routes';
import { registerEventsDocument } from './events/routes';
import { registerPlanQueries } from './plans/routes';
import { registerNotesQueries } from './notes/routes';

export interface QueryOptions {
  /** Names of the read-model projections a read may wait for. */
  readModels: string[];
  /** The billing provider the composition root chose (`billingProviderOf`): its name and publishable key for the browser. */
  billingProvider: BillingProviderShown;
}

/**
 * The query side: every GET /api route, one encapsulated plugin per module under the one hook
 * they share (read-your-writes). Reads only: never writes domain state, runs no worker.
 */
export function createQuerySide(rt: Runtime, options: QueryOptions): ServiceModule {
  return {
    name: 'queries',
    async routes(q) {
      // Read-your-writes: a client that just wrote sends the position it got; wait (bounded) for the
      // read models to pass it, so its next read shows its own change. Woken by the projector's
      // checkpoint commit (progress.ts), never by polling; immutable reads (the Bible text, books,
      // search, the offline bundle) never wait; a position beyond the store's head is not waited on;
      // at most MAX_WAITERS requests wait at once.
      // Callback style, not async: most reads carry no position and should not pay for a promise.
      const watch = rt.progress;
      const headPosition = () => rt.store.headPosition();
      q.addHook('onRequest', (req, _reply, done) => {
        const raw = req.headers[MIN_POSITION_HEADER];
        if (
          typeof raw !== 'string' ||
          !/^\d{1,20}$/.test(raw) ||
          options.readModels.length === 0 ||
          !readsOwnWrites(req.url)
        )
          return done();
        watch.wait(options.readModels, BigInt(raw), READ_YOUR_WRITES_TIMEOUT_MS, headPosition).then(
          (outcome) => {
            if (outcome === 'timeout')
              req.log.warn({ position: raw }, 'read models behind the client position after 2 s; answering anyway');
            else if (outcome === 'busy')
              req.log.warn({ position: raw }, 'too many reads waiting for their writes; answering without waiting');
            else if (outcome === 'beyond-head')
              req.log.debug({ position: raw }, 'client position beyond the event store; not waited on');
            done();
          },
          (err: Error) => done(err),
        );
      });
      await q.register(async (bible) => registerBibleRoutes(bible));
      await q.register(async (accounts) => registerAccountQueries(accounts, rt));
      await q.register(async (billing) => registerBillingQueries(billing, rt, options.billingProvider));
      await q.register(async (assistant) => registerAssistantQueries(assistant, rt));
      await q.register(async (events) => registerEventsDocument(events));
      await q.register(async (plans) => registerPlanQueries(plans, rt));
      await q.register(async (notes) => registerNotesQueries(notes, rt));
    },
  };
}
