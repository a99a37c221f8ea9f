/** @lectio/testing/openai: a fake OpenAI-compatible model server (streams, stalls, errors, omits usage), for the `openai` SDK. */
export * from './fake-openai-server';
