import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER } from '@lectio/contracts/constants';
import { waitFor } from '@lectio/platform/testing';
import { crashAfter } from '@lectio/testing/faults';
import { freshCardNumber } from '@lectio/testing/cards';
import { startLectioServices, TestClient, type TestLectio, unique } from '../../test/test-lectio';
import { createSandboxProvider } from './sandbox/sandbox-provider';

// A crash between the provider's success and our append: the provider has charged (or started a
// trial), our stream has not recorded it. After a restart the billing worker reconciles from the
// provider, once, and nothing is charged twice.
const dataDir = mkdtempSync(join(tmpdir(), 'lectio-billing-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const crash = crashAfter();
async function start(withCrash: boolean): Promise<TestLectio> {
  return startLectioServices(
    { NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    { commands: withCrash ? { billing: { wrapProvider: crash.wrap } } : {} },
  );
}

/** The same browser (cookies) against the restarted process. */
function reattach(c: TestClient, lectio: TestLectio) {
  const n = new TestClient(lectio.app, c.ip);
  for (const [k, v] of c.cookies) n.cookies.set(k, v);
  return n;
}

const password = 'Psalm-23:1 shepherd';

async function signUp(c: TestClient, email: string, username: string, number = freshCardNumber()) {
  const { clientSecret } = (await c.post('/api/trial-setup-intent')).body;
  const pm = (
    await c.post('/api/sandbox/confirm-setup', {
      clientSecret,
      card: { number, expMonth: 12, expYear: 2031, cvc: '123' },
    })
  ).body;
  return c.post('/api/register-with-payment', {
    userData: { username, email, password, confirmPassword: password },
    paymentMethodId: pm.paymentMethodId,
  });
}

const statusOf = async (c: TestClient) =>
  (await c.get('/api/user', c.position ? { [MIN_POSITION_HEADER]: c.position } : {})).body.subscriptionStatus;

describe('crash between the provider and our append', () => {
  it('an upgrade charged but not recorded, and a trial started but not recorded, are reconciled after a restart', async () => {
    let lectio = await start(true);
    const upgrader = new TestClient(lectio.app, '127.0.3.1');
    const u = unique('crash');
    const signed = await signUp(upgrader, `${u}@example.com`, u);
    expect(signed.status).toBe(201);
    const upgraderId = signed.body.id as string;

    // 'Start Premium Now': the provider charges, then the process dies before the append.
    crash.arm('endTrialNow');
    const crashed = await upgrader.post('/api/convert-trial-to-paid');
    expect(crashed.status).toBe(500);
    expect(await statusOf(upgrader)).toBe('trial');
    const provider = createSandboxProvider(lectio.rt.db);
    expect(await provider.invoicesOf(upgraderId)).toEqual([
      expect.objectContaining({ status: 'paid', amountCents: 1500 }),
    ]);

    // A trial sign-up whose trial the provider started, dying before TrialStarted was written.
    crash.arm('createTrialSubscription');
    const t = unique('crasht');
    const trialer = new TestClient(lectio.app, '127.0.3.2');
    const trialerCard = freshCardNumber();
    expect((await signUp(trialer, `${t}@example.com`, t, trialerCard)).status).toBe(500);
    // The account exists (its session too): the reader's own GET /api/user names it.
    const trialerId = (await trialer.get('/api/user')).body.id as string;
    expect((await lectio.rt.store.readStream(`subscription-${trialerId}`)).length).toBe(0);

    // A direct subscription (the simple subscribe page): charged, then the process dies.
    crash.arm('createSubscription');
    const subscriber = new TestClient(lectio.app, '127.0.3.4');
    const sname = unique('crashs');
    const subscriberId = (await subscriber.register(sname, `${sname}@example.com`, password)).body.id as string;
    expect((await subscriber.post('/api/activate-subscription')).status).toBe(500);
    expect(await statusOf(subscriber)).toBe('inactive');

    await lectio.close();
    lectio = await start(false);
    try {
      const subscriberAgain = reattach(subscriber, lectio);
      await waitFor(async () => (await statusOf(subscriberAgain)) === 'active', 60_000);
      expect(await createSandboxProvider(lectio.rt.db).invoicesOf(subscriberId)).toHaveLength(1);

      const again = reattach(upgrader, lectio);
      await waitFor(async () => (await statusOf(again)) === 'active', 60_000);
      const events = await lectio.rt.store.readStream(`subscription-${upgraderId}`);
      const invoices = await createSandboxProvider(lectio.rt.db).invoicesOf(upgraderId);
      expect(
        events.filter((e) => e.type === 'TrialConverted').map((e) => (e.data as { invoiceId: string }).invoiceId),
      ).toEqual([invoices[0]!.invoiceId]);
      // Asking again charges nothing more: the reader is a subscriber now.
      const retry = await again.post('/api/convert-trial-to-paid');
      expect(retry.status).toBe(409);
      expect(await createSandboxProvider(lectio.rt.db).invoicesOf(upgraderId)).toHaveLength(1);

      const trialerAgain = new TestClient(lectio.app, '127.0.3.3');
      expect((await trialerAgain.login(`${t}@example.com`, password)).status).toBe(200);
      await waitFor(async () => (await statusOf(trialerAgain)) === 'trial', 60_000);
      expect((await trialerAgain.get('/api/user')).body.paymentMethodProvided).toBe(true);
      expect((await trialerAgain.get('/api/payment-methods')).body.paymentMethods).toEqual([
        expect.objectContaining({ last4: trialerCard.slice(-4), isDefault: true }),
      ]);
      // Reconciling again (another restart) records nothing twice.
      const before = (await lectio.rt.store.readStream(`subscription-${trialerId}`)).length;
      await lectio.close();
      lectio = await start(false);
      await new Promise((r) => setTimeout(r, 500));
      expect((await lectio.rt.store.readStream(`subscription-${trialerId}`)).length).toBe(before);
      expect(
        (await lectio.rt.store.readStream(`subscription-${upgraderId}`)).filter((e) => e.type === 'TrialConverted'),
      ).toHaveLength(1);
    } finally {
      await lectio.close();
    }
  }, 300_000);
});
