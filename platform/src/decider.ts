import { randomUUID } from 'node:crypto';
import { backOff } from 'exponential-backoff';
import type { EventMetadata, NewEvent, RecordedEvent } from '@lectio/contracts/events';
import { DomainError } from './domain-error';
import { WrongExpectedVersionError, type EventStore } from './eventstore/port';

/** A domain event before it is enveloped: what deciders return and evolve folds. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** Pure decision logic: no I/O, time and ids come in through the command. */
export interface Decider<C, E extends DomainEvent, S> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  /** The events that `command` causes in `state`; throws a DomainError to refuse it. */
  decide: (command: C, state: S) => E[];
}

export interface CommandResult<E> {
  events: E[];
  /** Global position of the last event written; 0n when the command changed nothing. */
  position: bigint;
}

/** Another writer kept winning the race for the stream: the reader may simply try again (409). */
export class ConcurrentChangeError extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super('Someone else changed this at the same moment. Please try again.');
  }
}

/**
 * How often a command lost to another writer is decided again (20 attempts in all), and the pauses
 * between: growing to at most 500 ms, each drawn at random below its bound ("full jitter"), so the
 * writers that collided spread out instead of colliding again in step (about 3.5 s at worst on average).
 */
export const CONFLICT_RETRY = { retries: 19, startingDelay: 10, timeMultiple: 2, maxDelay: 500, jitter: 'full' } as const;

/**
 * Loads the stream, decides, and appends with the revision it decided on. If another command won
 * the race, the append fails with a conflict and the command is decided again on the fresh state
 * (as Emmett's handler does, with jittered exponential backoff): a command never succeeds on stale state, and
 * a lost race reaches the caller only when it keeps being lost, as a ConcurrentChangeError.
 */
export async function handleCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  metadata: EventMetadata,
  options: {
    retries?: number;
    schemaVersions?: Partial<Record<string, number>>;
    /** Throws when a decided event does not match its schema (see createCommandHandler). */
    validate?: (event: E) => void;
    /** Reads a recorded event as the decider's event (upcasting older versions). */
    read: (event: RecordedEvent) => E;
  },
): Promise<CommandResult<E>> {
  const { read } = options;
  const attempt = async (): Promise<CommandResult<E>> => {
    const recorded = await store.readStream(streamId);
    const state = recorded.reduce((s, e) => decider.evolve(s, read(e)), decider.initialState());
    const events = decider.decide(command, state);
    if (options.validate) events.forEach(options.validate);
    if (events.length === 0) return { events, position: 0n };
    const envelopes: NewEvent[] = events.map((e) => ({
      id: randomUUID(),
      type: e.type,
      schemaVersion: options.schemaVersions?.[e.type] ?? 1,
      data: e.data,
      metadata,
    }));
    const expectedVersion = recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1]!.revision;
    const { position } = await store.append(streamId, envelopes, { expectedVersion });
    return { events, position };
  };
  try {
    const { retries, ...pauses } = CONFLICT_RETRY;
    return await backOff(attempt, {
      ...pauses,
      numOfAttempts: (options.retries ?? retries) + 1,
      retry: (err: unknown) => err instanceof WrongExpectedVersionError,
    });
  } catch (err) {
    if (err instanceof WrongExpectedVersionError) throw new ConcurrentChangeError();
    throw err;
  }
}
