import type { Logger } from '@lectio/platform';
import { estimatePromptTokens, groundingMessages } from './grounding';
import { createOpenAiModel, type OpenAiModelOptions } from './openai-model';
import type { AiPort } from './port';
import { tokenCounterFor } from './token-count';

/** The AI port over an OpenAI-compatible model: grounded messages, streamed, metered. */
export function createOpenAiAssistant(options: OpenAiModelOptions & { logger?: Logger }): AiPort & { model: string } {
  const model = createOpenAiModel({
    ...options,
    // The key and the prompt are never logged; only what went wrong and how often.
    onWarning: (message, details) => options.logger?.warn({ ...details, model: options.model }, message),
  });
  const tokenCounter = tokenCounterFor(options.model);
  return {
    source: 'ai',
    metered: true,
    model: options.model,
    async prepare(question) {
      const messages = groundingMessages(question);
      const count = await tokenCounter();
      return {
        promptTokensEstimate: estimatePromptTokens(messages, count),
        countTokens: count,
        answer: (answerOptions) => model.stream(messages, answerOptions),
      };
    },
  };
}
