import { describe, expect, it } from 'vitest';
import type { Note } from '@lectio/contracts/notes';
import { verseMarks, withQueued } from './chapterNotes';

const note = (over: Partial<Note>): Note => ({
  id: 'n1',
  kind: 'note',
  book: 'john',
  chapter: 3,
  verse: 16,
  verseEnd: null,
  color: null,
  text: 'Loved',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  history: [],
  ...over,
});

describe('the chapter’s notes as shown', () => {
  it('queued saves and deletions show on top of the server’s notes, in order, marked pending', () => {
    const server = [note({ id: 'a', text: 'Old words' }), note({ id: 'b', kind: 'bookmark', text: null })];
    const shown = withQueued(server, [
      {
        key: '1',
        owner: 'tabitha',
        op: 'save',
        note: { id: 'a', kind: 'note', book: 'john', chapter: 3, verse: 16, text: 'New words' },
      },
      { key: '2', owner: 'tabitha', op: 'delete', id: 'b' },
      {
        key: '3',
        owner: 'tabitha',
        op: 'save',
        note: { id: 'c', kind: 'highlight', book: 'john', chapter: 3, verse: 17, color: 'blue' },
      },
    ]);
    expect(shown.map((n) => [n.id, n.text, n.color, n.pending ?? false])).toEqual([
      ['a', 'New words', null, true],
      ['c', null, 'blue', true],
    ]);
    // What the server's note was created at and its history stay with the pending version.
    expect(shown[0]!.createdAt).toBe('2026-11-20T10:00:00.000Z');
  });

  it('a range marks every verse in it; a verse shows its colour, a note mark and a bookmark mark together', () => {
    const marks = verseMarks([
      note({ id: 'h', kind: 'highlight', color: 'pink', verse: 4, verseEnd: 7, text: null }),
      note({ id: 'n', kind: 'note', verse: 5 }),
      note({ id: 'b', kind: 'bookmark', verse: 5, text: null }),
    ]);
    expect([...marks.keys()].sort((a, b) => a - b)).toEqual([4, 5, 6, 7]);
    expect(marks.get(5)).toEqual({ color: 'pink', note: true, bookmark: true });
    expect(marks.get(7)).toEqual({ color: 'pink', note: false, bookmark: false });
  });
});
