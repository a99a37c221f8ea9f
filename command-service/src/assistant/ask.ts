import { randomUUID } from 'node:crypto';
import { assistantMessages, type ChatResponse, type Preferences } from '@lectio/contracts/assistant';
import type { ParsedChatRequest } from '@lectio/contracts/assistant-schemas';
import { MONTHLY_BUDGET_MICROS } from '@lectio/contracts/constants';
import type { EventMetadata } from '@lectio/contracts/events';
import {
  besideDistress,
  checkCitations,
  checkInText,
  checkSafety,
  findSuggestedByText,
  safetyAnswer,
} from '@lectio/library';
import type { SafetyCategory } from '@lectio/contracts/safety';
import { type Clock, DomainError, type Logger } from '@lectio/platform';
import type { EventStore } from '@lectio/platform/eventstore';
import type { UserState } from '../accounts/user-decider';
import type { UserStream } from '../accounts/user-stream';
import type { Entitlement } from '../billing/entitlement';
import { type AiAnswer, type AiPort, AiProviderError, type PreparedQuestion, type TokenUsage } from './ai/port';
import { MIN_OUTPUT_TOKENS, type Prices, smallestQuestionMicros, type UsageCommand } from './budget/usage-decider';
import type { UsageStream } from './budget/usage-stream';
import type { OpenReservations, ReservationOutcome } from './budget/open-reservations';
import type { ChatRateLimit } from './chat-rate-limit';
import {
  AccountingUnavailable,
  AnswerFailed,
  MonthlyLimitReached,
  PaymentPastDue,
  PremiumRequired,
  TooManyQuestions,
  TrialOrPremiumRequired,
} from './errors';
import { expertAnswer } from './expert-answer';
import { writtenAnswerFor, writtenAnswerNotice } from './written-answer';
import { earlierExchanges, recordExchange, recordSafetyResponse } from './history';
import { checkVerseExists } from './verse';

export interface AssistantDeps {
  store: EventStore;
  /** The user-<id> stream's handler (the accounts module's) and the usage streams' (this module's), each made once. */
  users: UserStream;
  usage: UsageStream;
  ai: AiPort;
  clock: Clock;
  logger: Logger;
  prices: Prices;
  rateLimit: ChatRateLimit;
  budgetMicros?: number;
  /** Output cap of one answer when the budget allows it. */
  maxOutputTokens?: number;
  /** Smallest output cap worth starting an answer with. */
  minOutputTokens?: number;
  /** Where open reservations are noted, so that one a dead process left is released (none: not noted). */
  reservations?: OpenReservations;
  /** What the reader may use now (command side: their subscription stream); tests may replace it. */
  loadEntitlement: (userId: string, now: Date) => Promise<Entitlement>;
}

export interface AskIo {
  /** Aborts when the reader leaves (closed the panel or the connection). */
  readerSignal?: AbortSignal;
  onDelta?: (text: string) => void;
}

export interface AskOutcome {
  body: ChatResponse;
  /** Position of the last event written, for read-your-writes. */
  position: bigint;
}

/**
 * One question to the Scripture Assistant, decided on the command side:
 * who may ask (entitlement from the subscription stream), how fast (per-reader limit), what it may
 * cost (the usage stream's hard budget: reserve, call, settle or release), and what is kept (the
 * exchange on the reader's chat stream). Every answer goes through the citation checker.
 */
/** A reader's preferences as their user stream holds them (none before registration). */
export function preferencesIn(state: UserState): Preferences {
  return state.registered
    ? { faithJourney: state.faithJourney ?? null, communicationStyle: state.communicationStyle ?? null }
    : { faithJourney: null, communicationStyle: null };
}

export function createAssistant(deps: AssistantDeps) {
  const { usage, users } = deps;
  const budgetMicros = deps.budgetMicros ?? MONTHLY_BUDGET_MICROS;
  const maxOutputTokens = deps.maxOutputTokens ?? 800;
  const minOutputTokens = deps.minOutputTokens ?? MIN_OUTPUT_TOKENS;

  async function preferencesOf(userId: string): Promise<Preferences> {
    return preferencesIn(await users.load(userId));
  }

  async function ask(
    userId: string,
    request: ParsedChatRequest,
    metadata: EventMetadata,
    io: AskIo = {},
  ): Promise<AskOutcome> {
    // Safety before anything else: a reader who may be in danger gets care and helplines whatever
    // their access, from us and not a model, at no cost.
    const signal = checkSafety(request.message);
    if (signal?.band === 'crisis') return answerSafely(userId, request, signal.category, metadata, io);
    checkVerseExists(request.context);
    const now = deps.clock.now();
    const entitlement = await deps.loadEntitlement(userId, now);
    const { context } = request;
    // The spec's payload: a suggested question's own words are that suggested question.
    const suggestedId = request.questionId ?? findSuggestedByText(request.message, context.book, context.chapter)?.id;
    const kind = suggestedId ? 'suggested' : 'free';
    // Some sign of distress from a reader who may not ask this: the helplines, never a paywall.
    if (signal && !(kind === 'suggested' ? entitlement.maySuggested : entitlement.mayFreeText))
      return answerSafely(userId, request, signal.category, metadata, io);
    if (!entitlement.maySuggested && entitlement.status === 'past_due') throw new PaymentPastDue();
    if (kind === 'suggested' && !entitlement.maySuggested) throw new TrialOrPremiumRequired();
    if (kind === 'free' && !entitlement.mayFreeText)
      throw entitlement.maySuggested ? new PremiumRequired() : new TrialOrPremiumRequired();
    // Independent reads, at once (on a server, one round trip's wait instead of three).
    const [tooMany, preferences, earlier] = await Promise.all([
      deps.rateLimit.refusal(userId),
      preferencesOf(userId),
      kind === 'free' ? earlierExchanges(deps.store, userId, context.book, context.chapter) : [],
    ]);
    if (tooMany) throw new TooManyQuestions(tooMany.retryAfterSeconds);
    const translation = context.translation ?? 'web';
    // Some sign of distress: the check-in and the helplines first, then the answer (besideDistress below).
    const checkIn = signal ? `${checkInText(signal.category, preferences.communicationStyle)}\n\n` : '';
    if (checkIn && !io.readerSignal?.aborted) io.onDelta?.(checkIn);

    let text: string;
    let source: 'ai' | 'library';
    let question = request.message;
    let position = 0n;
    let matched: ChatResponse['matched'];
    if (suggestedId) {
      // Written by us: no model, no cost, no budget.
      const expert = expertAnswer(suggestedId, preferences, {
        book: context.book,
        chapter: context.chapter,
        translation,
      });
      question = expert.question;
      text = expert.text;
      source = 'library';
      if (!io.readerSignal?.aborted) io.onDelta?.(text);
    } else {
      // Our written answers first: a question close to a written one is answered (offline) or grounded (model) on it, and says which.
      const written = writtenAnswerFor(request.message, context, preferences, earlier) ?? undefined;
      const notice = written ? `${writtenAnswerNotice(written.question)}\n\n` : '';
      if (written) {
        matched = { questionId: written.questionId, question: written.question };
        if (!io.readerSignal?.aborted) io.onDelta?.(notice);
      }
      const prepared = await deps.ai.prepare({
        text: request.message,
        context,
        preferences,
        translation,
        earlier,
        written,
        distress: signal ?? undefined,
      });
      if (!deps.ai.metered) {
        const answer = await prepared.answer({ maxOutputTokens, readerSignal: io.readerSignal, onDelta: io.onDelta });
        text = notice + answer.text;
        source = answer.source;
      } else {
        const metered = await askMetered(userId, entitlement, request, prepared, io, now);
        text = notice + metered.answer.text;
        source = 'ai';
        position = metered.position;
      }
    }

    if (signal) {
      const at = { bookId: context.book, chapter: context.chapter, verse: context.verse };
      // The same check-in as streamed above, unless the model's answer names the helplines itself.
      text = besideDistress(text, signal, { translation, style: preferences.communicationStyle, at });
    }
    const body: ChatResponse = {
      response: text,
      citations: checkCitations(text, { translation }),
      source,
      kind,
      preferences,
      ...(matched ? { matched } : {}),
      ...(signal ? { checkIn: signal.category } : {}),
    };
    try {
      const answeredAt = deps.clock.now().toISOString();
      position = await recordExchange(
        deps.store,
        userId,
        {
          exchangeId: randomUUID(),
          kind,
          questionId: suggestedId ?? matched?.questionId ?? null,
          book: context.book,
          chapter: context.chapter,
          verse: context.verse,
          question,
          response: text,
          citations: body.citations,
          source,
          preferences,
          askedAt: now.toISOString(),
          answeredAt,
        },
        metadata,
      );
    } catch (err) {
      // The answer stands (and is paid for); only its place in the history is lost.
      deps.logger.error({ err, userId }, 'chat history could not be recorded');
    }
    return { body, position };
  }

  async function answerSafely(
    userId: string,
    request: ParsedChatRequest,
    category: SafetyCategory,
    metadata: EventMetadata,
    io: AskIo,
  ): Promise<AskOutcome> {
    const preferences = await preferencesOf(userId);
    const { context } = request;
    const text = safetyAnswer(category, {
      translation: context.translation ?? 'web',
      style: preferences.communicationStyle,
    });
    if (!io.readerSignal?.aborted) io.onDelta?.(text);
    const body: ChatResponse = {
      response: text,
      citations: checkCitations(text),
      source: 'library',
      kind: request.questionId ? 'suggested' : 'free',
      preferences,
      safety: category,
    };
    let position = 0n;
    // Kept so the panel shows the helplines again; the per-reader limit bounds what a stream of such messages writes.
    if (!(await deps.rateLimit.refusal(userId))) {
      try {
        position = await recordSafetyResponse(
          deps.store,
          userId,
          {
            responseId: randomUUID(),
            category,
            book: context.book,
            chapter: context.chapter,
            verse: context.verse,
            response: text,
            citations: body.citations,
            preferences,
            givenAt: deps.clock.now().toISOString(),
          },
          metadata,
        );
      } catch (err) {
        deps.logger.error({ err, userId, category }, 'safety answer could not be recorded');
      }
    }
    deps.logger.info({ userId, category }, 'safety answer given');
    return { body, position };
  }

  async function askMetered(
    userId: string,
    entitlement: Entitlement,
    request: ParsedChatRequest,
    prepared: Awaited<ReturnType<AiPort['prepare']>>,
    io: AskIo,
    now: Date,
  ): Promise<{ answer: AiAnswer; position: bigint }> {
    const { period } = entitlement;
    const questionId = randomUUID();
    const usageMetadata: EventMetadata = { correlationId: randomUUID(), actor: { type: 'user', id: userId } };
    const run = (command: UsageCommand) => usage.handle({ userId, periodStart: period.start }, command, usageMetadata);
    const reservations = deps.reservations;

    let reservedCap: number;
    /** What was left for this answer when it was reserved (the settled spending's remainder less what others hold). */
    let leftForIt: number;
    try {
      // Noted before the money is held: a process that dies after this leaves a row the sweeper closes.
      await reservations?.opened(questionId, userId, period.start);
      const { events, state } = await run({
        type: 'Reserve',
        questionId,
        book: request.context.book,
        chapter: request.context.chapter,
        verse: request.context.verse,
        periodStart: period.start,
        periodEnd: period.end,
        promptTokensEstimate: prepared.promptTokensEstimate,
        maxOutputTokens,
        minOutputTokens,
        prices: deps.prices,
        budgetMicros,
        at: now,
      });
      const asked = events.find((e) => e.type === 'QuestionAsked');
      if (!asked || asked.type !== 'QuestionAsked') throw new Error('reservation was not recorded');
      reservedCap = asked.data.maxOutputTokens;
      leftForIt = budgetMicros - state.spentMicros - (state.heldMicros - asked.data.reservedMicros);
    } catch (err) {
      await reservations?.closed(questionId).catch(() => {});
      if (err instanceof MonthlyLimitReached) {
        // The budget is used up as far as questions go: record 100% (once) for the banner and the usage figures.
        await run({
          type: 'RecordThresholds',
          budgetMicros,
          smallestQuestionMicros: smallestQuestionMicros(deps.prices, minOutputTokens),
          exhausted: true,
          at: now,
        }).catch((e: unknown) => deps.logger.warn({ err: e }, 'could not record the 100% threshold'));
        throw err;
      }
      if (err instanceof DomainError) throw err;
      deps.logger.error({ err, userId }, 'budget reservation failed; question refused (fail closed)');
      throw new AccountingUnavailable();
    }

    let answer: AiAnswer;
    try {
      answer = await prepared.answer({
        maxOutputTokens: reservedCap,
        readerSignal: io.readerSignal,
        onDelta: io.onDelta,
      });
    } catch (err) {
      const failure = err instanceof AiProviderError ? err : new AiProviderError('unavailable', String(err), false);
      deps.logger.warn(
        { failure: failure.failure, status: failure.status, producedOutput: failure.producedOutput, userId },
        'model answer failed',
      );
      await settleOrKeep(
        run,
        questionId,
        failure.producedOutput
          ? {
              type: 'Settle',
              usage: failure.usage,
              produced: producedBy(prepared, failure.partialText),
              completed: false,
            }
          : { type: 'Release', reason: failure.failure === 'timeout' ? 'timeout' : 'provider_error' },
      );
      throw new AnswerFailed();
    }
    const settled = await settleOrKeep(run, questionId, {
      type: 'Settle',
      usage: answer.usage,
      completed: answer.completed,
    });
    // Stopped at a cap the budget made smaller than usual: the reader is told, so a short answer is not taken for the whole.
    if (
      reservedCap < maxOutputTokens &&
      (answer.usage?.completionTokens ?? prepared.countTokens(answer.text)) >= reservedCap
    ) {
      const note = `\n\n${assistantMessages.answerShortened(leftForIt, budgetMicros)}`;
      if (!io.readerSignal?.aborted) io.onDelta?.(note);
      return { answer: { ...answer, text: answer.text + note }, position: settled };
    }
    return { answer, position: settled };
  }

  /**
   * Settling or releasing must not fail the reader's answer; if it cannot be recorded the
   * reservation stays open and keeps counting against the budget (fail closed: it is never
   * cheaper for the store to be down) until the sweeper records the outcome kept with its note.
   */
  async function settleOrKeep(
    run: (c: UsageCommand) => Promise<{ position: bigint }>,
    questionId: string,
    outcome: ReservationOutcome,
  ): Promise<bigint> {
    const at = deps.clock.now();
    const command: UsageCommand =
      outcome.type === 'Settle'
        ? {
            type: 'Settle',
            questionId,
            usage: outcome.usage,
            produced: outcome.produced,
            completed: outcome.completed,
            prices: deps.prices,
            at,
          }
        : { type: 'Release', questionId, reason: outcome.reason, at };
    try {
      const { position } = await run(command);
      await deps.reservations
        ?.closed(questionId)
        .catch((err: unknown) => deps.logger.warn({ err, questionId }, 'closed reservation note not removed'));
      return position;
    } catch (err) {
      deps.logger.error({ err, command: command.type }, 'usage settlement failed; the reservation stays held');
      await deps.reservations?.unrecorded(questionId, outcome).catch(() => {});
      return 0n;
    }
  }

  return { ask, preferencesOf };
}

/** What an answer that broke off produced, as the model counts it: the prompt and the text received. */
function producedBy(
  prepared: Pick<PreparedQuestion, 'promptTokensEstimate' | 'countTokens'>,
  text: string,
): TokenUsage {
  const completionTokens = prepared.countTokens(text);
  return {
    promptTokens: prepared.promptTokensEstimate,
    completionTokens,
    totalTokens: prepared.promptTokensEstimate + completionTokens,
  };
}
