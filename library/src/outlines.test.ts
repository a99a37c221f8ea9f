import { describe, it, expect } from 'vitest';
import { BOOKS } from '@lectio/contracts/books';
import { lastVerse } from './bible';
import { checkCitations } from './citations';
import { writtenOutline } from './outlines';

const chapters = BOOKS.flatMap((b) => Array.from({ length: b.chapters }, (_, i) => ({ book: b, chapter: i + 1 })));

describe('chapter outlines (library/data/outlines)', () => {
  it('cover all 260 chapters of the New Testament', () => {
    const missing = chapters
      .filter(({ book, chapter }) => !writtenOutline(book.id, chapter))
      .map(({ book, chapter }) => `${book.name} ${chapter}`);
    expect(missing).toEqual([]);
    expect(chapters).toHaveLength(260);
  });

  it("give a message, key verses of that chapter, and steps covering the chapter's verses in order", () => {
    const problems: string[] = [];
    for (const { book, chapter } of chapters) {
      const o = writtenOutline(book.id, chapter);
      if (!o) continue;
      const where = `${book.name} ${chapter}`;
      if (!o.message.trim() || o.message.split(/[.!?](\s|$)/).filter((s) => s?.trim()).length > 2)
        problems.push(`${where}: message should be one or two sentences`);
      if (o.keyVerses.length < 2 || o.keyVerses.length > 5) problems.push(`${where}: 2-5 key verses`);
      for (const ref of o.keyVerses) {
        const [c] = checkCitations(ref);
        if (!c || !c.valid || c.book !== book.id || c.chapter !== chapter || c.text !== ref)
          problems.push(`${where}: key verse '${ref}' is not a verse of the chapter`);
      }
      let next = 1;
      for (const step of o.outline) {
        const m = /^(\d+)(?:-(\d+))?$/.exec(step.verses);
        if (!m || Number(m[1]) !== next || !step.heading.trim()) {
          problems.push(`${where}: step '${step.verses}' should start at verse ${next} and have a heading`);
          break;
        }
        next = Number(m[2] ?? m[1]) + 1;
      }
      if (next !== lastVerse(book.id, chapter) + 1)
        problems.push(`${where}: steps end at ${next - 1}, the chapter at ${lastVerse(book.id, chapter)}`);
    }
    expect(problems).toEqual([]);
  });
});
