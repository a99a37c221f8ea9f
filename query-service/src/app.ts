import type { FastifyInstance } from 'fastify';
import { MIN_POSITION_HEADER, READ_YOUR_WRITES_TIMEOUT_MS } from '@lectio/contracts/constants';
import { waitForProjections } from '@lectio/platform/projections/runner';
import type { Runtime } from '@lectio/platform/runtime';
import { registerAccountQueries } from './accounts/routes';
import { registerBibleRoutes } from './bible/routes';
import { registerDevMailbox } from './dev/mailbox';

export interface QueryOptions {
  /** Names of the read-model projections a read may wait for. */
  readModels: string[];
}

/** Every GET /api route. Reads only: never writes domain state. */
export async function registerQueryRoutes(app: FastifyInstance, rt: Runtime, options: QueryOptions) {
  await app.register(async (q) => {
    // Read-your-writes: a client that just wrote sends the position it got; wait (bounded) for the
    // read models to pass it, so its next read shows its own change.
    // Callback style, not async: most reads carry no position and should not pay for a promise.
    q.addHook('onRequest', (req, _reply, done) => {
      const raw = req.headers[MIN_POSITION_HEADER];
      if (typeof raw !== 'string' || !/^\d{1,20}$/.test(raw) || options.readModels.length === 0) return done();
      waitForProjections(rt.db, options.readModels, BigInt(raw), READ_YOUR_WRITES_TIMEOUT_MS).then(
        (reached) => {
          if (!reached) req.log.warn({ position: raw }, 'read models behind the client position after 2 s; answering anyway');
          done();
        },
        (err: Error) => done(err),
      );
    });
    await registerBibleRoutes(q);
    await registerAccountQueries(q, rt);
    await registerDevMailbox(q, rt);
  });
}
