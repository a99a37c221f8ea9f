import { startFakeOpenAi } from './fake-openai-server';

/**
 * The fake model server on its own, for trying the assistant by hand:
 *   npx tsx testing/src/openai/run-fake-openai.ts
 *   OPENAI_BASE_URL=<printed base URL> npm run dev
 * Answers every question with the default answer (one real and one invented reference).
 */
const fake = await startFakeOpenAi({ defaultBehaviour: { kind: 'answer', chunkDelayMs: 40 } });
console.log(`fake OpenAI-compatible server: OPENAI_BASE_URL=${fake.baseURL}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
