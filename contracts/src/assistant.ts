/**
 * The Scripture Assistant: every request, response, message and event of /api/chat,
 * /api/chat/stream, /api/chat/history, /api/suggested-questions, /api/user/preferences,
 * /api/user/preference-reminder and /api/user/usage. Zod-free, so the web app imports it cheaply;
 * the servers validate with contracts/src/assistant-schemas.ts.
 */
import type { Translation } from './bible-api';
import { MONTHLY_BUDGET_MICROS } from './constants';
import type { SafetyCategory } from './safety';

// ---- preferences ---------------------------------------------------------------------------

export const FAITH_JOURNEYS = ['new_to_christianity', 'growing_believer', 'mature_christian', 'bible_scholar'] as const;
export type FaithJourneyValue = (typeof FAITH_JOURNEYS)[number];
export const COMMUNICATION_STYLES = ['simple', 'moderate', 'scholarly'] as const;
export type CommunicationStyleValue = (typeof COMMUNICATION_STYLES)[number];

export const FAITH_JOURNEY_LABELS: Record<FaithJourneyValue, string> = {
  new_to_christianity: 'New to Christianity',
  growing_believer: 'Growing Believer',
  mature_christian: 'Mature Christian',
  bible_scholar: 'Bible Scholar',
};
/** Shown as one, two or three stars. */
export const COMMUNICATION_STYLE_STARS: Record<CommunicationStyleValue, 1 | 2 | 3> = {
  simple: 1,
  moderate: 2,
  scholarly: 3,
};
export const COMMUNICATION_STYLE_LABELS: Record<CommunicationStyleValue, string> = {
  simple: 'Simple',
  moderate: 'Moderate',
  scholarly: 'Scholarly',
};
export const PREFERENCE_NOT_SET = 'Not Set';

export interface Preferences {
  faithJourney: FaithJourneyValue | null;
  communicationStyle: CommunicationStyleValue | null;
}

/** POST /api/user/preferences: each field optional; an absent field keeps its value. Answer: `PreferencesResponse`. */
export interface PreferencesRequest {
  faithJourney?: FaithJourneyValue;
  communicationStyle?: CommunicationStyleValue;
}
export interface PreferencesResponse extends Preferences {
  message: string;
}

/**
 * GET /api/user/preference-reminder -> `{ showReminder }`: true for a Premium or trial reader who
 * has not set both preferences and has not dismissed the reminder (or saved) in the last
 * PREFERENCE_REMINDER_DAYS days. POST /api/user/preference-reminder/dismiss records the dismissal
 * and answers `{ showReminder: false }`. Saving preferences also counts as a dismissal.
 */
export interface PreferenceReminderResponse {
  showReminder: boolean;
}
export const PREFERENCE_REMINDER_DAYS = 7;

// ---- chat ----------------------------------------------------------------------------------

/** The passage the question is about (spec: book, chapter, verse, verseText). `book` is our id ('john', 'corinthians1'). */
export interface ChatContext {
  book: string;
  chapter: number;
  /** null when no verse is highlighted (a question about the chapter). */
  verse: number | null;
  verseText: string;
  /** The reader's translation, for the text the answer is grounded in (default 'web'). */
  translation?: Translation;
}

/**
 * POST /api/chat and POST /api/chat/stream. A `message` that is one of the passage's suggested
 * questions (case, spacing and punctuation aside) is answered as that suggested question, with its
 * expert answer for the reader's preferences, for trial and Premium readers alike. `questionId`
 * (the id from GET /api/suggested-questions) is an optional extension naming it outright.
 * Anything else is free text.
 */
export interface ChatRequest {
  message: string;
  context: ChatContext;
  questionId?: string;
}

export type ChatSource = 'ai' | 'library';
export type QuestionKind = 'suggested' | 'free';

/**
 * A quotation next to a reference, without its quotation marks: `matches` when its words are that
 * passage's in the WEB or the KJV (case, punctuation and an ellipsis ignored) and it does not start
 * in the middle of a clause, leaving out the words that carry its sense ("money is the root of all
 * evil" is not 1 Timothy 6:10). Fields added later are absent in answers recorded before them.
 */
export interface CitationQuote {
  text: string;
  matches: boolean;
  /** The translation whose words it is, when it matches. */
  translation?: Translation;
  /** When it does not match: the passage's own words (the reader's translation when it has them). */
  actual?: { translation: Translation; text: string };
  /** A saying often quoted this way, and what the Bible does say ('Paul calls the love of money...'). */
  note?: string;
}

/** What the reader sees beside a reference to a book Lectio holds no text of (Tobit, Sirach, 1 Maccabees). */
export const NOT_IN_LIBRARY_LABEL = "Not in Lectio's library";

/**
 * A reference found in an answer, checked against our text. `text` as written; `book` our id
 * (Old Testament ids of the same form, 'isaiah', 'kings1'; deuterocanonical ones 'sirach',
 * 'maccabees1') or null when no such book exists; `valid` false for a book, chapter or verse that
 * does not exist; `href` the reader URL of a valid reference of either testament
 * (/home?book=john&chapter=3&verse=16; a chapter: /home?book=isaiah&chapter=53), else null.
 */
export interface Citation {
  text: string;
  book: string | null;
  chapter: number | null;
  verse: number | null;
  verseEnd: number | null;
  valid: boolean;
  href: string | null;
  quote: CitationQuote | null;
  /** The last chapter of a range across chapters ('John 3:16-4:2': chapter 3, verse 16, chapterEnd 4, verseEnd 2). */
  chapterEnd?: number;
  /** A real reference whose text Lectio does not hold (the deuterocanonical books and additions): no link, no preview. */
  notInLibrary?: boolean;
  /** A verse numbered differently in other Bibles: where it stands in the reader's translation ('3 John 1:14'), and whose numbering it was written in. */
  renumbered?: { reference: string; numbering: string };
}

/** The answer of POST /api/chat, and the `done` event of the stream. */
export interface ChatResponse {
  response: string;
  citations: Citation[];
  /** 'ai': a model wrote it; 'library': the offline library assistant or a written expert answer. */
  source: ChatSource;
  kind: QuestionKind;
  /** The preferences the answer was written for (the spec's preferences snapshot). */
  preferences: Preferences;
  /**
   * Set when the message showed the reader may be in danger: the answer is care and helplines
   * (contracts/src/safety.ts), written by us, never by a model, costing nothing.
   */
  safety?: SafetyCategory;
  /**
   * Set when the message showed some sign of distress but not enough for the safety answer: the
   * answer opens with a short check-in and the helplines of this category (links in the web), then
   * answers the question.
   */
  checkIn?: SafetyCategory;
  /** Free text answered from (offline) or grounded on (with a model) our written answer to this suggested question. */
  matched?: { questionId: string; question: string };
}

/**
 * POST /api/chat/stream answers `text/event-stream` once the question is accepted:
 *   event: delta  data: {"text": "..."}     (zero or more, in order; concatenated they are the answer)
 *   event: done   data: ChatResponse & { position }  (the checked answer; its `response` is authoritative)
 *   event: error  data: {"message": "..."}  (instead of done; show CHAT_APOLOGY)
 * A refusal before the stream starts (400, 401, 403, 429, 503) is an ordinary JSON `{ message }`
 * with its status, exactly as POST /api/chat answers it.
 */
export type ChatStreamEvent =
  | { event: 'delta'; data: { text: string } }
  /** `position`: the event-store position the answer wrote (what x-lectio-position says on a JSON answer), for read-your-writes. */
  | { event: 'done'; data: ChatResponse & { position: string } }
  | { event: 'error'; data: { message: string } };

/** GET /api/chat/history?book=&chapter=: the reader's conversation about that chapter, oldest first. */
export interface ChatHistoryMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  at: string;
  verse: number | null;
  preferences: Preferences;
  /** Assistant messages only. */
  citations?: Citation[];
  source?: ChatSource;
  /** Assistant messages only: a suggested question's expert answer or a free-text answer (labels a library answer). */
  kind?: QuestionKind;
  /** Assistant messages only: a safety answer (its question was never kept, so none is shown). */
  safety?: SafetyCategory;
}
export interface ChatHistoryResponse {
  messages: ChatHistoryMessage[];
}

// ---- suggested questions -------------------------------------------------------------------

/** GET /api/suggested-questions?book=&chapter= (both optional). Public. */
export interface SuggestedQuestion {
  id: string;
  text: string;
  category: string;
}
export interface SuggestedQuestionsResponse {
  questions: SuggestedQuestion[];
  /** In the order to show the chips; the first is selected by default. */
  categories: { category: string; count: number }[];
}

// ---- usage ---------------------------------------------------------------------------------

/**
 * GET /api/user/usage: real figures of the current billing period (the AI budget period).
 * Dollars as numbers (2 decimals when shown). `percentUsed` is the spec's questions/240, rounded
 * and capped at 100; the banner's thresholds use `budgetPercent` = spent / budget * 100.
 * `periodEnd` is the reset date (null when the reader has no paid period). Once what is left
 * cannot pay for another question, `limitReached` is true and `budgetPercent` is 100.
 */
export interface UsageResponse {
  percentUsed: number;
  budgetPercent: number;
  monthlyBudget: number;
  remainingBudget: number;
  totalQuestions: number;
  totalTokens: number;
  totalCost: number;
  periodStart: string | null;
  periodEnd: string | null;
  limitReached: boolean;
  /** Who answers free text on this server: a model ('ai', when one is configured) or the offline library assistant. */
  answeredBy: ChatSource;
}

/** The usage banner's states, from `budgetPercent`. */
export type UsageBannerLevel = 'hidden' | 'notice' | 'warning' | 'limit';
export function usageBannerLevel(budgetPercent: number): UsageBannerLevel {
  if (budgetPercent >= 100) return 'limit';
  if (budgetPercent >= 90) return 'warning';
  if (budgetPercent >= 80) return 'notice';
  return 'hidden';
}

// ---- messages ------------------------------------------------------------------------------

/** A date as the spec shows dates: 'January 5, 2025' (UTC). */
export function formatResetDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Whole cents of a sum in micro-dollars, as the usage figures give them (e.g. `remainingBudget`). */
export const microsToDollars = (micros: number) => Math.round(micros / 10_000) / 100;

/** '$0.02': a sum in micro-dollars as the chat and the banner show it. */
export const formatDollars = (micros: number) => `$${microsToDollars(Math.max(0, micros)).toFixed(2)}`;

export const assistantMessages = {
  /** The spec's apology: what the panel shows for any failure. */
  apology: "I'm sorry, I couldn't process your request. Please try again later.",
  messageRequired: 'Please type a question before sending.',
  messageTooLong: (max: number) => `Please keep your question under ${max} characters.`,
  unknownBook: 'Choose a New Testament book.',
  unknownChapter: 'That chapter is not in this book.',
  unknownVerse: 'That verse is not in this chapter.',
  unknownQuestion: 'This suggested question is no longer available. Please pick another one.',
  /** 403 for free text without Premium (a trial reader still has the suggested questions). */
  premiumRequired:
    'Asking your own questions is part of Premium. During your free trial you can pick any of the suggested questions.',
  /** 403 for anything without a trial or Premium. */
  trialOrPremiumRequired:
    'The Scripture Assistant is available during a free trial or with Premium. Start your 14-day free trial to ask the suggested questions.',
  /** 403 while a payment is past due (Premium pauses until the card is fixed). */
  paymentPastDue:
    'Your last payment did not go through, so Premium is paused. Update your card under Manage Subscription to keep asking questions.',
  /** 429 at or over the budget. */
  limitReachedTitle: 'Monthly limit reached',
  /**
   * 429: the next answer's worst case (its prompt and the smallest answer worth starting) no longer
   * fits in what is left. Says how much is left, as GET /api/user/usage does (`remainingBudget`).
   */
  limitReached: (resetIso: string | null, leftMicros: number, budgetMicros: number = MONTHLY_BUDGET_MICROS) =>
    `Monthly limit reached. ${formatDollars(leftMicros)} of ${formatDollars(budgetMicros)} left: not enough for another answer.${
      resetIso ? ` Your AI budget renews on ${formatResetDate(resetIso)}.` : ''
    } Suggested questions are still available.`,
  /** 429: what is left would pay for an answer, but another answer still being written holds part of it. */
  budgetHeld: (leftMicros: number, budgetMicros: number = MONTHLY_BUDGET_MICROS) =>
    `${formatDollars(leftMicros)} of ${formatDollars(budgetMicros)} left, and the answer still being written holds part of it: not enough for another answer until it is done. Please try again in a moment.`,
  /** The last line of an answer the model stopped at a cap made smaller by what was left of the budget. */
  answerShortened: (leftMicros: number, budgetMicros: number = MONTHLY_BUDGET_MICROS) =>
    `(This answer was shortened: only ${formatDollars(leftMicros)} of this period's ${formatDollars(budgetMicros)} AI budget was left for it.)`,
  tooManyQuestions:
    'You are asking questions faster than the assistant can answer. Please wait a minute and try again.',
  /** 503: usage could not be recorded, so no question is answered (fail closed). */
  accountingUnavailable:
    'The assistant cannot keep track of your usage right now, so it is paused. Please try again in a moment.',
  /** The first line of every answer the offline library assistant composes for free text. */
  offlineNotice: 'This is an offline answer from the Lectio library, not from an AI model.',
  preferencesSavedTitle: 'Preferences updated',
  preferencesSaved: 'Your personalization settings have been saved.',
  preferencesFailedTitle: 'Failed to update preferences',
  preferencesEmpty: 'Choose a faith journey or a communication style to save.',
  reminderTitle: 'Personalize Your Experience',
  suggestedError: 'There was an error loading suggested questions. Please try refreshing the page.',
  suggestedEmpty: 'No suggested questions are available at the moment.',
  usageNoticeTitle: 'Monthly usage update',
  usageWarningTitle: 'Almost at monthly limit',
  footer: 'Responses come from an AI provider and may be inaccurate.',
} as const;

/** Longest question accepted. */
export const CHAT_MESSAGE_MAX = 2000;
/** Longest verse text accepted as context (a merged verse is long; a whole chapter is not). */
export const CHAT_VERSE_TEXT_MAX = 4000;
/** Questions per reader per minute (all kinds) before 429 `tooManyQuestions`. */
export const CHAT_RATE_LIMIT_PER_MINUTE = 10;

// ---- events of the usage-<userId>-<YYYYMMDD of the period start> stream ----------------------

/** A free-text question accepted: the worst case is reserved before the model is called. */
export interface QuestionAsked {
  questionId: string;
  kind: QuestionKind;
  book: string;
  chapter: number;
  verse: number | null;
  periodStart: string;
  periodEnd: string;
  promptTokensEstimate: number;
  maxOutputTokens: number;
  /** Worst-case cost at the configured prices, in micro-dollars. */
  reservedMicros: number;
  askedAt: string;
}

/** Settled: the real usage when the provider reported it, else the reservation (never zero). */
export interface QuestionAnswered {
  questionId: string;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** What the reader is charged: the provider's usage at our prices, never more than the reservation. */
  costMicros: number;
  /** When the provider claimed more than was reserved (it ignored max_tokens, or over-reported): what its usage would cost, for support. */
  claimedCostMicros?: number;
  /** claimedCostMicros less costMicros: what we bore and did not charge. */
  overshootMicros?: number;
  usageReported: boolean;
  /** false when the answer broke off after the provider had produced something. */
  completed: boolean;
  answeredAt: string;
}

/**
 * Refused or failed before the provider produced anything: the reservation is released, no cost.
 * 'interrupted': the process answering it died; released once no answer can still be running.
 */
export interface QuestionReleased {
  questionId: string;
  reason: 'provider_error' | 'cancelled' | 'timeout' | 'interrupted';
  releasedAt: string;
}

export interface BudgetThresholdReached {
  threshold: 80 | 90 | 100;
  spentMicros: number;
  budgetMicros: number;
  reachedAt: string;
}

/** Support gave back part of this period's spending (with the staff member and the reason in the metadata). */
export interface BudgetCredited {
  amountMicros: number;
  creditedAt: string;
}

export type UsageEvent =
  | { type: 'QuestionAsked'; data: QuestionAsked }
  | { type: 'QuestionAnswered'; data: QuestionAnswered }
  | { type: 'QuestionReleased'; data: QuestionReleased }
  | { type: 'BudgetThresholdReached'; data: BudgetThresholdReached }
  | { type: 'BudgetCredited'; data: BudgetCredited };

// ---- events of the chat-<userId> stream (the history) ----------------------------------------

/** One exchange, kept so the conversation shows again when the passage is reopened. */
export interface ChatExchanged {
  exchangeId: string;
  kind: QuestionKind;
  questionId: string | null;
  book: string;
  chapter: number;
  verse: number | null;
  question: string;
  response: string;
  citations: Citation[];
  source: ChatSource;
  preferences: Preferences;
  askedAt: string;
  answeredAt: string;
}

/**
 * A safety answer was given: its category and our answer, never the reader's message (which may
 * say they are in danger), and no cost.
 */
export interface SafetyResponseGiven {
  responseId: string;
  category: SafetyCategory;
  book: string;
  chapter: number;
  verse: number | null;
  response: string;
  citations: Citation[];
  preferences: Preferences;
  givenAt: string;
}
export type ChatEvent =
  { type: 'ChatExchanged'; data: ChatExchanged } | { type: 'SafetyResponseGiven'; data: SafetyResponseGiven };

/** The period key of a usage stream: the period start as YYYYMMDD (UTC). */
export function usagePeriodKey(periodStart: string | Date): string {
  return new Date(periodStart).toISOString().slice(0, 10).replace(/-/g, '');
}
