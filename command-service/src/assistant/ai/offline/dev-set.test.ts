/**
 * The offline assistant on our own dev set (tools/questions/dev/), written for tuning in place of
 * the held-out sets, which are never read case by case:
 * - where-modern*.txt: "where does it say ..." in the NIV's, ESV's and NLT's wording, written from
 *   memory, each with the verse it should find (the highlighted verse is John 1:1, elsewhere).
 * - questions.jsonl: reader questions of the kinds the offline assistant answered least well (why/how,
 *   follow-up, meaning, who/what, word, contested), each with its highlighted verse, the previous
 *   question for a follow-up, and what a good answer must contain (every group, any alternative in
 *   it, as heldout.test.ts judges); those marked `after` were written once the why/how answers
 *   and the first fixes existed, on subjects they do not cover, to see how far the changes reach.
 * - fresh.jsonl (240 questions, 20 of each of 12 kinds) and where-modern-4.jsonl (100 where-questions
 *   in the NIV's, ESV's, NLT's, NASB's and CSB's wording): written later by a helper who saw no code,
 *   judged as the held-out set is (every group of `must`, and the quotation, reference, 'not in the
 *   Bible' or decline it asks for).
 * - fresh-2.jsonl (180), fresh-3.jsonl (200, the weakest kinds weighted) and where-modern-5.jsonl (150, NIV to MSG, 68
 *   Old Testament): written later still by helpers who saw no code, each measured before anything was tuned on it; so
 *   were fresh-4 (150), fresh-5 (200), fresh-6 (150, two thirds follow-ups), where-modern-6 (150), where-modern-7 (120), fresh-7 (120 follow-ups) and
 *   where-modern-8 (120).
 * Prints the rates and fails below the last measured figures, so a regression shows. About 2,700 answers, three
 * minutes of CPU: a tuning instrument, run when tuning (the held-out test guards the figures in every run):
 *   DEV_SETS=1 npx vitest run command-service/src/assistant/ai/offline/dev-set.test.ts
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyQuestion } from '@lectio/library';
import { good, type JudgedQuestion, namesAny, replyAsReader } from './as-reader.testing';

/**
 * The last measured figures on fresh.jsonl, where-modern-4.jsonl and fresh-2.jsonl (see the commit messages for
 * how they moved). fresh-2 measured 129/180 (71.7%) before anything was tuned on it; fresh-3 149/200 (74.5%) and
 * where-modern-5 123/150 (82.0%); fresh-4 102/150 (68.0%); fresh-5 157/200 (78.5%); where-modern-6 117/150 (78.0%); fresh-6 128/150 (85.3%: follow-ups 82/100, where 46/50); where-modern-7 110/120 (91.7%);
 * fresh-7 71/120 (59.2%); where-modern-8 110/120 (91.7%); fresh-8 91/120 (75.8%), kept unread as a check on the tuning on fresh-7;
 * where-modern-9 115/120 (95.8%), written after the bare-saying and spelling work; fresh-9 198/240 (82.5%), the held-out's
 * shape (20 of each of 12 kinds; 201 once three empty reference lists were dropped). The constants below are the
 * figures at the end of 2026-12-08's session.
 */
const FRESH_MEASURED = 230;
const WHERE_4_MEASURED = 98;
const FRESH_2_MEASURED = 171;
const FRESH_3_MEASURED = 183;
const WHERE_5_MEASURED = 137;
const FRESH_4_MEASURED = 133;
const FRESH_5_MEASURED = 189;
const WHERE_6_MEASURED = 141;
const FRESH_6_MEASURED = 138;
const WHERE_7_MEASURED = 116;
const FRESH_7_MEASURED = 92;
const WHERE_8_MEASURED = 112;
const FRESH_8_MEASURED = 99;
const WHERE_9_MEASURED = 115;
const FRESH_9_MEASURED = 212;

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

interface DevQuestion {
  kind: string;
  verse: string;
  question: string;
  previous?: string;
  must: string[][];
  /** Written after the first changes (the why/how answers, the follow-up and meaning fixes), on other subjects: how far they reach. */
  after?: boolean;
}

const readJsonLines = <T>(file: string): T[] =>
  readFileSync(new URL(file, DEV), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l): T => JSON.parse(l));

/** Whether the answer holds one alternative of every group of what it must contain. */
const holds = (answer: string, must: string[][]) =>
  must.every((group) => group.some((alternative) => answer.toLowerCase().includes(alternative.toLowerCase())));

/** The answered count and rate, 'n/of (p%)'. */
const rateOf = (n: number, of: number) => `${n}/${of} (${((100 * n) / of).toFixed(1)}%)`;

/** Judges a fresh set as the held-out set is judged, prints the rate of each kind and what was missed, returns the answered count. */
function judgeFresh(file: string): number {
  const set = readJsonLines<JudgedQuestion>(file);
  const answered = set.filter((q) => {
    const earlier = q.previous ? [{ question: q.previous, answer: replyAsReader(q.previous, q.verse) }] : [];
    return good(q, replyAsReader(q.question, q.verse, earlier));
  });
  const kinds = [...new Set(set.map((q) => q.kind))];
  console.log(
    [
      `${file}: ${rateOf(answered.length, set.length)} answered`,
      ...kinds.map((k) => {
        const ofKind = set.filter((q) => q.kind === k);
        const read = ofKind.filter((q) => classifyQuestion(q.question).kind === k).length;
        return `  ${k}: ${rateOf(ofKind.filter((q) => answered.includes(q)).length, ofKind.length)} (kind read right: ${read}/${ofKind.length})`;
      }),
      `missed: ${set
        .filter((q) => !answered.includes(q))
        .map((m) => `[${m.kind}] ${m.question}`)
        .join(' | ')}`,
    ].join('\n'),
  );
  return answered.length;
}

/** Asks a set of where-questions with John 1:1 open, prints the rate and what was missed, returns the found count. */
function judgeWhere(file: string): number {
  const where = readJsonLines<{ question: string; ref: string[] }>(file);
  const found = where.filter((w) => namesAny(replyAsReader(w.question, 'John 1:1'), w.ref));
  console.log(
    `${file}: ${rateOf(found.length, where.length)} found\nwhere missed: ${where
      .filter((w) => !found.includes(w))
      .map((w) => `${w.ref[0]}: ${w.question}`)
      .join(' | ')}`,
  );
  return found.length;
}

describe.skipIf(!process.env.DEV_SETS)('the offline assistant on our dev set', () => {
  // fresh.jsonl: 240 questions, 20 of each of 12 kinds, and where-modern-4.jsonl: 100 where-questions in the NIV's,
  // ESV's and NLT's wording, both written by a helper who saw no code, judged as the held-out set is (good()).
  it('answers the fresh questions of every kind, and finds sayings in modern wording', () => {
    expect(judgeFresh('fresh.jsonl')).toBeGreaterThanOrEqual(FRESH_MEASURED);
    expect(judgeWhere('where-modern-4.jsonl')).toBeGreaterThanOrEqual(WHERE_4_MEASURED);
  }, 300_000);

  // fresh-2.jsonl: 180 questions, 15 of each kind, written by another helper who saw no code, on 2026-12-07.
  it('answers the second fresh set', () => {
    expect(judgeFresh('fresh-2.jsonl')).toBeGreaterThanOrEqual(FRESH_2_MEASURED);
  }, 300_000);

  // fresh-3.jsonl (200: follow-up 40, meaning 30, off-topic 25, personal 25, why/how, who/what, word and contested 20 each) and
  // where-modern-5.jsonl (150 in NIV, ESV, NLT, NASB, CSB and MSG wording, 68 Old Testament), written blind on 2026-12-07.
  it('answers the third fresh set, and finds its where-questions', () => {
    expect(judgeFresh('fresh-3.jsonl')).toBeGreaterThanOrEqual(FRESH_3_MEASURED);
    expect(judgeWhere('where-modern-5.jsonl')).toBeGreaterThanOrEqual(WHERE_5_MEASURED);
  }, 300_000);

  // fresh-4.jsonl (150: follow-up 60, meaning 40, personal 25, who/what 25), written blind on 2026-12-07.
  it('answers the fourth fresh set', () => {
    expect(judgeFresh('fresh-4.jsonl')).toBeGreaterThanOrEqual(FRESH_4_MEASURED);
  }, 300_000);

  // fresh-5.jsonl (200: follow-up 60, meaning 50, personal 40, who/what 25, why/how 25; 111 Old Testament), written blind on 2026-12-07.
  it('answers the fifth fresh set', () => {
    expect(judgeFresh('fresh-5.jsonl')).toBeGreaterThanOrEqual(FRESH_5_MEASURED);
  }, 300_000);

  // where-modern-6.jsonl (150 in NIV, ESV, NLT, NASB, CSB, MSG and loose wording, 78 Old Testament), written blind on 2026-12-07.
  it('finds the sixth set of where-questions', () => {
    expect(judgeWhere('where-modern-6.jsonl')).toBeGreaterThanOrEqual(WHERE_6_MEASURED);
  }, 300_000);

  // fresh-6.jsonl (150: 100 follow-ups, half Old Testament, and 50 where-questions in NIV, ESV and NLT wording), written blind on 2026-12-07.
  it('answers the sixth fresh set', () => {
    expect(judgeFresh('fresh-6.jsonl')).toBeGreaterThanOrEqual(FRESH_6_MEASURED);
  }, 300_000);

  // where-modern-7.jsonl (120 in NIV, ESV and NLT wording only, 64 Old Testament), written blind on 2026-12-07.
  it('finds the seventh set of where-questions', () => {
    expect(judgeWhere('where-modern-7.jsonl')).toBeGreaterThanOrEqual(WHERE_7_MEASURED);
  }, 300_000);

  // fresh-7.jsonl (120 follow-ups of every shape, half Old Testament) and where-modern-8.jsonl (120 in NIV, ESV and NLT
  // wording, some spanning two verses), written blind on 2026-12-08.
  it('answers the seventh fresh set and finds the eighth set of where-questions', () => {
    expect(judgeFresh('fresh-7.jsonl')).toBeGreaterThanOrEqual(FRESH_7_MEASURED);
    expect(judgeWhere('where-modern-8.jsonl')).toBeGreaterThanOrEqual(WHERE_8_MEASURED);
  }, 300_000);

  // fresh-8.jsonl (120 more follow-ups, 60 Old Testament), written blind on 2026-12-08 by another helper; its misses are
  // not read, so it measures how far the tuning on fresh-7 reaches.
  it('answers the eighth fresh set', () => {
    expect(judgeFresh('fresh-8.jsonl')).toBeGreaterThanOrEqual(FRESH_8_MEASURED);
  }, 300_000);

  // where-modern-9.jsonl (120 in NIV, ESV and NLT wording, 60 Old Testament from 32 books), written blind on 2026-12-08.
  it('finds the ninth set of where-questions', () => {
    expect(judgeWhere('where-modern-9.jsonl')).toBeGreaterThanOrEqual(WHERE_9_MEASURED);
  }, 300_000);

  // fresh-9.jsonl (240: 20 of each of the 12 kinds, as the held-out set is made; 113 Old Testament), written blind on 2026-12-08.
  it('answers the ninth fresh set', () => {
    expect(judgeFresh('fresh-9.jsonl')).toBeGreaterThanOrEqual(FRESH_9_MEASURED);
  }, 300_000);

  it('answers the questions of each kind', () => {
    const set = readJsonLines<DevQuestion>('questions.jsonl');
    const missed = set.filter((q) => {
      const earlier = q.previous ? [{ question: q.previous, answer: replyAsReader(q.previous, q.verse) }] : [];
      return !holds(replyAsReader(q.question, q.verse, earlier), q.must);
    });
    const kinds = [...new Set(set.map((q) => q.kind))];
    const rate = (of: DevQuestion[]) => `${of.length - missed.filter((m) => of.includes(m)).length}/${of.length}`;
    console.log(
      [
        `dev questions: ${rate(set)} answered`,
        ...kinds.map((k) => {
          const ofKind = set.filter((q) => q.kind === k);
          const read = ofKind.filter((q) => classifyQuestion(q.question).kind === k).length;
          return `  ${k}: ${rate(ofKind)} (kind read right: ${read}/${ofKind.length})`;
        }),
        `  of them written after the first changes, on other subjects: ${rate(set.filter((q) => q.after))}`,
        `missed: ${missed.map((m) => `[${m.kind}] ${m.question}`).join(' | ')}`,
      ].join('\n'),
    );
    // 102 of the first 125 before the work of issue 27's why/how round; 226 of 236 after it (the later questions written along the way; three after-set why/how subjects then got written answers);
    // 228 with a word asked 'here' studied in the open verse and two lexicon words set side by side ('Is grace the same as mercy?');
    // 229 with a quoted word studied as the word asked ("What does 'debts' mean in the Lord's prayer?").
    expect(set.length - missed.length).toBeGreaterThanOrEqual(232);
  }, 300_000);

  // where-modern.txt: 37 of 50 before the modern-wording map and the rarity-weighted bar, 45 after, 48 with the
  // Berean Standard Bible's wording. where-modern-2.txt (99, written with the BSB work): 85 before it, 95 with
  // it, 98 with the word-order ranking. where-modern-3.txt (40, written after both, not tuned on): 38.
  it.each([
    ['where-modern.txt', 50],
    ['where-modern-2.txt', 99],
    ['where-modern-3.txt', 39],
  ])(
    'finds sayings worded as modern translations word them (%s)',
    (file, measured) => {
      const set = readDevSet(file);
      const missed = set.filter((q) => !namesAny(replyAsReader(q.question, 'John 1:1'), q.refs));
      console.log(
        `${file}: ${set.length - missed.length}/${set.length} found; missed: ${missed.map((m) => m.refs[0]).join(', ')}`,
      );
      expect(set.length - missed.length).toBeGreaterThanOrEqual(measured);
    },
    120_000,
  );
});
