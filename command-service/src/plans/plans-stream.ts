import { streams } from '@lectio/contracts/events';
import { planEventSchemas } from '@lectio/contracts/plans-schemas';
import { createCommandHandler } from '@lectio/platform';
import type { EventStore } from '@lectio/platform/eventstore';
import { plansDecider } from './plans-decider';

/** The plans-<userId> stream, configured once: its id, its decider, the schema of every event it holds. */
export const plansStream = (store: EventStore) =>
  createCommandHandler(store, { streamId: streams.plans, decider: plansDecider, schemas: planEventSchemas });
