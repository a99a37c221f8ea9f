/**
 * Matthew Henry's Concise Commentary (SWORD module MHCC, Debian sword-comm-mhcc) as sections
 * keyed by book, chapter and verse range. Each SWORD entry sits on the first verse of the
 * section it comments on and runs to the verse before the next entry or the chapter's end. Its
 * bold 'Verses 1-8' heading is not the range: the module folds later sections without an entry of
 * their own into it (John 3:1's entry, headed 'Verses 1-8', holds the comment on 3:16 too).
 */
import { osisToText } from '../bible/osis-text';
import { SWORD_NAMES } from '../bible/convert';
import type { CommentaryFile, CommentarySection } from '@lectio/library';
import { impEntries, OT_SWORD_NAMES } from './sword';

const NAMES: Record<string, string> = { ...OT_SWORD_NAMES, ...SWORD_NAMES };
const RANGE_HEADING = /<hi type="bold">\s*Verses?\s+(\d+)(?:\s*[-–,]\s*(\d+))?[^<]*<\/hi>/;

/** The commentary text of one entry: outline rows as 'Topic. (1-21)', headings dropped, markup stripped. */
export function commentaryText(markup: string): string {
  const s = markup
    .replace(RANGE_HEADING, ' ')
    .replace(/<\/cell>\s*<cell>/g, ' ')
    .replace(/<\/?(row|table|cell)\b[^>]*>/g, '<lb/>')
    // The module's own verse links, 'ver. #(24)': the number as the printed book has it.
    .replace(/#\((\d+(?:[-–]\d+)?)\)/g, '$1');
  return osisToText(s);
}

/**
 * `lastVerse(bookId, chapter)` gives the chapter's verse count, to close a section that runs to
 * the end of its chapter.
 */
export function parseCommentary(imp: string, lastVerse: (bookId: string, chapter: number) => number): CommentaryFile {
  const raw: Array<{ bookId: string; chapter: number; verse: number; text: string }> = [];
  for (const [key, body] of impEntries(imp)) {
    const m = /^(.+) (\d+):(\d+)$/.exec(key);
    if (!m) continue;
    const bookId = NAMES[m[1]!];
    const chapter = Number(m[2]);
    const verse = Number(m[3]);
    if (!bookId || chapter === 0 || verse === 0) continue; // introductions carry no commentary text
    const text = commentaryText(body);
    if (text === '') continue;
    raw.push({ bookId, chapter, verse, text });
  }
  const books: Record<string, CommentarySection[]> = {};
  raw.forEach((r, i) => {
    const next = raw[i + 1];
    const end =
      next && next.bookId === r.bookId && next.chapter === r.chapter ? next.verse - 1 : lastVerse(r.bookId, r.chapter);
    const verseEnd = Math.max(r.verse, end);
    (books[r.bookId] ??= []).push({ chapter: r.chapter, verse: r.verse, verseEnd, text: r.text });
  });
  return {
    source: "Matthew Henry's Concise Commentary",
    module: 'MHCC (Debian sword-comm-mhcc)',
    license: 'Public Domain',
    books,
  };
}
