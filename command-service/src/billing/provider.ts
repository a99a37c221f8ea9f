import type { BillingProviderName, CardFacts } from '@lectio/contracts/billing';

/**
 * The billing provider port, shaped after Stripe's model so the Stripe adapter is a thin mapping:
 * customer; SetupIntent -> PaymentMethod (confirmed in the browser); the customer's default
 * payment method; a subscription with a trial; cancel at period end (and undo it); end a trial
 * now; invoices paid or failed. Money moves only here. Every call that creates something or moves
 * money takes an idempotency key derived from our command (stream, revision, command type), so a
 * double click or a retry after a crash gets the provider's first answer back, never a second
 * customer, subscription or charge. See README.md beside this file.
 */
export interface BillingProvider {
  readonly name: BillingProviderName;
  /** For the browser (Stripe.js); null for the sandbox. */
  readonly publishableKey: string | null;

  /** The customer of a user, created once (Stripe: customers.create with metadata.userId). */
  ensureCustomer(input: { userId: string; email: string }, idempotencyKey: string): Promise<{ customerId: string }>;
  /** A SetupIntent for a card, with no customer yet for a signed-out trial sign-up. */
  createSetupIntent(
    input: { customerId: string | null },
    idempotencyKey: string,
  ): Promise<{ setupIntentId: string; clientSecret: string }>;
  /**
   * The card a confirmed SetupIntent produced, attached to the customer (Stripe:
   * paymentMethods.attach). Refused with 'Payment method not attached to setup intent' when no
   * succeeded SetupIntent produced it, or it belongs to someone else.
   */
  attachPaymentMethod(input: { customerId: string; paymentMethodId: string }): Promise<CardFacts>;
  /** invoice_settings.default_payment_method of the customer (and its subscription). */
  setDefaultPaymentMethod(input: { customerId: string; paymentMethodId: string }): Promise<void>;
  detachPaymentMethod(input: { customerId: string; paymentMethodId: string }): Promise<void>;

  /** A subscription in trial until `trialEndsAt`, charged nothing now. */
  createTrialSubscription(
    input: { customerId: string; trialEndsAt: Date; now: Date },
    idempotencyKey: string,
  ): Promise<{ subscriptionId: string }>;
  /** A paid subscription whose first invoice is charged now (on the default card). */
  createSubscription(
    input: { customerId: string; now: Date },
    idempotencyKey: string,
  ): Promise<{ subscriptionId: string; invoice: InvoiceResult }>;
  /** Ends the trial now and charges the first period (Stripe: trial_end 'now'). */
  endTrialNow(input: { subscriptionId: string; now: Date }, idempotencyKey: string): Promise<InvoiceResult>;
  /**
   * The invoice of the period starting at `periodStart` (a renewal, or the first invoice when a
   * trial ends). The sandbox charges it now; Stripe charges on its own clock, so its adapter
   * reads the invoice Stripe made and answers 'pending' until there is one.
   */
  collectInvoice(
    input: { subscriptionId: string; periodStart: Date; now: Date; retry?: boolean },
    idempotencyKey: string,
  ): Promise<InvoiceResult | { status: 'pending' }>;
  /** cancel_at_period_end = true (a trial cancelled so is never charged). */
  cancelAtPeriodEnd(input: { subscriptionId: string }): Promise<void>;
  /** cancel_at_period_end = false: renew before the period ended. */
  resume(input: { subscriptionId: string }): Promise<void>;
  /** Ends it at once (a trial expiring without a card, a past_due subscription given up). */
  cancelNow(input: { subscriptionId: string }): Promise<void>;

  /**
   * A card as the provider knows it (Stripe: paymentMethods.retrieve), or null. `fingerprint` is
   * the provider's (Stripe: card.fingerprint): the same card number has the same one on any
   * customer; it never goes into our events (one trial per card, trial-claims.ts).
   */
  findPaymentMethod(input: {
    paymentMethodId: string;
  }): Promise<(CardFacts & { customerId: string | null; usable: boolean; fingerprint: string | null }) | null>;
  /**
   * Card set-up without the browser: what Stripe.js does against Stripe, confirming a SetupIntent
   * with a card (POST /api/sandbox/confirm-setup). The sandbox does it; Stripe refuses it, since
   * its cards are confirmed by Stripe.js in the browser and never reach our server.
   */
  confirmSetup(
    input: { clientSecret: string; card: { number: string; expMonth: number; expYear: number } },
    now: Date,
  ): Promise<CardFacts>;

  /** A checkout session for the reader; `url` is the provider's hosted page (the sandbox has none: our success page completes it). */
  createCheckoutSession(input: { userId: string }, now: Date): Promise<{ sessionId: string; url?: string }>;
  /** A session the reader may be sent back with: Stripe answers only a paid one. */
  findCheckoutSession(sessionId: string): Promise<{ userId: string; status: string } | null>;
  /** Marks it complete (the sandbox); Stripe completes its sessions itself. */
  completeCheckoutSession(sessionId: string): Promise<void>;

  /** Users whose customer, subscriptions or invoices changed since `since`: to reconcile after a crash. */
  changedSince(since: Date): Promise<string[]>;
  /** What the provider knows of a user's subscriptions and invoices: for reconciliation. */
  describeCustomer(input: { userId: string }): Promise<ProviderCustomer | null>;
}

/**
 * What development and tests use beside the port, never a use case in production: a test card
 * attached without a browser (POST /api/activate-subscription), and the invoices of a reader.
 */
export interface BillingDevTools {
  /** Attaches a fresh 4242 card (Stripe: its test token) to the customer. */
  attachTestCard(input: { customerId: string }, now: Date, idempotencyKey: string): Promise<CardFacts>;
  /** Every invoice of a user, newest last. */
  invoicesOf(userId: string): Promise<InvoiceResult[]>;
}

export type InvoiceResult =
  | { status: 'paid'; invoiceId: string; amountCents: number; periodStart: string; periodEnd: string }
  | {
      status: 'failed';
      invoiceId: string;
      amountCents: number;
      periodStart: string;
      periodEnd: string;
      message: string;
    };

export interface ProviderSubscription {
  subscriptionId: string;
  status: 'trialing' | 'active' | 'past_due' | 'canceled';
  trialEnd: string | null;
  cancelAtPeriodEnd: boolean;
  invoices: InvoiceResult[];
}

export interface ProviderCustomer {
  customerId: string;
  defaultPaymentMethodId: string | null;
  subscriptions: ProviderSubscription[];
}
