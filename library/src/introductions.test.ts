/**
 * The introductions to the 27 books: all present, every part written, every reference real and
 * every quotation the WEB's or the KJV's words, the disputed books' views named on both sides.
 */
import { describe, it, expect } from 'vitest';
import { BOOKS, OT_BOOKS } from '@lectio/contracts/books';
import { checkCitations } from './citations';
import { type BookIntroduction, bookIntroduction, bookIntroductions, oldTestamentIntroductions } from './introductions';
import { gradeOf } from './questions/readability.testing';

/** Books whose authorship (or, for the Gospels, traditional attribution) scholars dispute. */
const DISPUTED = [
  'matthew',
  'mark',
  'luke',
  'john',
  'ephesians',
  'colossians',
  'thessalonians2',
  'timothy1',
  'timothy2',
  'titus',
  'hebrews',
  'james',
  'peter1',
  'peter2',
  'john1',
  'john2',
  'john3',
  'jude',
  'revelation',
];

describe('introductions to the New Testament', () => {
  it('has all 27 books in order, each with author, date, audience, purpose and an outline of three steps or more', () => {
    expect(bookIntroductions().map((b) => b.book)).toEqual(BOOKS.map((b) => b.id));
    const problems: string[] = [];
    for (const b of bookIntroductions()) {
      for (const key of ['summary', 'plain', 'author', 'date', 'audience', 'purpose'] as const)
        if (!b[key]?.trim()) problems.push(`${b.book}: no ${key}`);
      if (b.outline.length < 3) problems.push(`${b.book}: outline of ${b.outline.length}`);
    }
    expect(problems).toEqual([]);
  });

  it('names the traditional and the critical view, with reasons, wherever authorship is disputed', () => {
    const problems: string[] = [];
    for (const id of DISPUTED) {
      const a = bookIntroduction(id)?.authorship;
      if (!a) problems.push(`${id}: no authorship views`);
      else if (a.traditional.length < 80 || a.critical.length < 80 || !a.short.trim())
        problems.push(`${id}: a view too thin`);
    }
    expect(problems).toEqual([]);
    expect(bookIntroduction('Hebrews')!.authorship!.question).toBe('Who wrote Hebrews? Could it have been Paul?');
    expect(bookIntroduction('2 Peter')!.authorship!.critical).toMatch(/Jude/);
  });

  it('cites only real verses, and quotes the WEB or the KJV word for word', () => {
    const problems: string[] = [];
    let count = 0;
    for (const b of bookIntroductions()) {
      const texts = [
        b.summary,
        b.plain,
        b.author,
        b.date,
        b.audience,
        b.purpose,
        ...b.outline.map((o) => o.passage),
        ...(b.keyVerses ?? []),
      ];
      if (b.authorship) texts.push(b.authorship.traditional, b.authorship.critical, b.authorship.short);
      for (const text of texts) {
        for (const c of checkCitations(text)) {
          count++;
          if (!c.valid) problems.push(`${b.book}: ${c.text}`);
          if (c.quote && !c.quote.matches) problems.push(`${b.book}: "${c.quote.text}" (${c.text})`);
        }
      }
      for (const o of b.outline)
        if (checkCitations(o.passage)[0]?.book !== b.book)
          problems.push(`${b.book}: outline step ${o.passage} is not in the book`);
    }
    console.log(`introductions: ${count} references checked`);
    expect(problems).toEqual([]);
  });

  it('says what each book is, and the authorship views, plainly for the simple style (grade 8 or lower)', () => {
    const over = bookIntroductions().flatMap((b) =>
      [b.plain, b.authorship?.short ?? '']
        .filter((t) => gradeOf(t) > 8)
        .map((t) => `${b.book}: ${gradeOf(t).toFixed(1)} ${t}`),
    );
    expect(over).toEqual([]);
  });

  it('finds a book by id or by name', () => {
    expect(bookIntroduction('1 Cor')?.book).toBe('corinthians1');
    expect(bookIntroduction('romans')?.name).toBe('Romans');
    expect(bookIntroduction('Hezekiah')).toBeNull();
  });
});

/** Every problem with one testament's introductions: a part missing, a reference not real or outside its book, a quotation not the WEB's or KJV's, a plain text above grade 8. */
function problemsOf(books: BookIntroduction[]): string[] {
  const problems: string[] = [];
  for (const b of books) {
    for (const key of ['summary', 'plain', 'author', 'date', 'audience', 'purpose'] as const)
      if (!b[key]?.trim()) problems.push(`${b.book}: no ${key}`);
    if (b.outline.length < 2) problems.push(`${b.book}: outline of ${b.outline.length}`);
    const texts = [b.summary, b.plain, b.author, b.date, b.audience, b.purpose, ...(b.keyVerses ?? [])];
    if (b.authorship) texts.push(b.authorship.traditional, b.authorship.critical, b.authorship.short);
    for (const text of texts)
      for (const c of checkCitations(text)) {
        if (!c.valid) problems.push(`${b.book}: ${c.text}`);
        if (c.quote && !c.quote.matches) problems.push(`${b.book}: "${c.quote.text}" (${c.text})`);
      }
    for (const o of b.outline) {
      const c = checkCitations(o.passage)[0];
      if (c?.book !== b.book || !c.valid) problems.push(`${b.book}: outline step ${o.passage} is not in the book`);
    }
    for (const t of [b.plain, b.authorship?.short ?? ''])
      if (gradeOf(t) > 8) problems.push(`${b.book}: grade ${gradeOf(t).toFixed(1)}: ${t}`);
  }
  return problems;
}

describe('introductions to the Old Testament', () => {
  it('has all 39 books in order, every part written, every reference real, plain words for the simple style', () => {
    expect(oldTestamentIntroductions().map((b) => b.book)).toEqual(OT_BOOKS.map((b) => b.id));
    expect(problemsOf(oldTestamentIntroductions())).toEqual([]);
  });

  it('names both views where authorship or date is disputed: the books of Moses, Ecclesiastes, Isaiah, Daniel', () => {
    for (const id of ['genesis', 'exodus', 'leviticus', 'numbers', 'deuteronomy', 'ecclesiastes', 'isaiah', 'daniel']) {
      const a = bookIntroduction(id)?.authorship;
      expect(a && a.traditional.length >= 80 && a.critical.length >= 80 && a.short.trim(), id).toBeTruthy();
    }
    expect(bookIntroduction('Isaiah')?.authorship?.critical).toMatch(/chapters 40-55/);
    expect(bookIntroduction('Dan')?.testament).toBe('old');
  });
});
