import { z } from 'zod';
import { findAnyBook } from './books';
import {
  CHAT_MESSAGE_MAX,
  CHAT_VERSE_TEXT_MAX,
  COMMUNICATION_STYLES,
  FAITH_JOURNEYS,
  assistantMessages,
  type ChatEvent,
  type UsageEvent,
} from './assistant';
import { SAFETY_CATEGORIES } from './safety';

/**
 * Zod schemas of the assistant's requests, for the servers (the web app imports the zod-free
 * contracts/src/assistant.ts). Messages are the contract's, so a 400 says what to fix.
 */

const BookId = z
  .string({ error: assistantMessages.unknownBook })
  .refine((id) => findAnyBook(id) !== undefined, assistantMessages.unknownBook);
const Chapter = z.coerce
  .number({ error: assistantMessages.unknownChapter })
  .int(assistantMessages.unknownChapter)
  .min(1, assistantMessages.unknownChapter)
  .max(200, assistantMessages.unknownChapter);

export const ChatContextSchema = z
  .object({
    book: BookId,
    chapter: Chapter,
    verse: z.coerce
      .number()
      .int()
      .min(1)
      .max(200)
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    verseText: z.string().max(CHAT_VERSE_TEXT_MAX).optional().default(''),
    translation: z.enum(['web', 'kjv']).optional().default('web'),
  })
  .refine((c) => c.chapter <= (findAnyBook(c.book)?.chapters ?? Infinity), {
    message: assistantMessages.unknownChapter,
    path: ['chapter'],
  });

export const ChatRequestSchema = z.object({
  message: z
    .string({ error: assistantMessages.messageRequired })
    .trim()
    .min(1, assistantMessages.messageRequired)
    .max(CHAT_MESSAGE_MAX, assistantMessages.messageTooLong(CHAT_MESSAGE_MAX)),
  context: ChatContextSchema,
  questionId: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_*.-]+$/, assistantMessages.unknownQuestion)
    .optional(),
});
export type ParsedChatRequest = z.infer<typeof ChatRequestSchema>;

/** Each field optional, but a save must name at least one. */
export const PreferencesRequestSchema = z
  .object({
    faithJourney: z.enum(FAITH_JOURNEYS).optional(),
    communicationStyle: z.enum(COMMUNICATION_STYLES).optional(),
  })
  .strict()
  .refine((p) => p.faithJourney !== undefined || p.communicationStyle !== undefined, {
    message: assistantMessages.preferencesEmpty,
  });

export const SuggestedQuestionsQuerySchema = z.object({
  book: z.string().max(40).optional(),
  chapter: z.coerce.number().int().min(1).max(200).optional(),
});

export const PassageQuerySchema = z.object({ book: BookId, chapter: Chapter });

// ---- events of the usage-<userId>-<period> stream -------------------------------------------

const Iso = z.string().datetime();
const Count = z.number().int().nonnegative();

export const usageEventSchemas: Record<UsageEvent['type'], z.ZodType> = {
  QuestionAsked: z.object({
    questionId: z.string(),
    kind: z.enum(['suggested', 'free']),
    book: z.string(),
    chapter: z.number().int().positive(),
    verse: z.number().int().positive().nullable(),
    periodStart: Iso,
    periodEnd: Iso,
    promptTokensEstimate: Count,
    maxOutputTokens: Count,
    reservedMicros: Count,
    askedAt: Iso,
  }),
  QuestionAnswered: z.object({
    questionId: z.string(),
    promptTokens: Count,
    completionTokens: Count,
    totalTokens: Count,
    costMicros: Count,
    claimedCostMicros: Count.optional(),
    overshootMicros: Count.optional(),
    usageReported: z.boolean(),
    completed: z.boolean(),
    answeredAt: Iso,
  }),
  QuestionReleased: z.object({
    questionId: z.string(),
    reason: z.enum(['provider_error', 'cancelled', 'timeout', 'interrupted']),
    releasedAt: Iso,
  }),
  BudgetThresholdReached: z.object({
    threshold: z.union([z.literal(80), z.literal(90), z.literal(100)]),
    spentMicros: Count,
    budgetMicros: Count,
    reachedAt: Iso,
  }),
  BudgetCredited: z.object({ amountMicros: Count, creditedAt: Iso }),
};

// ---- events of the chat-<userId> stream -------------------------------------------------------

const Citation = z.looseObject({
  text: z.string(),
  book: z.string().nullable(),
  chapter: z.number().int().nullable(),
  verse: z.number().int().nullable(),
});
const ChatPreferences = z.object({
  faithJourney: z.enum(FAITH_JOURNEYS).nullable(),
  communicationStyle: z.enum(COMMUNICATION_STYLES).nullable(),
});

export const chatEventSchemas: Record<ChatEvent['type'], z.ZodType> = {
  ChatExchanged: z.object({
    exchangeId: z.string(),
    kind: z.enum(['suggested', 'free']),
    questionId: z.string().nullable(),
    book: z.string(),
    chapter: z.number().int().positive(),
    verse: z.number().int().positive().nullable(),
    question: z.string(),
    response: z.string(),
    citations: z.array(Citation),
    source: z.enum(['ai', 'library']),
    preferences: ChatPreferences,
    askedAt: Iso,
    answeredAt: Iso,
  }),
  SafetyResponseGiven: z.object({
    responseId: z.string(),
    category: z.enum(SAFETY_CATEGORIES),
    book: z.string(),
    chapter: z.number().int().positive(),
    verse: z.number().int().positive().nullable(),
    response: z.string(),
    citations: z.array(Citation),
    preferences: ChatPreferences,
    givenAt: Iso,
  }),
};
