import type { Projection } from '@lectio/platform/projections/runner';
import { runProjection } from '@lectio/platform/projections/runner';
import type { Runtime } from '@lectio/platform/runtime';
import { runBusRelay } from './bus-relay';
import { usersProjection } from './read-models/users';
import { assistantUsageProjection } from './read-models/assistant-usage';
import { chatHistoryProjection } from './read-models/chat-history';
import { runBudgetThresholdPolicy } from './policies/budget-thresholds';
import { paymentMethodsProjection } from './read-models/payment-methods';

/** The read models, in the order they are run and rebuilt. */
export const readModels: Projection[] = [usersProjection, paymentMethodsProjection, assistantUsageProjection, chatHistoryProjection];
export const readModelNames = () => readModels.map((p) => p.name);

/** Runs every projector, the relay to the bus and the asynchronous policies until `signal` aborts. */
export function startWorkers(rt: Runtime, signal: AbortSignal): Promise<unknown> {
  const { db, store, bus, logger } = rt;
  return Promise.all([
    ...readModels.map((projection) => runProjection({ db, store, projection, signal, logger })),
    runBusRelay({ db, store, bus, signal, logger }),
    runBudgetThresholdPolicy(rt, signal),
  ]);
}
