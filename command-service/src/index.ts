/** @lectio/command-service: every state-changing route, and the tables the command side owns. */
export { type CommandOptions, createCommandSide } from './app';
export { ASSISTANT_ROUTES_WITHOUT_BODY } from './assistant';
export { commandMigrations } from './migrations';
/** What bench/token-ratio.ts measures the prompt count of an unknown model on. */
export { groundingMessages } from './assistant/ai/grounding';
export { CHARS_PER_TOKEN, countByRatio } from './assistant/ai/token-count';
export { createLibraryAssistant } from './assistant/ai/library-assistant';
