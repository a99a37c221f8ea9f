/**
 * The offline assistant on questions nobody here wrote: library/heldout/questions.jsonl (240 reader
 * questions, 20 of each of 12 kinds, each with what a good answer must contain) and
 * library/heldout/where-other-translations.jsonl (150 "where does it say" in NIV, ESV and NLT
 * wording), written by helper sessions that saw only the product's description and frozen before
 * any tuning. Each question is asked as a reader asks it: with its verse highlighted and, for a
 * follow-up, the previous turn answered first; the answer is what the reader sees (our written
 * answer when one matches, else the composed one). Only aggregate figures are printed, never a
 * case, so nobody tunes on one. Run with:
 *   npx vitest run command-service/src/assistant/ai/offline/heldout.test.ts
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyQuestion } from '@lectio/library';
import { good, type JudgedQuestion, namesAny, quotes, replyAsReader } from './as-reader.testing';

const HELDOUT = new URL('../../../../../library/heldout/', import.meta.url);

function readHeldOut<T>(file: string): T[] {
  const sums = readFileSync(new URL('SHA256SUMS', HELDOUT), 'utf8');
  const bytes = readFileSync(new URL(file, HELDOUT));
  // A changed case must fail loudly, not quietly move a figure.
  expect(sums, `${file} differs from its SHA256SUMS line`).toContain(
    `${createHash('sha256').update(bytes).digest('hex')}  ${file}`,
  );
  return bytes
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l): T => JSON.parse(l));
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}% (${n}/${of})`;

describe('the offline assistant on the held-out questions', () => {
  it('prints the answered rate per kind, and where-does from other translations', () => {
    const questions = readHeldOut<JudgedQuestion>('questions.jsonl');
    const where = readHeldOut<{ question: string; ref: string[]; translation: string }>(
      'where-other-translations.jsonl',
    );
    const kinds = [...new Set(questions.map((q) => q.kind))];
    const answered = new Map<string, number>();
    for (const q of questions) {
      const earlier = q.previous ? [{ question: q.previous, answer: replyAsReader(q.previous, q.verse) }] : [];
      if (good(q, replyAsReader(q.question, q.verse, earlier))) answered.set(q.kind, (answered.get(q.kind) ?? 0) + 1);
    }
    const total = [...answered.values()].reduce((a, b) => a + b, 0);
    const quoteCases = questions.filter((q) => q.quote);
    const quoted = quoteCases.filter(
      (q) => q.quote && quotes(replyAsReader(q.question, q.verse), q.quote.ref, q.quote.translation),
    ).length;
    const found = where.filter((w) => namesAny(replyAsReader(w.question, 'John 1:1'), w.ref)).length;
    // The classifier alone, on the same questions (its kind names are the held-out's).
    const confusion = new Map<string, number>();
    for (const q of questions) {
      const read = classifyQuestion(q.question).kind;
      if (read !== q.kind)
        confusion.set(`${q.kind} read as ${read}`, (confusion.get(`${q.kind} read as ${read}`) ?? 0) + 1);
    }
    const classified = questions.filter((q) => classifyQuestion(q.question).kind === q.kind).length;
    const whereClassified = where.filter((w) => classifyQuestion(w.question).kind === 'where').length;
    console.log(
      [
        `held-out questions (${questions.length}; aims: >= 90% overall, >= 80% every kind): answered ${pct(total, questions.length)}`,
        ...kinds.map((k) => {
          const ofKind = questions.filter((q) => q.kind === k);
          const read = ofKind.filter((q) => classifyQuestion(q.question).kind === k).length;
          return `  ${k}: ${pct(answered.get(k) ?? 0, ofKind.length)} (kind read right: ${pct(read, ofKind.length)})`;
        }),
        `  quoted word for word: ${pct(quoted, quoteCases.length)}`,
        `where does it say, in NIV, ESV and NLT wording (aim >= 90%): ${pct(found, where.length)}`,
        `question kind classifier: ${pct(classified, questions.length)} right; where-questions read as where: ${pct(whereClassified, where.length)}`,
        `  misread: ${[...confusion]
          .sort((a, b) => b[1] - a[1])
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}`,
      ].join('\n'),
    );
    // The baseline, so that a regression fails; raised as the figures rise, to the aims once met. Where-does fell
    // from 112 to 107 on 2026-12-07 (the search and classifier changes that raised the 240 from 188 to 196): set
    // at what it measures, not tuned back on these cases. At the next stop the 240 rose to 198 and where-does fell to 103
    // (105 before the classifier's retrain, 107 before that stop's changes; the dev sets' where-questions all held, and
    // no case here was read): set at what it measures. On 2026-12-07's second session, after work tuned only on two new
    // blind dev sets (fresh-3, where-modern-5) and run here once at its end: 199 and 115. On 2026-12-07's third session
    // (1,410 verse notes and other library data written blind, tuning on the blind sets fresh-5, fresh-6,
    // where-modern-6 and where-modern-7; run here three times, once unread inside a wider run, once mid-session and once
    // at its end, aggregates only): 211 and 131. On 2026-12-08 (2,160 verse notes; tuning on the blind sets fresh-7,
    // fresh-9 and where-modern-8, with fresh-8 and where-modern-9 kept as checks; run here only after the work, aggregates only): 212 and 135.
    expect(total).toBeGreaterThanOrEqual(212);
    expect(found).toBeGreaterThanOrEqual(135);
  }, 300_000);
});
