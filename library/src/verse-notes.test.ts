import { describe, expect, it } from 'vitest';
import { parseAnyReference } from '@lectio/contracts/reference';
import { getVerseText } from './bible';
import { checkCitations } from './citations';
import { readingGrade } from './text/readability';
import { verseNote, verseNotes } from './verse-notes';

describe('our verse notes', () => {
  const notes = verseNotes();

  it('are on real verses of both testaments, each verse once, and are found by place', () => {
    expect(notes.length).toBeGreaterThanOrEqual(300);
    const places = notes.map((n) => parseAnyReference(n.ref));
    for (const [i, at] of places.entries()) {
      expect(at?.verse, notes[i]!.ref).toBeDefined();
      expect(getVerseText('web', at!.bookId, at!.chapter, at!.verse!), notes[i]!.ref).toBeTruthy();
    }
    expect(new Set(notes.map((n) => n.ref)).size).toBe(notes.length);
    expect(notes.some((n) => n.ref.startsWith('Ecclesiastes'))).toBe(true);
    expect(notes.some((n) => n.ref.startsWith('Revelation'))).toBe(true);
    expect(verseNote('ecclesiastes', 1, 2)?.note).toMatch(/hebel/);
    expect(verseNote('ecclesiastes', 1, 3)).toBeUndefined();
  });

  it('cite real verses and quote the WEB word for word', () => {
    const problems: string[] = [];
    for (const n of notes)
      for (const text of [n.plain, n.note])
        for (const c of checkCitations(text)) {
          if (!c.valid) problems.push(`${n.ref}: invalid reference '${c.text}'`);
          if (c.quote && !c.quote.matches) problems.push(`${n.ref}: quotation "${c.quote.text}" (${c.text})`);
        }
    expect(problems).toEqual([]);
  });

  it('say the plain version at Flesch-Kincaid grade 8 or lower', () => {
    const over = notes.filter((n) => readingGrade(n.plain) > 8).map((n) => `${n.ref}: ${readingGrade(n.plain)}`);
    expect(over).toEqual([]);
  });
});
