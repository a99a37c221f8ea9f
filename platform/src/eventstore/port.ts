import type { NewEvent, RecordedEvent } from '@lectio/contracts/events';

export type { NewEvent, RecordedEvent };

/** 'no_stream': must not exist; 'stream_exists': must exist; 'any': no check; bigint: the last revision. */
export type ExpectedVersion = 'no_stream' | 'stream_exists' | 'any' | bigint;

export interface AppendResult {
  /** Revision of the stream's last event after the append. */
  nextExpectedVersion: bigint;
  /** Global position of the last event written (or already stored, for a repeated append). */
  position: bigint;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive start revision; forwards defaults to 0, backwards to the end. */
  fromRevision?: bigint;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events with a position greater than this. 0n reads from the start. */
  after?: bigint;
  maxCount?: number;
}

export interface SubscribeOptions {
  after?: bigint;
  /** Called with each batch, in commit order. The next batch waits for this to resolve. */
  onEvents: (events: RecordedEvent[]) => Promise<void>;
  /** Called when the handler or the store fails; the subscription retries from its last position. */
  onError?: (err: unknown) => void;
  signal: AbortSignal;
  batchSize?: number;
}

export interface EventStore {
  readonly engine: 'pglite' | 'postgres' | 'eventstoredb';
  append(streamId: string, events: NewEvent[], options?: { expectedVersion?: ExpectedVersion }): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up subscription to the global stream; resolves when `signal` aborts. */
  subscribe(options: SubscribeOptions): Promise<void>;
  /** Position of the newest event, 0n when empty. */
  headPosition(): Promise<bigint>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Wrong expected version for stream ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export function checkExpectedVersion(streamId: string, expected: ExpectedVersion, current: bigint | 'no_stream') {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === 'no_stream') ||
    (expected === 'stream_exists' && current !== 'no_stream') ||
    (typeof expected === 'bigint' && current === expected);
  if (!ok) throw new WrongExpectedVersionError(streamId, expected, current);
}
