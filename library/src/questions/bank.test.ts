/**
 * The suggested-question bank, every file under library/data/questions/: shape, counts, unique
 * ids, and every composed expert answer (all 12 pairs of faith journey and style) run through the
 * same citation checker the assistant uses: at least one valid citation, no invalid reference,
 * every quotation the WEB's or the KJV's words. A failure lists the file's answers that break a
 * rule, so their writer can fix them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { findBook } from '@lectio/contracts/books';
import { checkCitations } from '../citations';
import { dataPath } from '../data';
import { composeExpertAnswer } from './compose';
import { COMMON_PREFIX, commonAnswers, PASTORAL_PREFIX, pastoralAnswers } from './pastoral';
import {
  QUESTION_CATEGORIES,
  type BookQuestions,
  type CommunicationStyle,
  type FaithJourney,
  type SuggestedQuestionEntry,
} from './types';

const JOURNEYS: FaithJourney[] = ['new_to_christianity', 'growing_believer', 'mature_christian', 'bible_scholar'];
const STYLES: CommunicationStyle[] = ['simple', 'moderate', 'scholarly'];

/** Chapters that must have their own questions. */
export const REQUIRED_CHAPTERS: Record<string, number[]> = {
  matthew: [5, 6, 16, 24, 28],
  mark: [16],
  luke: [2, 15],
  john: [1, 3, 6, 11, 14, 15, 20],
  acts: [2, 9, 15],
  romans: [3, 8, 9, 12, 13],
  corinthians1: [11, 13, 14, 15],
  galatians: [3, 5],
  ephesians: [2, 5],
  philippians: [2],
  hebrews: [6, 11],
  james: [2],
  john1: [4],
  revelation: [13, 20, 21],
};

const dir = dataPath('questions');
const names = (() => {
  try {
    return readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
})();
const files = names.map((name) => {
  const text = readFileSync(`${dir}/${name}`, 'utf8');
  let data: unknown;
  let error: string | null = null;
  try {
    data = JSON.parse(text);
  } catch (e) {
    error = (e as Error).message;
  }
  return { name, data: data as BookQuestions, error };
});

function entries(file: BookQuestions): Array<{ where: string; chapter: string | null; q: SuggestedQuestionEntry }> {
  return [
    ...(file.general ?? []).map((q) => ({ where: 'general', chapter: null, q })),
    ...Object.entries(file.chapters ?? {}).flatMap(([c, list]) =>
      (list ?? []).map((q) => ({ where: `chapter ${c}`, chapter: c, q })),
    ),
  ];
}

/** What is wrong with one question's shape ([] when nothing). */
function shapeProblems(q: SuggestedQuestionEntry, idPrefix: string): string[] {
  const out: string[] = [];
  const p = q.parts as Partial<SuggestedQuestionEntry['parts']> | undefined;
  if (typeof q.id !== 'string' || !q.id.startsWith(idPrefix) || !/^[a-z0-9]+(-[a-z0-9]+)+$/.test(q.id))
    out.push(`id ${JSON.stringify(q.id)} should start '${idPrefix}' (lower case, dashes)`);
  if (!(QUESTION_CATEGORIES as readonly string[]).includes(q.category))
    out.push(`category ${JSON.stringify(q.category)} is not one of ${QUESTION_CATEGORIES.join(', ')}`);
  if (typeof q.question !== 'string' || !q.question.trim().endsWith('?'))
    out.push('question should be a sentence ending in "?"');
  if (!p) return [...out, 'parts missing'];
  for (const key of ['summary', 'explanation', 'depth', 'application', 'connections'] as const) {
    if (typeof p[key] !== 'string' || p[key]!.trim() === '') out.push(`parts.${key} missing or empty`);
  }
  if (
    !Array.isArray(p.terms) ||
    p.terms.length < 2 ||
    p.terms.length > 4 ||
    p.terms.some((t) => !t?.term?.trim() || !t?.meaning?.trim())
  ) {
    out.push('parts.terms should be 2-4 {term, meaning}');
  }
  if (p.traditions !== undefined && (typeof p.traditions !== 'string' || p.traditions.trim() === ''))
    out.push('parts.traditions, when given, is a non-empty string');
  return out;
}

/** What is wrong with the citations of each composed answer of one question ([] when nothing). */
function citationProblems(q: SuggestedQuestionEntry): string[] {
  const out = new Set<string>();
  for (const journey of JOURNEYS) {
    for (const style of STYLES) {
      const answer = composeExpertAnswer(q.parts, journey, style);
      const citations = checkCitations(answer);
      if (!citations.some((c) => c.valid)) out.add(`${journey}/${style}: cites no valid verse`);
      for (const c of citations) {
        if (!c.valid) out.add(`invalid reference '${c.text}'`);
        if (c.quote && !c.quote.matches)
          out.add(`quotation "${c.quote.text}" (${c.text}) is not the WEB's or the KJV's words`);
      }
    }
  }
  return [...out];
}

describe('the checks themselves', () => {
  const bad: SuggestedQuestionEntry = {
    id: 'john-3-bad',
    category: 'Meaning',
    question: 'What does it mean?',
    parts: {
      summary: 'Jesus says "God so loved the universe" (John 3:16).',
      explanation: 'See also Hezekiah 3:16.',
      depth: 'Compare Jude 2:1.',
      application: 'Pray.',
      terms: [{ term: 'Grace', meaning: 'A gift.' }],
      connections: 'Nothing cited.',
    },
  };
  it('report a misquotation, invented and impossible references, and bad shape', () => {
    expect(citationProblems(bad)).toEqual([
      'quotation "God so loved the universe" (John 3:16) is not the WEB\'s or the KJV\'s words',
      "invalid reference 'Hezekiah 3:16'",
      "invalid reference 'Jude 2:1'",
    ]);
    expect(shapeProblems(bad, 'john-3-')).toEqual(['parts.terms should be 2-4 {term, meaning}']);
    expect(shapeProblems({ ...bad, id: 'Bad id', category: 'Other' as never }, 'john-3-')).toHaveLength(3);
  });
  it('report an answer with no valid citation', () => {
    const none = { ...bad, parts: { ...bad.parts, summary: 'No verse here.', explanation: 'None.', depth: 'None.' } };
    expect(citationProblems(none)).toContain('new_to_christianity/simple: cites no valid verse');
  });
});

describe('the question bank (library/data/questions)', () => {
  it('has the generic questions file', () => {
    expect(names).toContain('generic.json');
  });

  it('has ids unique across every file', () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const f of files) {
      if (f.error) continue;
      for (const { q } of entries(f.data)) {
        const other = seen.get(q.id);
        if (other) duplicates.push(`${q.id} in ${f.name} and ${other}`);
        else seen.set(q.id, f.name);
      }
    }
    expect(duplicates).toEqual([]);
  });
});

it('finds the question files', () => expect(names.length).toBeGreaterThan(0));

describe.each(files)('$name', ({ name, data, error }) => {
  it('is a BookQuestions with the right counts', () => {
    expect(error, `${name} does not parse`).toBeNull();
    const problems: string[] = [];
    const isGeneric = name === 'generic.json';
    const bookId = name.replace(/\.json$/, '');
    const book = findBook(bookId);
    if (isGeneric ? data.book !== '*' : data.book !== bookId)
      problems.push(`book should be ${isGeneric ? "'*'" : `'${bookId}'`}, is ${JSON.stringify(data.book)}`);
    if (!isGeneric && !book) problems.push(`${bookId} is not a New Testament book id`);
    if (!Array.isArray(data.general)) problems.push('general should be a list');
    if (typeof data.chapters !== 'object' || data.chapters === null || Array.isArray(data.chapters))
      problems.push('chapters should be an object keyed by chapter');
    if (problems.length === 0) {
      const general = data.general.length;
      if (isGeneric && general !== 4)
        problems.push(`generic.json should hold the four generic questions, has ${general}`);
      if (isGeneric && Object.keys(data.chapters).length > 0) problems.push('generic.json has no chapters');
      if (!isGeneric && (general < 4 || general > 6)) problems.push(`4-6 general questions, has ${general}`);
      for (const [chapter, list] of Object.entries(data.chapters)) {
        const n = Number(chapter);
        if (!Number.isInteger(n) || n < 1 || (book && n > book.chapters))
          problems.push(`chapter '${chapter}' does not exist in ${bookId}`);
        if (!Array.isArray(list) || list.length !== 4)
          problems.push(
            `chapter ${chapter} should have 4 questions, has ${Array.isArray(list) ? list.length : 'none'}`,
          );
      }
      for (const required of REQUIRED_CHAPTERS[bookId] ?? []) {
        if (!data.chapters[String(required)]) problems.push(`chapter ${required} needs its own questions`);
      }
      for (const { where, chapter, q } of entries(data)) {
        const prefix = `${isGeneric ? 'generic' : bookId}-${chapter ?? 'general'}-`;
        for (const p of shapeProblems(q, prefix)) problems.push(`${q.id ?? '(no id)'} (${where}): ${p}`);
      }
    }
    expect(problems, `${name}: shape and counts`).toEqual([]);
  });

  it('cites valid verses and quotes the WEB or the KJV word for word in all 12 answers of every question', () => {
    expect(error, `${name} does not parse`).toBeNull();
    const problems: string[] = [];
    for (const { q } of entries(data)) {
      if (!q?.parts || typeof q.parts.summary !== 'string') continue; // reported by the shape test
      for (const p of citationProblems(q)) problems.push(`${q.id}: ${p}`);
    }
    expect(problems, `${name}: answers to fix`).toEqual([]);
  });
});

describe('the pastoral answers (library/data/pastoral/answers.json), under the same rules', () => {
  const answers = pastoralAnswers();
  const TOPICS = [
    'unforgivable',
    'ananias',
    'hebrews-6',
    'hebrews-10',
    'anxiety',
    'doubt',
    'grief',
    'forgiving-a-parent',
    'fear-of-hell',
    'assurance',
    'gods-silence',
  ];

  it('answers the frightening passages and common struggles, each with the passages it speaks to', () => {
    expect(answers.length).toBeGreaterThanOrEqual(12);
    for (const topic of TOPICS)
      expect(
        answers.some((a) => a.id.includes(topic)),
        topic,
      ).toBe(true);
    const problems: string[] = [];
    for (const a of answers) {
      for (const p of shapeProblems(a, PASTORAL_PREFIX)) problems.push(`${a.id}: ${p}`);
      if (a.passages.length === 0) problems.push(`${a.id}: no passages`);
      for (const passage of a.passages)
        if (!checkCitations(passage)[0]?.valid) problems.push(`${a.id}: passage ${passage}`);
    }
    expect(problems).toEqual([]);
  });

  it('cites valid verses and quotes the WEB or the KJV word for word in all 12 answers of every one', () => {
    expect(answers.flatMap((a) => citationProblems(a).map((p) => `${a.id}: ${p}`))).toEqual([]);
  });

  it('has ids unique across the bank and the pastoral answers', () => {
    const bankIds = new Set(files.flatMap((f) => (f.error ? [] : entries(f.data).map((e) => e.q.id))));
    expect(answers.filter((a) => bankIds.has(a.id)).map((a) => a.id)).toEqual([]);
    expect(new Set(answers.map((a) => a.id)).size).toBe(answers.length);
  });
});

describe('the written answers to common questions (library/data/common-questions/answers.json), under the same rules', () => {
  const answers = commonAnswers();

  it('are well formed, each with the passages it speaks to', () => {
    expect(answers.length).toBeGreaterThanOrEqual(20);
    const problems: string[] = [];
    for (const a of answers) {
      for (const p of shapeProblems(a, COMMON_PREFIX)) problems.push(`${a.id}: ${p}`);
      if (a.passages.length === 0) problems.push(`${a.id}: no passages`);
      for (const passage of a.passages)
        if (!checkCitations(passage)[0]?.valid) problems.push(`${a.id}: passage ${passage}`);
    }
    expect(problems).toEqual([]);
  });

  it('cite valid verses and quote the WEB or the KJV word for word in all 12 answers of every one', () => {
    expect(answers.flatMap((a) => citationProblems(a).map((p) => `${a.id}: ${p}`))).toEqual([]);
  });

  it('have ids unique across the bank, the pastoral answers and themselves', () => {
    const other = new Set([
      ...files.flatMap((f) => (f.error ? [] : entries(f.data).map((e) => e.q.id))),
      ...pastoralAnswers().map((a) => a.id),
    ]);
    expect(answers.filter((a) => other.has(a.id)).map((a) => a.id)).toEqual([]);
    expect(new Set(answers.map((a) => a.id)).size).toBe(answers.length);
  });
});
