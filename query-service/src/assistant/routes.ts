import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountMessages, type UserResponse } from '@lectio/contracts/accounts';
import {
  type ChatHistoryResponse,
  PREFERENCE_REMINDER_DAYS,
  type PreferenceReminderResponse,
  type SuggestedQuestionsResponse,
  type UsageResponse,
} from '@lectio/contracts/assistant';
import { PassageQuerySchema, SuggestedQuestionsQuerySchema } from '@lectio/contracts/assistant-schemas';
import { findBook } from '@lectio/contracts/books';
import { accessOf, billingPeriodOf } from '@lectio/contracts/billing';
import { QUESTION_CATEGORIES, questionsFor } from '@lectio/library';
import { HttpError, useZodRouteSchemas } from '@lectio/platform/http';
import { requireUser, type Runtime, signedInFirst } from '@lectio/platform';
import { readChatHistory, readSubscriptionFacts, readUsage, readUser } from '@lectio/projections';
import { usageResponse } from './usage';
import { DAY_MS } from '@lectio/contracts/time';

/**
 * The reminder shows to a reader the assistant answers (Premium, or a trial still running) who has
 * not set both preferences, unless it was dismissed or answered (saved) in the last
 * PREFERENCE_REMINDER_DAYS days: a nudge once a week, not on every visit.
 */
export function showReminder(user: UserResponse, now: Date): boolean {
  if (!accessOf(user, now).maySuggested) return false;
  if (user.faithJourney && user.communicationStyle) return false;
  if (!user.lastPreferenceReminder) return true;
  return now.getTime() - new Date(user.lastPreferenceReminder).getTime() >= PREFERENCE_REMINDER_DAYS * DAY_MS;
}

/** GET /api/suggested-questions, /api/chat/history, /api/user/usage, /api/user/preference-reminder. */
export async function registerAssistantQueries(q: FastifyInstance, rt: Pick<Runtime, 'db' | 'clock' | 'config'>) {
  useZodRouteSchemas(q, { refuseJsonNull: false });
  const routes = q.withTypeProvider<ZodTypeProvider>();
  // Public: the questions are the same for everyone; who may ask them is decided by POST /api/chat.
  routes.get(
    '/api/suggested-questions',
    { schema: { querystring: SuggestedQuestionsQuerySchema } },
    async (req): Promise<SuggestedQuestionsResponse> => {
      const query = req.query;
      const book = query.book && findBook(query.book) ? query.book : null;
      const questions = questionsFor(book, book ? (query.chapter ?? null) : null).map((s) => ({
        id: s.id,
        text: s.question,
        category: s.category,
      }));
      const counts = new Map<string, number>();
      for (const s of questions) counts.set(s.category, (counts.get(s.category) ?? 0) + 1);
      const order = [
        ...QUESTION_CATEGORIES,
        ...[...counts.keys()].filter((c) => !QUESTION_CATEGORIES.some((known) => known === c)),
      ];
      return {
        questions,
        categories: order.filter((c) => counts.has(c)).map((category) => ({ category, count: counts.get(category)! })),
      };
    },
  );

  routes.get(
    '/api/chat/history',
    { preValidation: signedInFirst, schema: { querystring: PassageQuerySchema } },
    async (req, reply): Promise<ChatHistoryResponse> => {
      const { userId } = await requireUser(req);
      const { book, chapter } = req.query;
      reply.header('Cache-Control', 'no-store');
      return { messages: await readChatHistory(rt.db, userId, book, chapter) };
    },
  );

  q.get('/api/user/usage', async (req, reply): Promise<UsageResponse> => {
    const { userId } = await requireUser(req);
    reply.header('Cache-Control', 'no-store');
    const now = rt.clock.now();
    const facts = await readSubscriptionFacts(rt.db, userId);
    if (!facts) throw new HttpError(401, accountMessages.notAuthenticated);
    // The budget period the command side charges to: the same rule on the same facts.
    const period = billingPeriodOf(facts, now);
    // The command side's rule (command-service/src/assistant/ai/index.ts) on the same configuration: the panel's footer says it.
    const answeredBy = rt.config.OPENAI_API_KEY || rt.config.OPENAI_BASE_URL ? 'ai' : 'library';
    return usageResponse(await readUsage(rt.db, userId, period.start), period.end, answeredBy);
  });

  q.get('/api/user/preference-reminder', async (req, reply): Promise<PreferenceReminderResponse> => {
    const { userId } = await requireUser(req);
    reply.header('Cache-Control', 'no-store');
    const user = await readUser(rt.db, userId);
    if (!user) throw new HttpError(401, accountMessages.notAuthenticated);
    return { showReminder: showReminder(user, rt.clock.now()) };
  });
}
