import { queryOptions } from '@tanstack/react-query';
import { answerOf, ApiError, apiRequest, getJson, postJson } from '../../../lib/api';
import type { User } from '../../../lib/auth';
import type {
  BillingConfigResponse,
  PaymentMethodsResponse,
  PaymentMethodView,
  SandboxConfirmResponse,
  SubscriptionChangeResponse,
  TrialStatusResponse,
} from '@lectio/contracts/billing';

/** Every billing call the web makes, typed by the contracts' answers; the reads are queries. */

export type BillingConfig = BillingConfigResponse;
export type PaymentMethod = PaymentMethodView;
export type TrialStatus = TrialStatusResponse;

export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** A card set up: the sandbox answers its facts too (SandboxConfirmResponse); Stripe's confirmation gives the id alone. */
export type ConfirmedCard = SandboxConfirmResponse | Pick<SandboxConfirmResponse, 'paymentMethodId'>;

export interface RegistrationData {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** GET /api/billing/config: the provider does not change while the page lives, so it is asked once (a failure is asked again). */
export const billingConfigQuery = queryOptions({
  queryKey: ['billing', 'config'],
  queryFn: ({ signal }) => getJson<BillingConfig>('/api/billing/config', { signal }),
  staleTime: Infinity,
});

/** GET /api/user/trial-status for one reader (`reader` names them and their status); billing changes invalidate it. */
export const trialStatusQuery = (reader: string) =>
  queryOptions({
    queryKey: [...trialStatusKey, reader],
    queryFn: ({ signal }) => getJson<TrialStatus>('/api/user/trial-status', { signal }),
    staleTime: TRIAL_STATUS_FRESH_MS,
  });
export const trialStatusKey = ['user', 'trial-status'];
/** Read again at most every 5 minutes while nothing changes it (it counts days). */
const TRIAL_STATUS_FRESH_MS = 5 * 60 * 1000;

/** GET /api/payment-methods; the card calls below change it. */
export const paymentMethodsQuery = queryOptions({
  queryKey: ['billing', 'payment-methods'],
  queryFn: async ({ signal }) =>
    (await getJson<PaymentMethodsResponse>('/api/payment-methods', { signal })).paymentMethods,
});

/** A setup intent's answer must carry a client secret, else the card form says 'Invalid setup intent response'. */
async function setupIntent(url: string): Promise<string> {
  const res = await postJson<{ clientSecret?: unknown }>(url);
  if (!res || typeof res.clientSecret !== 'string' || !res.clientSecret)
    throw new Error('Invalid setup intent response');
  return res.clientSecret;
}

export const trialSetupIntent = () => setupIntent('/api/trial-setup-intent');
export const createSetupIntent = () => setupIntent('/api/create-setup-intent');

export const sandboxConfirmSetup = (clientSecret: string, card: SandboxCard) =>
  postJson<ConfirmedCard>('/api/sandbox/confirm-setup', { clientSecret, card });

export const registerCheck = (username: string, email: string) =>
  apiRequest('POST', '/api/register-check', { username, email });
export const registerWithPayment = (userData: RegistrationData, paymentMethodId: string) =>
  postJson<User>('/api/register-with-payment', { userData, paymentMethodId });
export const addPaymentMethod = (paymentMethodId: string) => postJson('/api/add-payment-method', { paymentMethodId });

export const setDefaultPaymentMethod = (paymentMethodId: string) =>
  postJson('/api/set-default-payment-method', { paymentMethodId });
export const removePaymentMethod = (paymentMethodId: string) =>
  postJson('/api/remove-payment-method', { paymentMethodId });

export const startTrial = () => postJson<SubscriptionChangeResponse>('/api/start-trial');
export const cancelSubscription = () => postJson<SubscriptionChangeResponse>('/api/cancel-subscription');
export const convertTrialToPaid = () => postJson<SubscriptionChangeResponse>('/api/convert-trial-to-paid');
export const activateSubscription = () => postJson<SubscriptionChangeResponse>('/api/activate-subscription');
/** GET /api/subscription-success activates the checkout's subscription (a test-mode session goes to /test-subscription-success instead). */
export const subscriptionSuccess = (sessionId: string) =>
  getJson<SubscriptionChangeResponse>(`/api/subscription-success?session_id=${encodeURIComponent(sessionId)}`);

/**
 * A checkout call whose answer must be JSON with a url (spec: 'Server returned non-JSON response',
 * 'Server returned invalid JSON', 'No checkout URL returned from server').
 */
export async function checkoutCall<T extends { url?: unknown }>(
  path: string,
  body?: unknown,
): Promise<T & { url: string }> {
  let res: Response;
  try {
    res = await apiRequest('POST', path, body);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new Error('Failed to create checkout session');
  }
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) throw new Error('Server returned non-JSON response');
  let data: T;
  try {
    data = await answerOf<T>(res);
  } catch {
    throw new Error('Server returned invalid JSON');
  }
  if (!data || typeof data.url !== 'string' || !data.url) throw new Error('No checkout URL returned from server');
  return { ...data, url: data.url };
}

export const stripeCheckout = (productId: string) =>
  checkoutCall<{ url?: unknown }>('/api/stripe-checkout', { productId });
export const realStripeCheckout = () => checkoutCall<{ url?: unknown }>('/api/real-stripe-checkout');
export const minimalStripeTest = () => checkoutCall<{ url?: unknown; sessionId?: string }>('/api/minimal-stripe-test');
