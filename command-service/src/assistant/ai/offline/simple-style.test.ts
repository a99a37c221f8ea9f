/**
 * Everything the offline assistant composes for the simple style reads at Flesch-Kincaid grade 8
 * or lower, over our own fixed questions (tools/questions/dev/simple-style.txt, every kind).
 * Graded by library's gradeOf (the `syllable` and `flesch-kincaid` packages, Titus Wormer's: small,
 * maintained, typed, and the ones the written answers' tests already use). The Bible's own words,
 * quoted with their reference, are the text the reader asked about, not ours, and are left out.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readingGrade as gradeOf } from '@lectio/library';
import { replyAsReader } from './as-reader.testing';

const QUESTIONS = new URL('../../../../../tools/questions/dev/simple-style.txt', import.meta.url);

/** The answer without the Bible's quoted words ("..." (John 3:16)) and its closing list of sources (names of books, not prose). */
function composedPart(answer: string): string {
  return answer
    .replace(/\n\nSources: [^\n]*$/, '')
    .replace(/“[^”]*”\s*\([^)]*\d+:\d+[^)]*\)/g, 'The verse says this.')
    .replace(/"[^"]*"\s*\([^)]*\d+:\d+[^)]*\)/g, 'The verse says this.');
}

describe('the simple style', () => {
  it('reads at grade 8 or lower for every question of the set', () => {
    const lines = readFileSync(QUESTIONS, 'utf8')
      .split('\n')
      .filter((l) => l.trim());
    const graded = lines.map((line) => {
      const [verse = '', question = ''] = line.split(' | ');
      const answer = replyAsReader(question, verse, [], 'simple');
      return { question, grade: gradeOf(composedPart(answer)), answer };
    });
    const hard = graded.filter((g) => g.grade > 8);
    console.log(
      `simple style: ${graded.length - hard.length}/${graded.length} at grade 8 or lower; ${hard.map((h) => `'${h.question}' ${h.grade.toFixed(1)}`).join(', ')}`,
    );
    expect(hard.map((h) => `${h.question} (grade ${h.grade.toFixed(1)}): ${h.answer}`)).toEqual([]);
  }, 120_000);
});
