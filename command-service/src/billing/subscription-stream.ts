import { subscriptionEventSchemas } from '@lectio/contracts/billing-schemas';
import { streams } from '@lectio/contracts/events';
import { createCommandHandler } from '@lectio/platform';
import type { EventStore } from '@lectio/platform/eventstore';
import { subscriptionDecider } from './subscription-decider';

/**
 * The subscription-<userId> stream, configured once: its id, the billing decider, the schema of
 * every event it holds. Made once by the billing service (`handler`), which the other modules are given.
 */
export const subscriptionStream = (store: EventStore) =>
  createCommandHandler(store, {
    streamId: streams.subscription,
    decider: subscriptionDecider,
    schemas: subscriptionEventSchemas,
  });

export type SubscriptionStream = ReturnType<typeof subscriptionStream>;
