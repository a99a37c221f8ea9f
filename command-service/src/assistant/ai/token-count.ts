import { modelToEncodingMap } from 'gpt-tokenizer/mapping';
import * as knownModels from 'gpt-tokenizer/models';

/** How many tokens a piece of text is for the configured model. */
export type TokenCounter = (text: string) => number;

/**
 * The fallback for a model whose tokenizer we do not have (a llama.cpp or vLLM model): the text's
 * UTF-8 bytes. A byte-level tokenizer never makes more tokens than bytes, so this never
 * undercounts, whatever the script (Chinese, Cyrillic, emoji); it overcounts English about four
 * times, which only makes the reservation more careful.
 */
export const countUtf8Bytes: TokenCounter = (text) => Buffer.byteLength(text, 'utf8');

const isKnownModel = (model: string): model is keyof typeof modelToEncodingMap => Object.hasOwn(knownModels, model);

/**
 * The tokenizer of an OpenAI model (gpt-tokenizer's own list of models and their encodings), loaded
 * once on first use (the o200k table takes a few hundred milliseconds); the byte count for any
 * other model, or for an old encoding we do not load.
 */
export function tokenCounterFor(model: string): () => Promise<TokenCounter> {
  let loaded: Promise<TokenCounter> | undefined;
  const encoding = isKnownModel(model) ? (modelToEncodingMap[model] ?? 'o200k_base') : undefined;
  // A reader's '<|endoftext|>' is plain text to the model server, and so to the count (the library would refuse it).
  const plainText = { disallowedSpecial: new Set<string>() };
  const load = async (): Promise<TokenCounter> => {
    switch (encoding) {
      case 'o200k_base':
      case 'o200k_harmony': {
        const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
        return (text) => countTokens(text, plainText);
      }
      case 'cl100k_base': {
        const { countTokens } = await import('gpt-tokenizer/encoding/cl100k_base');
        return (text) => countTokens(text, plainText);
      }
      default:
        return countUtf8Bytes;
    }
  };
  return () => (loaded ??= load());
}
