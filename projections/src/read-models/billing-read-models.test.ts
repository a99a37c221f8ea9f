import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionEvent } from '@lectio/contracts/billing';
import { streams } from '@lectio/contracts/events';
import type { Db } from '@lectio/platform';
import type { EventStore } from '@lectio/platform/eventstore';
import { type Projection, rebuildProjection } from '@lectio/platform/projections';
import { openTestEventStore } from '@lectio/platform/testing';
import { readModelMigrations } from '../index';
import { paymentMethodsProjection, readPaymentMethods } from './payment-methods';
import { readUser, usersProjection } from './users';
import { readSubscriptionFacts } from './users-subscription';

// The billing columns of users_view and the payment-methods read model, from subscription events.
let db: Db;
let store: EventStore;
let close: () => Promise<void>;
beforeAll(async () => ({ db, store, close } = await openTestEventStore(readModelMigrations)));
afterAll(() => close());

const meta = () => ({ correlationId: randomUUID(), actor: { type: 'system' as const } });
const sub = (userId: string, ...events: SubscriptionEvent[]) =>
  store.append(
    streams.subscription(userId),
    events.map((e) => ({ id: randomUUID(), type: e.type, schemaVersion: 1, data: e.data, metadata: meta() })),
  );
const rebuild = async (p: Projection) => rebuildProjection(db, store, p);

describe('billing read models', () => {
  it('follow a reader from trial to cancelled, and a rebuild gives the same rows', async () => {
    const u = randomUUID();
    await store.append(streams.user(u), [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        schemaVersion: 1,
        data: { userId: u, username: 'lydia', email: 'lydia@example.com', registeredAt: '2026-01-01T00:00:00.000Z' },
        metadata: meta(),
      },
    ]);
    const card = (id: string, last4: string) => ({
      paymentMethodId: id,
      brand: 'visa' as const,
      last4,
      expMonth: 12,
      expYear: 2031,
    });
    await sub(
      u,
      {
        type: 'PaymentMethodAdded',
        data: { ...card('pm_a', '4242'), customerId: 'cus_1', addedAt: '2026-01-01T00:00:00.000Z' },
      },
      { type: 'DefaultPaymentMethodSet', data: { paymentMethodId: 'pm_a', setAt: '2026-01-01T00:00:00.000Z' } },
      {
        type: 'TrialStarted',
        data: {
          startedAt: '2026-01-01T00:00:00.000Z',
          trialEndsAt: '2026-01-15T00:00:00.000Z',
          customerId: 'cus_1',
          providerSubscriptionId: 'sub_1',
        },
      },
    );
    await rebuild(usersProjection);
    await rebuild(paymentMethodsProjection);
    expect(await readUser(db, u)).toMatchObject({
      subscriptionStatus: 'trial',
      trialEndsAt: '2026-01-15T00:00:00.000Z',
      paymentMethodProvided: true,
      stripeSubscriptionId: null,
      currentPeriodEnd: null,
    });

    await sub(
      u,
      {
        type: 'TrialConverted',
        data: {
          invoiceId: 'in_1',
          amountCents: 1500,
          periodStart: '2026-01-15T00:00:00.000Z',
          periodEnd: '2026-02-15T00:00:00.000Z',
          customerId: 'cus_1',
          providerSubscriptionId: 'sub_1',
          convertedAt: '2026-01-15T00:00:00.000Z',
          reason: 'trial_ended',
        },
      },
      {
        type: 'PaymentMethodAdded',
        data: { ...card('pm_b', '1111'), customerId: 'cus_1', addedAt: '2026-01-20T00:00:00.000Z' },
      },
      { type: 'DefaultPaymentMethodSet', data: { paymentMethodId: 'pm_b', setAt: '2026-01-20T00:00:00.000Z' } },
      { type: 'PaymentMethodRemoved', data: { paymentMethodId: 'pm_a', removedAt: '2026-01-20T00:00:00.000Z' } },
      {
        type: 'SubscriptionCancelled',
        data: { cancelledAt: '2026-01-25T00:00:00.000Z', accessEndsAt: '2026-02-15T00:00:00.000Z', duringTrial: false },
      },
    );
    await rebuild(usersProjection);
    await rebuild(paymentMethodsProjection);
    expect(await readUser(db, u)).toMatchObject({
      subscriptionStatus: 'canceled',
      stripeSubscriptionId: 'sub_1',
      currentPeriodEnd: '2026-02-15T00:00:00.000Z',
      paymentMethodProvided: true,
    });
    expect(await readPaymentMethods(db, u)).toEqual([
      { id: 'pm_b', brand: 'visa', last4: '1111', expMonth: 12, expYear: 2031, isDefault: true },
    ]);
    expect(await readSubscriptionFacts(db, u)).toMatchObject({ accessEndsAt: '2026-02-15T00:00:00.000Z' });

    // A damaged table (a changed value, a stray row) comes back exactly as the replay left it: this
    // fails if a rebuild does not empty every table the projection owns.
    const before = (await db.query('SELECT * FROM users_view WHERE user_id = $1', [u])).rows;
    const cardsBefore = (
      await db.query('SELECT * FROM billing_payment_methods WHERE user_id = $1 ORDER BY payment_method_id', [u])
    ).rows;
    await db.query(
      `UPDATE users_view SET subscription_status = 'active', last_payment_error = 'damaged' WHERE user_id = $1`,
      [u],
    );
    await db.query(
      `INSERT INTO billing_payment_methods (user_id, payment_method_id, brand, last4, exp_month, exp_year, is_default, added_at) VALUES ($1, 'pm_stray', 'visa', '0000', 1, 2030, false, now())`,
      [u],
    );
    await rebuild(usersProjection);
    await rebuild(paymentMethodsProjection);
    expect((await db.query('SELECT * FROM users_view WHERE user_id = $1', [u])).rows).toEqual(before);
    expect(
      (await db.query('SELECT * FROM billing_payment_methods WHERE user_id = $1 ORDER BY payment_method_id', [u])).rows,
    ).toEqual(cardsBefore);

    await sub(u, { type: 'SubscriptionEnded', data: { endedAt: '2026-02-15T00:00:00.000Z', reason: 'cancelled' } });
    await rebuild(usersProjection);
    expect(await readUser(db, u)).toMatchObject({
      subscriptionStatus: 'inactive',
      stripeSubscriptionId: null,
      currentPeriodEnd: null,
    });
  });

  it('a cancelled trial has no paid period; a failed payment is past_due with its reason', async () => {
    const u = randomUUID();
    await store.append(streams.user(u), [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        schemaVersion: 1,
        data: { userId: u, username: 'phoebe', email: 'phoebe@example.com', registeredAt: '2026-01-01T00:00:00.000Z' },
        metadata: meta(),
      },
    ]);
    await sub(
      u,
      {
        type: 'TrialStarted',
        data: {
          startedAt: '2026-01-01T00:00:00.000Z',
          trialEndsAt: '2026-01-15T00:00:00.000Z',
          customerId: null,
          providerSubscriptionId: null,
        },
      },
      {
        type: 'SubscriptionCancelled',
        data: { cancelledAt: '2026-01-02T00:00:00.000Z', accessEndsAt: '2026-01-15T00:00:00.000Z', duringTrial: true },
      },
    );
    await rebuild(usersProjection);
    expect(await readUser(db, u)).toMatchObject({
      subscriptionStatus: 'canceled',
      currentPeriodEnd: null,
      paymentMethodProvided: false,
    });
    await sub(u, { type: 'SubscriptionResumed', data: { resumedAt: '2026-01-03T00:00:00.000Z' } });
    await rebuild(usersProjection);
    expect(await readUser(db, u)).toMatchObject({ subscriptionStatus: 'trial' });
    await sub(u, {
      type: 'PaymentFailed',
      data: {
        invoiceId: 'in_9',
        amountCents: 1500,
        failedAt: '2026-01-15T00:00:00.000Z',
        reason: 'Your card was declined.',
        periodStart: '2026-01-15T00:00:00.000Z',
        periodEnd: '2026-02-15T00:00:00.000Z',
      },
    });
    await rebuild(usersProjection);
    expect(await readSubscriptionFacts(db, u)).toMatchObject({
      subscriptionStatus: 'past_due',
      lastPaymentError: 'Your card was declined.',
    });
  });
});
