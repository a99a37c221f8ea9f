import { describe, expect, it } from 'vitest';
import { countByRatio, tokenCounterFor } from '../ai/token-count';

// The prompt count the budget's holds are sized from (bench/token-ratio.ts measures the ratio).
describe('prompt token count', () => {
  it("an OpenAI model's prompt is counted by its own tokenizer", async () => {
    const count = await tokenCounterFor('gpt-4o-mini')();
    expect(count('For God so loved the world')).toBe(6);
  });

  it('any other model: letters at the measured ratio, not one token per byte', async () => {
    const count = await tokenCounterFor('llama-3.1-8b-instruct')();
    expect(count).toBe(countByRatio);
    const english =
      'For God so loved the world that he gave his only born Son, that whoever believes in him should not perish, but have eternal life. '.repeat(
        20,
      );
    // Llama 3.1's own tokenizer makes 561 tokens of it; its bytes are 2,600.
    expect(count(english)).toBeLessThan(Buffer.byteLength(english) / 3);
    expect(count(english)).toBeGreaterThanOrEqual(561);
  });

  it('digits, punctuation and other scripts are never counted short: one token each, bytes beyond ASCII', () => {
    expect(countByRatio('3:16, 4:8!')).toBe(10);
    expect(countByRatio('太初有道')).toBe(12);
    expect(countByRatio('🙏')).toBe(4);
    expect(countByRatio('')).toBe(0);
  });
});
