import { billingMessages, type CardFacts, type SubscriptionEvent, TRIAL_DAYS } from '@lectio/contracts/billing';
import type { EventMetadata } from '@lectio/contracts/events';
import { DomainError, type Runtime } from '@lectio/platform';
import { InvalidCardError, PaymentDeclinedError } from './errors';
import { claimTrial, type PriorTrial, priorTrialOf, releaseTrialClaims, trialClaimKeys } from './trial-claims';
import { SubscriptionLocks } from './subscription-lock';
import type { SubscriptionStream } from './subscription-stream';
import type { BillingProvider, ProviderCustomer, ProviderSubscription } from './provider';
import { initialSubscriptionState, type SubscriptionCommand, type SubscriptionState } from './subscription-decider';
import {
  activateCommand,
  activationOf,
  cancellationOf,
  cardFactsOf,
  chargeOf,
  conversionOf,
  dryRun,
  dueStepOf,
  invoiceCommandOf,
  pastDueRetryOf,
  subscribeChoice,
  unrecordedInvoiceOf,
  unrecordedTrialOf,
} from './choices';
import { DAY_MS } from '@lectio/contracts/time';

const trialEndOf = (at: Date) => new Date(at.getTime() + TRIAL_DAYS * DAY_MS);

export interface Changed {
  events: SubscriptionEvent[];
  position: bigint;
}

/**
 * The billing use cases: each reads the stream, asks the pure choices beside the decider
 * (choices.ts) which command comes now, checks the rule first (a dry run of the decider, the one
 * pre-check, so the provider is asked for nothing the domain would refuse), then asks the
 * provider, then appends through the decider. Idempotency keys name the user, the use case and the facts the decision
 * rests on (the trial, the number of charges so far, the card): two clicks on the same state send
 * the same key and get the provider's one answer (one subscription, one charge); the second append
 * then finds that invoice already recorded and changes nothing. A changed fact (another card after
 * a decline) makes a new key, so a retry on a new card is a new attempt. One subscription's use
 * cases run one at a time (SubscriptionLocks), so what the provider holds is what the stream says.
 */
export class BillingService {
  private readonly locks: SubscriptionLocks;

  /**
   * `handler` is the process's one handler of the subscription stream, made by the billing module
   * (Stripe's webhook, the assistant's entitlement and support's actions use the same).
   */
  constructor(
    readonly rt: Pick<Runtime, 'clock' | 'logger' | 'db'>,
    readonly provider: BillingProvider,
    readonly handler: SubscriptionStream,
  ) {
    this.locks = new SubscriptionLocks(rt.db);
  }

  now() {
    return this.rt.clock.now();
  }

  async load(userId: string): Promise<{ state: SubscriptionState }> {
    return { state: await this.handler.load(userId) };
  }

  private handle(userId: string, command: SubscriptionCommand, meta: EventMetadata): Promise<Changed> {
    return this.handler.handle(userId, command, meta);
  }

  private async customer(userId: string, email: string, state: SubscriptionState) {
    return state.customerId ?? (await this.provider.ensureCustomer({ userId, email }, `${userId}:customer`)).customerId;
  }

  // ---- trial ----------------------------------------------------------------------------------

  /**
   * Whether a new account may have a trial with this e-mail address and card (the decider, dry, on
   * an empty stream, with the claims other accounts hold): the trial sign-up asks before anyone is
   * registered, so a refused trial leaves no account behind.
   */
  async checkNewTrial(email: string, card: CardFacts & { fingerprint: string | null }): Promise<void> {
    const at = this.now();
    const priorTrial = await priorTrialOf(this.rt.db, null, trialClaimKeys(email, card.fingerprint));
    dryRun(initialSubscriptionState(), {
      type: 'StartTrial',
      at,
      trialEndsAt: trialEndOf(at),
      customerId: null,
      providerSubscriptionId: null,
      card: cardFactsOf(card),
      priorTrial,
    });
  }

  /**
   * Claims the trial under the reader's e-mail and the card (trial-claims.ts) and runs `start` with
   * what the claims found. Claims it made are given back when the trial is refused; after any
   * other failure (a crash, the provider not answering) the provider may run the trial already
   * (reconciliation records it), so they stay this reader's, who may simply try again.
   */
  private async withTrialClaims(
    userId: string,
    email: string,
    fingerprint: string | null,
    at: Date,
    start: (priorTrial: PriorTrial) => Promise<Changed>,
  ) {
    const claims = await claimTrial(this.rt.db, userId, trialClaimKeys(email, fingerprint), at);
    try {
      return await start(claims.priorTrial);
    } catch (err) {
      if (err instanceof DomainError) await releaseTrialClaims(this.rt.db, userId, claims.taken);
      throw err;
    }
  }

  /** Signed in: the trial starts now on the default card on file (the card comes first); the provider's subscription is in trial too. */
  async startTrial(userId: string, email: string, meta: EventMetadata): Promise<Changed> {
    return this.locks.run(userId, async () => {
      const { state } = await this.load(userId);
      const at = this.now();
      const trialEndsAt = trialEndOf(at);
      const command = {
        type: 'StartTrial',
        at,
        trialEndsAt,
        customerId: state.customerId,
        providerSubscriptionId: null,
      } as const;
      dryRun(state, { ...command, priorTrial: null });
      const onFile = state.defaultPaymentMethodId
        ? await this.provider.findPaymentMethod({ paymentMethodId: state.defaultPaymentMethodId })
        : null;
      return this.withTrialClaims(userId, email, onFile?.fingerprint ?? null, at, async (priorTrial) => {
        dryRun(state, { ...command, priorTrial });
        const customerId = await this.customer(userId, email, state);
        const { subscriptionId } = await this.provider.createTrialSubscription(
          { customerId, trialEndsAt, now: at },
          `${userId}:trial`,
        );
        return this.handle(
          userId,
          { ...command, customerId, providerSubscriptionId: subscriptionId, priorTrial },
          meta,
        );
      });
    });
  }

  /** The trial sign-up's second half: the new user's card, then the trial on it. */
  async startTrialWithCard(
    userId: string,
    email: string,
    paymentMethodId: string,
    meta: EventMetadata,
  ): Promise<Changed> {
    return this.locks.run(userId, async () => {
      const { state } = await this.load(userId);
      const at = this.now();
      const trialEndsAt = trialEndOf(at);
      const found = await this.provider.findPaymentMethod({ paymentMethodId });
      if (!found) throw new InvalidCardError(billingMessages.paymentMethodNotAttached);
      const command = {
        type: 'StartTrial',
        at,
        trialEndsAt,
        customerId: null,
        providerSubscriptionId: null,
        card: cardFactsOf(found),
      } as const;
      dryRun(state, { ...command, priorTrial: null });
      return this.withTrialClaims(userId, email, found.fingerprint, at, async (priorTrial) => {
        dryRun(state, { ...command, priorTrial });
        const customerId = await this.customer(userId, email, state);
        const card = await this.provider.attachPaymentMethod({ customerId, paymentMethodId });
        await this.provider.setDefaultPaymentMethod({ customerId, paymentMethodId });
        const { subscriptionId } = await this.provider.createTrialSubscription(
          { customerId, trialEndsAt, now: at },
          `${userId}:trial`,
        );
        return this.handle(
          userId,
          { ...command, customerId, providerSubscriptionId: subscriptionId, card, priorTrial },
          meta,
        );
      });
    });
  }

  /** 'Start Premium Now': the trial ends today and the first month is charged. */
  async convertTrial(userId: string, meta: EventMetadata): Promise<Changed> {
    return this.locks.run(userId, async () => {
      const { state } = await this.load(userId);
      const at = this.now();
      const { customerId, subscriptionId, keyFacts } = conversionOf(state, at);
      const invoice = await this.provider.endTrialNow({ subscriptionId, now: at }, `${userId}:convert:${keyFacts}`);
      if (invoice.status === 'failed') throw new PaymentDeclinedError(invoice.message);
      const command = {
        type: 'ConvertTrial',
        at,
        reason: 'upgraded',
        customerId,
        providerSubscriptionId: subscriptionId,
        charge: chargeOf(invoice),
      } as const;
      return this.handle(userId, command, meta);
    });
  }

  // ---- paid subscription ----------------------------------------------------------------------

  /**
   * Subscribe (checkout, activate-subscription, renew after the end): resumes, converts or
   * activates as `subscribeChoice` says.
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
      const choice = subscribeChoice(state, at);
      if (choice.next === 'resume') return this.resume(userId, meta);
      if (choice.next === 'resume-then-convert') {
        await this.resume(userId, meta);
        return this.convertTrial(userId, meta);
      }
      if (choice.next === 'convert') return this.convertTrial(userId, meta);
      if (choice.needsCard && options.testCard) {
        const card = await options.testCard(`${userId}:test-card:${state.paidInvoices.size}`);
        await this.provider.setDefaultPaymentMethod({
          customerId: card.customerId,
          paymentMethodId: card.paymentMethodId,
        });
        await this.handle(
          userId,
          { type: 'AddPaymentMethod', at, customerId: card.customerId, card: cardFactsOf(card), makeDefault: true },
          meta,
        );
        ({ state } = await this.load(userId));
      }
      const { keyFacts } = activationOf(state, at);
      const customerId = await this.customer(userId, email, state);
      const { subscriptionId, invoice } = await this.provider.createSubscription(
        { customerId, now: at },
        `${userId}:subscribe:${keyFacts}`,
      );
      if (invoice.status === 'failed') throw new PaymentDeclinedError(invoice.message);
      return this.handle(userId, activateCommand(at, customerId, subscriptionId, chargeOf(invoice)), meta);
    });
  }

  async cancel(userId: string, meta: EventMetadata): Promise<Changed> {
    return this.locks.run(userId, async () => {
      const { state } = await this.load(userId);
      const at = this.now();
      const { providerCall } = cancellationOf(state, at);
      if (providerCall && state.providerSubscriptionId)
        await this.provider[providerCall]({ subscriptionId: state.providerSubscriptionId });
      return this.handle(userId, { type: 'Cancel', at }, meta);
    });
  }

  /** Renew before the paid period ends: the cancellation is withdrawn, nothing is charged. */
  async resume(userId: string, meta: EventMetadata): Promise<Changed> {
    return this.locks.run(userId, async () => {
      const { state } = await this.load(userId);
      const at = this.now();
      dryRun(state, { type: 'Resume', at });
      if (state.providerSubscriptionId) await this.provider.resume({ subscriptionId: state.providerSubscriptionId });
      return this.handle(userId, { type: 'Resume', at }, meta);
    });
  }

  // ---- cards ----------------------------------------------------------------------------------

  async addPaymentMethod(
    userId: string,
    email: string,
    paymentMethodId: string,
    meta: EventMetadata,
  ): Promise<Changed> {
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
      const events = dryRun(state, { type: 'SetDefaultPaymentMethod', at, paymentMethodId });
      if (events.length && state.customerId)
        await this.provider.setDefaultPaymentMethod({ customerId: state.customerId, paymentMethodId });
      const changed = await this.handle(userId, { type: 'SetDefaultPaymentMethod', at, paymentMethodId }, meta);
      return (await this.retryPastDue(userId, meta)) ?? changed;
    });
  }

  async removePaymentMethod(userId: string, paymentMethodId: string, meta: EventMetadata): Promise<Changed> {
    return this.locks.run(userId, async () => {
      const { state } = await this.load(userId);
      const at = this.now();
      dryRun(state, { type: 'RemovePaymentMethod', at, paymentMethodId });
      if (state.customerId) await this.provider.detachPaymentMethod({ customerId: state.customerId, paymentMethodId });
      return this.handle(userId, { type: 'RemovePaymentMethod', at, paymentMethodId }, meta);
    });
  }

  /** A past_due reader who just set a (new) default card: the open period is charged again now. */
  private async retryPastDue(userId: string, meta: EventMetadata): Promise<Changed | null> {
    const { state } = await this.load(userId);
    const retry = pastDueRetryOf(state);
    if (!retry) return null;
    const at = this.now();
    const invoice = await this.provider.collectInvoice(
      { subscriptionId: retry.subscriptionId, periodStart: at, now: at, retry: true },
      `${userId}:retry:${retry.keyFacts}`,
    );
    if (invoice.status === 'pending') return null;
    return this.handle(userId, invoiceCommandOf('renewal', state, invoice, at), meta);
  }

  // ---- due work (the billing policy) ----------------------------------------------------------

  /**
   * Everything due for one subscription at `now` (`dueStepOf`), one step at a time until nothing
   * is. Safe to repeat: every charge has a key naming its period.
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

  private async dueStep(
    userId: string,
    state: SubscriptionState,
    at: Date,
    meta: EventMetadata,
  ): Promise<Changed | null> {
    const step = dueStepOf(state, at);
    if (!step) return null;
    if (step.next === 'command') {
      if (step.cancelAtProvider) await this.provider.cancelNow({ subscriptionId: step.cancelAtProvider });
      return this.handle(userId, step.command, meta);
    }
    const invoice = await this.provider.collectInvoice(
      { subscriptionId: step.subscriptionId, periodStart: step.periodStart, now: at },
      `${userId}:${step.keyFacts}`,
    );
    if (invoice.status === 'pending') return null;
    return this.handle(userId, invoiceCommandOf(step.purpose, state, invoice, at), meta);
  }

  // ---- reconciliation -------------------------------------------------------------------------

  /**
   * Brings the stream in line with the provider after a crash between its answer and our append:
   * a trial it runs that we never recorded, then every invoice the stream does not know
   * (`unrecordedTrialOf`, `unrecordedInvoiceOf`). A refused command is logged and skipped.
   */
  async reconcile(userId: string, meta: EventMetadata): Promise<number> {
    return this.locks.run(userId, async () => {
      const customer = await this.provider.describeCustomer({ userId });
      if (!customer) return 0;
      let written = 0;
      for (const sub of customer.subscriptions) {
        written += await this.reconcileTrialStart(userId, customer, sub, meta);
        for (const invoice of sub.invoices) {
          const { state } = await this.load(userId);
          const command = unrecordedInvoiceOf(state, customer.customerId, sub, invoice);
          if (command) written += await this.recordOrLog(userId, command, meta, { invoiceId: invoice.invoiceId });
        }
      }
      return written;
    });
  }

  private async reconcileTrialStart(
    userId: string,
    customer: ProviderCustomer,
    sub: ProviderSubscription,
    meta: EventMetadata,
  ): Promise<number> {
    const { state } = await this.load(userId);
    const command = unrecordedTrialOf(state, customer.customerId, sub);
    if (!command) return 0;
    const pm = customer.defaultPaymentMethodId
      ? await this.provider.findPaymentMethod({ paymentMethodId: customer.defaultPaymentMethodId })
      : null;
    return this.recordOrLog(userId, { ...command, card: pm ? cardFactsOf(pm) : undefined }, meta, {
      subscriptionId: sub.subscriptionId,
    });
  }

  /** Appends a reconciled command; one the decider refuses is logged and counts nothing. */
  private async recordOrLog(
    userId: string,
    command: SubscriptionCommand,
    meta: EventMetadata,
    about: Record<string, string>,
  ): Promise<number> {
    try {
      return (await this.handle(userId, command, meta)).events.length;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      this.rt.logger.warn({ userId, ...about, refused: err.message }, 'billing: a provider fact could not be recorded');
      return 0;
    }
  }
}
