import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Runtime, ServiceModule } from '@lectio/platform';
import { type AccountsOptions, accountsModule } from './accounts/routes';
import { type AssistantOptions, assistantModule } from './assistant/routes';
import { type BillingOptions, billingModule } from './billing/routes';
import { registerStripeWebhook } from './billing/stripe/webhook-routes';
import { installCsrfGuard } from './csrf';
import { plansModule } from './plans/routes';
import { notesModule } from './notes/routes';
import { type SupportOptions, supportModule } from './support/routes';
import { registerDevMailbox } from './mail/dev-mailbox';

export interface CommandOptions {
  /** Accounts: rate limits (tests use small windows) and a mail port other than the configured one. */
  accounts?: AccountsOptions;
  /** Billing: a wrapped provider (tests: a crash between its answer and our append), no background worker. */
  billing?: BillingOptions;
  /** Assistant: another AI adapter, a smaller chat rate limit, output caps, an entitlement source (tests). */
  assistant?: AssistantOptions;
  /** Support: a smaller number of calls per minute (tests). */
  support?: SupportOptions;
}

// Every command answer is about a person or changes their state: no browser or proxy keeps it.
const noStore = async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  reply.header('Cache-Control', 'no-store');
  return payload;
};

/**
 * The command side: every state-changing /api route, one encapsulated plugin per module (a
 * module's hooks apply to its own routes only), and the modules' consumers and workers, which
 * the composition root starts.
 */
export function createCommandSide(rt: Runtime, options: CommandOptions = {}): ServiceModule {
  const billing = billingModule(rt, options.billing);
  const modules = [
    accountsModule(rt, options.accounts),
    billing,
    assistantModule(rt, options.assistant),
    supportModule(rt, billing.service, options.support),
    plansModule(rt),
    notesModule(rt),
  ];
  return {
    name: 'commands',
    async routes(app) {
      app.addHook('onSend', noStore);
      await app.register(async (browserCalls) => {
        installCsrfGuard(browserCalls, rt.config);
        for (const m of modules) if (m.routes) await browserCalls.register(m.routes);
      });
      // Outside the CSRF scope, with its own raw-body parser: Stripe signs what it sends.
      await registerStripeWebhook(app, rt);
      // A read, but of the mail module's own table (development only).
      await registerDevMailbox(app, rt);
    },
    run: (signal) => Promise.all(modules.map((m) => m.run?.(signal))),
  };
}
