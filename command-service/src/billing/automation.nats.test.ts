import { randomUUID } from 'node:crypto';
import { connect, headers } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER } from '@lectio/contracts/constants';
import { toEventMessage } from '@lectio/contracts/events';
import { createNatsBus } from '@lectio/platform/bus';
import { freePort, NatsServerProcess, waitFor } from '@lectio/platform/testing';
import { readCheckpoint, waitForProjections } from '@lectio/platform/projections';
import { readModelNames } from '@lectio/projections';
import type { MailMessage, MailPort } from '../mail/port';
import { startTestLectio, type TestClient, unique } from '../../test/test-lectio';
import { runBillingAutomation } from './automation';

// Billing automation against a real nats-server: the whole app relays its events to JetStream;
// the automation worker is started and stopped by the test, as an outside consumer would be.
const natsPresent = NatsServerProcess.available();

describe.skipIf(!natsPresent)('billing automation mails, NATS JetStream', () => {
  let nats: NatsServerProcess;
  let t: Awaited<ReturnType<typeof startTestLectio>>;
  beforeAll(async () => {
    nats = new NatsServerProcess(await freePort());
    await nats.start();
    t = await startTestLectio({
      env: { NATS_URL: nats.url, PUBLIC_URL: 'http://lectio.test' },
      commands: { billing: { noAutomation: true } },
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await nats?.dispose();
  });

  const password = 'Psalm-23:1 shepherd';
  let ip = 1;
  const local = () => t.client(`127.0.9.${ip++}`);
  const read = async (c: TestClient, url: string) => {
    // The server waits 2 s for its read models; on a shared machine the test waits longer itself.
    if (c.position) await waitForProjections(t.lectio.rt.progress, readModelNames(), BigInt(c.position), 60_000);
    return c.get(url, c.position ? { [MIN_POSITION_HEADER]: c.position } : {});
  };

  async function trialWith(card: string) {
    const c = local();
    const username = unique('mailed');
    const email = `${username}@example.com`;
    const { clientSecret } = (await c.post('/api/trial-setup-intent')).body;
    const pm = (
      await c.post('/api/sandbox/confirm-setup', {
        clientSecret,
        card: { number: card, expMonth: 12, expYear: 2031, cvc: '123' },
      })
    ).body;
    const r = await c.post('/api/register-with-payment', {
      userData: { username, email, password, confirmPassword: password },
      paymentMethodId: pm.paymentMethodId,
    });
    expect(r.status).toBe(201);
    return { c, email, userId: r.body.id as string };
  }

  it('with the worker stopped, a trial ends and a payment fails; started, it mails each once; a redelivery mails nothing', async () => {
    const good = await trialWith('4242424242424242');
    const failing = await trialWith('4000000000000341');
    const clock = local();
    await clock.post('/api/dev/clock', { advanceDays: 11 }); // both: 'trial ends in 3 days'
    await clock.post('/api/dev/clock', { advanceDays: 4 }); // good converts; failing's charge fails
    expect((await read(good.c, '/api/user')).body.subscriptionStatus).toBe('active');
    expect((await read(failing.c, '/api/user')).body.subscriptionStatus).toBe('past_due');
    const cancelled = await good.c.post('/api/cancel-subscription');
    expect(cancelled.status).toBe(200);

    // Everything is on JetStream before the worker starts.
    const head = await t.lectio.rt.store.headPosition();
    await waitFor(async () => (await readCheckpoint(t.lectio.rt.db, 'outbox-relay')) >= head, 60_000);

    const sent: MailMessage[] = [];
    const mail: MailPort = { engine: 'outbox', send: async (m) => void sent.push(m), close: async () => {} };
    const logger = t.lectio.rt.logger;
    const start = () => {
      const bus = createNatsBus(nats.url, { name: 'automation-test' });
      const stop = new AbortController();
      const done = runBillingAutomation({
        db: t.lectio.rt.db,
        bus,
        mail,
        logger,
        baseUrl: 'http://lectio.test',
        signal: stop.signal,
      });
      return async () => {
        stop.abort();
        await done;
        await bus.close();
      };
    };

    let stop = start();
    await waitFor(() => sent.length >= 4, 60_000);
    await new Promise((r) => setTimeout(r, 500)); // nothing more arrives
    const to = (email: string) => sent.filter((m) => m.to === email).map((m) => m.subject);
    expect(to(good.email)).toEqual(['Your Lectio trial ends in 3 days', 'Your Lectio subscription is cancelled']);
    expect(to(failing.email)).toEqual(['Your Lectio trial ends in 3 days', 'Your Lectio payment failed']);

    const trialMail = sent.find((m) => m.to === good.email && m.subject.includes('3 days'))!;
    const trialEndsAt = new Date((await read(good.c, '/api/user')).body.trialEndsAt);
    const longDate = trialEndsAt.toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(trialMail.text).toContain(`on ${longDate}`);
    expect(trialMail.text).toContain('$15/month');
    expect(trialMail.text).toContain('Cancel Subscription');
    const failedMail = sent.find((m) => m.subject === 'Your Lectio payment failed')!;
    expect(failedMail.text).toContain('Your card was declined.');
    expect(failedMail.text).toContain('http://lectio.test/manage-subscription');
    const cancelMail = sent.find((m) => m.subject === 'Your Lectio subscription is cancelled')!;
    const accessEnds = new Date(cancelled.body.accessEndsAt).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(cancelMail.text).toContain(`You keep Premium until ${accessEnds}`);

    // Redelivery: the payment-failed event published again under another message id (JetStream
    // cannot drop it as a duplicate), and the worker restarted on its durable consumer.
    const failedEvent = (await t.lectio.rt.store.readStream(`subscription-${failing.userId}`)).find(
      (e) => e.type === 'PaymentFailed',
    )!;
    await stop();
    const nc = await connect({ servers: nats.url });
    const h = headers();
    h.set('Nats-Msg-Id', `redelivery-${randomUUID()}`);
    await nc
      .jetstream()
      .publish('lectio.events.subscription.PaymentFailed', JSON.stringify(toEventMessage(failedEvent)), { headers: h });
    await nc.close();
    const before = sent.length;
    stop = start();
    await new Promise((r) => setTimeout(r, 2000));
    await stop();
    expect(sent.length).toBe(before);
    const rows = await t.lectio.rt.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM billing_mails WHERE event_id = $1`,
      [failedEvent.id],
    );
    expect(rows.rows[0]!.n).toBe(1);
  }, 300_000);
});
