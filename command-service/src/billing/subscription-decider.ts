import {
  accessOf,
  type CardFacts,
  type ChargeFacts,
  MAX_TRIAL_EXTENSION_DAYS,
  PAST_DUE_GRACE_DAYS,
  SUBSCRIPTION_EVENT_TYPES,
  type SubscriptionEvent,
  type SubscriptionFacts,
  type SubscriptionStatus,
  TRIAL_ENDING_NOTICE_DAYS,
} from '@lectio/contracts/billing';
import { type Decider, VersionedMap, VersionedSet } from '@lectio/platform';
import { isEventOf } from '@lectio/platform/projections';
import {
  AlreadyCancelledError,
  AlreadySubscribedError,
  DefaultCardRequiredError,
  NothingToCancelError,
  NotInTrialError,
  NotRenewableError,
  PaymentMethodNotFoundError,
  PaymentMethodRequiredError,
  TrialAlreadyUsedError,
  TrialEndedError,
  TrialCardRequiredError,
  TrialExtensionCappedError,
  TrialUsedElsewhereError,
} from './errors';
import type { PriorTrial } from './trial-claims';
import { DAY_MS, isoString as iso } from '@lectio/contracts/time';

/**
 * The subscription-<userId> stream. Every rule of billing lives here; the provider's answers
 * (a customer, a card, a charge) come in through the command, so the decider stays pure and a
 * repeated command (same invoice id, same card id) changes nothing.
 */
export interface SubscriptionState {
  status: SubscriptionStatus;
  trialUsed: boolean;
  trialStartedAt: string | null;
  trialEndsAt: string | null;
  /** Days support has added to this trial so far (capped at MAX_TRIAL_EXTENSION_DAYS in all). */
  trialExtendedDays: number;
  /** The 'trial ends in 3 days' notice was recorded for this trial. */
  trialEndingNoticed: boolean;
  /** Cancelled while still in the trial: no paid period, access (trial features) to trialEndsAt. */
  cancelledDuringTrial: boolean;
  customerId: string | null;
  providerSubscriptionId: string | null;
  /** By payment method id (persistent collections, so a fold is linear). */
  cards: VersionedMap<string, CardFacts>;
  defaultPaymentMethodId: string | null;
  /** The paid period (also the AI budget period). */
  periodStart: string | null;
  periodEnd: string | null;
  /** When a cancelled subscription's access ends. */
  accessEndsAt: string | null;
  pastDueSince: string | null;
  lastPaymentError: string | null;
  paidInvoices: VersionedSet<string>;
  failedInvoices: VersionedSet<string>;
}

export type SubscriptionCommand =
  /**
   * `card`: the card the trial starts on (else the default card on file); `priorTrial`: another
   * account already had a trial with this reader's e-mail address or this card (trial-claims.ts).
   */
  | {
      type: 'StartTrial';
      at: Date;
      trialEndsAt: Date;
      customerId: string | null;
      providerSubscriptionId: string | null;
      card?: CardFacts;
      priorTrial: PriorTrial;
    }
  | { type: 'AddPaymentMethod'; at: Date; customerId: string; card: CardFacts; makeDefault?: boolean }
  | { type: 'SetDefaultPaymentMethod'; at: Date; paymentMethodId: string }
  | { type: 'RemovePaymentMethod'; at: Date; paymentMethodId: string }
  | { type: 'Activate'; at: Date; customerId: string; providerSubscriptionId: string; charge: ChargeFacts }
  | {
      type: 'ConvertTrial';
      at: Date;
      reason: 'trial_ended' | 'upgraded';
      customerId: string;
      providerSubscriptionId: string;
      charge: ChargeFacts;
    }
  | { type: 'NoticeTrialEnding'; at: Date }
  /** Support: more days for a running trial (1 to 30 per call, checked at the edge; MAX_TRIAL_EXTENSION_DAYS in all, here). */
  | { type: 'ExtendTrial'; at: Date; days: number }
  | { type: 'ExpireTrial'; at: Date }
  | { type: 'Cancel'; at: Date }
  | { type: 'Resume'; at: Date }
  | { type: 'RecordRenewal'; at: Date; charge: ChargeFacts }
  | {
      type: 'RecordPaymentFailure';
      at: Date;
      invoiceId: string;
      amountCents: number;
      reason: string;
      periodStart: string;
      periodEnd: string;
    }
  | { type: 'EndSubscription'; at: Date };

export const initialSubscriptionState = (): SubscriptionState => ({
  status: 'inactive',
  trialUsed: false,
  trialStartedAt: null,
  trialEndsAt: null,
  trialExtendedDays: 0,
  trialEndingNoticed: false,
  cancelledDuringTrial: false,
  customerId: null,
  providerSubscriptionId: null,
  cards: VersionedMap.empty(),
  defaultPaymentMethodId: null,
  periodStart: null,
  periodEnd: null,
  accessEndsAt: null,
  pastDueSince: null,
  lastPaymentError: null,
  paidInvoices: VersionedSet.empty(),
  failedInvoices: VersionedSet.empty(),
});

const ms = (iso: string | null) => (iso ? new Date(iso).getTime() : NaN);

/**
 * The facts the access rule (`accessOf`) reads, by the table beside `SubscriptionFacts`
 * (contracts/src/access.ts) that the read model follows too: the paid period's end is when a
 * cancelled subscription's access ends, and a trial cancelled by its reader has none.
 */
export function subscriptionFactsOf(
  s: SubscriptionState,
): SubscriptionFacts & { trialEndsAt: string | null; currentPeriodEnd: string | null } {
  let currentPeriodEnd: string | null = s.periodEnd;
  if (s.status === 'canceled') currentPeriodEnd = s.cancelledDuringTrial ? null : s.accessEndsAt;
  if (s.status === 'inactive' || s.status === 'trial') currentPeriodEnd = null;
  return {
    subscriptionStatus: s.status,
    trialEndsAt: s.trialEndsAt,
    currentPeriodEnd,
    paymentMethodProvided: s.defaultPaymentMethodId !== null,
  };
}

/** A trial that has started, was not converted nor cancelled, and whose end has not passed. */
export function trialRunning(s: SubscriptionState, at: Date): boolean {
  return s.status === 'trial' && accessOf(subscriptionFactsOf(s), at).inTrial;
}

/** Whether a subscription currently needs a card to charge (so its default cannot be removed). */
function needsCard(s: SubscriptionState): boolean {
  return s.status === 'trial' || s.status === 'active' || s.status === 'past_due';
}

/** A cancelled subscription whose access has run out, but whose SubscriptionEnded is not yet written. */
function cancelledAndOver(s: SubscriptionState, at: Date): boolean {
  return s.status === 'canceled' && accessOf(subscriptionFactsOf(s), at).status !== 'canceled';
}

/** Whether a new paid subscription may start (the service dry-runs Activate before any charge). */
function checkCanActivate(s: SubscriptionState, at: Date): void {
  if (s.status === 'active' || s.status === 'past_due') throw new AlreadySubscribedError();
  if (s.status === 'trial') throw new AlreadySubscribedError();
  if (s.status === 'canceled' && !cancelledAndOver(s, at)) throw new AlreadySubscribedError();
  if (!s.defaultPaymentMethodId) throw new PaymentMethodRequiredError();
}

/** Whether the trial may be converted, at its end or now ('upgraded'). */
function checkCanConvert(s: SubscriptionState, at: Date, reason: 'trial_ended' | 'upgraded'): void {
  if (s.status === 'active' || (s.status === 'canceled' && !s.cancelledDuringTrial)) throw new AlreadySubscribedError();
  if (s.status !== 'trial') {
    if (s.trialUsed) throw new TrialEndedError();
    throw new NotInTrialError();
  }
  if (reason === 'upgraded' && !trialRunning(s, at)) throw new TrialEndedError();
  if (reason === 'trial_ended' && trialRunning(s, at)) throw new NotInTrialError();
  if (!s.defaultPaymentMethodId) throw new PaymentMethodRequiredError();
}

/** A renewal charge is due: an active subscription whose period has ended, or a past_due one. */
function renewalDue(s: SubscriptionState, at: Date): boolean {
  return (s.status === 'active' && ms(s.periodEnd) <= at.getTime()) || s.status === 'past_due';
}

function withPeriod(s: SubscriptionState, c: ChargeFacts): SubscriptionState {
  return {
    ...s,
    periodStart: c.periodStart,
    periodEnd: c.periodEnd,
    paidInvoices: s.paidInvoices.add(c.invoiceId),
    pastDueSince: null,
    lastPaymentError: null,
    accessEndsAt: null,
    cancelledDuringTrial: false,
  };
}

export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionEvent, SubscriptionState> = {
  initialState: initialSubscriptionState,

  evolve(s, e) {
    switch (e.type) {
      case 'TrialStarted':
        return {
          ...s,
          status: 'trial',
          trialUsed: true,
          trialStartedAt: e.data.startedAt,
          trialEndsAt: e.data.trialEndsAt,
          customerId: e.data.customerId ?? s.customerId,
          providerSubscriptionId: e.data.providerSubscriptionId ?? s.providerSubscriptionId,
        };
      case 'PaymentMethodAdded': {
        const { customerId, addedAt: _addedAt, ...card } = e.data;
        // A card added again moves to the end, as the newest.
        return {
          ...s,
          customerId: s.customerId ?? customerId,
          cards: s.cards.delete(card.paymentMethodId).set(card.paymentMethodId, card),
        };
      }
      case 'DefaultPaymentMethodSet':
        return { ...s, defaultPaymentMethodId: e.data.paymentMethodId };
      case 'PaymentMethodRemoved':
        return {
          ...s,
          cards: s.cards.delete(e.data.paymentMethodId),
          defaultPaymentMethodId: s.defaultPaymentMethodId === e.data.paymentMethodId ? null : s.defaultPaymentMethodId,
        };
      case 'SubscriptionActivated':
        return {
          ...withPeriod(s, e.data),
          status: 'active',
          customerId: e.data.customerId,
          providerSubscriptionId: e.data.providerSubscriptionId,
        };
      case 'TrialConverted':
        return {
          ...withPeriod(s, e.data),
          status: 'active',
          customerId: e.data.customerId,
          providerSubscriptionId: e.data.providerSubscriptionId,
        };
      case 'TrialWillEnd':
        return { ...s, trialEndingNoticed: true };
      case 'TrialExtended':
        // A new end: the 'ends in 3 days' notice is due again before it.
        return {
          ...s,
          trialEndsAt: e.data.trialEndsAt,
          trialEndingNoticed: false,
          trialExtendedDays: s.trialExtendedDays + e.data.days,
        };
      case 'TrialExpired':
        return { ...s, status: 'inactive' };
      case 'SubscriptionCancelled':
        return {
          ...s,
          status: 'canceled',
          accessEndsAt: e.data.accessEndsAt,
          cancelledDuringTrial: e.data.duringTrial,
        };
      case 'SubscriptionResumed':
        return {
          ...s,
          status: s.cancelledDuringTrial ? 'trial' : 'active',
          accessEndsAt: null,
          cancelledDuringTrial: false,
        };
      case 'SubscriptionRenewed':
        return { ...withPeriod(s, e.data), status: 'active' };
      case 'SubscriptionEnded':
        return {
          ...s,
          status: 'inactive',
          accessEndsAt: null,
          cancelledDuringTrial: false,
          pastDueSince: null,
          providerSubscriptionId: null,
        };
      case 'PaymentFailed':
        return {
          ...s,
          status: 'past_due',
          pastDueSince: s.pastDueSince ?? e.data.failedAt,
          lastPaymentError: e.data.reason,
          failedInvoices: s.failedInvoices.add(e.data.invoiceId),
        };
      default:
        return s;
    }
  },

  decide(cmd, s) {
    const at = iso(cmd.at);
    switch (cmd.type) {
      case 'StartTrial': {
        if (s.status === 'active' || s.status === 'past_due' || (s.status === 'canceled' && !s.cancelledDuringTrial))
          throw new AlreadySubscribedError();
        if (s.trialUsed) throw new TrialAlreadyUsedError();
        // One trial per person and per card, across accounts.
        if (cmd.priorTrial) throw new TrialUsedElsewhereError();
        // The card comes first: a trial always has one to charge when it ends.
        if (!cmd.card && !s.defaultPaymentMethodId) throw new TrialCardRequiredError();
        const events: SubscriptionEvent[] = [];
        if (cmd.card && cmd.customerId) events.push(...addCard(s, cmd.card, cmd.customerId, at, true));
        events.push({
          type: 'TrialStarted',
          data: {
            startedAt: at,
            trialEndsAt: iso(cmd.trialEndsAt),
            customerId: cmd.customerId,
            providerSubscriptionId: cmd.providerSubscriptionId,
          },
        });
        return events;
      }

      case 'AddPaymentMethod':
        return addCard(s, cmd.card, cmd.customerId, at, cmd.makeDefault ?? false);

      case 'SetDefaultPaymentMethod':
        if (!s.cards.has(cmd.paymentMethodId)) throw new PaymentMethodNotFoundError();
        if (s.defaultPaymentMethodId === cmd.paymentMethodId) return [];
        return [{ type: 'DefaultPaymentMethodSet', data: { paymentMethodId: cmd.paymentMethodId, setAt: at } }];

      case 'RemovePaymentMethod':
        if (!s.cards.has(cmd.paymentMethodId)) throw new PaymentMethodNotFoundError();
        if (s.defaultPaymentMethodId === cmd.paymentMethodId && needsCard(s)) throw new DefaultCardRequiredError();
        return [{ type: 'PaymentMethodRemoved', data: { paymentMethodId: cmd.paymentMethodId, removedAt: at } }];

      case 'Activate': {
        if (s.paidInvoices.has(cmd.charge.invoiceId)) return [];
        checkCanActivate(s, cmd.at);
        const events: SubscriptionEvent[] = [];
        // Renewing after the period ended: the old subscription ends first, then a new one starts.
        if (s.status === 'canceled') events.push(ended(s, at));
        events.push({
          type: 'SubscriptionActivated',
          data: {
            ...cmd.charge,
            customerId: cmd.customerId,
            providerSubscriptionId: cmd.providerSubscriptionId,
            activatedAt: at,
          },
        });
        return events;
      }

      case 'ConvertTrial':
        if (s.paidInvoices.has(cmd.charge.invoiceId)) return [];
        checkCanConvert(s, cmd.at, cmd.reason);
        return [
          {
            type: 'TrialConverted',
            data: {
              ...cmd.charge,
              customerId: cmd.customerId,
              providerSubscriptionId: cmd.providerSubscriptionId,
              convertedAt: at,
              reason: cmd.reason,
            },
          },
        ];

      case 'NoticeTrialEnding':
        if (s.status !== 'trial' || s.trialEndingNoticed || !trialRunning(s, cmd.at)) return [];
        if (ms(s.trialEndsAt) - TRIAL_ENDING_NOTICE_DAYS * DAY_MS > cmd.at.getTime()) return [];
        return [
          {
            type: 'TrialWillEnd',
            data: {
              trialEndsAt: s.trialEndsAt!,
              noticedAt: at,
              paymentMethodProvided: s.defaultPaymentMethodId !== null,
            },
          },
        ];

      case 'ExtendTrial': {
        if (s.status !== 'trial' || !trialRunning(s, cmd.at)) throw new NotInTrialError();
        const left = Math.max(MAX_TRIAL_EXTENSION_DAYS - s.trialExtendedDays, 0);
        if (cmd.days > left) throw new TrialExtensionCappedError(left);
        const trialEndsAt = new Date(ms(s.trialEndsAt) + cmd.days * DAY_MS).toISOString();
        return [{ type: 'TrialExtended', data: { days: cmd.days, trialEndsAt, extendedAt: at } }];
      }

      case 'ExpireTrial':
        // A policy command: when it is not (or no longer) due, it does nothing.
        if (s.status !== 'trial' || trialRunning(s, cmd.at) || s.defaultPaymentMethodId) return [];
        return [{ type: 'TrialExpired', data: { trialEndsAt: s.trialEndsAt!, expiredAt: at } }];

      case 'Cancel':
        if (s.status === 'canceled') throw new AlreadyCancelledError();
        if (s.status === 'inactive') throw new NothingToCancelError();
        if (s.status === 'trial') {
          if (!trialRunning(s, cmd.at)) throw new TrialEndedError();
          return [
            {
              type: 'SubscriptionCancelled',
              data: { cancelledAt: at, accessEndsAt: s.trialEndsAt!, duringTrial: true },
            },
          ];
        }
        if (s.status === 'past_due') {
          // Nothing is paid ahead: access ends now.
          return [
            { type: 'SubscriptionCancelled', data: { cancelledAt: at, accessEndsAt: at, duringTrial: false } },
            { type: 'SubscriptionEnded', data: { endedAt: at, reason: 'cancelled' } },
          ];
        }
        return [
          { type: 'SubscriptionCancelled', data: { cancelledAt: at, accessEndsAt: s.periodEnd!, duringTrial: false } },
        ];

      case 'Resume':
        if (s.status !== 'canceled' || cancelledAndOver(s, cmd.at)) throw new NotRenewableError();
        return [{ type: 'SubscriptionResumed', data: { resumedAt: at } }];

      case 'RecordRenewal':
        if (s.paidInvoices.has(cmd.charge.invoiceId)) return [];
        if (!renewalDue(s, cmd.at)) return [];
        return [{ type: 'SubscriptionRenewed', data: { ...cmd.charge, renewedAt: at } }];

      case 'RecordPaymentFailure':
        if (s.failedInvoices.has(cmd.invoiceId) || s.paidInvoices.has(cmd.invoiceId)) return [];
        if (s.status !== 'active' && s.status !== 'trial' && s.status !== 'past_due') return [];
        return [
          {
            type: 'PaymentFailed',
            data: {
              invoiceId: cmd.invoiceId,
              amountCents: cmd.amountCents,
              failedAt: at,
              reason: cmd.reason,
              periodStart: cmd.periodStart,
              periodEnd: cmd.periodEnd,
            },
          },
        ];

      case 'EndSubscription':
        if (cancelledAndOver(s, cmd.at)) return [ended(s, at)];
        if (s.status === 'past_due' && ms(s.pastDueSince) + PAST_DUE_GRACE_DAYS * DAY_MS <= cmd.at.getTime()) {
          return [{ type: 'SubscriptionEnded', data: { endedAt: at, reason: 'payment_failed' } }];
        }
        return [];
    }
  },
};

function ended(s: SubscriptionState, at: string): SubscriptionEvent {
  return {
    type: 'SubscriptionEnded',
    data: { endedAt: at, reason: s.cancelledDuringTrial ? 'trial_cancelled' : 'cancelled' },
  };
}

function addCard(
  s: SubscriptionState,
  card: CardFacts,
  customerId: string,
  at: string,
  makeDefault: boolean,
): SubscriptionEvent[] {
  if (s.cards.has(card.paymentMethodId)) return [];
  const events: SubscriptionEvent[] = [{ type: 'PaymentMethodAdded', data: { ...card, customerId, addedAt: at } }];
  // The first card (or any card while none is default) becomes the default: a subscription always has one to charge.
  if (makeDefault || !s.defaultPaymentMethodId) {
    events.push({ type: 'DefaultPaymentMethodSet', data: { paymentMethodId: card.paymentMethodId, setAt: at } });
  }
  return events;
}

/** The state as JSON (the billing schedule keeps it in a row): its collections as arrays. */
export type StoredSubscriptionState = Omit<
  SubscriptionState,
  'cards' | 'paidInvoices' | 'failedInvoices' | 'trialExtendedDays'
> & {
  /** Absent in rows stored before extensions were counted. */
  trialExtendedDays?: number;
  cards: CardFacts[];
  paidInvoices: string[];
  failedInvoices: string[];
};

export const storedSubscriptionState = {
  of: (s: SubscriptionState): StoredSubscriptionState => ({
    ...s,
    cards: s.cards.values(),
    paidInvoices: s.paidInvoices.values(),
    failedInvoices: s.failedInvoices.values(),
  }),
  read: (stored: StoredSubscriptionState): SubscriptionState => ({
    ...stored,
    trialExtendedDays: stored.trialExtendedDays ?? 0,
    cards: VersionedMap.of(stored.cards.map((c) => [c.paymentMethodId, c] as const)),
    paidInvoices: VersionedSet.of(stored.paidInvoices),
    failedInvoices: VersionedSet.of(stored.failedInvoices),
  }),
};

/** Folds a stream's events (as stored) into the state. */
export function foldSubscription(events: readonly { type: string; data: unknown }[]): SubscriptionState {
  return events
    .filter((e) => isEventOf<SubscriptionEvent>(e, SUBSCRIPTION_EVENT_TYPES))
    .reduce(subscriptionDecider.evolve, initialSubscriptionState());
}

/**
 * When this subscription next has work due (a notice, a trial end, a renewal, an end), or null.
 * The policy looks at subscriptions whose time has come and decides on the stream itself.
 */
export function nextDueAt(s: SubscriptionState): string | null {
  const candidates: number[] = [];
  if (s.status === 'trial') {
    if (!s.trialEndingNoticed) candidates.push(ms(s.trialEndsAt) - TRIAL_ENDING_NOTICE_DAYS * DAY_MS);
    candidates.push(ms(s.trialEndsAt));
  } else if (s.status === 'active') candidates.push(ms(s.periodEnd));
  else if (s.status === 'canceled') candidates.push(ms(s.accessEndsAt));
  else if (s.status === 'past_due') candidates.push(ms(s.pastDueSince) + PAST_DUE_GRACE_DAYS * DAY_MS);
  const valid = candidates.filter(Number.isFinite);
  return valid.length ? new Date(Math.min(...valid)).toISOString() : null;
}
