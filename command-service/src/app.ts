import type { FastifyInstance } from 'fastify';
import type { Runtime } from '@lectio/platform';
import { type AccountsOptions, registerAccountRoutes } from './accounts/routes';
import { type AssistantOptions, registerAssistantRoutes } from './assistant/routes';
import { type BillingOptions, registerBillingRoutes } from './billing/routes';
import { registerStripeWebhook } from './billing/stripe/webhook-routes';
import { installCsrfGuard } from './csrf';
import { registerDevMailbox } from './mail/dev-mailbox';

export interface CommandOptions {
  /** Accounts: rate limits (tests use small windows) and a mail port other than the configured one. */
  accounts?: AccountsOptions;
  /** Billing: a wrapped provider (tests: a crash between its answer and our append), no background worker. */
  billing?: BillingOptions;
  /** Assistant: another AI adapter, a smaller chat rate limit, output caps, an entitlement source (tests). */
  assistant?: AssistantOptions;
}

/** Every state-changing /api route. */
export async function registerCommandRoutes(app: FastifyInstance, rt: Runtime, options: CommandOptions = {}) {
  await app.register(async (c) => {
    installCsrfGuard(c, rt.config);
    await registerAccountRoutes(c, rt, options.accounts);
    await registerBillingRoutes(c, rt, options.billing);
    await registerAssistantRoutes(c, rt, options.assistant);
  });
  // Outside the CSRF scope, with its own raw-body parser: Stripe signs what it sends.
  await registerStripeWebhook(app, rt);
  // A read, but of the mail module's own table (development only).
  await registerDevMailbox(app, rt);
}
