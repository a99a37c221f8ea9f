import { randomUUID } from 'node:crypto';
import { backOff } from 'exponential-backoff';
import type { EventMetadata, NewEvent, RecordedEvent } from '@lectio/contracts/events';
import { DomainError } from './domain-error';
import { WrongExpectedVersionError, type EventStore } from './eventstore/port';
import { KeyedSerialQueue } from './serial-queue';

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

export interface CommandResult<E, S = unknown> {
  events: E[];
  /** Global position of the last event written; 0n when the command changed nothing. */
  position: bigint;
  /** The stream's state after the command (what a route answers with, without reading the stream again). */
  state: S;
}

/**
 * What one process knows of the streams it decides on: the state each was last decided on (a
 * bounded cache, so a command reads only the events appended since), and a queue per stream, so
 * two commands on one stream in this process run one after the other instead of racing.
 */
export class StreamStates<S> {
  private readonly states = new Map<string, { revision: bigint; state: S }>();
  private readonly queues = new KeyedSerialQueue();

  constructor(private readonly max = 10_000) {}

  get(streamId: string): { revision: bigint; state: S } | undefined {
    return this.states.get(streamId);
  }

  set(streamId: string, revision: bigint, state: S) {
    // Map keeps insertion order: delete and set again makes it the newest; the oldest goes first.
    this.states.delete(streamId);
    this.states.set(streamId, { revision, state });
    if (this.states.size > this.max) this.states.delete(this.states.keys().next().value!);
  }

  forget(streamId: string) {
    this.states.delete(streamId);
  }

  /** Runs `fn` once every earlier call for the same stream has settled. */
  serially<T>(streamId: string, fn: () => Promise<T>): Promise<T> {
    return this.queues.run(streamId, fn);
  }
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
export const CONFLICT_RETRY = {
  retries: 19,
  startingDelay: 10,
  timeMultiple: 2,
  maxDelay: 500,
  jitter: 'full',
} as const;

/**
 * Loads the stream, decides, and appends with the revision it decided on. If another command won
 * the race, the append fails with a conflict and the command is decided again on the fresh state
 * (as Emmett's handler does, with jittered exponential backoff): a command never succeeds on stale state, and
 * a lost race reaches the caller only when it keeps being lost, as a ConcurrentChangeError.
 * With `states`, commands on one stream in this process wait for each other (so they never race
 * here; another process can still win, and is retried as above), and the stream is read only from
 * the revision last decided on: the events since then are always read, so a decision never rests
 * on a state this process merely remembers.
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
    /** This process's knowledge of the stream type's streams (see StreamStates). */
    states?: StreamStates<S>;
  },
): Promise<CommandResult<E, S>> {
  const { read, states } = options;
  const attempt = async (): Promise<CommandResult<E, S>> => {
    const known = states?.get(streamId);
    const recorded = await store.readStream(streamId, known ? { fromRevision: known.revision + 1n } : {});
    const state = recorded.reduce((s, e) => decider.evolve(s, read(e)), known ? known.state : decider.initialState());
    const revision = recorded.length > 0 ? recorded[recorded.length - 1]!.revision : known?.revision;
    const events = decider.decide(command, state);
    if (options.validate) events.forEach(options.validate);
    if (events.length === 0) {
      if (revision !== undefined) states?.set(streamId, revision, state);
      return { events, position: 0n, state };
    }
    const envelopes: NewEvent[] = events.map((e) => ({
      id: randomUUID(),
      type: e.type,
      schemaVersion: options.schemaVersions?.[e.type] ?? 1,
      data: e.data,
      metadata,
    }));
    try {
      const { position, nextExpectedVersion } = await store.append(streamId, envelopes, {
        expectedVersion: revision ?? 'no_stream',
      });
      const after = events.reduce(decider.evolve, state);
      states?.set(streamId, nextExpectedVersion, after);
      return { events, position, state: after };
    } catch (err) {
      // Read afresh next time: the stream may have been written elsewhere, or replaced.
      states?.forget(streamId);
      throw err;
    }
  };
  const run = async () => {
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
  };
  return states ? states.serially(streamId, run) : run();
}
