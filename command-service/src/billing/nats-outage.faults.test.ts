import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_STREAM_NAME } from '@lectio/contracts/subjects';
import { freePort, NatsServerProcess } from '@lectio/platform/testing';
import { startTestLectio, type TestClient, unique } from '../../test/test-lectio';
import { readOutbox } from '../mail/dev-mailbox';
import { freshCardNumber } from '@lectio/testing/cards';

/**
 * NATS down for 30 s while readers keep signing up for trials and cancelling them: commands go on
 * succeeding, and once NATS is back every event is on JetStream exactly once and billing
 * automation has mailed each cancellation exactly once.
 */
const natsPresent = NatsServerProcess.available();
const OUTAGE_MS = 30_000;

describe.skipIf(!natsPresent)('NATS down 30 s under a billing load', () => {
  let nats: NatsServerProcess;
  let t: Awaited<ReturnType<typeof startTestLectio>>;
  beforeAll(async () => {
    nats = new NatsServerProcess(await freePort());
    await nats.start();
    t = await startTestLectio({ env: { NATS_URL: nats.url, PUBLIC_URL: 'http://lectio.test' } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await nats?.dispose();
  });

  const password = 'Psalm-23:1 shepherd';
  /** A trial with a card, then cancelled: SubscriptionCancelled owes the reader one mail. */
  async function trialThenCancel(c: TestClient): Promise<string> {
    const username = unique('outage');
    const email = `${username}@example.com`;
    const { clientSecret } = (await c.post('/api/trial-setup-intent')).body;
    const pm = (
      await c.post('/api/sandbox/confirm-setup', {
        clientSecret,
        card: { number: freshCardNumber(), expMonth: 12, expYear: 2031, cvc: '123' },
      })
    ).body;
    const signed = await c.post('/api/register-with-payment', {
      userData: { username, email, password, confirmPassword: password },
      paymentMethodId: pm.paymentMethodId,
    });
    expect(signed.status).toBe(201);
    expect((await c.post('/api/cancel-subscription')).status).toBe(200);
    return email;
  }

  it('commands succeed throughout; afterwards each event is on JetStream once and each cancellation mailed once', async () => {
    const cancelled: string[] = [];
    let outage: 'before' | 'during' | 'after' = 'before';
    const during: string[] = [];
    let running = true;
    const loops = Array.from({ length: 3 }, async () => {
      while (running) {
        const email = await trialThenCancel(t.client());
        cancelled.push(email);
        if (outage === 'during') during.push(email);
        await new Promise((r) => setTimeout(r, 1500));
      }
    });
    await new Promise((r) => setTimeout(r, 3000));
    await nats.stop();
    outage = 'during';
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    outage = 'after';
    await nats.start();
    await new Promise((r) => setTimeout(r, 3000));
    running = false;
    await Promise.all(loops);

    expect(during.length).toBeGreaterThanOrEqual(10);
    const mailed = async () =>
      (await readOutbox(t.lectio.rt.db, 1000)).filter((m) => m.subject === 'Your Lectio subscription is cancelled');
    await expect
      .poll(async () => (await mailed()).length, { timeout: 90_000, interval: 500 })
      .toBeGreaterThanOrEqual(cancelled.length);
    await new Promise((r) => setTimeout(r, 2000)); // nothing more arrives
    expect((await mailed()).map((m) => m.to).sort()).toEqual([...cancelled].sort());

    const events = await t.lectio.rt.store.readAll({ maxCount: 100_000 });
    const nc = await connect({ servers: nats.url });
    try {
      const jsm = await nc.jetstreamManager();
      await expect
        .poll(async () => (await jsm.streams.info(EVENTS_STREAM_NAME)).state.messages, { timeout: 30_000 })
        .toBe(events.length);
    } finally {
      await nc.close();
    }
  }, 240_000);
});
