import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { billingMessages } from '@lectio/contracts/billing';
import { POSITION_HEADER } from '@lectio/contracts/constants';
import { streams } from '@lectio/contracts/events';
import type { Runtime } from '@lectio/platform';
import { BillingService } from '../billing-service';
import type { SubscriptionStream } from '../subscription-stream';
import { idOf, mapStripeError, namedCustomer, type StripeProvider } from './stripe-provider';
import { syncFromStripe } from './webhook-sync';

export const WEBHOOK_PATH = '/api/stripe/webhook';
export const webhookMessages = {
  missingSignature: 'Missing Stripe-Signature header.',
  badSignature: 'Webhook signature verification failed.',
} as const;

/** The event types that change a reader's billing; others are acknowledged and ignored. */
export const HANDLED_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
  'payment_method.attached',
  'payment_method.detached',
  'checkout.session.completed',
]);

type Outcome = 'applied' | 'nothing' | 'ignored' | 'duplicate';

/**
 * POST /api/stripe/webhook (on the Stripe adapter the billing module chose, null: the sandbox, and its
 * subscription stream handler), in its own Fastify scope: its own content-type parser keeps the raw
 * body (the signature covers the exact bytes), and no CSRF guard (Stripe sends no cookie; the
 * signature with STRIPE_WEBHOOK_SECRET is the proof). A bad signature is a 400 and touches
 * nothing. Each Stripe event id is carried by the events it causes (metadata.causationId
 * 'stripe:<id>', written atomically with them by the store, whichever store runs) and recorded in
 * stripe_webhook_events once all its work is done: a redelivery of a recorded event is answered at
 * once. One not recorded (a crash part-way) is handled again: the sync re-fetches Stripe's facts and
 * writes only what the stream still lacks, so a redelivered event never records anything twice.
 */
export async function registerStripeWebhook(
  app: FastifyInstance,
  rt: Runtime,
  stripe: StripeProvider | null,
  subscriptions: SubscriptionStream,
) {
  const secret = rt.config.STRIPE_WEBHOOK_SECRET;
  if (stripe && !secret)
    rt.logger.warn(
      'billing: STRIPE_WEBHOOK_SECRET is not set; Stripe webhooks are refused (404) and changes made at Stripe arrive only by reconciliation',
    );
  const service = stripe ? new BillingService(rt, stripe, subscriptions) : null;

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    scope.post(WEBHOOK_PATH, async (req, reply) => {
      if (!stripe || !service || !secret)
        return reply.status(404).send({ message: billingMessages.stripeNotConfigured });
      const signature = req.headers['stripe-signature'];
      if (typeof signature !== 'string' || !signature)
        return reply.status(400).send({ message: webhookMessages.missingSignature });
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : '');
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(raw, signature, secret);
      } catch {
        rt.logger.warn({ ip: req.ip }, 'stripe webhook: signature verification failed');
        return reply.status(400).send({ message: webhookMessages.badSignature });
      }

      const seen = await rt.db.query('SELECT 1 FROM stripe_webhook_events WHERE event_id = $1', [event.id]);
      if (seen.rows.length) return { received: true, outcome: 'duplicate' satisfies Outcome };

      const record = async (outcome: Outcome, userId: string | null, written = 0) => {
        // Like every write: the position to wait for before reading (tests and support tools read after it).
        reply.header(POSITION_HEADER, (await rt.store.headPosition()).toString());
        await rt.db.query(
          `INSERT INTO stripe_webhook_events (event_id, type, user_id, stripe_created_at, outcome, events_written) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (event_id) DO NOTHING`,
          [event.id, event.type, userId, new Date(event.created * 1000), outcome, written],
        );
        return { received: true, outcome };
      };
      if (!HANDLED_EVENTS.has(event.type)) return record('ignored', null);

      try {
        const who = await whom(stripe, event);
        if (!who) {
          rt.logger.warn(
            { eventId: event.id, type: event.type },
            'stripe webhook: no Lectio reader for this event; ignored',
          );
          return record('ignored', null);
        }
        const causationId = `stripe:${event.id}`;
        // Some of its events are written but it was not recorded (a crash part-way): the sync below finishes the rest.
        const stream = await rt.store.readStream(streams.subscription(who.userId));
        const resumed = stream.some((e) => e.metadata.causationId === causationId);
        if (resumed)
          rt.logger.warn(
            { eventId: event.id },
            'stripe webhook: redelivery of an event handled part-way; finishing it',
          );

        const at = new Date(Math.max(rt.clock.now().getTime(), event.created * 1000));
        const meta = {
          correlationId: randomUUID(),
          causationId,
          actor: { type: 'system' as const, id: 'stripe-webhook' },
        };
        const result = await syncFromStripe(service, stripe, {
          ...who,
          at,
          meta,
          trialWillEnd: event.type === 'customer.subscription.trial_will_end',
        });
        if (result.refused.length)
          rt.logger.info(
            { eventId: event.id, refused: result.refused },
            'stripe webhook: facts the subscription rules did not take',
          );
        return record(result.written ? 'applied' : 'nothing', who.userId, result.written);
      } catch (err) {
        // Not recorded: Stripe delivers it again later (a 5xx is retried for days).
        rt.logger.error(
          { eventId: event.id, type: event.type, err: String(mapStripeError(err)) },
          'stripe webhook: could not be handled; Stripe will redeliver',
        );
        return reply.status(503).send({ message: billingMessages.providerUnavailable });
      }
    });
  });
}

/** The reader an event concerns: from the Stripe customer's metadata.userId (fetched again, never trusted from the payload alone). */
async function whom(
  stripe: StripeProvider,
  event: Stripe.Event,
): Promise<{ userId: string; customerId: string } | null> {
  if (event.type === 'checkout.session.completed') {
    const session = await stripe.stripe.checkout.sessions.retrieve(event.data.object.id);
    const userId = session.client_reference_id;
    const customerId = idOf(session.customer);
    if (!userId || !customerId) return null;
    // Checkout made the customer: name the reader on it, so every later event finds them.
    if ((await stripe.userOfCustomer(customerId)) !== userId)
      await stripe.stripe.customers.update(customerId, { metadata: { userId } });
    return { userId, customerId };
  }
  // A detached card no longer names its customer; the event's previous attributes do.
  const previous = event.type === 'payment_method.detached' ? event.data.previous_attributes : undefined;
  const customerId = namedCustomer(event.data.object) ?? idOf(previous?.customer);
  if (!customerId) return null;
  const userId = await stripe.userOfCustomer(customerId);
  return userId ? { userId, customerId } : null;
}
