import type { AllStreamResolvedEvent, ResolvedEvent } from '@eventstore/db-client';
import { z } from 'zod';
import { EventMetadata } from '@lectio/contracts/events';
import { sleep, withTimeout } from '../time';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
} from './port';

const StoredMetadata = EventMetadata.extend({ schemaVersion: z.number().int().positive().optional() });

/**
 * EventStoreDB adapter. Our global position is the event's prepare position: it is unique per
 * event and grows in log order, whereas the commit position is shared by every event of one
 * append. Reads resume from {commit: p, prepare: p} and drop anything at or below p.
 * The client returns bigint for revisions and positions, but some paths hand back numbers,
 * hence the BigInt() wraps.
 */
export async function createEventStoreDbStore(connectionString: string): Promise<EventStore> {
  // Loaded here, not with the module: a process on the embedded store never holds the gRPC client.
  const {
    EventStoreDBClient,
    BACKWARDS,
    END,
    FORWARDS,
    START,
    excludeSystemEvents,
    jsonEvent,
    StreamNotFoundError,
    WrongExpectedVersionError: EsdbWrongExpectedVersionError,
  } = await import('@eventstore/db-client');
  const client = EventStoreDBClient.connectionString(connectionString);

  function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
    const e = resolved.event;
    if (!e || !e.isJson) return undefined;
    // Written by append below: our metadata plus the schema version, checked as it comes back in.
    const { schemaVersion, ...metadata } = StoredMetadata.parse(e.metadata ?? {});
    const position = BigInt(e.position?.prepare ?? resolved.commitPosition ?? 0n);
    return {
      id: e.id,
      type: e.type,
      schemaVersion: schemaVersion ?? 1,
      data: e.data,
      metadata,
      streamId: e.streamId,
      revision: BigInt(e.revision),
      position,
      createdAt: new Date(e.created),
    };
  }

  async function append(
    streamId: string,
    events: NewEvent[],
    options: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    try {
      const result = await withTimeout(
        client.appendToStream(
          streamId,
          events.map((e) =>
            jsonEvent({
              id: e.id,
              type: e.type,
              // Every event's data is a JSON object (its contract is an object schema); the client wants one.
              data: e.data as Record<string, unknown>,
              metadata: { ...e.metadata, schemaVersion: e.schemaVersion },
            }),
          ),
          { expectedRevision: options.expectedVersion ?? 'any' },
        ),
        10_000,
        'Appending to EventStoreDB',
      );
      return {
        nextExpectedVersion: BigInt(result.nextExpectedRevision),
        position: BigInt(result.position?.prepare ?? result.position?.commit ?? 0n),
      };
    } catch (err) {
      if (err instanceof EsdbWrongExpectedVersionError) {
        const actual = err.actualVersion;
        throw new WrongExpectedVersionError(
          streamId,
          options.expectedVersion ?? 'any',
          typeof actual === 'bigint' || typeof actual === 'number' ? BigInt(actual) : 'no_stream',
        );
      }
      throw err;
    }
  }

  async function readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const out: RecordedEvent[] = [];
    try {
      const stream = client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.fromRevision ?? (backwards ? END : START),
        ...(options.maxCount ? { maxCount: options.maxCount } : {}),
      });
      for await (const resolved of stream) {
        const r = toRecorded(resolved);
        if (r) out.push(r);
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return out;
  }

  async function readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? 0n;
    const maxCount = options.maxCount ?? 1000;
    const out: RecordedEvent[] = [];
    const stream = client.readAll({
      direction: FORWARDS,
      fromPosition: after === 0n ? START : { commit: after, prepare: after },
      maxCount: maxCount + 1,
    });
    for await (const resolved of stream) {
      if (resolved.event?.streamId.startsWith('$') || resolved.event?.type.startsWith('$')) continue;
      const r = toRecorded(resolved);
      if (r && r.position > after) out.push(r);
      if (out.length >= maxCount) break;
    }
    return out;
  }

  async function subscribe(options: SubscribeOptions): Promise<void> {
    let position = options.after ?? 0n;
    const { signal } = options;
    // The client does not resubscribe by itself: loop from the last delivered position.
    while (!signal.aborted) {
      try {
        const catchUp = await readAll({ after: position, maxCount: options.batchSize ?? 500 });
        if (catchUp.length > 0) {
          await options.onEvents(catchUp);
          position = catchUp[catchUp.length - 1]!.position;
          continue;
        }
        const sub = client.subscribeToAll({
          fromPosition: position === 0n ? START : { commit: position, prepare: position },
          filter: excludeSystemEvents(),
        });
        const stop = () => void sub.unsubscribe();
        signal.addEventListener('abort', stop, { once: true });
        try {
          for await (const resolved of sub) {
            const r = toRecorded(resolved);
            if (!r || r.position <= position) continue;
            await options.onEvents([r]);
            position = r.position;
          }
        } finally {
          signal.removeEventListener('abort', stop);
        }
      } catch (err) {
        if (signal.aborted) break;
        options.onError?.(err);
        await sleep(1000, signal);
      }
    }
  }

  return {
    engine: 'eventstoredb',
    append,
    readStream,
    readAll,
    subscribe,
    async headPosition() {
      for await (const resolved of client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 50 })) {
        if (resolved.event && !resolved.event.streamId.startsWith('$'))
          return BigInt(resolved.event.position?.prepare ?? 0n);
      }
      return 0n;
    },
    async ping() {
      try {
        await withTimeout(readStream('$lectio-ping', { maxCount: 1 }), 2000, 'EventStoreDB ping');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.dispose(),
  };
}
