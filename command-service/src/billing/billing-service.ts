import { accessOf, type CardFacts, type SubscriptionEvent, TRIAL_DAYS } from '@lectio/contracts/billing';
import type { EventMetadata } from '@lectio/contracts/events';
import type { CommandHandler, Runtime } from '@lectio/platform';
import { PaymentDeclinedError } from './errors';
import { SubscriptionLocks } from './subscription-lock';
import { subscriptionStream } from './subscription-stream';
import type { BillingProvider, InvoiceResult, ProviderCustomer, ProviderSubscription } from './provider';
import {
  checkCanActivate,
  checkCanConvert,
  renewalDue,
  type SubscriptionCommand,
  subscriptionDecider,
  type SubscriptionState,
  subscriptionFactsOf,
  trialRunning,
} from './subscription-decider';

const DAY_MS = 86_400_000;

export interface Changed {
  events: SubscriptionEvent[];
  position: bigint;
}

/**
 * The billing use cases: each checks the rule first (a dry run of the pure decider, so the
 * provider is asked for nothing the domain would refuse), then asks the provider, then appends
 * through the decider. Idempotency keys name the user, the use case and the facts the decision
 * rests on (the trial, the number of charges so far, the card): two clicks on the same state send
 * the same key and get the provider's one answer (one subscription, one charge); the second append
 * then finds that invoice already recorded and changes nothing. A changed fact (another card after
 * a decline) makes a new key, so a retry on a new card is a new attempt. One subscription's use
 * cases run one at a time (SubscriptionLocks), so what the provider holds is what the stream says.
 */
export class BillingService {
  readonly handler: CommandHandler<SubscriptionCommand, SubscriptionEvent, ReturnType<typeof subscriptionDecider.initialState>>;

  private readonly locks: SubscriptionLocks;

  constructor(
    readonly rt: Pick<Runtime, 'store' | 'clock' | 'logger' | 'db'>,
    readonly provider: BillingProvider,
  ) {
    this.locks = new SubscriptionLocks(rt.db);
    this.handler = subscriptionStream(rt.store);
  }

  now() {
    return this.rt.clock.now();
  }

  async load(userId: string): Promise<{ state: SubscriptionState }> {
    return { state: await this.handler.load(userId) };
  }

  /** Refuses (throws the domain error) exactly as the real decision would, with no effect. */
  private dryRun(state: SubscriptionState, command: SubscriptionCommand) {
    return subscriptionDecider.decide(command, state);
  }

  private handle(userId: string, command: SubscriptionCommand, meta: EventMetadata): Promise<Changed> {
    return this.handler.handle(userId, command, meta);
  }

  private async customer(userId: string, email: string, state: SubscriptionState) {
    return state.customerId ?? (await this.provider.ensureCustomer({ userId, email }, `${userId}:customer`)).customerId;
  }

  // ---- trial ----------------------------------------------------------------------------------

  /** Signed in, no card yet: the trial starts now; the provider's subscription is in trial too. */
  async startTrial(userId: string, email: string, meta: EventMetadata): Promise<Changed> {
    return this.locks.run(userId, async () => {
      const { state } = await this.load(userId);
      const at = this.now();
      const trialEndsAt = new Date(at.getTime() + TRIAL_DAYS * DAY_MS);
      this.dryRun(state, { type: 'StartTrial', at, trialEndsAt, customerId: null, providerSubscriptionId: null });
      const customerId = await this.customer(userId, email, state);
      const { subscriptionId } = await this.provider.createTrialSubscription({ customerId, trialEndsAt, now: at }, `${userId}:trial`);
      return this.handle(userId, { type: 'StartTrial', at, trialEndsAt, customerId, providerSubscriptionId: subscriptionId }, meta);
    });
  }

  /** The trial sign-up's second half: the new user's card, then the trial on it. */
  async startTrialWithCard(userId: string, email: string, paymentMethodId: string, meta: EventMetadata): Promise<Changed> {
    return this.locks.run(userId, async () => {
      const { state } = await this.load(userId);
      const at = this.now();
      const trialEndsAt = new Date(at.getTime() + TRIAL_DAYS * DAY_MS);
      this.dryRun(state, { type: 'StartTrial', at, trialEndsAt, customerId: null, providerSubscriptionId: null });
      const customerId = await this.customer(userId, email, state);
      const card = await this.provider.attachPaymentMethod({ customerId, paymentMethodId });
      await this.provider.setDefaultPaymentMethod({ customerId, paymentMethodId });
      const { subscriptionId } = await this.provider.createTrialSubscription({ customerId, trialEndsAt, now: at }, `${userId}:trial`);
      return this.handle(userId, { type: 'StartTrial', at, trialEndsAt, customerId, providerSubscriptionId: subscriptionId, card }, meta);
    });
  }

  /** 'Start Premium Now': the trial ends today and the first month is charged. */
  async convertTrial(userId: string, meta: EventMetadata): Promise<Changed> {
    return this.locks.run(userId, async () => {
      const { state } = await this.load(userId);
      const at = this.now();
      checkCanConvert(state, at, 'upgraded');
      const invoice = await this.provider.endTrialNow(
        { subscriptionId: state.providerSubscriptionId!, now: at },
        `${userId}:convert:${state.trialEndsAt}:${state.defaultPaymentMethodId}`,
      );
      if (invoice.status === 'failed') throw new PaymentDeclinedError(invoice.message);
      return this.handle(
        userId,
        {
          type: 'ConvertTrial',
          at,
          reason: 'upgraded',
          customerId: state.customerId!,
          providerSubscriptionId: state.providerSubscriptionId!,
          charge: chargeOf(invoice),
        },
        meta,
      );
    });
  }

  // ---- paid subscription ----------------------------------------------------------------------

  /**
   * Subscribe (checkout, activate-subscription, renew after the end). A reader in a running trial
   * is converted; a cancelled subscription still running is resumed (no charge).
   * `testCard`: development sandbox only: with no card on file, a sandbox 4242 card is attached.
   */
  async subscribe(
    userId: string,
    email: string,
    meta: EventMetadata,
    options: { testCard?: (idempotencyKey: string) => Promise<CardFacts & { customerId: string }> } = {},
  ): Promise<Changed> {
    return this.locks.run(userId, async () => {
      let { state } = await this.load(userId);
      const at = this.now();
      const stillRunning = state.status === 'canceled' && accessOf(subscriptionFactsOf(state), at).status === 'canceled';
      if (stillRunning && !state.cancelledDuringTrial) return this.resume(userId, meta);
      if (stillRunning && state.cancelledDuringTrial) {
        // A reader who cancelled the trial and now subscribes: the trial is taken back and, with a
        // card on file, converted at once (the reader asked for Premium, not for more trial).
        const resumed = await this.resume(userId, meta);
        return state.defaultPaymentMethodId ? this.convertTrial(userId, meta) : resumed;
      }
      if (trialRunning(state, at) && state.defaultPaymentMethodId) return this.convertTrial(userId, meta);
      if (!state.defaultPaymentMethodId && options.testCard && (state.status === 'inactive' || state.status === 'canceled')) {
        const card = await options.testCard(`${userId}:test-card:${state.paidInvoices.length}`);
        await this.provider.setDefaultPaymentMethod({ customerId: card.customerId, paymentMethodId: card.paymentMethodId });
        await this.handle(userId, { type: 'AddPaymentMethod', at, customerId: card.customerId, card: stripCustomer(card), makeDefault: true }, meta);
        ({ state } = await this.load(userId));
      }
      checkCanActivate(state, at);
      const customerId = await this.customer(userId, email, state);
      const { subscriptionId, invoice } = await this.provider.createSubscription(
        { customerId, now: at },
        `${userId}:subscribe:${state.paidInvoices.length}:${state.defaultPaymentMethodId}`,
      );
      if (invoice.status === 'failed') throw new PaymentDeclinedError(invoice.message);
      return this.handle(userId, { type: 'Activate', at, customerId, providerSubscriptionId: subscriptionId, charge: chargeOf(invoice) }, meta);
    });
  }

  async cancel(userId: string, meta: EventMetadata): Promise<Changed> {
    return this.locks.run(userId, async () => {
      const { state } = await this.load(userId);
      const at = this.now();
      const events = this.dryRun(state, { type: 'Cancel', at });
      if (state.providerSubscriptionId) {
        if (events.some((e) => e.type === 'SubscriptionEnded')) await this.provider.cancelNow({ subscriptionId: state.providerSubscriptionId });
        else await this.provider.cancelAtPeriodEnd({ subscriptionId: state.providerSubscriptionId });
      }
      return this.handle(userId, { type: 'Cancel', at }, meta);
    });
  }

  /** Renew before the paid period ends: the cancellation is withdrawn, nothing is charged. */
  async resume(userId: string, meta: EventMetadata): Promise<Changed> {
    return this.locks.run(userId, async () => {
      const { state } = await this.load(userId);
      const at = this.now();
      this.dryRun(state, { type: 'Resume', at });
      if (state.providerSubscriptionId) await this.provider.resume({ subscriptionId: state.providerSubscriptionId });
      return this.handle(userId, { type: 'Resume', at }, meta);
    });
  }

  // ---- cards ----------------------------------------------------------------------------------

  async addPaymentMethod(userId: string, email: string, paymentMethodId: string, meta: EventMetadata): Promise<Changed> {
    return this.locks.run(userId, async () => {
      const { state } = await this.load(userId);
      const at = this.now();
      const customerId = await this.customer(userId, email, state);
      const card = await this.provider.attachPaymentMethod({ customerId, paymentMethodId });
      const makeDefault = !state.defaultPaymentMethodId;
      if (makeDefault) await this.provider.setDefaultPaymentMethod({ customerId, paymentMethodId });
      const added = await this.handle(userId, { type: 'AddPaymentMethod', at, customerId, card, makeDefault }, meta);
      const retried = makeDefault ? await this.retryPastDue(userId, meta) : null;
      return retried ?? added;
    });
  }

  async setDefaultPaymentMethod(userId: string, paymentMethodId: string, meta: EventMetadata): Promise<Changed> {
    return this.locks.run(userId, async () => {
      const { state } = await this.load(userId);
      const at = this.now();
      const events = this.dryRun(state, { type: 'SetDefaultPaymentMethod', at, paymentMethodId });
      if (events.length) await this.provider.setDefaultPaymentMethod({ customerId: state.customerId!, paymentMethodId });
      const changed = await this.handle(userId, { type: 'SetDefaultPaymentMethod', at, paymentMethodId }, meta);
      return (await this.retryPastDue(userId, meta)) ?? changed;
    });
  }

  async removePaymentMethod(userId: string, paymentMethodId: string, meta: EventMetadata): Promise<Changed> {
    return this.locks.run(userId, async () => {
      const { state } = await this.load(userId);
      const at = this.now();
      this.dryRun(state, { type: 'RemovePaymentMethod', at, paymentMethodId });
      await this.provider.detachPaymentMethod({ customerId: state.customerId!, paymentMethodId });
      return this.handle(userId, { type: 'RemovePaymentMethod', at, paymentMethodId }, meta);
    });
  }

  /** A past_due reader who just set a (new) default card: the open period is charged again now. */
  private async retryPastDue(userId: string, meta: EventMetadata): Promise<Changed | null> {
    const { state } = await this.load(userId);
    if (state.status !== 'past_due' || !state.providerSubscriptionId || !state.defaultPaymentMethodId) return null;
    const at = this.now();
    const invoice = await this.provider.collectInvoice(
      { subscriptionId: state.providerSubscriptionId, periodStart: at, now: at, retry: true },
      `${userId}:retry:${state.failedInvoices.length}:${state.defaultPaymentMethodId}`,
    );
    if (invoice.status === 'pending') return null;
    return this.record(userId, invoice, at, meta);
  }

  private record(userId: string, invoice: InvoiceResult, at: Date, meta: EventMetadata): Promise<Changed> {
    if (invoice.status === 'paid') return this.handle(userId, { type: 'RecordRenewal', at, charge: chargeOf(invoice) }, meta);
    return this.handle(userId, paymentFailureOf(invoice, at), meta);
  }

  // ---- due work (the billing policy) ----------------------------------------------------------

  /**
   * Everything due for one subscription at `now`: the trial-ending notice, the trial's end
   * (charge with a card, expire without), renewals (one per elapsed period), the end of a
   * cancelled or unpaid subscription. Safe to repeat: every charge has a key naming its period.
   */
  async runDue(userId: string, meta: EventMetadata): Promise<number> {
    return this.locks.run(userId, async () => {
      let written = 0;
      for (let step = 0; step < 48; step++) {
        const { state } = await this.load(userId);
        const at = this.now();
        const changed = await this.dueStep(userId, state, at, meta);
        if (!changed || changed.events.length === 0) return written;
        written += changed.events.length;
      }
      this.rt.logger.warn({ userId }, 'billing: due work did not settle after 48 steps');
      return written;
    });
  }

  private async dueStep(userId: string, s: SubscriptionState, at: Date, meta: EventMetadata): Promise<Changed | null> {
    if (s.status === 'trial') {
      if (trialRunning(s, at)) return this.handle(userId, { type: 'NoticeTrialEnding', at }, meta);
      if (!s.defaultPaymentMethodId || !s.providerSubscriptionId) {
        if (s.providerSubscriptionId) await this.provider.cancelNow({ subscriptionId: s.providerSubscriptionId });
        return this.handle(userId, { type: 'ExpireTrial', at }, meta);
      }
      const invoice = await this.provider.collectInvoice(
        { subscriptionId: s.providerSubscriptionId, periodStart: new Date(s.trialEndsAt!), now: at },
        `${userId}:trial-end:${s.trialEndsAt}`,
      );
      if (invoice.status === 'pending') return null;
      if (invoice.status === 'failed') return this.record(userId, invoice, at, meta);
      return this.handle(
        userId,
        {
          type: 'ConvertTrial',
          at,
          reason: 'trial_ended',
          customerId: s.customerId!,
          providerSubscriptionId: s.providerSubscriptionId,
          charge: chargeOf(invoice),
        },
        meta,
      );
    }
    if (s.status === 'active' && renewalDue(s, at) && s.providerSubscriptionId) {
      const invoice = await this.provider.collectInvoice(
        { subscriptionId: s.providerSubscriptionId, periodStart: new Date(s.periodEnd!), now: at },
        `${userId}:renew:${s.periodEnd}`,
      );
      if (invoice.status === 'pending') return null;
      return this.record(userId, invoice, at, meta);
    }
    if (s.status === 'canceled' || s.status === 'past_due') {
      const events = subscriptionDecider.decide({ type: 'EndSubscription', at }, s);
      if (events.length === 0) return null;
      if (s.providerSubscriptionId) await this.provider.cancelNow({ subscriptionId: s.providerSubscriptionId });
      return this.handle(userId, { type: 'EndSubscription', at }, meta);
    }
    return null;
  }

  // ---- reconciliation -------------------------------------------------------------------------

  /**
   * Brings the stream in line with the provider after a crash between its answer and our append:
   * every paid invoice the stream does not know is recorded as the event it stands for (once: the
   * decider ignores an invoice it has seen). Failed invoices count only when the provider holds the
   * subscription past due (a refused upgrade changes nothing).
   */
  private reconcileTrialStart(userId: string, customer: ProviderCustomer, sub: ProviderSubscription, meta: EventMetadata) {
    return reconcileTrialStartOf(this, userId, customer, sub, meta);
  }

  async reconcile(userId: string, meta: EventMetadata): Promise<number> {
    return this.locks.run(userId, async () => {
      const customer = await this.provider.describeCustomer({ userId });
      if (!customer) return 0;
      let written = 0;
      for (const sub of customer.subscriptions) {
        written += await this.reconcileTrialStart(userId, customer, sub, meta);
        for (const invoice of sub.invoices) {
          const { state } = await this.load(userId);
          if (state.paidInvoices.includes(invoice.invoiceId) || state.failedInvoices.includes(invoice.invoiceId)) continue;
          const at = new Date(invoice.periodStart);
          let command: SubscriptionCommand | null = null;
          if (invoice.status === 'paid') {
            const base = { customerId: customer.customerId, providerSubscriptionId: sub.subscriptionId, charge: chargeOf(invoice) };
            if (
              state.status === 'trial' ||
              (state.status === 'inactive' && !state.periodStart && state.trialUsed && state.trialEndsAt && at < new Date(state.trialEndsAt))
            ) {
              const reason = state.trialEndsAt && at.getTime() < new Date(state.trialEndsAt).getTime() ? 'upgraded' : 'trial_ended';
              command = { type: 'ConvertTrial', at, reason, ...base };
            } else if (state.status === 'active' || state.status === 'past_due') command = { type: 'RecordRenewal', at, charge: chargeOf(invoice) };
            else command = { type: 'Activate', at, ...base };
          } else if (sub.status === 'past_due') {
            command = paymentFailureOf(invoice, at);
          }
          if (!command) continue;
          try {
            written += (await this.handle(userId, command, meta)).events.length;
          } catch (err) {
            this.rt.logger.warn({ userId, invoiceId: invoice.invoiceId, err: String(err) }, 'billing: an invoice could not be reconciled');
          }
        }
      }
      return written;
    });
  }
}

/** A trial the provider runs but our stream never recorded (a crash in the trial sign-up). */
async function reconcileTrialStartOf(
  service: BillingService,
  userId: string,
  customer: ProviderCustomer,
  sub: ProviderSubscription,
  meta: EventMetadata,
): Promise<number> {
  if (sub.status !== 'trialing' || !sub.trialEnd) return 0;
  const { state } = await service.load(userId);
  if (state.trialUsed) return 0;
  const trialEndsAt = new Date(sub.trialEnd);
  const at = new Date(trialEndsAt.getTime() - TRIAL_DAYS * DAY_MS);
  const pm = customer.defaultPaymentMethodId ? await service.provider.findPaymentMethod({ paymentMethodId: customer.defaultPaymentMethodId }) : null;
  const card = pm ? { paymentMethodId: pm.paymentMethodId, brand: pm.brand, last4: pm.last4, expMonth: pm.expMonth, expYear: pm.expYear } : undefined;
  const changed = await service.handler.handle(
    userId,
    { type: 'StartTrial', at, trialEndsAt, customerId: customer.customerId, providerSubscriptionId: sub.subscriptionId, card },
    meta,
  );
  return changed.events.length;
}

export function chargeOf(invoice: { invoiceId: string; amountCents: number; periodStart: string; periodEnd: string }) {
  return { invoiceId: invoice.invoiceId, amountCents: invoice.amountCents, periodStart: invoice.periodStart, periodEnd: invoice.periodEnd };
}

/** The command that records a refused charge: the invoice, its amount and period, the provider's message. */
export function paymentFailureOf(invoice: Extract<InvoiceResult, { status: 'failed' }>, at: Date): SubscriptionCommand {
  return {
    type: 'RecordPaymentFailure',
    at,
    invoiceId: invoice.invoiceId,
    amountCents: invoice.amountCents,
    reason: invoice.message,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
  };
}

function stripCustomer(card: CardFacts & { customerId: string }): CardFacts {
  return { paymentMethodId: card.paymentMethodId, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
}
