import { z } from 'zod';
import { RegisterRequest } from './accounts';
import {
  billingMessages,
  type CheckoutResponse,
  type ClientSecretResponse,
  type DevClockResponse,
  type SandboxConfirmResponse,
  type SubscriptionChangeResponse,
  type SubscriptionEventType,
} from './billing';

/** Zod schemas of the billing calls and events, for the servers (the web imports ./billing). */

const Id = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid identifier');

export const PaymentMethodIdRequest = z.object({ paymentMethodId: Id });

export const RegisterWithPaymentRequest = z.object({
  userData: RegisterRequest,
  paymentMethodId: Id,
});

export const SandboxConfirmRequest = z.object({
  clientSecret: z.string().trim().min(1).max(300),
  card: z.object({
    number: z
      .string()
      .trim()
      .max(40)
      .regex(/^[0-9 -]+$/, billingMessages.invalidNumber),
    expMonth: z.coerce.number().int().min(1, 'Invalid expiry month').max(12, 'Invalid expiry month'),
    expYear: z.coerce.number().int().min(0).max(9999),
    cvc: z
      .string()
      .trim()
      .regex(/^[0-9]{3,4}$/, billingMessages.invalidCvc),
  }),
});

export const DevClockRequest = z.object({ advanceDays: z.number().min(0).max(3660) });

export const StripeCheckoutRequest = z.object({
  productId: z.string({ error: 'productId is required' }).trim().min(1, 'productId is required').max(200),
});

export const SubscriptionSuccessQuery = z.object({
  session_id: z
    .string({ error: billingMessages.missingSession })
    .trim()
    .min(1, billingMessages.missingSession)
    .max(200),
});

// ---- answers (the routes' response schemas serialise them; each satisfies its contract type) ---

const Status = z.enum(['inactive', 'trial', 'active', 'canceled', 'past_due']);

export const SubscriptionChangeAnswer = z.object({
  message: z.string(),
  subscriptionStatus: Status,
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  accessEndsAt: z.string().nullable(),
}) satisfies z.ZodType<SubscriptionChangeResponse>;

export const ClientSecretAnswer = z.object({ clientSecret: z.string() }) satisfies z.ZodType<ClientSecretResponse>;

export const CheckoutAnswer = z.object({
  url: z.string(),
  sessionId: z.string(),
}) satisfies z.ZodType<CheckoutResponse>;

export const DevClockAnswer = z.object({ now: z.string() }) satisfies z.ZodType<DevClockResponse>;

// ---- events ---------------------------------------------------------------------------------

const Iso = z.string().datetime();
const Brand = z.enum(['visa', 'mastercard', 'amex', 'discover', 'jcb', 'diners', 'unionpay', 'unknown']);
const Card = {
  paymentMethodId: z.string(),
  brand: Brand,
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int(),
  expYear: z.number().int(),
};

/** The card a sandbox set-up confirmed (POST /api/sandbox/confirm-setup's answer). */
export const SandboxConfirmAnswer = z.object(Card) satisfies z.ZodType<SandboxConfirmResponse>;
const Charge = { invoiceId: z.string(), amountCents: z.number().int().nonnegative(), periodStart: Iso, periodEnd: Iso };

/** Support gave a running trial more days. */
const TrialExtended = z.object({ days: z.number().int().min(1).max(30), trialEndsAt: Iso, extendedAt: Iso });

export const subscriptionEventSchemas: Record<SubscriptionEventType, z.ZodType> = {
  TrialStarted: z.object({
    startedAt: Iso,
    trialEndsAt: Iso,
    customerId: z.string().nullable(),
    providerSubscriptionId: z.string().nullable(),
  }),
  PaymentMethodAdded: z.object({ ...Card, customerId: z.string(), addedAt: Iso }),
  DefaultPaymentMethodSet: z.object({ paymentMethodId: z.string(), setAt: Iso }),
  PaymentMethodRemoved: z.object({ paymentMethodId: z.string(), removedAt: Iso }),
  SubscriptionActivated: z.object({
    ...Charge,
    customerId: z.string(),
    providerSubscriptionId: z.string(),
    activatedAt: Iso,
  }),
  TrialConverted: z.object({
    ...Charge,
    customerId: z.string(),
    providerSubscriptionId: z.string(),
    convertedAt: Iso,
    reason: z.enum(['trial_ended', 'upgraded']),
  }),
  TrialWillEnd: z.object({ trialEndsAt: Iso, noticedAt: Iso, paymentMethodProvided: z.boolean() }),
  TrialExtended,
  TrialExpired: z.object({ trialEndsAt: Iso, expiredAt: Iso }),
  SubscriptionCancelled: z.object({ cancelledAt: Iso, accessEndsAt: Iso, duringTrial: z.boolean() }),
  SubscriptionResumed: z.object({ resumedAt: Iso }),
  SubscriptionRenewed: z.object({ ...Charge, renewedAt: Iso }),
  SubscriptionEnded: z.object({ endedAt: Iso, reason: z.enum(['cancelled', 'payment_failed', 'trial_cancelled']) }),
  PaymentFailed: z.object({
    invoiceId: z.string(),
    amountCents: z.number().int(),
    failedAt: Iso,
    reason: z.string().max(500),
    periodStart: Iso,
    periodEnd: Iso,
  }),
};
