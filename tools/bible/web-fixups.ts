import type { Verse, VerseBreak, VerseNote } from '@lectio/contracts/verses';

type Books = Record<string, Record<string, Verse[]>>;

/**
 * The printed WEB places the closing doxology of Romans after 14:23, numbered 14:24-26 (as the
 * Majority Text does). The SWORD module uses KJV versification, which has no 14:24-26, so the
 * doxology is glued onto the text of 14:23. Give it back its three verses, split where the WEB
 * (and the KJV's 16:25-27) divide it; its paragraph mark and footnote go with the words they mark.
 */
const DOXOLOGY = ['Now to him who is able to establish you', 'but now is revealed', 'to the only wise God'];

export function splitRomansDoxology(books: Books): Books {
  const chapter = books.romans?.['14'];
  const last = chapter?.[chapter.length - 1];
  if (!chapter || !last || last.number !== 23) return books;
  const starts = DOXOLOGY.map((phrase) => last.text.indexOf(phrase));
  if (starts.some((i, k) => i <= 0 || (k > 0 && i <= starts[k - 1]!))) return books;
  const bounds = [0, ...starts, last.text.length];
  const split: Verse[] = bounds.slice(0, -1).map((from, k) => {
    const to = bounds[k + 1]!;
    const raw = last.text.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    const local = (at: number) => Math.min(text.length, at - from - lead);
    // A block starts before its first word; a footnote follows the word it is on.
    const breaks = (last.breaks ?? [])
      .filter(([at]) => at >= from + lead && at < to)
      .map(([at, kind]): VerseBreak => [local(at), kind]);
    const notes = (last.notes ?? [])
      .filter(([at]) => (at > from + lead || at === 0) && at <= to)
      .map(([at, note]): VerseNote => [local(at), note]);
    return { number: 23 + k, text, ...(breaks.length ? { breaks } : {}), ...(notes.length ? { notes } : {}) };
  });
  return { ...books, romans: { ...books.romans, '14': [...chapter.slice(0, -1), ...split] } };
}
