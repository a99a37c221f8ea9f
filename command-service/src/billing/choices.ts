import { accessOf, type CardFacts, type ChargeFacts, TRIAL_DAYS } from '@lectio/contracts/billing';
import { DAY_MS, isoString } from '@lectio/contracts/time';
import type { InvoiceResult, ProviderSubscription } from './provider';
import {
  type SubscriptionCommand,
  subscriptionDecider,
  type SubscriptionState,
  subscriptionFactsOf,
  trialRunning,
} from './subscription-decider';

/**
 * Which command now: every choice a billing use case makes between commands, pure, beside the
 * decider. The service reads the stream, asks one of these, calls the provider as the answer
 * says and appends; the rules themselves stay in the decider, which these dry-run.
 */

type StartTrial = Extract<SubscriptionCommand, { type: 'StartTrial' }>;
type ConvertTrial = Extract<SubscriptionCommand, { type: 'ConvertTrial' }>;
type Activate = Extract<SubscriptionCommand, { type: 'Activate' }>;

/**
 * The charge of a dry run made before the provider is asked for money. The decider reads of it
 * only the invoice id (to ignore a charge it already recorded), which no real invoice has.
 */
const chargeToBeMade = (at: Date): ChargeFacts => ({
  invoiceId: '',
  amountCents: 0,
  periodStart: isoString(at),
  periodEnd: isoString(at),
});

/** Throws the decider's refusal, exactly as the real decision would, with no effect. */
export function dryRun(state: SubscriptionState, command: SubscriptionCommand) {
  return subscriptionDecider.decide(command, state);
}

export type SubscribeChoice =
  /** A cancelled subscription still running: the cancellation is withdrawn, nothing is charged. */
  | { next: 'resume' }
  /** A cancelled trial and a card on file: the trial is taken back and converted at once (the reader asked for Premium). */
  | { next: 'resume-then-convert' }
  /** A running trial with a card: converted now. */
  | { next: 'convert' }
  /** Otherwise a new paid subscription; `needsCard`: there is no card on file to charge. */
  | { next: 'activate'; needsCard: boolean };

/** Subscribe (checkout, activate-subscription, renew after the end): which use case it is for this reader now. */
export function subscribeChoice(s: SubscriptionState, at: Date): SubscribeChoice {
  const stillRunning = s.status === 'canceled' && accessOf(subscriptionFactsOf(s), at).status === 'canceled';
  if (stillRunning)
    return s.cancelledDuringTrial && s.defaultPaymentMethodId ? { next: 'resume-then-convert' } : { next: 'resume' };
  if (trialRunning(s, at) && s.defaultPaymentMethodId) return { next: 'convert' };
  return {
    next: 'activate',
    needsCard: !s.defaultPaymentMethodId && (s.status === 'inactive' || s.status === 'canceled'),
  };
}

/**
 * 'Start Premium Now' before the provider ends the trial: refused as the decider refuses it,
 * else the subscription to end the trial of and the idempotency key's facts (the trial, the card).
 */
export function conversionOf(
  s: SubscriptionState,
  at: Date,
): { customerId: string; subscriptionId: string; keyFacts: string } {
  const customerId = s.customerId ?? '';
  const subscriptionId = s.providerSubscriptionId ?? '';
  dryRun(s, {
    type: 'ConvertTrial',
    at,
    reason: 'upgraded',
    customerId,
    providerSubscriptionId: subscriptionId,
    charge: chargeToBeMade(at),
  });
  return { customerId, subscriptionId, keyFacts: `${s.trialEndsAt}:${s.defaultPaymentMethodId}` };
}

/** A new paid subscription, before it is charged: refused as the decider refuses it, else the key's facts (charges so far, the card). */
export function activationOf(s: SubscriptionState, at: Date): { keyFacts: string } {
  dryRun(s, {
    type: 'Activate',
    at,
    customerId: s.customerId ?? '',
    providerSubscriptionId: s.providerSubscriptionId ?? '',
    charge: chargeToBeMade(at),
  });
  return { keyFacts: `${s.paidInvoices.size}:${s.defaultPaymentMethodId}` };
}

/** The paid subscription the provider's first invoice made. */
export function activateCommand(at: Date, customerId: string, subscriptionId: string, charge: ChargeFacts): Activate {
  return { type: 'Activate', at, customerId, providerSubscriptionId: subscriptionId, charge };
}

/** Cancel: the decider's events say whether it ends now (past due) or at the period's end; the provider is told the same. */
export function cancellationOf(
  s: SubscriptionState,
  at: Date,
): { providerCall: 'cancelNow' | 'cancelAtPeriodEnd' | null } {
  const events = dryRun(s, { type: 'Cancel', at });
  if (!s.providerSubscriptionId) return { providerCall: null };
  return { providerCall: events.some((e) => e.type === 'SubscriptionEnded') ? 'cancelNow' : 'cancelAtPeriodEnd' };
}

/** A past_due reader who just set a (new) default card: the open period is charged again now. */
export function pastDueRetryOf(s: SubscriptionState): { subscriptionId: string; keyFacts: string } | null {
  if (s.status !== 'past_due' || !s.providerSubscriptionId || !s.defaultPaymentMethodId) return null;
  return { subscriptionId: s.providerSubscriptionId, keyFacts: `${s.failedInvoices.size}:${s.defaultPaymentMethodId}` };
}

// ---- due work (the billing policy) --------------------------------------------------------------

export type DueStep =
  /** A command that needs no charge; `cancelAtProvider`: the provider's subscription ends with it. */
  | { next: 'command'; command: SubscriptionCommand; cancelAtProvider: string | null }
  /** An invoice to collect: the first one when a trial ends, or a renewal (`keyFacts` names its period). */
  | { next: 'collect'; purpose: 'trial-end' | 'renewal'; subscriptionId: string; periodStart: Date; keyFacts: string };

/**
 * The next piece of work due for one subscription at `at`, or null when nothing is: the
 * trial-ending notice, the trial's end (charged with a card, expired without), a renewal, the end
 * of a cancelled or unpaid subscription.
 */
export function dueStepOf(s: SubscriptionState, at: Date): DueStep | null {
  if (s.status === 'trial') {
    if (trialRunning(s, at)) return commandStep(s, { type: 'NoticeTrialEnding', at }, null);
    if (!s.defaultPaymentMethodId || !s.providerSubscriptionId)
      return commandStep(s, { type: 'ExpireTrial', at }, s.providerSubscriptionId);
    return {
      next: 'collect',
      purpose: 'trial-end',
      subscriptionId: s.providerSubscriptionId,
      periodStart: new Date(s.trialEndsAt ?? at),
      keyFacts: `trial-end:${s.trialEndsAt}`,
    };
  }
  if (s.status === 'active' && s.providerSubscriptionId && s.periodEnd && new Date(s.periodEnd) <= at) {
    return {
      next: 'collect',
      purpose: 'renewal',
      subscriptionId: s.providerSubscriptionId,
      periodStart: new Date(s.periodEnd),
      keyFacts: `renew:${s.periodEnd}`,
    };
  }
  if (s.status === 'canceled' || s.status === 'past_due')
    return commandStep(s, { type: 'EndSubscription', at }, s.providerSubscriptionId);
  return null;
}

/** A command step only when the decider would record something: nothing is asked of the provider otherwise. */
function commandStep(
  s: SubscriptionState,
  command: SubscriptionCommand,
  cancelAtProvider: string | null,
): DueStep | null {
  return dryRun(s, command).length ? { next: 'command', command, cancelAtProvider } : null;
}

/** What a collected invoice records: the trial converted or the period renewed when paid, a payment failure when refused. */
export function invoiceCommandOf(
  purpose: 'trial-end' | 'renewal',
  s: SubscriptionState,
  invoice: InvoiceResult,
  at: Date,
): SubscriptionCommand {
  if (invoice.status === 'failed') return paymentFailureOf(invoice, at);
  if (purpose === 'renewal') return { type: 'RecordRenewal', at, charge: chargeOf(invoice) };
  const convert: ConvertTrial = {
    type: 'ConvertTrial',
    at,
    reason: 'trial_ended',
    customerId: s.customerId ?? '',
    providerSubscriptionId: s.providerSubscriptionId ?? '',
    charge: chargeOf(invoice),
  };
  return convert;
}

// ---- reconciliation -----------------------------------------------------------------------------

/**
 * A trial the provider runs but our stream never recorded (a crash in the trial sign-up), as the
 * command that records it (the card on file is the service's to look up), or null. Recorded as the
 * provider runs it: the claims of one trial per person are our sign-ups' own.
 */
export function unrecordedTrialOf(
  s: SubscriptionState,
  customerId: string,
  sub: ProviderSubscription,
): StartTrial | null {
  if (sub.status !== 'trialing' || !sub.trialEnd || s.trialUsed) return null;
  const trialEndsAt = new Date(sub.trialEnd);
  const at = new Date(trialEndsAt.getTime() - TRIAL_DAYS * DAY_MS);
  return {
    type: 'StartTrial',
    at,
    trialEndsAt,
    customerId,
    providerSubscriptionId: sub.subscriptionId,
    priorTrial: null,
  };
}

/**
 * An invoice of the provider's that the stream does not know, as the event it stands for (once:
 * the decider ignores an invoice it has seen), or null. Failed invoices count only when the
 * provider holds the subscription past due (a refused upgrade changes nothing).
 */
export function unrecordedInvoiceOf(
  s: SubscriptionState,
  customerId: string,
  sub: ProviderSubscription,
  invoice: InvoiceResult,
): SubscriptionCommand | null {
  if (s.paidInvoices.has(invoice.invoiceId) || s.failedInvoices.has(invoice.invoiceId)) return null;
  const at = new Date(invoice.periodStart);
  if (invoice.status === 'failed') return sub.status === 'past_due' ? paymentFailureOf(invoice, at) : null;
  const charge = chargeOf(invoice);
  const trialEnd = s.trialEndsAt ? new Date(s.trialEndsAt) : null;
  // A trial still on the stream, or one whose start and conversion were both lost before its end.
  const convertsTrial =
    s.status === 'trial' ||
    (s.status === 'inactive' && !s.periodStart && s.trialUsed && trialEnd !== null && at < trialEnd);
  if (convertsTrial) {
    const reason = trialEnd && at < trialEnd ? 'upgraded' : 'trial_ended';
    return { type: 'ConvertTrial', at, reason, customerId, providerSubscriptionId: sub.subscriptionId, charge };
  }
  if (s.status === 'active' || s.status === 'past_due') return { type: 'RecordRenewal', at, charge };
  return activateCommand(at, customerId, sub.subscriptionId, charge);
}

export function chargeOf(invoice: {
  invoiceId: string;
  amountCents: number;
  periodStart: string;
  periodEnd: string;
}): ChargeFacts {
  return {
    invoiceId: invoice.invoiceId,
    amountCents: invoice.amountCents,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
  };
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

/** The card as our events record it: brand, last four and expiry (never the provider's customer or fingerprint). */
export function cardFactsOf(card: CardFacts): CardFacts {
  return {
    paymentMethodId: card.paymentMethodId,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
  };
}
