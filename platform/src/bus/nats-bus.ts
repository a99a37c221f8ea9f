import type { NatsConnection } from 'nats';
import { EVENTS_STREAM_NAME, EVENTS_SUBJECTS } from '@lectio/contracts/subjects';
import { sleep, withTimeout } from '../time';
import type { Bus, BusMessage, ConsumeOptions } from './port';

const PUBLISH_TIMEOUT_MS = 5000;
/** JetStream drops a repeated Nats-Msg-Id only inside this window; consumers keep an inbox too. */
const DUPLICATE_WINDOW_MS = 10 * 60_000;

/** The client library loads with the first NATS bus: a process on the in-process bus never holds it (about 14 MB). */
const natsClient = () => import('nats');

/**
 * NATS JetStream. Connecting happens in the background and never blocks start-up: with NATS down,
 * publish() fails (the relay keeps its checkpoint and retries) while commands go on succeeding.
 */
export function createNatsBus(url: string, options: { name?: string } = {}): Bus {
  let nc: NatsConnection | undefined;
  let closed = false;
  let streamReady: Promise<void> | undefined;

  const connection: Promise<NatsConnection> = (async () => {
    const { connect } = await natsClient();
    for (;;) {
      try {
        const c = await connect({
          servers: url,
          name: options.name ?? 'lectio',
          reconnect: true,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 250,
          timeout: 2000,
        });
        // Closed while connecting: let go at once, or the open socket keeps the process alive.
        if (closed) {
          await c.close();
          throw new Error('NATS bus closed');
        }
        nc = c;
        return c;
      } catch (err) {
        if (closed) throw err;
        await sleep(500);
      }
    }
  })();
  connection.catch(() => {});

  async function ensureStream(c: NatsConnection) {
    streamReady ??= (async () => {
      const { StorageType, nanos } = await natsClient();
      const jsm = await c.jetstreamManager({ timeout: PUBLISH_TIMEOUT_MS });
      const config = {
        name: EVENTS_STREAM_NAME,
        subjects: EVENTS_SUBJECTS,
        storage: StorageType.File,
        duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      };
      try {
        await jsm.streams.info(EVENTS_STREAM_NAME);
        await jsm.streams.update(EVENTS_STREAM_NAME, config);
      } catch {
        await jsm.streams.add(config);
      }
    })();
    streamReady.catch(() => {
      streamReady = undefined;
    });
    return streamReady;
  }

  async function ready() {
    const c = await withTimeout(connection, PUBLISH_TIMEOUT_MS, 'Connecting to NATS');
    await withTimeout(ensureStream(c), PUBLISH_TIMEOUT_MS, 'Creating the NATS stream');
    return c;
  }

  return {
    engine: 'nats',
    async publish(msg: BusMessage) {
      const c = await ready();
      await c.jetstream().publish(msg.subject, new TextEncoder().encode(JSON.stringify(msg.payload)), {
        msgID: msg.id,
        timeout: PUBLISH_TIMEOUT_MS,
      });
    },
    async consume(opts: ConsumeOptions) {
      while (!opts.signal.aborted) {
        try {
          const c = await ready();
          const { AckPolicy, DeliverPolicy, nanos } = await natsClient();
          const jsm = await c.jetstreamManager();
          await jsm.consumers.add(EVENTS_STREAM_NAME, {
            durable_name: opts.consumer,
            filter_subject: opts.filterSubject,
            ack_policy: AckPolicy.Explicit,
            deliver_policy: DeliverPolicy.All,
            ack_wait: nanos(30_000),
          });
          const consumer = await c.jetstream().consumers.get(EVENTS_STREAM_NAME, opts.consumer);
          const messages = await consumer.consume({ max_messages: 100 });
          const stop = () => void messages.stop();
          opts.signal.addEventListener('abort', stop, { once: true });
          // Aborted while connecting or creating the consumer: the listener came too late to hear it.
          if (opts.signal.aborted) stop();
          try {
            for await (const m of messages) {
              const id = m.headers?.get('Nats-Msg-Id') ?? '';
              try {
                await opts.handler({ subject: m.subject, id, payload: JSON.parse(new TextDecoder().decode(m.data)) });
                m.ack();
              } catch (err) {
                opts.onError?.(err);
                m.nak(1000);
              }
            }
          } finally {
            opts.signal.removeEventListener('abort', stop);
          }
        } catch (err) {
          if (opts.signal.aborted) break;
          opts.onError?.(err);
          await sleep(1000, opts.signal);
        }
      }
    },
    async ping() {
      try {
        // Right after start the first connection may still be in progress: give it the same second.
        const c = nc ?? (await withTimeout(connection, 1000, 'NATS ping'));
        if (c.isClosed()) return false;
        await withTimeout(c.flush(), 1000, 'NATS ping');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      if (nc && !nc.isClosed()) await nc.drain().catch(() => nc?.close());
    },
  };
}
