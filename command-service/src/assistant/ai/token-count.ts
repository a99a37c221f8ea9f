import { modelToEncodingMap } from 'gpt-tokenizer/mapping';
import * as knownModels from 'gpt-tokenizer/models';

/** How many tokens a piece of text is for the configured model. */
export type TokenCounter = (text: string) => number;

/**
 * A model's text cut into tokens by none of its own tables: the UTF-8 bytes. A byte-level
 * tokenizer never makes more tokens than bytes, so this never undercounts, whatever the script; it
 * overcounts English about four times (the grounding's own default, kept for what calls it so).
 */
export const countUtf8Bytes: TokenCounter = (text) => Buffer.byteLength(text, 'utf8');

/**
 * ASCII letters and spaces a token for the open models a deployment may run (Llama 2 and 3.1,
 * Mistral, Qwen 3, Gemma 3, DeepSeek V3), measured by bench/token-ratio.ts on 90 grounding prompts
 * of both testaments and translations: 4.35 is the largest that counts every one of them in full
 * beside the one-for-one rest below; 4 leaves room (README, "The AI budget").
 */
export const CHARS_PER_TOKEN = 4;

/**
 * The count for a model whose tokenizer we do not have (a llama.cpp or vLLM model): ASCII letters
 * and spaces at the measured ratio, every other ASCII character (digits, punctuation) as a token
 * of its own, and any other character by its UTF-8 bytes (which no byte-level or byte-fallback
 * tokenizer exceeds). 1.1 to 1.3 times the real count on the measured prompts, never under it.
 */
export const countByRatio: TokenCounter = (text) => {
  let letters = 0;
  let others = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x80) others += code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    else if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 32 || code === 10 || code === 9)
      letters++;
    else others++;
  }
  return Math.ceil(letters / CHARS_PER_TOKEN) + others;
};

const isKnownModel = (model: string): model is keyof typeof modelToEncodingMap => Object.hasOwn(knownModels, model);

/**
 * The tokenizer of an OpenAI model (gpt-tokenizer's own list of models and their encodings), loaded
 * once on first use (the o200k table takes a few hundred milliseconds); the measured ratio for any
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
        return countByRatio;
    }
  };
  return () => (loaded ??= load());
}
