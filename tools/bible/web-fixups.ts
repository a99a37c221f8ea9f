import type { Verse } from '@lectio/contracts/verses';

type Books = Record<string, Record<string, Verse[]>>;

/**
 * The printed WEB places the closing doxology of Romans after 14:23, numbered 14:24-26 (as the
 * Majority Text does). The SWORD module uses KJV versification, which has no 14:24-26, so the
 * doxology is glued onto the text of 14:23. Give it back its three verses, split where the WEB
 * (and the KJV's 16:25-27) divide it.
 */
const DOXOLOGY = ['Now to him who is able to establish you', 'but now is revealed', 'to the only wise God'];

export function splitRomansDoxology(books: Books): Books {
  const chapter = books.romans?.['14'];
  const last = chapter?.[chapter.length - 1];
  if (!chapter || !last || last.number !== 23) return books;
  const starts = DOXOLOGY.map((phrase) => last.text.indexOf(phrase));
  if (starts.some((i, k) => i <= 0 || (k > 0 && i <= starts[k - 1]!))) return books;
  const parts = [last.text.slice(0, starts[0]), ...starts.map((s, k) => last.text.slice(s, starts[k + 1]))].map((t) => t.trim());
  const split: Verse[] = parts.map((text, k) => ({ number: 23 + k, text }));
  return { ...books, romans: { ...books.romans, '14': [...chapter.slice(0, -1), ...split] } };
}
