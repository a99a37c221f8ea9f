import { userEventSchemas } from '@lectio/contracts/accounts';
import { streams } from '@lectio/contracts/events';
import { createCommandHandler } from '@lectio/platform';
import type { EventStore } from '@lectio/platform/eventstore';
import { userDecider } from './user-decider';

/**
 * The user-<id> stream, configured once: its id, its decider, the schema of every event it holds.
 * Made once by createAccountsServices (`users`) and passed to the modules that decide on it.
 */
export const userStream = (store: EventStore) =>
  createCommandHandler(store, { streamId: streams.user, decider: userDecider, schemas: userEventSchemas });

export type UserStream = ReturnType<typeof userStream>;
