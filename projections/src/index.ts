/**
 * @lectio/projections: the read models (their tables, projectors and the reads others may make of
 * them) and the relay of events to the bus.
 */
import { type Projection, runProjection } from '@lectio/platform/projections';
import type { Db, Runtime, ServiceModule } from '@lectio/platform';
import type { RecordedEvent } from '@lectio/contracts/events';
import { rebuildRowsOf } from './account-rows';
import { runBusRelay } from './bus-relay';
import { usersProjection } from './read-models/users';
import { assistantUsageProjection } from './read-models/assistant-usage';
import { chatHistoryProjection } from './read-models/chat-history';
import { paymentMethodsProjection } from './read-models/payment-methods';
import { plansProgressProjection } from './read-models/plans-progress';
import { readerNotesProjection } from './read-models/reader-notes';

/** The read models, in the order they are run and rebuilt. */
export const readModels: Projection[] = [
  usersProjection,
  paymentMethodsProjection,
  assistantUsageProjection,
  chatHistoryProjection,
  plansProgressProjection,
  readerNotesProjection,
];
export const readModelNames = () => readModels.map((p) => p.name);
/** The read models' tables, for every process that writes or reads them. */
export const readModelMigrations = readModels.flatMap((p) => p.migrations);

/** Rebuilds one reader's rows in every read model from their events (support's repair of a drift). */
export const rebuildAccountRows = (db: Db, userId: string, events: readonly RecordedEvent[]) =>
  rebuildRowsOf(readModels, db, userId, events);
export { accountEventBatches, accountEvents } from './account-rows';

/** Every projector and the relay to the bus, run until `signal` aborts (no routes). */
export function createProjectionWorkers(rt: Runtime): ServiceModule {
  const { db, store, bus, logger } = rt;
  return {
    name: 'projections',
    run: (signal) =>
      Promise.all([
        ...readModels.map((projection) => runProjection({ db, store, projection, signal, logger, watch: rt.progress })),
        runBusRelay({ db, store, bus, signal, logger }),
      ]),
  };
}

// The reads the services make of the read models: nobody else queries their tables.
export { RELAY_NAME, runBusRelay } from './bus-relay';
export * from './read-models/assistant-usage';
export * from './read-models/chat-history';
export * from './read-models/payment-methods';
export * from './read-models/plans-progress';
export * from './read-models/reader-notes';
export * from './read-models/users';
export * from './read-models/users-subscription';
