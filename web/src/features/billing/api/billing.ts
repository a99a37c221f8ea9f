import { answerOf, ApiError, apiRequest, getJson, postJson } from '../../../lib/api';
import type { User } from '../../../lib/auth';
import type { UsageResponse } from '@lectio/contracts/assistant';
import type {
  BillingConfigResponse,
  PaymentMethodView,
  SandboxConfirmResponse,
  SubscriptionChangeResponse,
  TrialStatusResponse,
} from '@lectio/contracts/billing';

/** Every billing call the web makes, typed by the contracts' answers. */

export type BillingConfig = Pick<BillingConfigResponse, 'provider' | 'publishableKey'> & Partial<BillingConfigResponse>;
export type PaymentMethod = PaymentMethodView;
export type TrialStatus = Pick<TrialStatusResponse, 'status' | 'trialEndsAt' | 'daysLeft' | 'paymentMethodProvided'> & { subscriptionStatus: string };

export type Usage = Partial<UsageResponse>;

export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type ConfirmedCard = Pick<SandboxConfirmResponse, 'paymentMethodId'> & Partial<SandboxConfirmResponse>;

export interface RegistrationData {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

let configPromise: Promise<BillingConfig> | null = null;
/** The provider does not change while the page lives; ask once. */
export function getBillingConfig(): Promise<BillingConfig> {
  configPromise ??= getJson<BillingConfig>('/api/billing/config').catch((e: unknown) => {
    configPromise = null;
    throw e;
  });
  return configPromise;
}

/** A setup intent's answer must carry a client secret (spec: 'Invalid setup intent response'). */
async function setupIntent(url: string): Promise<string> {
  const res = await postJson<{ clientSecret?: unknown }>(url);
  if (!res || typeof res.clientSecret !== 'string' || !res.clientSecret) throw new Error('Invalid setup intent response');
  return res.clientSecret;
}

export const trialSetupIntent = () => setupIntent('/api/trial-setup-intent');
export const createSetupIntent = () => setupIntent('/api/create-setup-intent');

export const sandboxConfirmSetup = (clientSecret: string, card: SandboxCard) => postJson<ConfirmedCard>('/api/sandbox/confirm-setup', { clientSecret, card });

export const registerCheck = (username: string, email: string) => apiRequest('POST', '/api/register-check', { username, email });
export const registerWithPayment = (userData: RegistrationData, paymentMethodId: string) =>
  postJson<User>('/api/register-with-payment', { userData, paymentMethodId });
export const addPaymentMethod = (paymentMethodId: string) => postJson('/api/add-payment-method', { paymentMethodId });

export async function listPaymentMethods(): Promise<PaymentMethod[]> {
  const res = await getJson<{ paymentMethods?: PaymentMethod[] }>('/api/payment-methods');
  return Array.isArray(res?.paymentMethods) ? res.paymentMethods : [];
}
export const setDefaultPaymentMethod = (paymentMethodId: string) => postJson('/api/set-default-payment-method', { paymentMethodId });
export const removePaymentMethod = (paymentMethodId: string) => postJson('/api/remove-payment-method', { paymentMethodId });

export const startTrial = () => postJson<Partial<SubscriptionChangeResponse>>('/api/start-trial');
export const getTrialStatus = () => getJson<TrialStatus>('/api/user/trial-status');
export const getUsage = () => getJson<Usage>('/api/user/usage');
export const cancelSubscription = () => postJson<Partial<SubscriptionChangeResponse>>('/api/cancel-subscription');
export const convertTrialToPaid = () => postJson<Partial<SubscriptionChangeResponse>>('/api/convert-trial-to-paid');
export const activateSubscription = () => postJson<Partial<SubscriptionChangeResponse>>('/api/activate-subscription');
export const subscriptionSuccess = (sessionId: string) =>
  getJson<{ message?: string; testMode?: boolean }>(`/api/subscription-success?session_id=${encodeURIComponent(sessionId)}`);

/**
 * A checkout call whose answer must be JSON with a url (spec: 'Server returned non-JSON response',
 * 'Server returned invalid JSON', 'No checkout URL returned from server').
 */
export async function checkoutCall<T extends { url?: unknown }>(path: string, body?: unknown): Promise<T & { url: string }> {
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

export const stripeCheckout = (productId: string) => checkoutCall<{ url?: unknown }>('/api/stripe-checkout', { productId });
export const realStripeCheckout = () => checkoutCall<{ url?: unknown }>('/api/real-stripe-checkout');
export const minimalStripeTest = () => checkoutCall<{ url?: unknown; sessionId?: string }>('/api/minimal-stripe-test');
