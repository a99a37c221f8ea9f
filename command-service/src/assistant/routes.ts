import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assistantMessages,
  type ChatResponse,
  type ChatStreamEvent,
  type PreferenceReminderResponse,
  type PreferencesResponse,
} from '@lectio/contracts/assistant';
import { ChatRequestSchema, PreferencesRequestSchema } from '@lectio/contracts/assistant-schemas';
import {
  DOMAIN_ERROR_STATUS,
  DomainError,
  requireUser,
  type Runtime,
  type ServiceModule,
  signedInFirst,
} from '@lectio/platform';
import { badRequest, useZodRouteSchemas } from '@lectio/platform/http';
import { answerPosition, metadataFor } from '../http/answers';
import type { UserStream } from '../accounts/user-stream';
import { type Entitlement, loadEntitlement } from '../billing/entitlement';
import type { SubscriptionStream } from '../billing/subscription-stream';
import { type Limit, retryAfterSeconds } from '@lectio/platform/http';
import { warmAssistantLibrary } from '@lectio/library';
import { createAiPort } from './ai';
import type { AiPort } from './ai/port';
import { createAssistant, preferencesIn } from './ask';
import { ChatRateLimit } from './chat-rate-limit';
import { BudgetHeld, MonthlyLimitReached, TooManyQuestions } from './errors';
import { runBudgetThresholdPolicy } from './budget/thresholds-policy';
import { openReservations, runReservationSweeper } from './budget/open-reservations';
import { type UsageStream, usageStream } from './budget/usage-stream';

export interface AssistantOptions {
  /** Another AI adapter than the configured one (tests). */
  ai?: AiPort;
  chatRateLimit?: Limit;
  maxOutputTokens?: number;
  minOutputTokens?: number;
  loadEntitlement?: (userId: string, now: Date) => Promise<Entitlement>;
  /** Load the library's models and indexes before listening, as production does (tests that ask questions). */
  warmUp?: boolean;
}

/** Assistant calls that take no body (the bad-input sweep lets them accept `{}`). */
export const ASSISTANT_ROUTES_WITHOUT_BODY = new Set(['/api/user/preference-reminder/dismiss']);

/** The other modules' stream handlers the assistant decides on or reads: preferences, entitlement. */
export interface AssistantStreams {
  users: UserStream;
  subscriptions: SubscriptionStream;
}

/**
 * The assistant module: its routes, the budget-threshold policy and the sweeper of reservations a
 * dead process left open (both write to the usage streams this module owns). Its usage streams'
 * handler, made here once, is given to support too.
 */
export function assistantModule(
  rt: Runtime,
  streams: AssistantStreams,
  options: AssistantOptions = {},
): ServiceModule & { usage: UsageStream } {
  const usage = usageStream(rt.store);
  return {
    name: 'assistant',
    usage,
    routes: (app) => registerAssistantRoutes(app, rt, { ...streams, usage }, options),
    run: (signal) =>
      Promise.all([
        runBudgetThresholdPolicy(rt, usage, signal),
        runReservationSweeper(rt, usage, pricesOf(rt), signal),
      ]),
  };
}

const pricesOf = (rt: Runtime) => ({
  inputPerMTok: rt.config.AI_PRICE_INPUT_PER_MTOK,
  outputPerMTok: rt.config.AI_PRICE_OUTPUT_PER_MTOK,
});

/**
 * POST /api/chat, POST /api/chat/stream, POST /api/user/preferences and
 * POST /api/user/preference-reminder/dismiss. The reads (suggested questions, history, usage,
 * the reminder) are on the query side.
 */
async function registerAssistantRoutes(
  app: FastifyInstance,
  rt: Runtime,
  { users, usage, subscriptions }: AssistantStreams & { usage: UsageStream },
  options: AssistantOptions,
) {
  const ai = options.ai ?? createAiPort(rt);
  const assistant = createAssistant({
    store: rt.store,
    users,
    usage,
    ai,
    clock: rt.clock,
    logger: rt.logger,
    prices: pricesOf(rt),
    reservations: openReservations(rt.db),
    rateLimit: new ChatRateLimit(rt.db, options.chatRateLimit, () => rt.clock.now()),
    maxOutputTokens: options.maxOutputTokens,
    minOutputTokens: options.minOutputTokens,
    loadEntitlement: options.loadEntitlement ?? ((userId, now) => loadEntitlement(subscriptions, userId, now)),
  });
  // The first message is checked for safety before anything else: in production the word lists and
  // the classifier it reads (about 1.5 s to build) are ready before the first reader asks, not while they wait.
  // The models and text indexes load before the first question (a first load would count against its time).
  if (rt.config.NODE_ENV === 'production' || options.warmUp)
    app.addHook('onReady', async () => void warmAssistantLibrary());
  app.addHook('onClose', async () => {
    await ai.close?.();
  });

  /** Aborts when the reader goes away before the answer is sent. */
  const readerSignal = (reply: FastifyReply) => {
    const controller = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    return controller.signal;
  };
  const withRetryAfter = (reply: FastifyReply, err: unknown) => {
    if (err instanceof TooManyQuestions || err instanceof BudgetHeld)
      reply.header('Retry-After', String(err.retryAfterSeconds));
    // The budget opens again with the next period.
    const reopensAt = err instanceof MonthlyLimitReached && err.resetDate ? Date.parse(err.resetDate) : NaN;
    if (Number.isFinite(reopensAt))
      reply.header('Retry-After', String(retryAfterSeconds(reopensAt - rt.clock.now().getTime())));
  };

  // Each body by its schema, checked once the reader is known to be signed in (as before: a 401 first).
  useZodRouteSchemas(app, { refuseJsonNull: false });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const chat = { preValidation: signedInFirst, schema: { body: ChatRequestSchema } };

  routes.post('/api/chat', chat, async (req, reply): Promise<ChatResponse> => {
    const { userId } = await requireUser(req);
    const { body } = req;
    reply.header('Cache-Control', 'no-store');
    try {
      const { body: answer, position } = await assistant.ask(
        userId,
        body,
        metadataFor(req, { type: 'user', id: userId }),
        {
          readerSignal: readerSignal(reply),
        },
      );
      answerPosition(reply, position);
      return answer;
    } catch (err) {
      withRetryAfter(reply, err);
      throw err;
    }
  });

  // Server-sent events. A refusal before the first piece of text is an ordinary JSON answer with
  // its status; once the stream has started, a failure is an `error` event.
  routes.post('/api/chat/stream', chat, async (req, reply) => {
    const { userId } = await requireUser(req);
    const { body } = req;
    let started = false;
    const send = (e: ChatStreamEvent) => {
      if (reply.raw.destroyed || reply.raw.writableEnded) return;
      reply.raw.write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
      // Node holds a response's write until the next tick (corked), and on the embedded database the
      // work that follows in this tick (the read models of the reservation) can take milliseconds:
      // the reader gets each piece now.
      reply.raw.socket?.uncork();
    };
    const start = (position?: bigint) => {
      if (started) return;
      started = true;
      reply.hijack();
      // The headers the hooks set (security, cookies) go out with the stream's own.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no', // nginx: pass each event on at once
        ...(position !== undefined ? { 'x-lectio-position': position.toString() } : {}),
      });
    };
    try {
      const { body: answer, position } = await assistant.ask(
        userId,
        body,
        metadataFor(req, { type: 'user', id: userId }),
        {
          readerSignal: readerSignal(reply),
          onDelta: (text) => {
            start();
            send({ event: 'delta', data: { text } });
          },
        },
      );
      if (!started) start(position);
      send({ event: 'done', data: { ...answer, position: position.toString() } });
      reply.raw.end();
    } catch (err) {
      if (!started) {
        withRetryAfter(reply, err);
        throw err;
      }
      const known = err instanceof DomainError && DOMAIN_ERROR_STATUS[err.kind] < 500 ? err : undefined;
      if (!known) req.log.error({ err }, 'chat stream failed after it started');
      send({ event: 'error', data: { message: known ? known.message : assistantMessages.apology } });
      reply.raw.end();
    }
    return reply;
  });

  routes.post(
    '/api/user/preferences',
    { preValidation: signedInFirst, schema: { body: PreferencesRequestSchema } },
    async (req, reply): Promise<PreferencesResponse> => {
      const { userId } = await requireUser(req);
      const { body } = req;
      const { position, state } = await users.handle(
        userId,
        { type: 'UpdatePreferences', ...body, at: rt.clock.now() },
        metadataFor(req, { type: 'user', id: userId }),
      );
      const saved = preferencesIn(state);
      answerPosition(reply, position);
      reply.header('Cache-Control', 'no-store');
      const answer: PreferencesResponse = { ...saved, message: assistantMessages.preferencesSaved };
      return answer;
    },
  );

  app.post<{ Reply: PreferenceReminderResponse }>('/api/user/preference-reminder/dismiss', async (req, reply) => {
    const { userId } = await requireUser(req);
    // Takes no body; `{}` (what some clients always send) is accepted, anything else is malformed.
    if (req.body !== undefined && (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)))
      throw badRequest('This request takes no body');
    const { position } = await users.handle(
      userId,
      { type: 'DismissPreferenceReminder', at: rt.clock.now() },
      metadataFor(req, { type: 'user', id: userId }),
    );
    answerPosition(reply, position);
    return { showReminder: false };
  });
}
