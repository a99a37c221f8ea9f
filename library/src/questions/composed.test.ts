/**
 * Every composed answer of the bank, as readers get them: all different from one another, the
 * simple style plain for every journey, traditions named, reassurance kept, quotations in the
 * reader's translation or labelled, and the main message of each chapter from its outline.
 */
import { describe, it, expect } from 'vitest';
import { BOOKS } from '@lectio/contracts/books';
import { checkCitations } from '../citations';
import { writtenOutline } from '../outlines';
import { loadQuestionBank } from './bank';
import { composeExpertAnswer, composeQuestionAnswer } from './compose';
import { commonAnswers, pastoralAnswers } from './pastoral';
import { gradeOf } from './readability.testing';
import type { CommunicationStyle, FaithJourney, SuggestedQuestionEntry } from './types';

const JOURNEYS: FaithJourney[] = ['new_to_christianity', 'growing_believer', 'mature_christian', 'bible_scholar'];
const STYLES: CommunicationStyle[] = ['simple', 'moderate', 'scholarly'];
// The bank's questions, the pastoral answers and the answers to common questions, composed the same way and held to the same rules.
const questions: SuggestedQuestionEntry[] = [
  ...[...loadQuestionBank().values()].flatMap((f) => [...f.general, ...Object.values(f.chapters).flat()]),
  ...pastoralAnswers(),
  ...commonAnswers(),
];
const chapters = BOOKS.flatMap((b) => Array.from({ length: b.chapters }, (_, i) => ({ book: b.id, chapter: i + 1 })));
const mainMessage = questions.find((q) => q.fromOutline)!;

/** Every composed answer: each question's 12, and the main-message question's 12 for every chapter. */
function* answers(): Generator<{ where: string; journey: FaithJourney; style: CommunicationStyle; text: string }> {
  for (const q of questions)
    for (const journey of JOURNEYS)
      for (const style of STYLES)
        yield { where: q.id, journey, style, text: composeExpertAnswer(q.parts, journey, style) };
  for (const { book, chapter } of chapters) {
    if (!writtenOutline(book, chapter)) continue;
    for (const journey of JOURNEYS)
      for (const style of STYLES)
        yield {
          where: `${mainMessage.id} at ${book} ${chapter}`,
          journey,
          style,
          text: composeQuestionAnswer(mainMessage, journey, style, { book, chapter }),
        };
  }
}

describe('composed answers', () => {
  it('are all different from one another', () => {
    const seen = new Map<string, string>();
    const same: string[] = [];
    let count = 0;
    for (const a of answers()) {
      count++;
      const where = `${a.where} ${a.journey}/${a.style}`;
      const other = seen.get(a.text);
      if (other) same.push(`${where} = ${other}`);
      else seen.set(a.text, where);
    }
    console.log(`composed answers: ${count}, distinct: ${seen.size}`);
    expect(same).toEqual([]);
    expect(seen.size).toBe(count);
  });

  it("label a quotation that is not in the reader's translation, and only then", () => {
    const q = questions.find((x) => x.id === 'hebrews-11-what-is-faith')!;
    const web = composeExpertAnswer(q.parts, 'bible_scholar', 'scholarly', { translation: 'web' });
    expect(web).toContain('"the substance of things hoped for" (Hebrews 11:1, KJV)');
    const kjv = composeExpertAnswer(q.parts, 'bible_scholar', 'scholarly', { translation: 'kjv' });
    expect(kjv).toContain('"the substance of things hoped for" (Hebrews 11:1)');
    expect(kjv).not.toContain(', KJV)');
    for (const c of checkCitations(web))
      if (c.quote?.matches)
        expect(c.quote.translation === 'web' || web.includes(`(${c.text}, KJV)`), c.quote.text).toBe(true);
  });

  it("answer 'What is the main message of this passage?' from the chapter's outline", () => {
    const outline = writtenOutline('john', 3)!;
    const simple = composeQuestionAnswer(mainMessage, 'new_to_christianity', 'simple', { book: 'john', chapter: 3 });
    expect(simple.startsWith(outline.message)).toBe(true);
    expect(simple).toContain(`Key verses: John 3:${outline.keyVerses.map((r) => r.split(':')[1]).join(', ')}.`);
    const moderate = composeQuestionAnswer(mainMessage, 'growing_believer', 'moderate', { book: 'john', chapter: 3 });
    expect(moderate).toContain(`The main message of John 3: ${outline.message}`);
    for (const step of outline.outline) expect(moderate).toContain(`- John 3:${step.verses}: ${step.heading}`);
    // Without a chapter the general answer stands.
    expect(composeQuestionAnswer(mainMessage, 'growing_believer', 'moderate', {})).toBe(
      composeExpertAnswer(mainMessage.parts, 'growing_believer', 'moderate'),
    );
  });

  it("cite valid verses and quote the WEB or the KJV word for word in every chapter's main-message answers", () => {
    const problems: string[] = [];
    for (const a of answers()) {
      if (!a.where.startsWith(mainMessage.id + ' at')) continue;
      const citations = checkCitations(a.text);
      if (!citations.some((c) => c.valid)) problems.push(`${a.where} ${a.journey}/${a.style}: cites no valid verse`);
      for (const c of citations) {
        if (!c.valid) problems.push(`${a.where}: invalid reference '${c.text}'`);
        if (c.quote && !c.quote.matches) problems.push(`${a.where}: quotation "${c.quote.text}" (${c.text})`);
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it('read at Flesch-Kincaid grade 8 or lower in the simple style, for every journey', () => {
    const over: string[] = [];
    let highest = { grade: 0, where: '' };
    for (const a of answers()) {
      if (a.style !== 'simple') continue;
      const grade = gradeOf(a.text);
      if (grade > highest.grade) highest = { grade, where: `${a.where} ${a.journey}` };
      if (grade > 8) over.push(`${a.where} ${a.journey}: grade ${grade.toFixed(1)}`);
    }
    console.log(`highest simple-style grade: ${highest.grade.toFixed(2)} (${highest.where})`);
    expect(over).toEqual([]);
  });

  it('name the readings of the traditions, in the simple style too, where they differ', () => {
    const VIEWS =
      /\b(Catholics?|Orthodox|Protestants?|Lutherans?|Reformed|Calvinist|Arminians?|Wesleyans?|Methodists?|Baptists?|Pentecostals?|Anglicans?|charismatics?|Premillennial|Amillennial|Postmillennial|Jehovah's Witnesses|Mennonites|Quakers|evangelicals?|Luther|Calvin|Presbyterians?)\b/g;
    const problems: string[] = [];
    for (const q of questions) {
      if (!q.parts.traditions) continue;
      const short = q.parts.traditionsShort ?? '';
      const named = new Set(short.match(VIEWS) ?? []);
      if (named.size < 2) problems.push(`${q.id}: the short note names ${named.size} readings`);
      for (const journey of JOURNEYS)
        if (!composeExpertAnswer(q.parts, journey, 'simple').includes(short))
          problems.push(`${q.id} ${journey}/simple: no note on the readings`);
    }
    expect(problems).toEqual([]);
    const warned = questions.find((q) => q.id === 'hebrews-general-warnings')!;
    expect(composeExpertAnswer(warned.parts, 'new_to_christianity', 'simple')).toMatch(
      /Reformed \(Calvinist\).*Arminian.*Catholic/s,
    );
  });

  it('keep the reassurance where a passage frightens, in every answer', () => {
    const warnings = questions.find((q) => q.id === 'hebrews-general-warnings')!;
    for (const journey of JOURNEYS)
      for (const style of STYLES)
        expect(composeExpertAnswer(warnings.parts, journey, style), `${journey}/${style}`).toContain(
          '"we are persuaded of better things for you" (Hebrews 6:9)',
        );
    const missing: string[] = [];
    for (const q of questions) {
      if (!q.parts.reassurance) continue;
      for (const journey of JOURNEYS)
        for (const style of STYLES)
          if (!composeExpertAnswer(q.parts, journey, style).includes(q.parts.reassurance))
            missing.push(`${q.id} ${journey}/${style}`);
    }
    expect(missing).toEqual([]);
  });
});
