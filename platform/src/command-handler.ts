import type { EventMetadata, RecordedEvent } from '@lectio/contracts/events';
import { handleCommand, type CommandResult, type Decider, type DomainEvent, StreamStates } from './decider';
import type { EventStore } from './eventstore/port';

/** Anything with zod's `safeParse` (kept structural so platform does not pin a zod version). */
export interface EventSchema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { message: string } };
}

/** One stream type, configured once: how its ids are formed, its decider, its event schemas. */
export interface StreamType<C, E extends DomainEvent, S, Id = string> {
  /** The stream id for an entity id, e.g. `(userId) => streams.subscription(userId)`. */
  streamId: (id: Id) => string;
  decider: Decider<C, E, S>;
  /** Every event type the stream may hold, with its schema; an event that fails it is never appended. */
  schemas: Record<E['type'], EventSchema>;
  /** The schema version written for each type (default 1). */
  schemaVersions?: Partial<Record<E['type'], number>>;
  /**
   * Reads an older version of an event as the current one: `upcast[type](data, version)` returns
   * the data in the current shape. Events already at the current version pass through.
   */
  upcast?: Partial<Record<E['type'], (data: unknown, schemaVersion: number) => unknown>>;
  /** How often a command is decided again after another writer won the race (default CONFLICT_RETRY.retries). */
  retries?: number;
}

export class InvalidEventError extends Error {}

export interface CommandHandler<C, E extends DomainEvent, S, Id = string> {
  /** Decide `command` on the entity's current state and append with the revision it decided on. */
  handle(id: Id, command: C, metadata: EventMetadata): Promise<CommandResult<E, S>>;
  /** The entity's current state (command side, from its stream: the events since the state this handler last knew). */
  load(id: Id): Promise<S>;
  /** The state after `recorded` (events of one stream, oldest first), upcast as `load` reads them: replaying any moment. */
  fold(recorded: RecordedEvent[]): S;
}

/**
 * A command handler for one stream type (Emmett's `CommandHandler`): every call names only the
 * entity and the command, and every event is checked against its schema before it is appended and
 * upcast to its current version when it is read. Make it once where the module is wired and pass it
 * to what uses it: it remembers the state each stream was last decided on and queues commands on
 * one stream (StreamStates).
 */
export function createCommandHandler<C, E extends DomainEvent, S, Id = string>(
  store: EventStore,
  type: StreamType<C, E, S, Id>,
): CommandHandler<C, E, S, Id> {
  // Looked up by the type a stored event names, which may be any string.
  const versions: Partial<Record<string, number>> = type.schemaVersions ?? {};
  const upcasts: Partial<Record<string, (data: unknown, schemaVersion: number) => unknown>> = type.upcast ?? {};
  const schemas: Partial<Record<string, EventSchema>> = type.schemas;
  const upcastEvent = (e: RecordedEvent): E => {
    const current = versions[e.type] ?? 1;
    const up = upcasts[e.type];
    const data = up && e.schemaVersion < current ? up(e.data, e.schemaVersion) : e.data;
    // The stream holds only this stream's events, each checked against its schema when appended.
    return { type: e.type, data } as E;
  };
  const validate = (e: E) => {
    const schema = schemas[e.type];
    if (!schema) throw new InvalidEventError(`${e.type} is not an event of this stream`);
    const r = schema.safeParse(e.data);
    if (!r.success) throw new InvalidEventError(`${e.type} does not match its schema: ${r.error.message}`);
  };
  // One pass, no array of upcast events beside the recorded ones.
  const foldFrom = (state: S, recorded: RecordedEvent[]) =>
    recorded.reduce((s, e) => type.decider.evolve(s, upcastEvent(e)), state);
  const states = new StreamStates<S>();
  return {
    handle: (id, command, metadata) =>
      handleCommand(store, type.streamId(id), type.decider, command, metadata, {
        schemaVersions: versions,
        validate,
        read: upcastEvent,
        retries: type.retries,
        states,
      }),
    // From the state last decided or loaded, with the events since (none, and no query, on the
    // embedded store when it appended the stream's newest event itself).
    async load(id) {
      const streamId = type.streamId(id);
      const known = states.get(streamId);
      const recorded = await store.readStream(streamId, known ? { fromRevision: known.revision + 1n } : {});
      const state = foldFrom(known ? known.state : type.decider.initialState(), recorded);
      const last = recorded[recorded.length - 1];
      if (last) states.set(streamId, last.revision, state);
      return state;
    },
    fold(recorded) {
      return foldFrom(type.decider.initialState(), recorded);
    },
  };
}
