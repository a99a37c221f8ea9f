import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { connect } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '@lectio/contracts/events';
import { EVENTS_STREAM_NAME } from '@lectio/contracts/subjects';
import { type Bus, type BusMessage, createInProcessBus, createNatsBus } from '@lectio/platform/bus';
import { type Db, migrate, openPglite } from '@lectio/platform';
import { freePort, NatsServerProcess, waitFor } from '@lectio/platform/testing';
import { createPostgresEventStore, eventStoreMigrations } from '@lectio/platform/eventstore';
import { checkpointMigrations, handleOnce } from '@lectio/platform/projections';
import { runBusRelay } from './bus-relay';

const ev = (n: number): NewEvent => ({
  id: randomUUID(),
  type: 'TrialStarted',
  schemaVersion: 1,
  data: { n },
  metadata: { correlationId: randomUUID(), actor: { type: 'system' } },
});

async function setup() {
  const db = await openPglite();
  await migrate(db, [...eventStoreMigrations, ...checkpointMigrations]);
  return { db, store: createPostgresEventStore(db, { pollIntervalMs: 50 }) };
}

/** A consumer that records what it handles, idempotently through the inbox. */
function recordingConsumer(db: Db, bus: Bus, signal: AbortSignal) {
  const handled: string[] = [];
  const deliveries: string[] = [];
  const done = bus.consume({
    consumer: 'test-billing',
    filterSubject: 'lectio.events.subscription.>',
    signal,
    handler: async (m: BusMessage) => {
      deliveries.push(m.id);
      await handleOnce(db, 'test-billing', m.id, async () => {
        handled.push(m.id);
      });
    },
  });
  return { handled, deliveries, done };
}

describe('bus relay, in-process bus', () => {
  it('publishes every event once, in order, to a subject per stream category and type', async () => {
    const { db, store } = await setup();
    const bus = createInProcessBus();
    const ac = new AbortController();
    const consumer = recordingConsumer(db, bus, ac.signal);
    const relay = runBusRelay({ db, store, bus, signal: ac.signal });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const e = ev(i);
      ids.push(e.id);
      await store.append(`subscription-u${i % 3}`, [e]);
    }
    await store.append('user-u1', [ev(99)]); // another category: not for this consumer
    await waitFor(() => consumer.handled.length === 20);
    expect(consumer.handled).toEqual(ids);
    ac.abort();
    await Promise.all([relay, consumer.done]);
    await db.close();
  });
});

const natsPresent = NatsServerProcess.available();
describe.skipIf(!natsPresent)('bus relay, NATS JetStream (a real nats-server)', () => {
  const servers: NatsServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) await s.dispose();
  });

  it('stop NATS, append events, start NATS: every event arrives exactly once', async () => {
    const nats = new NatsServerProcess(await freePort());
    servers.push(nats);
    await nats.start();
    const { db, store } = await setup();
    const bus = createNatsBus(nats.url, { name: 'relay-test' });
    const ac = new AbortController();
    const consumer = recordingConsumer(db, bus, ac.signal);
    const relay = runBusRelay({ db, store, bus, signal: ac.signal });

    const ids: string[] = [];
    const append = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const e = ev(i);
        ids.push(e.id);
        await store.append(`subscription-u${i % 4}`, [e]);
      }
    };
    await append(10);
    await waitFor(() => consumer.handled.length === 10, 20_000);

    await nats.stop();
    // Commands go on succeeding while NATS is down.
    await append(25);
    await new Promise((r) => setTimeout(r, 500));
    expect(consumer.handled.length).toBe(10);

    await nats.start();
    await waitFor(() => consumer.handled.length === 35, 30_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(consumer.handled).toEqual(ids);
    expect(new Set(consumer.deliveries).size).toBe(35);

    // The stream itself holds each event once (Nats-Msg-Id de-duplication).
    const nc = await connect({ servers: nats.url });
    const info = await (await nc.jetstreamManager()).streams.info(EVENTS_STREAM_NAME);
    expect(info.state.messages).toBe(35);
    await nc.close();

    ac.abort();
    await Promise.all([relay, consumer.done]);
    await bus.close();
    await db.close();
  }, 90_000);

  it('a bus closed while still connecting lets go of its socket (a CLI must be able to exit)', async () => {
    const nats = new NatsServerProcess(await freePort());
    servers.push(nats);
    await nats.start();
    const script = `import { createNatsBus } from '@lectio/platform/bus';
      const bus = createNatsBus(${JSON.stringify(nats.url)});
      await bus.close();
      console.log('closed');`;
    const started = Date.now();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { timeout: 15_000 },
    );
    expect(stdout).toContain('closed');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('a relay restarted after publishing but before its checkpoint moved does not duplicate', async () => {
    const nats = new NatsServerProcess(await freePort());
    servers.push(nats);
    await nats.start();
    const { db, store } = await setup();
    const bus = createNatsBus(nats.url);
    for (let i = 0; i < 5; i++) await store.append('subscription-x', [ev(i)]);
    // Publish everything without moving the checkpoint, as a relay killed at that moment would.
    for (const e of await store.readAll()) {
      const { subjectFor } = await import('@lectio/contracts/subjects');
      const { toPublishedMessage } = await import('@lectio/contracts/published-events');
      await bus.publish({ subject: subjectFor(e), id: e.id, payload: toPublishedMessage(e) });
    }
    const ac = new AbortController();
    const consumer = recordingConsumer(db, bus, ac.signal);
    const relay = runBusRelay({ db, store, bus, signal: ac.signal });
    await waitFor(() => consumer.handled.length === 5, 20_000);
    await new Promise((r) => setTimeout(r, 500));
    const nc = await connect({ servers: nats.url });
    const info = await (await nc.jetstreamManager()).streams.info(EVENTS_STREAM_NAME);
    expect(info.state.messages).toBe(5);
    expect(consumer.handled).toHaveLength(5);
    await nc.close();
    ac.abort();
    await Promise.all([relay, consumer.done]);
    await bus.close();
    await db.close();
  }, 60_000);

  it("a chat exchange's message holds no question or answer text, and no staff reason", async () => {
    const nats = new NatsServerProcess(await freePort());
    servers.push(nats);
    await nats.start();
    const { db, store } = await setup();
    const bus = createNatsBus(nats.url);
    const question = 'What did Jesus mean by born again, I am scared for my brother';
    const answer = 'Jesus spoke to Nicodemus about a new birth from above';
    const exchanged: NewEvent = {
      id: randomUUID(),
      type: 'ChatExchanged',
      schemaVersion: 1,
      data: {
        exchangeId: 'x1',
        kind: 'free',
        questionId: 'q1',
        book: 'john',
        chapter: 3,
        verse: 3,
        question,
        response: answer,
        citations: [
          {
            text: 'John 3:3',
            book: 'john',
            chapter: 3,
            verse: 3,
            verseEnd: null,
            valid: true,
            href: null,
            quote: null,
          },
        ],
        source: 'ai',
        preferences: { faithJourney: 'growing_believer', communicationStyle: 'simple' },
        askedAt: '2026-01-01T00:00:00.000Z',
        answeredAt: '2026-01-01T00:00:05.000Z',
      },
      metadata: {
        correlationId: randomUUID(),
        actor: { type: 'user', id: 'u1' },
        reason: 'reader asked about a private matter',
      },
    };
    await store.append('chat-u1', [exchanged]);
    const ac = new AbortController();
    const relay = runBusRelay({ db, store, bus, signal: ac.signal });

    const nc = await connect({ servers: nats.url });
    const jsm = await nc.jetstreamManager();
    await waitFor(
      async () => (await jsm.streams.info(EVENTS_STREAM_NAME).catch(() => null))?.state.messages === 1,
      20_000,
    );
    const stored = await jsm.streams.getMessage(EVENTS_STREAM_NAME, { seq: 1 });
    expect(stored.subject).toBe('lectio.events.chat.ChatExchanged');
    expect(stored.header.get('Nats-Msg-Id')).toBe(exchanged.id);
    const text = new TextDecoder().decode(stored.data);
    for (const secret of [question, answer, 'John 3:3', 'growing_believer', 'private matter'])
      expect(text).not.toContain(secret);
    const message = JSON.parse(text);
    expect(message.data).toEqual({
      exchangeId: 'x1',
      kind: 'free',
      questionId: 'q1',
      book: 'john',
      chapter: 3,
      verse: 3,
      source: 'ai',
      askedAt: '2026-01-01T00:00:00.000Z',
      answeredAt: '2026-01-01T00:00:05.000Z',
    });
    expect(message.metadata).toEqual({
      correlationId: exchanged.metadata.correlationId,
      actor: { type: 'user', id: 'u1' },
    });
    await nc.close();
    ac.abort();
    await relay;
    await bus.close();
    await db.close();
  }, 60_000);
});
