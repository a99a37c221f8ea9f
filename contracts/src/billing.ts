import { PREMIUM_PRICE_CENTS, PREMIUM_PRICE_LABEL, TRIAL_DAYS } from './constants';
import type { SubscriptionStatus } from './access';

/**
 * Billing: the subscription-<userId> stream's events, the answers of the billing calls and their
 * messages. Zod-free so the web imports it
 * cheaply; request schemas for the servers are in ./billing-schemas.
 */

export type BillingProviderName = 'sandbox' | 'stripe';

/** Brand ids as Stripe names them; the web shows `cardBrandNames`. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'diners' | 'unionpay' | 'unknown';

export const cardBrandNames: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

/**
 * A card's brand from its number's prefix, as Stripe names it: 4 Visa, 51-55/2221-2720 Mastercard,
 * 34/37 Amex, 6011/65 Discover, 35 JCB, 36/38 Diners, 62 UnionPay. `digits`: the number's digits
 * only. One rule for the card form (the brand shown as the reader types) and the sandbox provider.
 */
export function cardBrandOf(digits: string): CardBrand {
  const p2 = Number(digits.slice(0, 2));
  const p4 = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return 'mastercard';
  if (p2 === 34 || p2 === 37) return 'amex';
  if (digits.startsWith('6011') || p2 === 65) return 'discover';
  if (p2 === 35) return 'jcb';
  if (p2 === 36 || p2 === 38) return 'diners';
  if (p2 === 62) return 'unionpay';
  return 'unknown';
}

/** The Luhn checksum of a card number (`digits`: digits only); a typo in one digit fails it. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card is good through the last day of its expiry month (`expYear` in four digits). */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  return Date.UTC(expYear, expMonth, 1) <= now.getTime();
}

/**
 * Stripe's published test card numbers, which the sandbox honours the same way: the success card,
 * two that are refused at confirmation, and one that attaches but whose every charge fails.
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  failsCharges: '4000000000000341',
} as const;

/** One billing month on: the same day and time next month, or that month's last day when it is shorter (Jan 31 -> Feb 28). */
export function addMonth(d: Date): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(d.getUTCDate(), last),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
}

export const SANDBOX_NOTICE = 'Sandbox: test cards only, no real money moves.';

/** Days before a trial's end when the reader is mailed ('trial ends in 3 days'). */
export const TRIAL_ENDING_NOTICE_DAYS = 3;
/** A past_due subscription that is not fixed within this many days ends. */
export const PAST_DUE_GRACE_DAYS = 14;
/** Support may extend a trial by at most this many days in all, however many extensions it takes. */
export const MAX_TRIAL_EXTENSION_DAYS = 30;

export { PREMIUM_PRICE_CENTS, PREMIUM_PRICE_LABEL, TRIAL_DAYS };
export {
  type Access,
  accessOf,
  type AssistantPanel,
  assistantPanelOf,
  billingPeriodOf,
  type SubscriptionFacts,
  type SubscriptionStatus,
  withShownStatus,
} from './access';

export const billingMessages = {
  // Refusals the server gives, word for word as the reader reads them.
  validationFailed: 'Validation failed',
  paymentMethodNotAttached: 'Payment method not attached to setup intent',
  cancelFailed: 'Failed to cancel subscription',
  fetchPaymentMethodsFailed: 'Failed to fetch payment methods',
  setupIntentFailed: 'Failed to create setup intent',
  setDefaultFailed: 'Failed to set default payment method',
  removeFailed: 'Failed to remove payment method',
  upgradeFailed: 'There was an error processing your upgrade',
  activationFailed: 'Failed to activate subscription',
  missingSession: 'Missing session information',
  checkoutFailed: 'Failed to create checkout session',
  trialSetupFailed: 'Failed to create payment setup',
  registrationFailed: 'Registration failed',
  confirmFailed: 'Failed to confirm payment setup',
  // Ours: what the domain refuses, in words a reader understands.
  trialAlreadyUsed: 'You have already used your free trial.',
  alreadySubscribed: 'You already have an active subscription.',
  alreadyCancelled: 'Your subscription is already cancelled.',
  nothingToCancel: 'You have no subscription to cancel.',
  notInTrial: 'You are not in a free trial.',
  trialExpired: 'Your free trial has ended. Subscribe to continue with Premium.',
  paymentMethodRequired: 'Add a payment method first.',
  trialNeedsCard: "Add a card to start your free trial: you won't be charged until it ends.",
  trialUsedElsewhere: 'A free trial has already been used with this e-mail address or card.',
  trialExtensionCapped: (left: number) =>
    `A trial can be extended by at most ${MAX_TRIAL_EXTENSION_DAYS} days in all: this one can get ${left} more ${left === 1 ? 'day' : 'days'} at most`,
  paymentMethodNotFound: 'Payment method not found.',
  defaultCardRequired: 'This card pays for your subscription. Make another card the default before removing it.',
  notRenewable: 'There is no cancelled subscription to renew.',
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  invalidNumber: 'Your card number is invalid.',
  expiredCard: 'Your card has expired.',
  invalidCvc: "Your card's security code is invalid.",
  setupIntentInvalid: 'This payment setup is no longer valid. Please start again.',
  providerUnavailable: 'The payment service did not answer. Please try again in a moment.',
  devOnly: 'This is only available outside production.',
  stripeNotConfigured: 'Stripe is not configured; this server uses the sandbox provider.',
  // Success answers.
  trialStarted: 'Your 14-Day Free Trial Has Started!',
  cancelled: 'Your subscription has been cancelled. You keep access until the end of the billing period.',
  converted: 'Welcome to Premium!',
  activated: 'Subscription Activated!',
  paymentMethodAdded: 'Payment method added',
  defaultSet: 'Default payment method updated',
  paymentMethodRemoved: 'Payment method removed',
} as const;

// ---- events of subscription-<userId> ----------------------------------------------------------

export interface CardFacts {
  paymentMethodId: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A charge the provider made: `invoiceId` is the provider's, unique per charge. */
export interface ChargeFacts {
  invoiceId: string;
  amountCents: number;
  periodStart: string;
  periodEnd: string;
}

export interface TrialStartedData {
  startedAt: string;
  trialEndsAt: string;
  customerId: string | null;
  providerSubscriptionId: string | null;
}
export interface PaymentMethodAddedData extends CardFacts {
  customerId: string;
  addedAt: string;
}
export interface DefaultPaymentMethodSetData {
  paymentMethodId: string;
  setAt: string;
}
export interface PaymentMethodRemovedData {
  paymentMethodId: string;
  removedAt: string;
}
/** A paid subscription started outside a trial (subscribe, checkout, renew after the end). */
export interface SubscriptionActivatedData extends ChargeFacts {
  customerId: string;
  providerSubscriptionId: string;
  activatedAt: string;
}
/** A trial became paid: at its end by the policy, or early by the reader ('Start Premium Now'). */
export interface TrialConvertedData extends ChargeFacts {
  customerId: string;
  providerSubscriptionId: string;
  convertedAt: string;
  reason: 'trial_ended' | 'upgraded';
}
/** The trial ends in TRIAL_ENDING_NOTICE_DAYS days (Stripe: customer.subscription.trial_will_end). */
export interface TrialWillEndData {
  trialEndsAt: string;
  noticedAt: string;
  /** Whether a card is on file (then the trial converts at its end; otherwise it expires). */
  paymentMethodProvided: boolean;
}
/** Support gave a running trial more days (with the staff member and the reason in the metadata). */
export interface TrialExtendedData {
  days: number;
  /** The trial's new end. */
  trialEndsAt: string;
  extendedAt: string;
}
export interface TrialExpiredData {
  trialEndsAt: string;
  expiredAt: string;
}
/** Cancel at period end: `accessEndsAt` is the paid period's end (or the trial's end). */
export interface SubscriptionCancelledData {
  cancelledAt: string;
  accessEndsAt: string;
  duringTrial: boolean;
}
/** A cancelled subscription renewed before its period ended: no charge, it simply continues. */
export interface SubscriptionResumedData {
  resumedAt: string;
}
/** A period's charge succeeded (the monthly renewal, or a past_due invoice paid with a new card). */
export interface SubscriptionRenewedData extends ChargeFacts {
  renewedAt: string;
}
export interface SubscriptionEndedData {
  endedAt: string;
  reason: 'cancelled' | 'payment_failed' | 'trial_cancelled';
}
export interface PaymentFailedData {
  invoiceId: string;
  amountCents: number;
  failedAt: string;
  /** The provider's message, shown to the reader. */
  reason: string;
  /** The period the failed charge was for. */
  periodStart: string;
  periodEnd: string;
}

export type SubscriptionEvent =
  | { type: 'TrialStarted'; data: TrialStartedData }
  | { type: 'PaymentMethodAdded'; data: PaymentMethodAddedData }
  | { type: 'DefaultPaymentMethodSet'; data: DefaultPaymentMethodSetData }
  | { type: 'PaymentMethodRemoved'; data: PaymentMethodRemovedData }
  | { type: 'SubscriptionActivated'; data: SubscriptionActivatedData }
  | { type: 'TrialConverted'; data: TrialConvertedData }
  | { type: 'TrialWillEnd'; data: TrialWillEndData }
  | { type: 'TrialExtended'; data: TrialExtendedData }
  | { type: 'TrialExpired'; data: TrialExpiredData }
  | { type: 'SubscriptionCancelled'; data: SubscriptionCancelledData }
  | { type: 'SubscriptionResumed'; data: SubscriptionResumedData }
  | { type: 'SubscriptionRenewed'; data: SubscriptionRenewedData }
  | { type: 'SubscriptionEnded'; data: SubscriptionEndedData }
  | { type: 'PaymentFailed'; data: PaymentFailedData };

export type SubscriptionEventType = SubscriptionEvent['type'];

export const SUBSCRIPTION_EVENT_TYPES: readonly SubscriptionEventType[] = [
  'TrialStarted',
  'PaymentMethodAdded',
  'DefaultPaymentMethodSet',
  'PaymentMethodRemoved',
  'SubscriptionActivated',
  'TrialConverted',
  'TrialWillEnd',
  'TrialExtended',
  'TrialExpired',
  'SubscriptionCancelled',
  'SubscriptionResumed',
  'SubscriptionRenewed',
  'SubscriptionEnded',
  'PaymentFailed',
];

// ---- answers -----------------------------------------------------------------------------------

export interface PaymentMethodView {
  id: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}
export interface PaymentMethodsResponse {
  paymentMethods: PaymentMethodView[];
}
export interface BillingConfigResponse {
  provider: BillingProviderName;
  publishableKey: string | null;
  priceCents: number;
  priceLabel: string;
  trialDays: number;
}
export interface ClientSecretResponse {
  clientSecret: string;
}
export interface SandboxConfirmResponse extends Omit<CardFacts, 'paymentMethodId'> {
  paymentMethodId: string;
}
export interface TrialStatusResponse {
  status: 'active' | 'expired' | 'not_started';
  trialEndsAt: string | null;
  daysLeft: number;
  paymentMethodProvided: boolean;
  subscriptionStatus: SubscriptionStatus;
  // The spec's names for the same facts.
  inTrial: boolean;
  daysRemaining: number;
  trialExpired: boolean;
}
/** What every subscription-changing call answers. */
export interface SubscriptionChangeResponse {
  message: string;
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: string | null;
  currentPeriodEnd: string | null;
  /** When a cancelled subscription's access ends. */
  accessEndsAt: string | null;
}
export interface CheckoutResponse {
  url: string;
  sessionId: string;
}
export interface DevClockResponse {
  now: string;
}
