import { randomBytes } from 'node:crypto';
import {
  addMonth,
  billingMessages,
  type CardBrand,
  type CardFacts,
  PREMIUM_PRICE_CENTS,
  TEST_CARDS,
} from '@lectio/contracts/billing';
import type { Db, Queryable } from '@lectio/platform';
import { InvalidCardError, SetupIntentInvalidError } from '../errors';
import type {
  BillingDevTools,
  BillingProvider,
  InvoiceResult,
  ProviderCustomer,
  ProviderSubscription,
} from '../provider';
import { checkSandboxCard } from './cards';
import { isoString } from '@lectio/contracts/time';

/**
 * The sandbox provider: behaves as Stripe does for the calls we make, keeps its state in its own
 * tables (sandbox_*), and moves no money. Charges happen on the time it is given (rt.clock).
 * Idempotency keys are kept like Stripe's: the first answer for a key is the answer for every
 * repeat, stored in the same transaction as the effect it describes.
 */
export const id = (prefix: string) =>
  `${prefix}_sbx_${randomBytes(12)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, '')}`;

interface PmRow {
  id: string;
  customer_id: string | null;
  setup_intent_id: string;
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
  fails_charges: boolean;
  detached: boolean;
  fingerprint: string | null;
}
interface SubRow {
  id: string;
  customer_id: string;
  status: ProviderSubscription['status'];
  trial_end: Date | string | null;
  current_period_start: Date | string | null;
  current_period_end: Date | string | null;
  cancel_at_period_end: boolean;
}

/** The sandbox: the port, and the development tools (a test card, the invoices). */
export type SandboxProvider = BillingProvider & BillingDevTools;

export function createSandboxProvider(db: Db): SandboxProvider {
  async function once<T>(key: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      // Two requests with the same key wait for each other; the second reads the first's answer.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
      const found = await tx.query<{ result: T }>('SELECT result FROM sandbox_idempotency WHERE key = $1', [key]);
      if (found.rows[0]) return found.rows[0].result;
      const result = await fn(tx);
      await tx.query('INSERT INTO sandbox_idempotency (key, result) VALUES ($1, $2::jsonb)', [
        key,
        JSON.stringify(result),
      ]);
      return result;
    });
  }

  /** The sandbox's own key for card fingerprints, made once (as Stripe keeps its own). */
  async function fingerprintKey(tx: Queryable): Promise<string> {
    await tx.query(
      `INSERT INTO sandbox_secrets (name, value) VALUES ('card_fingerprint', $1) ON CONFLICT (name) DO NOTHING`,
      [randomBytes(32).toString('base64url')],
    );
    return (await tx.query<{ value: string }>(`SELECT value FROM sandbox_secrets WHERE name = 'card_fingerprint'`))
      .rows[0]!.value;
  }

  const cardOf = (pm: PmRow): CardFacts => ({
    paymentMethodId: pm.id,
    brand: pm.brand,
    last4: pm.last4,
    expMonth: pm.exp_month,
    expYear: pm.exp_year,
  });

  async function subscription(q: Queryable, subscriptionId: string): Promise<SubRow> {
    const r = await q.query<SubRow>('SELECT * FROM sandbox_subscriptions WHERE id = $1 FOR UPDATE', [subscriptionId]);
    if (!r.rows[0]) throw new Error(`sandbox: no subscription ${subscriptionId}`);
    return r.rows[0];
  }

  /** Charges one period on the customer's default card and records the invoice. */
  async function charge(tx: Queryable, sub: SubRow, periodStart: Date, now: Date): Promise<InvoiceResult> {
    const periodEnd = addMonth(periodStart);
    const c = await tx.query<{ default_payment_method_id: string | null }>(
      'SELECT default_payment_method_id FROM sandbox_customers WHERE id = $1',
      [sub.customer_id],
    );
    const pmId = c.rows[0]?.default_payment_method_id ?? null;
    const pm = pmId
      ? (await tx.query<PmRow>('SELECT * FROM sandbox_payment_methods WHERE id = $1 AND NOT detached', [pmId])).rows[0]
      : undefined;
    const failure = !pm ? 'No payment method on file.' : pm.fails_charges ? billingMessages.cardDeclined : null;
    const invoiceId = id('in');
    await tx.query(
      `INSERT INTO sandbox_invoices (id, subscription_id, customer_id, payment_method_id, amount_cents, status, failure_message, period_start, period_end, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        invoiceId,
        sub.id,
        sub.customer_id,
        pm?.id ?? null,
        PREMIUM_PRICE_CENTS,
        failure ? 'failed' : 'paid',
        failure,
        periodStart,
        periodEnd,
        now,
      ],
    );
    if (failure) {
      await tx.query(`UPDATE sandbox_subscriptions SET status = 'past_due' WHERE id = $1`, [sub.id]);
      return {
        status: 'failed',
        invoiceId,
        amountCents: PREMIUM_PRICE_CENTS,
        periodStart: isoString(periodStart),
        periodEnd: isoString(periodEnd),
        message: failure,
      };
    }
    await tx.query(
      `UPDATE sandbox_subscriptions SET status = 'active', current_period_start = $2, current_period_end = $3 WHERE id = $1`,
      [sub.id, periodStart, periodEnd],
    );
    return {
      status: 'paid',
      invoiceId,
      amountCents: PREMIUM_PRICE_CENTS,
      periodStart: isoString(periodStart),
      periodEnd: isoString(periodEnd),
    };
  }

  const invoiceResult = (r: {
    id: string;
    amount_cents: number;
    status: string;
    failure_message: string | null;
    period_start: Date | string;
    period_end: Date | string;
  }): InvoiceResult =>
    r.status === 'paid'
      ? {
          status: 'paid',
          invoiceId: r.id,
          amountCents: r.amount_cents,
          periodStart: isoString(r.period_start),
          periodEnd: isoString(r.period_end),
        }
      : {
          status: 'failed',
          invoiceId: r.id,
          amountCents: r.amount_cents,
          periodStart: isoString(r.period_start),
          periodEnd: isoString(r.period_end),
          message: r.failure_message ?? billingMessages.cardDeclined,
        };

  /** The card a SetupIntent produced, if it was confirmed. */
  async function findSetupIntentCard(clientSecret: string) {
    const r = await db.query<PmRow>(
      'SELECT pm.* FROM sandbox_payment_methods pm JOIN sandbox_setup_intents si ON si.id = pm.setup_intent_id WHERE si.client_secret = $1',
      [clientSecret],
    );
    return r.rows[0] ? cardOf(r.rows[0]) : null;
  }

  return {
    name: 'sandbox',
    publishableKey: null,

    ensureCustomer: ({ userId, email }, key) =>
      once(key, async (tx) => {
        const found = await tx.query<{ id: string }>('SELECT id FROM sandbox_customers WHERE user_id = $1', [userId]);
        if (found.rows[0]) return { customerId: found.rows[0].id };
        const customerId = id('cus');
        await tx.query('INSERT INTO sandbox_customers (id, user_id, email, created_at) VALUES ($1, $2, $3, now())', [
          customerId,
          userId,
          email,
        ]);
        return { customerId };
      }),

    createSetupIntent: ({ customerId }, key) =>
      once(key, async (tx) => {
        const setupIntentId = id('seti');
        const clientSecret = `${setupIntentId}_secret_${randomBytes(18)
          .toString('base64url')
          .replace(/[^A-Za-z0-9]/g, '')}`;
        await tx.query(
          `INSERT INTO sandbox_setup_intents (id, client_secret, customer_id, status, created_at) VALUES ($1, $2, $3, 'requires_payment_method', now())`,
          [setupIntentId, clientSecret, customerId],
        );
        return { setupIntentId, clientSecret };
      }),

    async confirmSetup({ clientSecret, card }, now) {
      const checked = checkSandboxCard(card, now);
      return db.transaction(async (tx) => {
        const si = (
          await tx.query<{ id: string; status: string; customer_id: string | null }>(
            'SELECT id, status, customer_id FROM sandbox_setup_intents WHERE client_secret = $1 FOR UPDATE',
            [clientSecret],
          )
        ).rows[0];
        if (!si || si.status !== 'requires_payment_method') throw new SetupIntentInvalidError();
        const pmId = id('pm');
        const fingerprint = checked.fingerprintOf(await fingerprintKey(tx));
        await tx.query(
          `INSERT INTO sandbox_payment_methods (id, setup_intent_id, customer_id, brand, last4, exp_month, exp_year, fails_charges, fingerprint, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            pmId,
            si.id,
            si.customer_id,
            checked.brand,
            checked.last4,
            checked.expMonth,
            checked.expYear,
            checked.failsCharges,
            fingerprint,
            now,
          ],
        );
        await tx.query(`UPDATE sandbox_setup_intents SET status = 'succeeded', payment_method_id = $2 WHERE id = $1`, [
          si.id,
          pmId,
        ]);
        return {
          paymentMethodId: pmId,
          brand: checked.brand,
          last4: checked.last4,
          expMonth: checked.expMonth,
          expYear: checked.expYear,
        };
      });
    },

    async attachPaymentMethod({ customerId, paymentMethodId }) {
      return db.transaction(async (tx) => {
        const pm = (
          await tx.query<PmRow>(
            `SELECT pm.* FROM sandbox_payment_methods pm JOIN sandbox_setup_intents si ON si.id = pm.setup_intent_id
             WHERE pm.id = $1 AND si.status = 'succeeded' AND NOT pm.detached FOR UPDATE`,
            [paymentMethodId],
          )
        ).rows[0];
        if (!pm || (pm.customer_id !== null && pm.customer_id !== customerId))
          throw new InvalidCardError(billingMessages.paymentMethodNotAttached);
        if (pm.customer_id === null)
          await tx.query('UPDATE sandbox_payment_methods SET customer_id = $2 WHERE id = $1', [pm.id, customerId]);
        return cardOf(pm);
      });
    },

    async attachTestCard({ customerId }, now, key) {
      const si = await this.createSetupIntent({ customerId }, key);
      const found = await findSetupIntentCard(si.clientSecret);
      if (found) return found;
      try {
        return await this.confirmSetup(
          {
            clientSecret: si.clientSecret,
            card: { number: TEST_CARDS.success, expMonth: 12, expYear: now.getUTCFullYear() + 5 },
          },
          now,
        );
      } catch (err) {
        // A concurrent request with the same key confirmed it first: its card is the answer.
        const card = await findSetupIntentCard(si.clientSecret);
        if (card) return card;
        throw err;
      }
    },

    async setDefaultPaymentMethod({ customerId, paymentMethodId }) {
      const r = await db.query(
        'UPDATE sandbox_customers SET default_payment_method_id = $2 WHERE id = $1 AND EXISTS (SELECT 1 FROM sandbox_payment_methods WHERE id = $2 AND customer_id = $1 AND NOT detached)',
        [customerId, paymentMethodId],
      );
      if (r.rowCount === 0) throw new InvalidCardError(billingMessages.paymentMethodNotFound);
    },

    async detachPaymentMethod({ customerId, paymentMethodId }) {
      await db.transaction(async (tx) => {
        await tx.query('UPDATE sandbox_payment_methods SET detached = true WHERE id = $1 AND customer_id = $2', [
          paymentMethodId,
          customerId,
        ]);
        await tx.query(
          'UPDATE sandbox_customers SET default_payment_method_id = NULL WHERE id = $1 AND default_payment_method_id = $2',
          [customerId, paymentMethodId],
        );
      });
    },

    createTrialSubscription: ({ customerId, trialEndsAt, now }, key) =>
      once(key, async (tx) => {
        const subscriptionId = id('sub');
        await tx.query(
          `INSERT INTO sandbox_subscriptions (id, customer_id, status, trial_end, created_at) VALUES ($1, $2, 'trialing', $3, $4)`,
          [subscriptionId, customerId, trialEndsAt, now],
        );
        return { subscriptionId };
      }),

    createSubscription: ({ customerId, now }, key) =>
      once(key, async (tx) => {
        const subscriptionId = id('sub');
        await tx.query(
          `INSERT INTO sandbox_subscriptions (id, customer_id, status, created_at) VALUES ($1, $2, 'active', $3)`,
          [subscriptionId, customerId, now],
        );
        const invoice = await charge(tx, await subscription(tx, subscriptionId), now, now);
        // Like Stripe's 'incomplete' subscription whose first payment failed: it never starts.
        if (invoice.status === 'failed')
          await tx.query(`UPDATE sandbox_subscriptions SET status = 'canceled' WHERE id = $1`, [subscriptionId]);
        return { subscriptionId, invoice };
      }),

    endTrialNow: ({ subscriptionId, now }, key) =>
      once(key, async (tx) => {
        const sub = await subscription(tx, subscriptionId);
        const invoice = await charge(tx, sub, now, now);
        if (invoice.status === 'paid')
          await tx.query('UPDATE sandbox_subscriptions SET trial_end = $2 WHERE id = $1', [subscriptionId, now]);
        else await tx.query(`UPDATE sandbox_subscriptions SET status = 'trialing' WHERE id = $1`, [subscriptionId]);
        return invoice;
      }),

    collectInvoice: ({ subscriptionId, periodStart, now }, key) =>
      once(key, async (tx) => charge(tx, await subscription(tx, subscriptionId), periodStart, now)),

    async cancelAtPeriodEnd({ subscriptionId }) {
      await db.query('UPDATE sandbox_subscriptions SET cancel_at_period_end = true WHERE id = $1', [subscriptionId]);
    },
    async resume({ subscriptionId }) {
      await db.query('UPDATE sandbox_subscriptions SET cancel_at_period_end = false WHERE id = $1', [subscriptionId]);
    },
    async cancelNow({ subscriptionId }) {
      await db.query(`UPDATE sandbox_subscriptions SET status = 'canceled' WHERE id = $1`, [subscriptionId]);
    },

    async findPaymentMethod({ paymentMethodId }) {
      const pm = (
        await db.query<PmRow & { si_status: string }>(
          'SELECT pm.*, si.status AS si_status FROM sandbox_payment_methods pm JOIN sandbox_setup_intents si ON si.id = pm.setup_intent_id WHERE pm.id = $1',
          [paymentMethodId],
        )
      ).rows[0];
      if (!pm) return null;
      return {
        ...cardOf(pm),
        customerId: pm.customer_id,
        usable: pm.si_status === 'succeeded' && !pm.detached,
        fingerprint: pm.fingerprint,
      };
    },

    async changedSince(since) {
      const r = await db.query<{ user_id: string }>(
        `SELECT DISTINCT c.user_id FROM sandbox_customers c
         WHERE c.created_at >= $1
            OR EXISTS (SELECT 1 FROM sandbox_subscriptions s WHERE s.customer_id = c.id AND s.created_at >= $1)
            OR EXISTS (SELECT 1 FROM sandbox_invoices i WHERE i.customer_id = c.id AND i.created_at >= $1)`,
        [since],
      );
      return r.rows.map((x) => x.user_id);
    },

    async describeCustomer({ userId }): Promise<ProviderCustomer | null> {
      const c = (
        await db.query<{ id: string; default_payment_method_id: string | null }>(
          'SELECT id, default_payment_method_id FROM sandbox_customers WHERE user_id = $1',
          [userId],
        )
      ).rows[0];
      if (!c) return null;
      const subs = (
        await db.query<SubRow>('SELECT * FROM sandbox_subscriptions WHERE customer_id = $1 ORDER BY created_at', [c.id])
      ).rows;
      const invoices = (
        await db.query<{
          id: string;
          subscription_id: string;
          amount_cents: number;
          status: string;
          failure_message: string | null;
          period_start: Date;
          period_end: Date;
        }>('SELECT * FROM sandbox_invoices WHERE customer_id = $1 ORDER BY created_at, period_start', [c.id])
      ).rows;
      return {
        customerId: c.id,
        defaultPaymentMethodId: c.default_payment_method_id,
        subscriptions: subs.map((s) => ({
          subscriptionId: s.id,
          status: s.status,
          trialEnd: s.trial_end ? isoString(s.trial_end) : null,
          cancelAtPeriodEnd: s.cancel_at_period_end,
          invoices: invoices.filter((i) => i.subscription_id === s.id).map(invoiceResult),
        })),
      };
    },

    async createCheckoutSession({ userId }, now) {
      const sessionId = id('cs');
      await db.query(
        `INSERT INTO sandbox_checkout_sessions (id, user_id, status, created_at) VALUES ($1, $2, 'open', $3)`,
        [sessionId, userId, now],
      );
      return { sessionId };
    },
    async findCheckoutSession(sessionId) {
      const r = await db.query<{ user_id: string; status: string }>(
        'SELECT user_id, status FROM sandbox_checkout_sessions WHERE id = $1',
        [sessionId],
      );
      return r.rows[0] ? { userId: r.rows[0].user_id, status: r.rows[0].status } : null;
    },
    async completeCheckoutSession(sessionId) {
      await db.query(`UPDATE sandbox_checkout_sessions SET status = 'complete' WHERE id = $1`, [sessionId]);
    },

    async invoicesOf(userId) {
      const c = await this.describeCustomer({ userId });
      return c ? c.subscriptions.flatMap((s) => s.invoices) : [];
    },
  };
}
