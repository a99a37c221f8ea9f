/**
 * The offline assistant on our own dev set (tools/questions/dev/), written for tuning in place of
 * the held-out sets, which are never read case by case:
 * - where-modern.txt: "where does it say ..." in the NIV's, ESV's and NLT's wording, written from
 *   memory, each with the verse it should find (the highlighted verse is John 1:1, elsewhere).
 * Prints the rate and fails below the last measured figure, so a regression shows. Run with:
 *   npx vitest run command-service/src/assistant/ai/offline/dev-set.test.ts
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { namesAny, replyAsReader } from './as-reader.testing';

const DEV = new URL('../../../../../tools/questions/dev/', import.meta.url);

/** 'question | reference, reference' lines. */
function readDevSet(file: string): { question: string; refs: string[] }[] {
  return readFileSync(new URL(file, DEV), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const [question = '', refs = ''] = l.split(' | ');
      return { question, refs: refs.split(',').map((r) => r.trim()) };
    });
}

describe('the offline assistant on our dev set', () => {
  it('finds sayings worded as modern translations word them', () => {
    const set = readDevSet('where-modern.txt');
    const missed = set.filter((q) => !namesAny(replyAsReader(q.question, 'John 1:1'), q.refs));
    console.log(
      `where-modern: ${set.length - missed.length}/${set.length} found; missed: ${missed.map((m) => m.refs[0]).join(', ')}`,
    );
    // 37 of 50 before the modern-wording map and the rarity-weighted bar; 45 after.
    expect(set.length - missed.length).toBeGreaterThanOrEqual(45);
  }, 120_000);
});
