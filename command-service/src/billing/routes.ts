import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountMessages, type UserResponse } from '@lectio/contracts/accounts';
import {
  accessOf,
  billingMessages,
  type CheckoutResponse,
  type ClientSecretResponse,
  type DevClockResponse,
  type SandboxConfirmResponse,
  type SubscriptionChangeResponse,
} from '@lectio/contracts/billing';
import {
  DevClockRequest,
  PaymentMethodIdRequest,
  RegisterWithPaymentRequest,
  SandboxConfirmRequest,
  StripeCheckoutRequest,
  SubscriptionSuccessQuery,
} from '@lectio/contracts/billing-schemas';
import { isProduction, requireUser, type Runtime, type ServiceModule } from '@lectio/platform';
import { badRequest, devOnly, HttpError, parse } from '@lectio/platform/http';
import { readUser } from '@lectio/projections';
import { AccountStore } from '../accounts/account-store';
import { type AccountsContext, answerPosition, loadUser, metadataFor } from '../accounts/context';
import { PasswordHasher, scryptParamsFor } from '../accounts/passwords';
import { isWeakPasswordOffLoop } from '../accounts/password-strength';
import { DEFAULT_RATE_LIMITS, RateLimiter } from '../accounts/rate-limits';
import { registerUser } from '../accounts/registration';
import { type MailPort, mailPortOf } from '../mail';
import { runBillingAutomation } from './automation';
import { BillingService, type Changed } from './billing-service';
import { InvalidCardError } from './errors';
import type { BillingProvider } from './provider';
import type { SandboxProvider } from './sandbox/sandbox-provider';
import { createBillingProvider } from './stripe/provider-from-config';
import type { StripeProvider } from './stripe/stripe-provider';
import { subscriptionFactsOf } from './subscription-decider';
import { type BillingWorker, createBillingWorker } from './worker';

export interface BillingOptions {
  /**
   * Wraps the provider the use cases call. Tests put a crash between the provider's answer and our
   * append this way (the provider has charged; our stream never hears of it).
   */
  wrapProvider?: (provider: BillingProvider) => BillingProvider;
  /** Tests: no background loop; due work runs only through POST /api/dev/clock. */
  noWorker?: boolean;
  /** Tests: the billing automation mails are run by the test itself. */
  noAutomation?: boolean;
}

/**
 * The billing calls (command side) on the sandbox provider, plus our own:
 * POST /api/add-payment-method, /api/sandbox/confirm-setup, /api/dev/clock. GET routes that read
 * (payment-methods, trial-status, billing/config) are on the query side;
 * GET /api/subscription-success activates, so it is here (nginx routes it to command-service).
 */
/**
 * Calls that take no body (the spec sends none). An empty object is tolerated (some clients send
 * `{}`); anything else (an array, a number, a string, null) is a 400, like any malformed body.
 */
export const BILLING_ROUTES_WITHOUT_BODY = new Set([
  '/api/start-trial',
  '/api/trial-setup-intent',
  '/api/create-setup-intent',
  '/api/cancel-subscription',
  '/api/convert-trial-to-paid',
  '/api/real-stripe-checkout',
  '/api/activate-subscription',
  '/api/minimal-stripe-test',
]);
const isPlainObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The billing module: its routes, the billing policy (trial ends, renewals, ends; reconciliation
 * with the provider on start) and the automation mails, on one provider and one mail port.
 */
export function billingModule(rt: Runtime, options: BillingOptions = {}): ServiceModule & { service: BillingService } {
  // The sandbox, or Stripe when STRIPE_SECRET_KEY is set (its adapter also serves the sandbox-shaped extras).
  const provider = createBillingProvider(rt);
  const service = new BillingService(rt, options.wrapProvider?.(provider) ?? provider);
  const worker = createBillingWorker(rt, service);
  const mail = mailPortOf(rt);
  const automation = (signal: AbortSignal) =>
    runBillingAutomation({
      db: rt.db,
      bus: rt.bus,
      mail,
      logger: rt.logger,
      baseUrl: (rt.config.PUBLIC_URL ?? `http://localhost:${rt.config.PORT}`).replace(/\/$/, ''),
      signal,
    });
  return {
    name: 'billing',
    // Support's actions (cancel, extend a trial) go through the same service and provider.
    service,
    routes: (app) => registerBillingRoutes(app, rt, { provider, service, worker, mail }),
    run: (signal) => Promise.all([options.noWorker ? null : worker.run(signal), options.noAutomation ? null : automation(signal)]),
  };
}

async function registerBillingRoutes(
  app: FastifyInstance,
  rt: Runtime,
  { provider, service, worker, mail }: { provider: SandboxProvider | StripeProvider; service: BillingService; worker: BillingWorker; mail: MailPort },
) {
  const production = isProduction(rt.config);

  // Registration through the accounts module's own code (same checks, hashing, limits, session).
  const accounts: AccountsContext = {
    rt,
    sessions: app.sessions,
    accounts: new AccountStore(rt.db),
    hasher: new PasswordHasher(scryptParamsFor(rt.config.NODE_ENV)),
    limiter: new RateLimiter(rt.db, DEFAULT_RATE_LIMITS, () => rt.clock.now()),
    mail,
    background: new Set(),
  };
  app.addHook('onClose', () => mail.close());

  app.addHook('preValidation', async function refuseBodyWhereNoneIsTaken(req) {
    if (BILLING_ROUTES_WITHOUT_BODY.has(req.routeOptions.url ?? '') && req.body !== undefined && !isPlainObject(req.body)) {
      throw badRequest('This request takes no body');
    }
  });

  const userMeta = (req: FastifyRequest, userId: string) => metadataFor(req, { type: 'user', id: userId });
  const emailOf = async (userId: string) => {
    const user = await readUser(rt.db, userId);
    if (!user) throw new HttpError(401, accountMessages.notAuthenticated);
    return user.email;
  };
  const answer = async (reply: FastifyReply, userId: string, changed: Changed | null, message: string): Promise<SubscriptionChangeResponse> => {
    answerPosition(reply, changed?.position ?? 0n);
    const facts = subscriptionFactsOf((await service.load(userId)).state);
    const access = accessOf(facts, service.now());
    return {
      message,
      subscriptionStatus: access.status,
      trialEndsAt: access.trialEndsAt,
      currentPeriodEnd: facts.currentPeriodEnd,
      accessEndsAt: access.accessEndsAt,
    };
  };

  // ---- trial -----------------------------------------------------------------------------------

  app.post<{ Reply: SubscriptionChangeResponse }>('/api/start-trial', async (req, reply) => {
    const { userId } = await requireUser(req);
    const changed = await service.startTrial(userId, await emailOf(userId), userMeta(req, userId));
    return answer(reply, userId, changed, billingMessages.trialStarted);
  });

  // Signed out, after register-check: a SetupIntent with no customer yet (Stripe allows it).
  app.post<{ Reply: ClientSecretResponse }>('/api/trial-setup-intent', async (req, reply) => {
    await accounts.limiter.enforce(reply, [['registerCheckPerIp', req.ip]]);
    const { clientSecret } = await provider.createSetupIntent({ customerId: null }, `setup:${crypto.randomUUID()}`);
    answerPosition(reply, 0n);
    return { clientSecret };
  });

  app.post<{ Reply: UserResponse }>('/api/register-with-payment', async (req, reply) => {
    const body = parse(RegisterWithPaymentRequest, req.body);
    await accounts.limiter.enforce(reply, [['registerPerIp', req.ip]]);
    if (await isWeakPasswordOffLoop(body.userData.password, body.userData)) {
      throw new HttpError(400, accountMessages.passwordTooCommon, { errors: [{ field: 'password', message: accountMessages.passwordTooCommon }] });
    }
    // The card first: nobody is registered on a card that cannot be used.
    const card = await provider.findPaymentMethod({ paymentMethodId: body.paymentMethodId });
    if (!card || !card.usable || card.customerId !== null) throw new InvalidCardError(billingMessages.paymentMethodNotAttached);
    const { registered } = await registerUser(accounts, body.userData, (id) => userMeta(req, id));
    const userId = registered.userId;
    await accounts.sessions.start(req, reply, userId);
    const changed = await service.startTrialWithCard(userId, registered.email, body.paymentMethodId, userMeta(req, userId));
    const { user } = await loadUser(accounts, userId);
    answerPosition(reply, changed.position);
    return reply.status(201).send(user);
  });

  // ---- cards -----------------------------------------------------------------------------------

  app.post<{ Reply: ClientSecretResponse }>('/api/create-setup-intent', async (req, reply) => {
    const { userId } = await requireUser(req);
    const { state } = await service.load(userId);
    const customerId = state.customerId ?? (await provider.ensureCustomer({ userId, email: await emailOf(userId) }, `${userId}:customer`)).customerId;
    const { clientSecret } = await provider.createSetupIntent({ customerId }, `setup:${crypto.randomUUID()}`);
    answerPosition(reply, 0n);
    return { clientSecret };
  });

  // What Stripe.js does against Stripe: the card goes to the provider, never to our events.
  app.post<{ Reply: SandboxConfirmResponse }>('/api/sandbox/confirm-setup', async (req, reply) => {
    const body = parse(SandboxConfirmRequest, req.body);
    const card = await provider.confirmSetup({ clientSecret: body.clientSecret, card: body.card }, rt.clock.now());
    answerPosition(reply, 0n);
    return card;
  });

  app.post<{ Reply: SubscriptionChangeResponse }>('/api/add-payment-method', async (req, reply) => {
    const { userId } = await requireUser(req);
    const { paymentMethodId } = parse(PaymentMethodIdRequest, req.body);
    const changed = await service.addPaymentMethod(userId, await emailOf(userId), paymentMethodId, userMeta(req, userId));
    return answer(reply, userId, changed, billingMessages.paymentMethodAdded);
  });

  app.post<{ Reply: SubscriptionChangeResponse }>('/api/set-default-payment-method', async (req, reply) => {
    const { userId } = await requireUser(req);
    const { paymentMethodId } = parse(PaymentMethodIdRequest, req.body);
    const changed = await service.setDefaultPaymentMethod(userId, paymentMethodId, userMeta(req, userId));
    return answer(reply, userId, changed, billingMessages.defaultSet);
  });

  app.post<{ Reply: SubscriptionChangeResponse }>('/api/remove-payment-method', async (req, reply) => {
    const { userId } = await requireUser(req);
    const { paymentMethodId } = parse(PaymentMethodIdRequest, req.body);
    const changed = await service.removePaymentMethod(userId, paymentMethodId, userMeta(req, userId));
    return answer(reply, userId, changed, billingMessages.paymentMethodRemoved);
  });

  // ---- subscription ----------------------------------------------------------------------------

  app.post<{ Reply: SubscriptionChangeResponse }>('/api/cancel-subscription', async (req, reply) => {
    const { userId } = await requireUser(req);
    const changed = await service.cancel(userId, userMeta(req, userId));
    return answer(reply, userId, changed, billingMessages.cancelled);
  });

  app.post<{ Reply: SubscriptionChangeResponse }>('/api/convert-trial-to-paid', async (req, reply) => {
    const { userId } = await requireUser(req);
    const changed = await service.convertTrial(userId, userMeta(req, userId));
    return answer(reply, userId, changed, billingMessages.converted);
  });

  const checkout = async (req: FastifyRequest, reply: FastifyReply): Promise<CheckoutResponse> => {
    const { userId } = await requireUser(req);
    const { sessionId, url } = await provider.createCheckoutSession({ userId }, rt.clock.now());
    answerPosition(reply, 0n);
    // Stripe: its hosted Checkout page; the webhook (checkout.session.completed) records the subscription.
    if (url) return { url, sessionId };
    // The sandbox has no hosted checkout page: the session is 'paid' by visiting the success page.
    return { url: `/subscription-success?session_id=${encodeURIComponent(sessionId)}&test_mode=true`, sessionId };
  };
  app.post<{ Reply: CheckoutResponse }>('/api/stripe-checkout', async (req, reply) => {
    parse(StripeCheckoutRequest, req.body ?? {});
    return checkout(req, reply);
  });
  app.post('/api/real-stripe-checkout', checkout);

  // After checkout: activates once; a second visit (a reload) answers the same state.
  app.get<{ Querystring: { session_id?: unknown } }>('/api/subscription-success', async (req, reply) => {
    const { userId } = await requireUser(req);
    const q = req.query;
    if (typeof q.session_id !== 'string' || !q.session_id.trim()) throw badRequest(billingMessages.missingSession);
    const { session_id } = parse(SubscriptionSuccessQuery, q);
    const session = await provider.findCheckoutSession(session_id);
    if (!session || session.userId !== userId) throw new HttpError(404, billingMessages.missingSession);
    let changed: Changed | null = null;
    if (session.status !== 'complete') {
      const { state } = await service.load(userId);
      const alreadyPremium = state.status === 'active';
      if (!alreadyPremium) changed = await subscribeOnSandbox(req, userId);
      await provider.completeCheckoutSession(session_id);
    }
    return answer(reply, userId, changed, billingMessages.activated);
  });

  /** Subscribe on the reader's default card; outside production a sandbox 4242 card if none. */
  const subscribeOnSandbox = async (req: FastifyRequest, userId: string) => {
    const email = await emailOf(userId);
    return service.subscribe(userId, email, userMeta(req, userId), {
      testCard: production
        ? undefined
        : async (key) => {
            const { customerId } = await provider.ensureCustomer({ userId, email }, `${userId}:customer`);
            const card = await provider.attachTestCard({ customerId }, rt.clock.now(), key);
            await provider.attachPaymentMethod({ customerId, paymentMethodId: card.paymentMethodId });
            return { ...card, customerId };
          },
    });
  };

  // ---- development only: absent in production, loopback only --

  if (!production) {
    app.post('/api/activate-subscription', { preHandler: devOnly }, async (req, reply) => {
      const { userId } = await requireUser(req);
      const changed = await subscribeOnSandbox(req, userId);
      return answer(reply, userId, changed, billingMessages.activated);
    });

    app.post('/api/minimal-stripe-test', { preHandler: devOnly }, checkout);

    app.post<{ Reply: DevClockResponse }>('/api/dev/clock', { preHandler: devOnly }, async (req, reply) => {
      const { advanceDays } = parse(DevClockRequest, req.body);
      rt.clock.advance(advanceDays * 86_400_000);
      // The due work (trial ends, renewals, ends) runs before the answer, so the next read shows it.
      const position = await worker.runDue();
      answerPosition(reply, position);
      return { now: rt.clock.now().toISOString() };
    });
  }
}
