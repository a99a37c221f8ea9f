/**
 * A chapter at a glance: Matthew Henry's outline of it (the headings his first section on the
 * chapter opens with, each with its verses) and its key verses (the verses Nave's topics cite most).
 */
import { loadCommentary } from '../library-data';
import { topicCitations } from '../passage';
import { lastVerse } from '../bible';

export interface OutlineItem {
  heading: string;
  verse: number;
  verseEnd: number;
}

const OUTLINE_MARK = /[.?!]\s*\((\d+)(?:\s*[-–]\s*(\d+))?\)/g;

/** Henry's outline of a chapter, [] when his comment on it has none. */
export function chapterOutline(bookId: string, chapter: number): OutlineItem[] {
  const first = loadCommentary()
    .books[bookId]?.filter((s) => s.chapter === chapter)
    .sort((a, b) => a.verse - b.verse)[0];
  if (!first) return [];
  const text = first.text;
  const items: OutlineItem[] = [];
  let expected = 1;
  let start = -1;
  for (const m of text.matchAll(OUTLINE_MARK)) {
    const from = Number(m[1]);
    const to = Number(m[2] ?? m[1]);
    if (from !== expected) {
      if (items.length > 0) break;
      continue;
    }
    // The first heading starts after the sentence before it (a book's introduction may come first).
    const begin = start >= 0 ? start : text.lastIndexOf('. ', m.index - 1) + 1;
    // The Psalms' sections open with the module's own 'Chapter Outline' label.
    const heading = text
      .slice(begin, m.index + 1)
      .trim()
      .replace(/^Chapter Outline\s+/, '');
    items.push({ heading, verse: from, verseEnd: to });
    start = m.index + m[0].length;
    expected = to + 1;
  }
  return items;
}

/** The verses of a range that Nave's topics cite most (as verses, not as a whole chapter), best first. */
export function keyVerses(
  bookId: string,
  chapter: number,
  from = 1,
  to = lastVerse(bookId, chapter),
  limit = 1,
): number[] {
  const scored: { verse: number; score: number }[] = [];
  for (let v = from; v <= to; v++) scored.push({ verse: v, score: topicCitations(bookId, chapter, v) });
  return scored
    .sort((a, b) => b.score - a.score || a.verse - b.verse)
    .slice(0, limit)
    .map((s) => s.verse);
}
