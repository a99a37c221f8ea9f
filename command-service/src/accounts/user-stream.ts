import { userEventSchemas } from '@lectio/contracts/accounts';
import { streams } from '@lectio/contracts/events';
import { createCommandHandler, perStore } from '@lectio/platform';
import type { EventStore } from '@lectio/platform/eventstore';
import { userDecider } from './user-decider';

/** The user-<id> stream, configured once: its id, its decider, the schema of every event it holds. */
export const userStream = perStore((store: EventStore) =>
  createCommandHandler(store, { streamId: streams.user, decider: userDecider, schemas: userEventSchemas }),
);
