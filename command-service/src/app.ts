import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Runtime, ServiceModule } from '@lectio/platform';
import { type AccountsOptions, accountsModule, createAccountsServices, settleAccountsWork } from './accounts';
import { type AssistantOptions, assistantModule } from './assistant';
import { type BillingOptions, billingModule, registerStripeWebhook } from './billing';
import { installCsrfGuard } from './csrf';
import { createMailPort, registerDevMailbox } from './mail';
import { notesModule } from './notes';
import { plansModule } from './plans';
import { type SupportOptions, supportModule } from './support';

export interface CommandOptions {
  /** Accounts: rate limits for every module's account checks (tests use small windows), and a mail port other than the command side's. */
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
  // Built once, and passed to the modules that use them.
  const mail = createMailPort(rt);
  const accounts = createAccountsServices(rt, mail, options.accounts);
  const billing = billingModule(rt, { accounts, mail }, options.billing);
  const assistant = assistantModule(
    rt,
    { users: accounts.users, subscriptions: billing.service.handler },
    options.assistant,
  );
  const modules = [
    accountsModule(rt, accounts),
    billing,
    assistant,
    supportModule(rt, { accounts, billing: billing.service, usage: assistant.usage }, options.support),
    plansModule(rt),
    notesModule(rt),
  ];
  return {
    name: 'commands',
    async routes(app) {
      app.addHook('onSend', noStore);
      app.addHook('onClose', async () => {
        await settleAccountsWork(accounts);
        await Promise.all([...new Set([accounts.mail, mail])].map((port) => port.close()));
      });
      await app.register(async (browserCalls) => {
        installCsrfGuard(browserCalls, rt.config);
        for (const m of modules) if (m.routes) await browserCalls.register(m.routes);
      });
      // Outside the CSRF scope, with its own raw-body parser: Stripe signs what it sends.
      await registerStripeWebhook(app, rt, billing.provider.stripe, billing.service.handler);
      // A read, but of the mail module's own table (development only).
      await registerDevMailbox(app, rt);
    },
    run: (signal) => Promise.all(modules.map((m) => m.run?.(signal))),
  };
}
