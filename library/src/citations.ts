/**
 * The citation checker: every Scripture reference in a text (an assistant's answer, a written
 * expert answer), parsed, checked against our text of both testaments, linked when the reader
 * holds it, and any quotation next to it compared with the WEB and the KJV.
 */
import type { Citation } from '@lectio/contracts/assistant';
import { findReferences, type FoundReference } from '@lectio/contracts/reference';
import { getVerses, lastVerse, TRANSLATIONS } from './bible';

// The wire shape of POST /api/chat's `citations` is the contract's; the checker fills it.
export type { Citation, CitationQuote } from '@lectio/contracts/assistant';

const OPEN = '"“';
const CLOSE = '"”';
// Quoted words ending right before the reference: `"God so loved the world" (John 3:16)`,
// `"…world," John 3:16`, `"…" — John 3:16`. Not `"John the Elder" (compare 2 John 1)`: words in
// quotation marks before 'see', 'cf.' or 'compare' are a term, not a quotation of that verse.
const QUOTE_BEFORE = new RegExp(`[${OPEN}]([^${OPEN}${CLOSE}]{1,1000})[${CLOSE}]\\s*[,.;:]?\\s*(?:[(\\[]\\s*|[—–-]\\s*)?$`);
// Quoted words right after it: `John 3:16: "For God so loved…"`, `(John 3:16) "…"`, `John 3:16 says, "…"`.
const QUOTE_AFTER = new RegExp(
  `^\\s*[)\\]]?\\s*(?:[,:;—–-]\\s*)?(?:(?:says|reads|records|writes|puts it)[,:]?\\s*)?[${OPEN}]([^${OPEN}${CLOSE}]{1,1000})[${CLOSE}]`,
);

export function checkCitations(text: string): Citation[] {
  const found = findReferences(text);
  const before = found.map((ref) => QUOTE_BEFORE.exec(text.slice(0, ref.start))?.[1] ?? null);
  return found.map((ref, i) => {
    let quoted = before[i] ?? null;
    if (quoted === null) {
      const after = QUOTE_AFTER.exec(text.slice(ref.end));
      // Words between two references belong to the next one when they end right before it.
      const claimedByNext = after && found[i + 1] && before[i + 1] === after[1] && found[i + 1]!.start - ref.end <= after[0].length + 4;
      if (after && !claimedByNext) quoted = after[1]!;
    }
    return toCitation(ref, quoted);
  });
}

function toCitation(ref: FoundReference, quoted: string | null): Citation {
  const book = ref.book;
  const last = book && ref.chapter >= 1 && ref.chapter <= book.chapters ? lastVerse(book.id, ref.chapter) : 0;
  const valid =
    book !== null &&
    last > 0 &&
    (ref.verse === null || (ref.verse >= 1 && ref.verse <= last)) &&
    (ref.verseEnd === null || (ref.verse !== null && ref.verseEnd > ref.verse && ref.verseEnd <= last));
  let href: string | null = null;
  if (valid && book!.testament === 'new') {
    href = `/home?book=${book!.id}&chapter=${ref.chapter}` + (ref.verse !== null ? `&verse=${ref.verse}` : '');
  }
  const quote = quoted === null ? null : { text: quoted.trim(), matches: valid && quoteMatches(quoted, book!.id, ref.chapter, ref.verse, ref.verseEnd) };
  return { text: ref.text, book: book?.id ?? null, chapter: ref.chapter, verse: ref.verse, verseEnd: ref.verseEnd, valid, href, quote };
}

/** Lower case, accents, apostrophes and punctuation removed: the form two texts are compared in. */
export function normaliseWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘ʼ]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * True when the quoted words are the passage's (one verse, a range or a whole chapter) in the WEB
 * or the KJV. An ellipsis ('...' or '…') may leave words out; the parts must come in order.
 */
export function quoteMatches(quoted: string, bookId: string, chapter: number, verse: number | null, verseEnd: number | null): boolean {
  const parts = quoted
    .split(/\.\s*\.\s*\.|…/)
    .map(normaliseWords)
    .filter((p) => p !== '');
  if (parts.length === 0) return false;
  for (const translation of TRANSLATIONS) {
    const verses = getVerses(translation, bookId, chapter).filter((v) => verse === null || (v.number >= verse && v.number <= (verseEnd ?? verse)));
    if (verses.length === 0) continue;
    const passage = ` ${normaliseWords(verses.map((v) => v.text).join(' '))} `;
    let from = 0;
    const inOrder = parts.every((part) => {
      const at = passage.indexOf(` ${part} `, from);
      if (at < 0) return false;
      from = at + part.length + 1;
      return true;
    });
    if (inOrder) return true;
  }
  return false;
}
