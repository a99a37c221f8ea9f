import type { ChatContext, Preferences } from '@lectio/contracts/assistant';
import type { Translation } from '@lectio/contracts/bible-api';
import type { SafetySignal } from '@lectio/library';

/**
 * The AI port: who writes the answer to a free-text question. Two adapters:
 * - `openai` (openai-assistant.ts): any OpenAI-compatible model server, grounded in the passage,
 *   streamed; it costs money, so the caller reserves budget first (see ../budget).
 * - `library` (library-assistant.ts): the offline library assistant, the default with no key; it
 *   composes from the library's text, commentary, topics, word studies and search, and says so.
 * Suggested questions never reach a model: their expert answers are written by us (expert-answer.ts).
 */
export interface AiQuestion {
  text: string;
  context: ChatContext;
  preferences: Preferences;
  translation: Translation;
  /** The reader's last exchanges about the same chapter, oldest first, so a follow-up ('and verse 17?') makes sense. */
  earlier?: { question: string; answer: string }[];
  /** Our written answer to the suggested question the reader's question means: given as it is offline, the ground of a model's answer. */
  written?: WrittenAnswer;
  /** Some sign of distress in the message (the check-in band): the model is told to answer gently and what never to set beside it. */
  distress?: SafetySignal;
}

export interface WrittenAnswer {
  questionId: string;
  question: string;
  /** Composed for the reader's faith journey and communication style. */
  answer: string;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface AnswerOptions {
  /** The output cap the budget allows (ignored by the library assistant). */
  maxOutputTokens: number;
  /** Aborts when the reader goes away: stop forwarding text, but keep reading the provider for its usage (bounded). */
  readerSignal?: AbortSignal;
  /** Each piece of text as it arrives, until the reader leaves. */
  onDelta?: (text: string) => void;
}

export interface AiAnswer {
  text: string;
  source: 'ai' | 'library';
  /** What the provider reported; null when it never did (then the reservation is charged). */
  usage: TokenUsage | null;
  /** false when the stream broke off after some text (the text so far is kept). */
  completed: boolean;
  /** true when the reader left before the end (the answer was still read to its end or the drain limit). */
  readerLeft: boolean;
}

export interface PreparedQuestion {
  /** A generous estimate of the prompt's tokens, for the worst-case reservation. */
  promptTokensEstimate: number;
  /** The model's count of a text's tokens: an answer that broke off without usage is charged for the text it produced. */
  countTokens(text: string): number;
  answer(options: AnswerOptions): Promise<AiAnswer>;
}

export interface AiPort {
  readonly source: 'ai' | 'library';
  /** Whether answers cost money (and so go through the budget). */
  readonly metered: boolean;
  /** Gathers the grounding for a question; the caller reserves budget, then calls `answer`. */
  prepare(question: AiQuestion): Promise<PreparedQuestion>;
  close?(): Promise<void>;
}

export type AiFailureKind = 'timeout' | 'rate_limited' | 'unavailable' | 'bad_response' | 'refused';

/**
 * The provider failed. `producedOutput` decides the cost: nothing produced means the reservation
 * is released; something produced (then a failure) means the reservation is charged unless `usage` came.
 */
export class AiProviderError extends Error {
  constructor(
    readonly failure: AiFailureKind,
    message: string,
    readonly producedOutput: boolean,
    readonly partialText = '',
    readonly usage: TokenUsage | null = null,
    readonly status?: number,
    /** From a Retry-After header, when the server sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }
}
