import { streams } from '@lectio/contracts/events';
import { noteEventSchemas } from '@lectio/contracts/notes-schemas';
import { createCommandHandler } from '@lectio/platform';
import type { EventStore } from '@lectio/platform/eventstore';
import { notesDecider } from './notes-decider';

/** The notes-<userId> stream, configured once: its id, its decider, the schema of every event it holds. */
export const notesStream = (store: EventStore) =>
  createCommandHandler(store, { streamId: streams.notes, decider: notesDecider, schemas: noteEventSchemas });
