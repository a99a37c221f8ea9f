import { subjectFor } from '@lectio/contracts/subjects';
import { toPublishedMessage } from '@lectio/contracts/published-events';
import type { Bus } from '@lectio/platform/bus';
import { type Db, type Logger, sleep } from '@lectio/platform';
import type { EventStore } from '@lectio/platform/eventstore';
import { CheckpointMovedError, CheckpointWriter, readCheckpoint } from '@lectio/platform/projections';

// The checkpoint keeps its first name, so a deployment that ran it does not publish everything again.
export const RELAY_NAME = 'outbox-relay';

/**
 * Publishes every stored event to the bus, in order, with the event id as message id, without its
 * private fields (published-events.ts). The
 * checkpoint moves only after the bus acknowledged the whole batch (and is written a moment later,
 * once for many batches), so a bus outage delays events but never loses them; a repeat after a crash is dropped by JetStream (message id)
 * or by the consumers' inbox.
 */
export async function runBusRelay(options: {
  db: Db;
  store: EventStore;
  bus: Bus;
  signal: AbortSignal;
  logger?: Logger;
  batchSize?: number;
}) {
  const { db, store, bus, signal, logger } = options;
  let failures = 0;
  while (!signal.aborted) {
    const inner = new AbortController();
    const stop = () => inner.abort();
    signal.addEventListener('abort', stop, { once: true });
    let checkpoint: CheckpointWriter | undefined;
    try {
      const stored = await readCheckpoint(db, RELAY_NAME);
      const writer = new CheckpointWriter(db, RELAY_NAME, stored, (err) => {
        logger?.warn({ err: String(err) }, 'bus relay checkpoint not written yet; will retry');
        if (err instanceof CheckpointMovedError) inner.abort();
      });
      checkpoint = writer;
      await store.subscribe({
        after: stored,
        signal: inner.signal,
        batchSize: options.batchSize ?? 100,
        onEvents: async (events) => {
          await Promise.all(
            events.map((e) => bus.publish({ subject: subjectFor(e), id: e.id, payload: toPublishedMessage(e) })),
          );
          const to = events[events.length - 1]!.position;
          // Written with the next batches' moves: after a crash the repeats are dropped by message id or inbox.
          writer.later(to);
          if (failures > 0) logger?.info({ position: to.toString() }, 'bus relay resumed');
          failures = 0;
        },
        onError: (err) => {
          failures++;
          if (failures === 1 || failures % 30 === 0)
            logger?.warn({ err: String(err), failures }, 'bus relay cannot publish yet; will retry');
          // Start again from the stored checkpoint (subscribe would otherwise retry in place).
          inner.abort();
        },
      });
    } catch (err) {
      logger?.error({ err }, 'bus relay failed');
    } finally {
      await checkpoint?.close();
      signal.removeEventListener('abort', stop);
    }
    if (failures > 0) await sleep(Math.min(250 * failures, 2000), signal);
  }
}
