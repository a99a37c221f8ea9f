import Stripe from 'stripe';
import { PREMIUM_PRICE_CENTS, billingMessages, type CardBrand, type CardFacts } from '@lectio/contracts/billing';
import { InvalidCardError, PaymentDeclinedError, ProviderUnavailableError, SetupIntentInvalidError } from '../errors';
import type {
  BillingDevTools,
  BillingProvider,
  InvoiceResult,
  ProviderCustomer,
  ProviderSubscription,
} from '../provider';

/**
 * The billing port on Stripe, through the official SDK. A thin mapping: the port was shaped after
 * Stripe's model. Card first (a SetupIntent confirmed in the browser by Stripe Elements, its
 * PaymentMethod attached and made the customer's invoice_settings.default_payment_method), then the
 * subscription with its trial. Creation calls carry the idempotency keys the use cases derive from
 * our command (stream, revision, use case); the key is also kept in the object's metadata, so a
 * retry whose parameters moved (a trial end computed a second later) finds the first object
 * instead of making a second one. Stripe's errors become the billing domain's errors here and only
 * here: a declined card is the provider's own message (402), a timeout is 'try again' (503).
 */
export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string | null;
  priceId: string;
  /** Where Checkout sends the reader back (PUBLIC_URL). */
  publicUrl: string;
  /** Tests only: the SDK talks to this server instead of api.stripe.com (STRIPE_API_BASE). */
  apiBase?: string;
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

/** The port on Stripe, its development tools (Stripe's test card), and what its webhook needs. */
export interface StripeProvider extends BillingProvider, BillingDevTools {
  readonly stripe: Stripe;
  /** The user a Stripe customer belongs to (metadata.userId), or null. */
  userOfCustomer(customerId: string): Promise<string | null>;
}

export const LECTIO_KEY = 'lectio_key';

export function createStripeClient(
  options: Pick<StripeProviderOptions, 'secretKey' | 'apiBase' | 'timeoutMs' | 'maxNetworkRetries'>,
): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return new Stripe(options.secretKey, {
    // Every call is bounded: a hung Stripe must not hold a reader's request (or the worker) forever.
    timeout: options.timeoutMs ?? 10_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    appInfo: { name: 'Lectio' },
  });
}

const seconds = (d: Date) => Math.ceil(d.getTime() / 1000);
const isoOf = (s: number) => new Date(s * 1000).toISOString();
export const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

/** The customer a Stripe object names in its `customer` field (an id or an expanded customer), if any. */
export function namedCustomer(obj: object): string | null {
  if (!('customer' in obj)) return null;
  const c = obj.customer;
  if (typeof c === 'string') return c;
  return typeof c === 'object' && c !== null && 'id' in c && typeof c.id === 'string' ? c.id : null;
}

/** The customer a Stripe event's object concerns: the customer itself, or the one it names. */
const customerOfObject = (obj: object): string | null =>
  'object' in obj && obj.object === 'customer' && 'id' in obj && typeof obj.id === 'string'
    ? obj.id
    : namedCustomer(obj);

const BRANDS: Record<string, CardBrand> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'amex',
  discover: 'discover',
  jcb: 'jcb',
  diners: 'diners',
  unionpay: 'unionpay',
};
/** A Stripe card as our events record it (a brand we do not know is 'unknown'). */
export function cardOf(pm: Stripe.PaymentMethod): CardFacts {
  const card = pm.card;
  if (!card) throw new InvalidCardError(billingMessages.paymentMethodNotAttached);
  return {
    paymentMethodId: pm.id,
    brand: BRANDS[card.brand] ?? 'unknown',
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
  };
}

/** Stripe's errors as the billing domain's. Unknown ones keep Stripe's message for the log but not the reader. */
export function mapStripeError(err: unknown): Error {
  const E = Stripe.errors;
  if (err instanceof E.StripeCardError) return new PaymentDeclinedError(err.message || billingMessages.cardDeclined);
  if (
    err instanceof E.StripeConnectionError ||
    err instanceof E.StripeRateLimitError ||
    err instanceof E.StripeAPIError
  )
    return new ProviderUnavailableError();
  if (err instanceof E.StripeError && (err.statusCode ?? 0) >= 500) return new ProviderUnavailableError();
  // Our keys refused: a configuration fault the reader cannot fix; they are told to try later, the log says why.
  if (err instanceof E.StripeAuthenticationError || err instanceof E.StripePermissionError) {
    return Object.assign(new ProviderUnavailableError(), { cause: `Stripe refused the API key (${err.type})` });
  }
  return err instanceof Error ? err : new Error(String(err));
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw mapStripeError(err);
  }
}

const isMissing = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError && (err.code === 'resource_missing' || err.statusCode === 404);

/** The service period of an invoice: its subscription line's period (the invoice's own period_* is the previous one). */
function servicePeriod(inv: Stripe.Invoice): { start: number; end: number } {
  const line = inv.lines?.data?.[0];
  return line ? { start: line.period.start, end: line.period.end } : { start: inv.period_start, end: inv.period_end };
}

/** Why an invoice's payment failed, as Stripe told the payer (from its expanded payment intent). */
function failureOf(inv: Stripe.Invoice): string {
  for (const p of inv.payments?.data ?? []) {
    const pi = p.payment?.payment_intent;
    if (pi && typeof pi !== 'string' && pi.last_payment_error?.message) return pi.last_payment_error.message;
  }
  return billingMessages.cardDeclined;
}

/** Paid, failed (tried and still open), or null while Stripe has not tried it yet. */
export function invoiceResultOf(inv: Stripe.Invoice): InvoiceResult | null {
  const { start, end } = servicePeriod(inv);
  const base = { invoiceId: inv.id!, periodStart: isoOf(start), periodEnd: isoOf(end) };
  if (inv.status === 'paid') return { status: 'paid', amountCents: inv.amount_paid, ...base };
  if ((inv.status === 'open' || inv.status === 'uncollectible') && inv.attempt_count > 0)
    return { status: 'failed', amountCents: inv.amount_due, message: failureOf(inv), ...base };
  return null;
}

const FAILURE_EXPAND = 'payments.data.payment.payment_intent';

const subscriptionStatus = (s: Stripe.Subscription['status']): ProviderSubscription['status'] =>
  s === 'trialing'
    ? 'trialing'
    : s === 'active'
      ? 'active'
      : s === 'past_due' || s === 'unpaid' || s === 'incomplete'
        ? 'past_due'
        : 'canceled';

export function createStripeProvider(options: StripeProviderOptions): StripeProvider {
  const stripe = createStripeClient(options);
  const price = options.priceId;

  /** A creation with the port's key; if Stripe refuses the key (same key, other parameters), the object made with it. */
  async function create<T>(key: string, make: () => Promise<T>, findByKey: () => Promise<T | null>): Promise<T> {
    try {
      return await make();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeIdempotencyError) {
        const found = await call(findByKey);
        if (found) return found;
      }
      throw mapStripeError(err);
    }
  }

  async function findCustomerOfUser(userId: string): Promise<Stripe.Customer | null> {
    const r = await call(() =>
      stripe.customers.search({ query: `metadata['userId']:'${userId.replace(/'/g, '')}'`, limit: 1 }),
    );
    return r.data[0] ?? null;
  }

  async function subscriptionByKey(customerId: string, key: string): Promise<Stripe.Subscription | null> {
    const subs = await stripe.subscriptions.list({
      customer: customerId,
      status: 'all',
      limit: 100,
      expand: [`data.latest_invoice.${FAILURE_EXPAND}`],
    });
    return subs.data.find((s) => s.metadata?.[LECTIO_KEY] === key) ?? null;
  }

  /** The customer's Premium subscription, made once per key: Stripe's idempotency, else found by the key in its metadata. */
  function createPremiumSubscription(
    customerId: string,
    key: string,
    params: Omit<Stripe.SubscriptionCreateParams, 'customer' | 'items' | 'metadata'>,
  ): Promise<Stripe.Subscription> {
    return create(
      key,
      () =>
        stripe.subscriptions.create(
          { customer: customerId, items: [{ price }], ...params, metadata: { [LECTIO_KEY]: key } },
          { idempotencyKey: key },
        ),
      () => subscriptionByKey(customerId, key),
    );
  }

  async function firstInvoice(sub: Stripe.Subscription): Promise<InvoiceResult> {
    const inv = sub.latest_invoice && typeof sub.latest_invoice !== 'string' ? sub.latest_invoice : null;
    const result = inv ? invoiceResultOf(inv) : null;
    if (result) return result;
    const now = Math.floor(Date.now() / 1000);
    return {
      status: 'failed',
      invoiceId: idOf(sub.latest_invoice) ?? `none_${sub.id}`,
      amountCents: PREMIUM_PRICE_CENTS,
      periodStart: isoOf(now),
      periodEnd: isoOf(now),
      message: billingMessages.cardDeclined,
    };
  }

  async function succeededSetupIntentFor(paymentMethodId: string): Promise<boolean> {
    const r = await call(() => stripe.setupIntents.list({ payment_method: paymentMethodId, limit: 10 }));
    return r.data.some((si) => si.status === 'succeeded');
  }

  const provider: StripeProvider = {
    name: 'stripe',
    publishableKey: options.publishableKey,
    stripe,

    async ensureCustomer({ userId, email }, key) {
      const found = await findCustomerOfUser(userId);
      if (found) return { customerId: found.id };
      const customer = await create(
        key,
        () => stripe.customers.create({ email, metadata: { userId, [LECTIO_KEY]: key } }, { idempotencyKey: key }),
        () => findCustomerOfUser(userId),
      );
      return { customerId: customer.id };
    },

    async createSetupIntent({ customerId }, key) {
      const si = await call(() =>
        stripe.setupIntents.create(
          { ...(customerId ? { customer: customerId } : {}), usage: 'off_session', metadata: { [LECTIO_KEY]: key } },
          { idempotencyKey: key },
        ),
      );
      if (!si.client_secret) throw new SetupIntentInvalidError();
      return { setupIntentId: si.id, clientSecret: si.client_secret };
    },

    async attachPaymentMethod({ customerId, paymentMethodId }) {
      let pm: Stripe.PaymentMethod;
      try {
        pm = await stripe.paymentMethods.retrieve(paymentMethodId);
      } catch (err) {
        if (isMissing(err)) throw new InvalidCardError(billingMessages.paymentMethodNotAttached);
        throw mapStripeError(err);
      }
      const owner = idOf(pm.customer);
      if (owner === customerId) return cardOf(pm);
      if (owner !== null || !(await succeededSetupIntentFor(paymentMethodId)))
        throw new InvalidCardError(billingMessages.paymentMethodNotAttached);
      try {
        return cardOf(await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
      } catch (err) {
        // A card detached before (or used once without a customer) cannot be attached again.
        if (err instanceof Stripe.errors.StripeInvalidRequestError)
          throw new InvalidCardError(billingMessages.paymentMethodNotAttached);
        throw mapStripeError(err);
      }
    },

    async setDefaultPaymentMethod({ customerId, paymentMethodId }) {
      try {
        await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError)
          throw new InvalidCardError(billingMessages.paymentMethodNotFound);
        throw mapStripeError(err);
      }
    },

    async detachPaymentMethod({ paymentMethodId }) {
      try {
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return; // already detached: the goal holds
        throw mapStripeError(err);
      }
    },

    async createTrialSubscription({ customerId, trialEndsAt }, key) {
      const sub = await createPremiumSubscription(customerId, key, {
        // Whole seconds, rounded up: Stripe's trial never ends before ours.
        trial_end: seconds(trialEndsAt),
        // The card comes first, so this is a backstop: a trial that somehow has no card ends, never runs unpaid.
        trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
        payment_settings: { save_default_payment_method: 'on_subscription' },
      });
      return { subscriptionId: sub.id };
    },

    async createSubscription({ customerId }, key) {
      const sub = await createPremiumSubscription(customerId, key, {
        // The first invoice is tried now; if the card fails the subscription stays 'incomplete' and we end it.
        payment_behavior: 'allow_incomplete',
        expand: [`latest_invoice.${FAILURE_EXPAND}`],
      });
      const invoice = await firstInvoice(sub);
      if (invoice.status === 'failed' && sub.status === 'incomplete') {
        // Like the sandbox: a subscription whose first payment failed never starts.
        await stripe.subscriptions.cancel(sub.id).catch(() => {});
      }
      return { subscriptionId: sub.id, invoice };
    },

    async endTrialNow({ subscriptionId, now }, key) {
      try {
        // error_if_incomplete: a refused card leaves the subscription as it was (still in its trial).
        const sub = await stripe.subscriptions.update(
          subscriptionId,
          {
            trial_end: 'now',
            payment_behavior: 'error_if_incomplete',
            proration_behavior: 'none',
            expand: [`latest_invoice.${FAILURE_EXPAND}`],
          },
          { idempotencyKey: key },
        );
        return firstInvoice(sub);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          const at = now.toISOString();
          return {
            status: 'failed',
            invoiceId: `declined_${key}`,
            amountCents: PREMIUM_PRICE_CENTS,
            periodStart: at,
            periodEnd: at,
            message: err.message || billingMessages.cardDeclined,
          };
        }
        throw mapStripeError(err);
      }
    },

    async collectInvoice({ subscriptionId, periodStart, retry }, key) {
      const invoices = await call(() =>
        stripe.invoices.list({ subscription: subscriptionId, limit: 24, expand: [`data.${FAILURE_EXPAND}`] }),
      );
      const charged = invoices.data.filter((i) => i.amount_due > 0 && i.status !== 'void' && i.status !== 'draft');
      if (retry) {
        // A past_due reader fixed the card: pay the open invoice again now, on the new default.
        const open = charged.find((i) => i.status === 'open');
        if (!open) return { status: 'pending' };
        try {
          await stripe.invoices.pay(open.id!, {}, { idempotencyKey: key });
        } catch (err) {
          if (!(err instanceof Stripe.errors.StripeCardError)) throw mapStripeError(err);
        }
        const again = await call(() => stripe.invoices.retrieve(open.id!, { expand: [FAILURE_EXPAND] }));
        return invoiceResultOf(again) ?? { status: 'pending' };
      }
      // Stripe bills on its own clock: the invoice for the period starting at `periodStart`, once it was tried.
      const want = Math.floor(periodStart.getTime() / 1000);
      const match = charged.find((i) => Math.abs(servicePeriod(i).start - want) <= 3600);
      return (match && invoiceResultOf(match)) ?? { status: 'pending' };
    },

    async cancelAtPeriodEnd({ subscriptionId }) {
      await call(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    },
    async resume({ subscriptionId }) {
      await call(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }));
    },
    async cancelNow({ subscriptionId }) {
      try {
        await stripe.subscriptions.cancel(subscriptionId);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return; // already canceled
        throw mapStripeError(err);
      }
    },

    async findPaymentMethod({ paymentMethodId }) {
      let pm: Stripe.PaymentMethod;
      try {
        pm = await stripe.paymentMethods.retrieve(paymentMethodId);
      } catch (err) {
        if (isMissing(err)) return null;
        throw mapStripeError(err);
      }
      if (!pm.card) return null;
      return {
        ...cardOf(pm),
        customerId: idOf(pm.customer),
        usable: await succeededSetupIntentFor(pm.id),
        fingerprint: pm.card.fingerprint ?? null,
      };
    },

    async changedSince(since) {
      const events = await call(() =>
        stripe.events.list({ created: { gte: Math.floor(since.getTime() / 1000) }, limit: 100 }),
      );
      const customers = new Set<string>();
      for (const e of events.data) {
        const c = customerOfObject(e.data.object);
        if (c) customers.add(c);
      }
      const users: string[] = [];
      for (const c of customers) {
        const u = await provider.userOfCustomer(c);
        if (u) users.push(u);
      }
      return users;
    },

    async userOfCustomer(customerId) {
      try {
        const c = await stripe.customers.retrieve(customerId);
        return c.deleted ? null : (c.metadata?.userId ?? null);
      } catch (err) {
        if (isMissing(err)) return null;
        throw mapStripeError(err);
      }
    },

    async describeCustomer({ userId }): Promise<ProviderCustomer | null> {
      const customer = await findCustomerOfUser(userId);
      if (!customer) return null;
      const [subs, invoices] = await Promise.all([
        call(() => stripe.subscriptions.list({ customer: customer.id, status: 'all', limit: 100 })),
        call(() => stripe.invoices.list({ customer: customer.id, limit: 100, expand: [`data.${FAILURE_EXPAND}`] })),
      ]);
      const ofSub = (inv: Stripe.Invoice) => idOf(inv.parent?.subscription_details?.subscription ?? null);
      return {
        customerId: customer.id,
        defaultPaymentMethodId: idOf(customer.invoice_settings?.default_payment_method ?? null),
        subscriptions: [...subs.data]
          .sort((a, b) => a.created - b.created)
          .map((s) => ({
            subscriptionId: s.id,
            status: subscriptionStatus(s.status),
            trialEnd: s.trial_end ? isoOf(s.trial_end) : null,
            cancelAtPeriodEnd: s.cancel_at_period_end,
            invoices: invoices.data
              .filter((i) => ofSub(i) === s.id && i.amount_due > 0)
              .sort((a, b) => a.created - b.created)
              .map(invoiceResultOf)
              .filter((r): r is InvoiceResult => r !== null),
          })),
      };
    },

    // ---- card set-up and checkout, the Stripe way; the development tools ----------------------

    async confirmSetup() {
      // With Stripe the card never reaches our server: Stripe.js confirms the SetupIntent in the browser.
      throw new InvalidCardError('Cards are confirmed by Stripe in the browser on this server.');
    },

    async attachTestCard({ customerId }) {
      // Stripe's test-mode card token (development only: activate-subscription refuses in production).
      return cardOf(await call(() => stripe.paymentMethods.attach('pm_card_visa', { customer: customerId })));
    },

    async createCheckoutSession({ userId }) {
      // The customer names the reader (metadata.userId) before Checkout starts, so every webhook finds them.
      const customer =
        (await findCustomerOfUser(userId)) ??
        (await call(() =>
          stripe.customers.create({ metadata: { userId } }, { idempotencyKey: `${userId}:checkout-customer` }),
        ));
      const base = options.publicUrl.replace(/\/$/, '');
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price, quantity: 1 }],
          client_reference_id: userId,
          customer: customer.id,
          success_url: `${base}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${base}/subscription`,
          subscription_data: { metadata: { userId } },
        }),
      );
      return { sessionId: session.id, url: session.url ?? undefined };
    },

    async findCheckoutSession(sessionId) {
      try {
        const s = await stripe.checkout.sessions.retrieve(sessionId);
        // Only a paid session counts: the success page must never subscribe on an unpaid (open or expired) one.
        // The subscription itself is recorded from the webhook (checkout.session.completed, invoice.paid).
        if (!s.client_reference_id || s.status !== 'complete' || s.payment_status !== 'paid') return null;
        return { userId: s.client_reference_id, status: 'complete' };
      } catch (err) {
        if (isMissing(err)) return null;
        throw mapStripeError(err);
      }
    },

    async completeCheckoutSession() {
      // Stripe completes the session itself; the webhook (checkout.session.completed) records the subscription.
    },

    async invoicesOf(userId) {
      const c = await provider.describeCustomer({ userId });
      return c ? c.subscriptions.flatMap((s) => s.invoices) : [];
    },
  };
  return provider;
}
