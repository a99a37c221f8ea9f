import type { Runtime } from '@lectio/platform';
import { createLibraryAssistant } from './library-assistant';
import { createOpenAiAssistant } from './openai-assistant';
import type { AiPort } from './port';

/** The configured adapter: a model when OPENAI_API_KEY or OPENAI_BASE_URL is set, else the offline library assistant. */
export function createAiPort(rt: Pick<Runtime, 'config' | 'logger'>): AiPort {
  const { config } = rt;
  if (!config.OPENAI_API_KEY && !config.OPENAI_BASE_URL) return createLibraryAssistant();
  return createOpenAiAssistant({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.AI_MODEL,
    totalTimeoutMs: config.AI_ANSWER_TIMEOUT_MS,
    logger: rt.logger,
  });
}

export type { AiPort } from './port';
