import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountMessages, type UserResponse } from '@lectio/contracts/accounts';
import {
  accessOf,
  billingMessages,
  type CheckoutResponse,
  type SubscriptionChangeResponse,
  withShownStatus,
} from '@lectio/contracts/billing';
import {
  CheckoutAnswer,
  ClientSecretAnswer,
  DevClockAnswer,
  DevClockRequest,
  PaymentMethodIdRequest,
  SandboxConfirmAnswer,
  SubscriptionChangeAnswer,
  RegisterWithPaymentRequest,
  SandboxConfirmRequest,
  StripeCheckoutRequest,
  SubscriptionSuccessQuery,
} from '@lectio/contracts/billing-schemas';
import { isProduction, requireUser, type Runtime, type ServiceModule } from '@lectio/platform';
import { devOnly, HttpError, NoBody, useZodRouteSchemas } from '@lectio/platform/http';
import { readUser } from '@lectio/projections';
import { type AccountsContext, loadUser } from '../accounts/context';
import { answerPosition, metadataFor } from '../http/answers';
import { isWeakPasswordOffLoop } from '../accounts/password-strength';
import { registerUser } from '../accounts/registration';
import type { AccountsServices } from '../accounts/services';
import type { MailPort } from '../mail';
import { runBillingAutomation } from './automation';
import { BillingService, type Changed } from './billing-service';
import { InvalidCardError } from './errors';
import type { BillingDevTools, BillingProvider } from './provider';
import { type ChosenBillingProvider, createBillingProvider } from './stripe/provider-from-config';
import { type SubscriptionState, subscriptionFactsOf } from './subscription-decider';
import { subscriptionStream } from './subscription-stream';
import { type BillingWorker, createBillingWorker } from './worker';
import { DAY_MS } from '@lectio/contracts/time';

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
 * The billing module: its routes, the billing policy (trial ends, renewals, ends; reconciliation
 * with the provider on start) and the automation mails, on one provider and one mail port.
 */
export function billingModule(
  rt: Runtime,
  { accounts, mail }: { accounts: AccountsServices; mail: MailPort },
  options: BillingOptions = {},
): ServiceModule & { service: BillingService; provider: ChosenBillingProvider } {
  // Chosen once here: the routes get the port and the development tools, Stripe's webhook the Stripe adapter.
  const chosen = createBillingProvider(rt);
  const provider = chosen.port;
  const service = new BillingService(rt, options.wrapProvider?.(provider) ?? provider, subscriptionStream(rt.store));
  const worker = createBillingWorker(rt, service);
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
    provider: chosen,
    routes: (app) =>
      registerBillingRoutes(app, rt, {
        provider,
        devTools: chosen.devTools,
        service,
        worker,
        accountsServices: accounts,
      }),
    run: (signal) =>
      Promise.all([options.noWorker ? null : worker.run(signal), options.noAutomation ? null : automation(signal)]),
  };
}

/**
 * The billing calls (command side) on the chosen provider's port (and, outside production, its
 * development tools), plus our own:
 * POST /api/add-payment-method, /api/sandbox/confirm-setup, /api/dev/clock. GET routes that read
 * (payment-methods, trial-status, billing/config) are on the query side;
 * GET /api/subscription-success activates, so it is here (nginx routes it to command-service).
 */
async function registerBillingRoutes(
  app: FastifyInstance,
  rt: Runtime,
  {
    provider,
    devTools,
    service,
    worker,
    accountsServices,
  }: {
    provider: BillingProvider;
    devTools: BillingDevTools | null;
    service: BillingService;
    worker: BillingWorker;
    accountsServices: AccountsServices;
  },
) {
  const production = isProduction(rt.config);

  // Registration through the accounts module's own code (same checks, hashing, limits, session).
  const accounts: AccountsContext = { ...accountsServices, rt, sessions: app.sessions };

  // Every route declares its body (or NoBody), query and answer; handlers are typed from those
  // schemas, and answers are serialised by them (a field outside the contract never leaves).
  useZodRouteSchemas(app);
  app.setSerializerCompiler(serializerCompiler);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const userMeta = (req: FastifyRequest, userId: string) => metadataFor(req, { type: 'user', id: userId });
  const emailOf = async (userId: string) => {
    const user = await readUser(rt.db, userId);
    if (!user) throw new HttpError(401, accountMessages.notAuthenticated);
    return user.email;
  };
  const answer = async (
    reply: FastifyReply,
    userId: string,
    changed: Changed | null,
    message: string,
  ): Promise<SubscriptionChangeResponse> => {
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

  routes.post(
    '/api/start-trial',
    { schema: { body: NoBody, response: { 200: SubscriptionChangeAnswer } } },
    async (req, reply) => {
      const { userId } = await requireUser(req);
      const changed = await service.startTrial(userId, await emailOf(userId), userMeta(req, userId));
      return answer(reply, userId, changed, billingMessages.trialStarted);
    },
  );

  // Signed out, after register-check: a SetupIntent with no customer yet (Stripe allows it).
  routes.post(
    '/api/trial-setup-intent',
    { schema: { body: NoBody, response: { 200: ClientSecretAnswer } } },
    async (req, reply) => {
      await accounts.limiter.enforce(reply, [['registerCheckPerIp', req.ip]]);
      const { clientSecret } = await provider.createSetupIntent({ customerId: null }, `setup:${crypto.randomUUID()}`);
      answerPosition(reply, 0n);
      return { clientSecret };
    },
  );

  routes.post(
    '/api/register-with-payment',
    { schema: { body: RegisterWithPaymentRequest } },
    async (req, reply): Promise<UserResponse> => {
      const body = req.body;
      await accounts.limiter.enforce(reply, [['registerPerIp', req.ip]]);
      if (await isWeakPasswordOffLoop(body.userData.password, body.userData)) {
        throw new HttpError(400, accountMessages.passwordTooCommon, {
          errors: [{ field: 'password', message: accountMessages.passwordTooCommon }],
        });
      }
      // The card first: nobody is registered on a card that cannot be used.
      const card = await provider.findPaymentMethod({ paymentMethodId: body.paymentMethodId });
      if (!card || !card.usable || card.customerId !== null)
        throw new InvalidCardError(billingMessages.paymentMethodNotAttached);
      // Nobody is registered for a trial they may not have (one per person and per card).
      await service.checkNewTrial(body.userData.email, card);
      const { registered } = await registerUser(accounts, body.userData, (id) => userMeta(req, id));
      const userId = registered.userId;
      await accounts.sessions.start(req, reply, userId, { passwordChecked: true });
      const changed = await service.startTrialWithCard(
        userId,
        registered.email,
        body.paymentMethodId,
        userMeta(req, userId),
      );
      // Read at the subscription just written; while the read model is behind it, its facts come from the stream.
      const { user, position, current } = await loadUser(accounts, userId, changed.position);
      answerPosition(reply, position);
      return reply
        .status(201)
        .send(current ? user : withSubscriptionOf(user, (await service.load(userId)).state, service.now()));
    },
  );

  // ---- cards -----------------------------------------------------------------------------------

  routes.post(
    '/api/create-setup-intent',
    { schema: { body: NoBody, response: { 200: ClientSecretAnswer } } },
    async (req, reply) => {
      const { userId } = await requireUser(req);
      const { state } = await service.load(userId);
      const customerId =
        state.customerId ??
        (await provider.ensureCustomer({ userId, email: await emailOf(userId) }, `${userId}:customer`)).customerId;
      const { clientSecret } = await provider.createSetupIntent({ customerId }, `setup:${crypto.randomUUID()}`);
      answerPosition(reply, 0n);
      return { clientSecret };
    },
  );

  // What Stripe.js does against Stripe: the card goes to the provider, never to our events.
  routes.post(
    '/api/sandbox/confirm-setup',
    { schema: { body: SandboxConfirmRequest, response: { 200: SandboxConfirmAnswer } } },
    async (req, reply) => {
      const card = await provider.confirmSetup(
        { clientSecret: req.body.clientSecret, card: req.body.card },
        rt.clock.now(),
      );
      answerPosition(reply, 0n);
      return card;
    },
  );

  routes.post(
    '/api/add-payment-method',
    { schema: { body: PaymentMethodIdRequest, response: { 200: SubscriptionChangeAnswer } } },
    async (req, reply) => {
      const { userId } = await requireUser(req);
      const { paymentMethodId } = req.body;
      const changed = await service.addPaymentMethod(
        userId,
        await emailOf(userId),
        paymentMethodId,
        userMeta(req, userId),
      );
      return answer(reply, userId, changed, billingMessages.paymentMethodAdded);
    },
  );

  routes.post(
    '/api/set-default-payment-method',
    { schema: { body: PaymentMethodIdRequest, response: { 200: SubscriptionChangeAnswer } } },
    async (req, reply) => {
      const { userId } = await requireUser(req);
      const { paymentMethodId } = req.body;
      const changed = await service.setDefaultPaymentMethod(userId, paymentMethodId, userMeta(req, userId));
      return answer(reply, userId, changed, billingMessages.defaultSet);
    },
  );

  routes.post(
    '/api/remove-payment-method',
    { schema: { body: PaymentMethodIdRequest, response: { 200: SubscriptionChangeAnswer } } },
    async (req, reply) => {
      const { userId } = await requireUser(req);
      const { paymentMethodId } = req.body;
      const changed = await service.removePaymentMethod(userId, paymentMethodId, userMeta(req, userId));
      return answer(reply, userId, changed, billingMessages.paymentMethodRemoved);
    },
  );

  // ---- subscription ----------------------------------------------------------------------------

  routes.post(
    '/api/cancel-subscription',
    { schema: { body: NoBody, response: { 200: SubscriptionChangeAnswer } } },
    async (req, reply) => {
      const { userId } = await requireUser(req);
      const changed = await service.cancel(userId, userMeta(req, userId));
      return answer(reply, userId, changed, billingMessages.cancelled);
    },
  );

  routes.post(
    '/api/convert-trial-to-paid',
    { schema: { body: NoBody, response: { 200: SubscriptionChangeAnswer } } },
    async (req, reply) => {
      const { userId } = await requireUser(req);
      const changed = await service.convertTrial(userId, userMeta(req, userId));
      return answer(reply, userId, changed, billingMessages.converted);
    },
  );

  const checkout = async (req: FastifyRequest, reply: FastifyReply): Promise<CheckoutResponse> => {
    const { userId } = await requireUser(req);
    const { sessionId, url } = await provider.createCheckoutSession({ userId }, rt.clock.now());
    answerPosition(reply, 0n);
    // Stripe: its hosted Checkout page; the webhook (checkout.session.completed) records the subscription.
    if (url) return { url, sessionId };
    // The sandbox has no hosted checkout page: the session is 'paid' by visiting the success page.
    return { url: `/subscription-success?session_id=${encodeURIComponent(sessionId)}&test_mode=true`, sessionId };
  };
  // The product id is checked by the schema; there is one product.
  routes.post(
    '/api/stripe-checkout',
    { schema: { body: StripeCheckoutRequest, response: { 200: CheckoutAnswer } } },
    checkout,
  );
  routes.post('/api/real-stripe-checkout', { schema: { body: NoBody, response: { 200: CheckoutAnswer } } }, checkout);

  // After checkout: activates once; a second visit (a reload) answers the same state.
  routes.get(
    '/api/subscription-success',
    { schema: { querystring: SubscriptionSuccessQuery, response: { 200: SubscriptionChangeAnswer } } },
    async (req, reply) => {
      const { userId } = await requireUser(req);
      const { session_id } = req.query;
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
    },
  );

  /** Subscribe on the reader's default card; outside production (with the development tools) a test 4242 card if none. */
  const subscribeOnSandbox = async (req: FastifyRequest, userId: string) => {
    const email = await emailOf(userId);
    return service.subscribe(userId, email, userMeta(req, userId), {
      testCard: devTools
        ? async (key) => {
            const { customerId } = await provider.ensureCustomer({ userId, email }, `${userId}:customer`);
            const card = await devTools.attachTestCard({ customerId }, rt.clock.now(), key);
            await provider.attachPaymentMethod({ customerId, paymentMethodId: card.paymentMethodId });
            return { ...card, customerId };
          }
        : undefined,
    });
  };

  // ---- development only: absent in production, loopback only --

  if (!production) {
    routes.post(
      '/api/activate-subscription',
      { onRequest: devOnly, schema: { body: NoBody, response: { 200: SubscriptionChangeAnswer } } },
      async (req, reply) => {
        const { userId } = await requireUser(req);
        const changed = await subscribeOnSandbox(req, userId);
        return answer(reply, userId, changed, billingMessages.activated);
      },
    );

    routes.post(
      '/api/minimal-stripe-test',
      { onRequest: devOnly, schema: { body: NoBody, response: { 200: CheckoutAnswer } } },
      checkout,
    );

    routes.post(
      '/api/dev/clock',
      { onRequest: devOnly, schema: { body: DevClockRequest, response: { 200: DevClockAnswer } } },
      async (req, reply) => {
        const { advanceDays } = req.body;
        rt.clock.advance(advanceDays * DAY_MS);
        // The due work (trial ends, renewals, ends) runs before the answer, so the next read shows it.
        const position = await worker.runDue();
        answerPosition(reply, position);
        return { now: rt.clock.now().toISOString() };
      },
    );
  }
}

/** The user with the subscription columns as `state` says (what the users read model will show once it has the events). */
function withSubscriptionOf(user: UserResponse, state: SubscriptionState, now: Date): UserResponse {
  const facts = subscriptionFactsOf(state);
  return withShownStatus(
    {
      ...user,
      subscriptionStatus: facts.subscriptionStatus,
      trialEndsAt: facts.trialEndsAt,
      currentPeriodEnd: facts.currentPeriodEnd,
      paymentMethodProvided: facts.paymentMethodProvided,
      stripeSubscriptionId:
        state.status === 'active' || state.status === 'past_due'
          ? state.providerSubscriptionId
          : user.stripeSubscriptionId,
    },
    now,
  );
}
