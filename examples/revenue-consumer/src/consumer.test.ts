import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '@lectio/contracts/events';
import { createNatsBus } from '@lectio/platform/bus';
import { migrate, openPglite } from '@lectio/platform';
import { freePort, NatsServerProcess, waitFor } from '@lectio/platform/testing';
import { createPostgresEventStore, eventStoreMigrations } from '@lectio/platform/eventstore';
import { checkpointMigrations } from '@lectio/platform/projections';
import { runBusRelay } from '@lectio/projections';
import { runRevenueConsumer } from './consumer';

const at = '2026-01-01T00:00:00.000Z';
const charge = { invoiceId: 'in_1', amountCents: 999, periodStart: at, periodEnd: '2026-02-01T00:00:00.000Z' };
const ev = (type: string, data: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type,
  schemaVersion: 1,
  data,
  metadata: { correlationId: randomUUID(), actor: { type: 'system' } },
});

const natsPresent = NatsServerProcess.available();
describe.skipIf(!natsPresent)('the revenue consumer example, against Lectio relaying to a real nats-server', () => {
  const servers: NatsServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) await s.dispose();
  });

  it('prints the running revenue and churn summary, and counts each event once across redeliveries and restarts', async () => {
    const nats = new NatsServerProcess(await freePort());
    servers.push(nats);
    await nats.start();
    const db = await openPglite();
    await migrate(db, [...eventStoreMigrations, ...checkpointMigrations]);
    const store = createPostgresEventStore(db, { pollIntervalMs: 50 });
    const bus = createNatsBus(nats.url);
    const relayStop = new AbortController();
    const relay = runBusRelay({ db, store, bus, signal: relayStop.signal });

    await store.append('subscription-u1', [
      ev('TrialStarted', { startedAt: at, trialEndsAt: at, customerId: null, providerSubscriptionId: null }),
      ev('TrialConverted', {
        ...charge,
        customerId: 'c1',
        providerSubscriptionId: 's1',
        convertedAt: at,
        reason: 'trial_ended',
      }),
      ev('SubscriptionRenewed', { ...charge, invoiceId: 'in_2', renewedAt: at }),
    ]);
    await store.append('subscription-u2', [
      ev('SubscriptionActivated', {
        ...charge,
        invoiceId: 'in_3',
        customerId: 'c2',
        providerSubscriptionId: 's2',
        activatedAt: at,
      }),
      ev('SubscriptionCancelled', { cancelledAt: at, accessEndsAt: at, duringTrial: false }),
      ev('SubscriptionEnded', { endedAt: at, reason: 'cancelled' }),
    ]);
    await store.append('subscription-u3', [
      ev('TrialStarted', { startedAt: at, trialEndsAt: at, customerId: null, providerSubscriptionId: null }),
      ev('PaymentMethodAdded', {
        paymentMethodId: 'pm',
        brand: 'visa',
        last4: '4242',
        expMonth: 1,
        expYear: 2030,
        customerId: 'c3',
        addedAt: at,
      }),
    ]);
    await store.append('usage-u1-20260101', [ev('BudgetCredited', { amountMicros: 5, creditedAt: at })]);

    const dir = mkdtempSync(join(tmpdir(), 'revenue-consumer-'));
    const stateFile = join(dir, 'summary.json');
    const run = (durable: string) => {
      const lines: string[] = [];
      const stop = new AbortController();
      const done = runRevenueConsumer({
        natsUrl: nats.url,
        durable,
        stateFile,
        signal: stop.signal,
        print: (l) => lines.push(l),
      });
      return { lines, stop, done };
    };

    const first = run('revenue');
    const expected = 'revenue $29.97 from 3 charges; paying 1; trials 2; cancelled 1; ended 1; churn 50%';
    await waitFor(() => first.lines.at(-1) === expected, 20_000);
    expect(first.lines).toHaveLength(8); // the eight subscription events, nothing from usage
    first.stop.abort();
    const summary = await first.done;
    expect(summary.seen).toHaveLength(8);

    // A second durable with the same state reads every message again: none is counted twice.
    const again = run('revenue-replayed');
    await new Promise((r) => setTimeout(r, 1500));
    again.stop.abort();
    expect((await again.done).revenueCents).toBe(2997);
    expect(again.lines).toEqual([]);

    // The first durable resumes after its last ack: only the new renewal is counted.
    await store.append('subscription-u1', [ev('SubscriptionRenewed', { ...charge, invoiceId: 'in_4', renewedAt: at })]);
    const resumed = run('revenue');
    await waitFor(() => resumed.lines.length === 1, 20_000);
    expect(resumed.lines).toEqual([
      'revenue $39.96 from 4 charges; paying 1; trials 2; cancelled 1; ended 1; churn 50%',
    ]);
    resumed.stop.abort();
    await resumed.done;

    relayStop.abort();
    await relay;
    await bus.close();
    await db.close();
  }, 90_000);
});
