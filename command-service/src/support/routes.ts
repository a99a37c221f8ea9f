import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SUPPORT_MAX_CREDIT_DOLLARS,
  type SupportActionResponse,
  type SupportExportResponse,
  supportMessages,
} from '@lectio/contracts/support';
import {
  CreditBudgetRequest,
  ExtendTrialRequest,
  SupportAccountParams,
  SupportActionRequest,
} from '@lectio/contracts/support-schemas';
import { streams } from '@lectio/contracts/events';
import type { Runtime, ServiceModule } from '@lectio/platform';
import { HttpError, useZodRouteSchemas } from '@lectio/platform/http';
import type { AccountsContext } from '../accounts/context';
import { answerPosition } from '../http/answers';
import { resetLinkBase, sendPasswordReset } from '../accounts/password-reset';
import type { AccountsServices } from '../accounts/services';
import type { UsageStream } from '../assistant/budget/usage-stream';
import type { BillingService } from '../billing/billing-service';
import { loadEntitlement } from '../billing/entitlement';
import { accountEvents, rebuildAccountRows } from '@lectio/projections';
import { recordAction, supportGate, supportMetadata, supportStaffOf } from './access';
import { registerSupportChannel } from './channel';
import { registerDataExport, registerSupportAccessQuery, registerSupportQueries, supportExportOf } from './reads';
import { creditMail } from './mails';
import { supportStepUp } from './step-up';

export interface SupportOptions {
  /** Support calls per staff member per minute (tests use a small number). */
  callsPerMinute?: number;
}

/** The support module: the command line's local channel, support's reads and actions (staff only), and the reader's support-access list and data export. */
export function supportModule(
  rt: Runtime,
  { accounts, billing, usage }: SupportServices,
  options: SupportOptions = {},
): ServiceModule {
  return { name: 'support', routes: (app) => registerSupportRoutes(app, rt, { accounts, billing, usage }, options) };
}

/** What support acts through, built once by the other modules: accounts, billing, and the assistant's usage streams. */
export interface SupportServices {
  accounts: AccountsServices;
  billing: BillingService;
  usage: UsageStream;
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * POST /api/support/accounts/:id/<action>: extend-trial, credit-budget, cancel-subscription,
 * sign-out-everywhere, send-password-reset. Each needs a reason, is decided by the stream's own
 * decider, and is recorded with actor support, the staff member's id and the reason.
 */
async function registerSupportRoutes(
  app: FastifyInstance,
  rt: Runtime,
  { accounts: accountsServices, billing, usage }: SupportServices,
  options: SupportOptions,
) {
  const { users } = accountsServices;
  // Every support route declares its params, query or body (the channel's, the reads', the actions').
  useZodRouteSchemas(app, { refuseJsonNull: false });
  registerSupportChannel(app, rt, users);
  // One gate (and one rate-limit window per staff member) for support's reads and actions. The
  // reads live here, not on the query side: each records a look-up, and they replay with the
  // deciders of this package.
  const gate = supportGate(app, users, options);
  await app.register(async (reads) => registerSupportQueries(reads, rt, gate, { users, usage }));
  await app.register(async (access) => registerSupportAccessQuery(access, rt));
  await app.register(async (data) => registerDataExport(data, rt));
  const accounts: AccountsContext = { ...accountsServices, rt, sessions: app.sessions };
  const { mail } = accounts;

  const confirmStaffPassword = supportStepUp({
    rt,
    sessions: app.sessions,
    accounts: accounts.accounts,
    hasher: accounts.hasher,
    mail,
  });

  await app.register(async (staff) => {
    staff.addHook('onRequest', gate);
    // The reader's id, then the body, by their schemas (after the gate, as before).
    const routes = staff.withTypeProvider<ZodTypeProvider>();

    /**
     * The reader, and the staff member's reason once their password is confirmed where it was not
     * checked lately; `done` records the action (the reader's support-access list shows it and its
     * reason too) and answers.
     */
    const begin = async (
      req: FastifyRequest,
      reply: FastifyReply,
      id: string,
      body: { reason: string; password?: string },
    ) => {
      const staff = supportStaffOf(req);
      await confirmStaffPassword(reply, staff, body.password);
      const { staffId } = staff;
      const account = await accounts.accounts.findById(id);
      if (!account) throw new HttpError(404, supportMessages.accountNotFound);
      const done = async (position: bigint, message: string): Promise<SupportActionResponse> => {
        await recordAction(rt, staffId, id, (req.routeOptions.url ?? '').split('/').pop() ?? 'action', body.reason);
        answerPosition(reply, position);
        return { message };
      };
      return { account, meta: supportMetadata(staffId, body.reason), done };
    };
    const action = { params: SupportAccountParams, body: SupportActionRequest };

    routes.post(
      '/api/support/accounts/:id/extend-trial',
      { schema: { params: SupportAccountParams, body: ExtendTrialRequest } },
      async (req, reply) => {
        const { account, meta, done } = await begin(req, reply, req.params.id, req.body);
        const { events, position } = await billing.handler.handle(
          account.userId,
          { type: 'ExtendTrial', at: rt.clock.now(), days: req.body.days },
          meta,
        );
        const extended = events.find((e) => e.type === 'TrialExtended');
        return done(
          position,
          supportMessages.trialExtended(extended?.type === 'TrialExtended' ? day(extended.data.trialEndsAt) : ''),
        );
      },
    );

    routes.post(
      '/api/support/accounts/:id/credit-budget',
      { schema: { params: SupportAccountParams, body: CreditBudgetRequest } },
      async (req, reply) => {
        const { account, meta, done } = await begin(req, reply, req.params.id, req.body);
        const now = rt.clock.now();
        const { period } = await loadEntitlement(billing.handler, account.userId, now);
        const amountMicros = Math.round(req.body.amount * 1_000_000);
        const { position } = await usage.handle(
          { userId: account.userId, periodStart: period.start },
          { type: 'CreditBudget', amountMicros, maxCreditMicros: SUPPORT_MAX_CREDIT_DOLLARS * 1_000_000, at: now },
          meta,
        );
        const amount = `$${req.body.amount.toFixed(2)}`;
        await mail.send(creditMail(account, amount, day(period.end)), { key: `support-credit:${position}` });
        return done(position, supportMessages.budgetCredited(amount));
      },
    );

    routes.post('/api/support/accounts/:id/cancel-subscription', { schema: action }, async (req, reply) => {
      const { account, meta, done } = await begin(req, reply, req.params.id, req.body);
      // As the reader's own cancel: at the period's end; billing automation mails the reader.
      const { position } = await billing.cancel(account.userId, meta);
      const { state } = await billing.load(account.userId);
      return done(position, supportMessages.cancelled(state.accessEndsAt ? day(state.accessEndsAt) : 'now'));
    });

    routes.post('/api/support/accounts/:id/sign-out-everywhere', { schema: action }, async (req, reply) => {
      const { account, meta, done } = await begin(req, reply, req.params.id, req.body);
      const ended = await app.sessions.endAllOf(account.userId);
      const { position } = await users.handle(
        account.userId,
        { type: 'RecordSignOutEverywhere', sessions: ended, at: rt.clock.now() },
        meta,
      );
      return done(position, supportMessages.signedOut(ended));
    });

    // Repairs a drift: this reader's read-model rows, rebuilt from their events.
    routes.post('/api/support/accounts/:id/rebuild', { schema: action }, async (req, reply) => {
      const { account, done } = await begin(req, reply, req.params.id, req.body);
      await rebuildAccountRows(rt.db, account.userId, await accountEvents(rt, account.userId));
      return done(0n, supportMessages.rebuilt);
    });

    routes.post('/api/support/accounts/:id/send-password-reset', { schema: action }, async (req, reply) => {
      const { account, meta, done } = await begin(req, reply, req.params.id, req.body);
      await sendPasswordReset(accounts, meta, account, resetLinkBase(accounts, req));
      const last = await rt.store.readStream(streams.user(account.userId), { direction: 'backwards', maxCount: 1 });
      return done(last[0]?.position ?? 0n, supportMessages.resetSent);
    });

    // A data request answered by support: the same rows and events as the reader's own download,
    // with the fields support may see; recorded with its reason like every action.
    routes.post(
      '/api/support/accounts/:id/export',
      { schema: action },
      async (req, reply): Promise<SupportExportResponse> => {
        const { account } = await begin(req, reply, req.params.id, req.body);
        await recordAction(rt, supportStaffOf(req).staffId, account.userId, 'export', req.body.reason);
        reply.header('Cache-Control', 'no-store');
        reply.header('Content-Disposition', `attachment; filename="lectio-data-${account.userId}.json"`);
        return supportExportOf(rt, account.userId);
      },
    );
  });
}
