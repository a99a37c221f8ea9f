/**
 * The citation checker: every Scripture reference in a text (an assistant's answer, a written
 * expert answer), parsed, checked against our text of both testaments, linked when the reader
 * holds it, and any quotation next to it compared with the WEB and the KJV.
 */
import type { Citation, CitationQuote } from '@lectio/contracts/assistant';
import { formatReference } from '@lectio/contracts/reference';
import { getVerses, TRANSLATIONS, type Translation } from './bible';
import { MISATTRIBUTIONS } from './answers/misattributions';
import { additionIn, deuterocanonLastVerse } from './references/deuterocanon';
import { findReferences, type FoundReference } from './references/scan';
import { renumber } from './references/versification';

// The wire shape of POST /api/chat's `citations` is the contract's; the checker fills it.
export type { Citation } from '@lectio/contracts/assistant';

// Double quotes, and single quotes that open before a letter and close after one (so the apostrophes
// of "doesn't" and "Jesus'" and the end of an earlier quotation are not taken for them).
const DOUBLE = String.raw`["“]([^"“”]{1,1000})["”]`;
const SINGLE = String.raw`(?<![\p{L}\d])['‘](?=[\p{L}\d])((?:[^'‘’"“”]|(?<=\p{L})['’](?=\p{L}))+?)(?<=\S)['’](?![\p{L}\d])`;
// Quoted words ending right before the reference: `"God so loved the world" (John 3:16)`,
// `'…world,' John 3:16`, `"…" — John 3:16`. Not `"John the Elder" (compare 2 John 1)`: words in
// quotation marks before 'see', 'cf.' or 'compare' are a term, not a quotation of that verse.
const QUOTE_BEFORE = new RegExp(String.raw`(?:${DOUBLE}|${SINGLE})\s*[,.;:]?\s*(?:[(\[]\s*|[—–-]\s*)?$`, 'u');
// Quoted words right after it: `John 3:16: "For God so loved…"`, `(John 3:16) '…'`, `John 3:16 says, "…"`.
const QUOTE_AFTER = new RegExp(
  String.raw`^\s*[)\]]?\s*(?:[,:;—–-]\s*)?(?:(?:says|reads|records|writes|puts it)[,:]?\s*)?(?:${DOUBLE}|${SINGLE})`,
  'u',
);
// One or two words in single quotes are a term or a gloss ('rock', 'in Christ'), not a quotation.
const quotedWords = (m: RegExpExecArray | null): string | null => {
  if (!m) return null;
  if (m[1] !== undefined) return m[1];
  return m[2] !== undefined && normaliseWords(m[2]).split(' ').length >= 3 ? m[2] : null;
};

export interface CheckOptions {
  /** The reader's translation: links and the real words of a misquotation follow it (default 'web'). */
  translation?: Translation;
}

export function checkCitations(text: string, options: CheckOptions = {}): Citation[] {
  const translation = options.translation ?? 'web';
  const found = findReferences(text);
  const before = found.map((ref) => quotedWords(QUOTE_BEFORE.exec(text.slice(0, ref.start))));
  return found.map((ref, i) => {
    let quoted = before[i] ?? null;
    if (quoted === null) {
      const match = QUOTE_AFTER.exec(text.slice(ref.end));
      const after = quotedWords(match);
      // Words between two references belong to the next one when they end right before it.
      const claimedByNext =
        match && found[i + 1] && before[i + 1] === after && found[i + 1]!.start - ref.end <= match[0].length + 4;
      if (after !== null && !claimedByNext) quoted = after;
    }
    return toCitation(ref, quoted, translation);
  });
}

/** A passage as numbered in our text of one translation: chapter, first and last verse (a range may cross chapters). */
interface Place {
  chapter: number;
  verse: number | null;
  chapterEnd: number;
  verseEnd: number | null;
}

/** The reader's address of a place in either testament (the web app's readerHref, without its translation). */
export function readerHref(bookId: string, chapter: number, verse: number | null): string {
  return `/home?book=${bookId}&chapter=${chapter}` + (verse !== null ? `&verse=${verse}` : '');
}

function toCitation(ref: FoundReference, quoted: string | null, reader: Translation): Citation {
  const base = {
    text: ref.text,
    book: ref.book?.id ?? null,
    chapter: ref.chapter,
    verse: ref.verse,
    verseEnd: ref.verseEnd,
    ...(ref.chapterEnd !== null ? { chapterEnd: ref.chapterEnd } : {}),
  };
  const quoteOf = (matches: boolean, extra: Omit<CitationQuote, 'text' | 'matches'> = {}): CitationQuote | null =>
    quoted === null ? null : { text: quoted.trim(), matches, ...extra };
  const book = ref.book;
  if (!book) return { ...base, valid: false, href: null, quote: quoteOf(false) };

  if (book.testament === 'deuterocanon' || additionIn(book.id, ref.chapter, ref.verse) !== null) {
    // Lectio holds no text of these books, so a quotation of them cannot be checked either way.
    const valid = deuterocanonExists(book.id, book.testament === 'deuterocanon', ref);
    return {
      ...base,
      valid,
      href: null,
      quote: valid ? null : quoteOf(false),
      ...(valid ? { notInLibrary: true } : {}),
    };
  }

  // Where the passage stands in each translation (renumbered when written in another numbering).
  const places = new Map<Translation, { place: Place; renumbered: { reference: string; numbering: string } | null }>();
  for (const t of TRANSLATIONS) {
    const place = locate(book.id, book.chapters, ref, t);
    if (place) places.set(t, place);
  }
  const here = places.get(reader) ?? [...places.values()][0];
  if (!here) return { ...base, valid: false, href: null, quote: quoteOf(false) };
  const { place, renumbered } = here;
  const href = readerHref(book.id, place.chapter, place.verse);
  return {
    ...base,
    valid: true,
    href,
    quote: quoted === null ? null : checkQuote(quoted, book.id, places, reader),
    ...(renumbered ? { renumbered } : {}),
  };
}

function deuterocanonExists(bookId: string, ownBook: boolean, ref: FoundReference): boolean {
  const last = (chapter: number): number =>
    ownBook ? deuterocanonLastVerse(bookId, chapter) : (additionIn(bookId, chapter, ref.verse)?.lastVerse ?? 0);
  const endChapter = ref.chapterEnd ?? ref.chapter;
  if (last(ref.chapter) === 0 || last(endChapter) === 0 || endChapter < ref.chapter) return false;
  if (ref.verse !== null && (ref.verse < 1 || ref.verse > last(ref.chapter))) return false;
  return (
    ref.verseEnd === null ||
    (ref.verseEnd <= last(endChapter) && (endChapter > ref.chapter || ref.verseEnd > (ref.verse ?? 0)))
  );
}

/** The passage in one translation, or null when it does not exist there (even renumbered). */
function locate(
  bookId: string,
  chapters: number,
  ref: FoundReference,
  translation: Translation,
): { place: Place; renumbered: { reference: string; numbering: string } | null } | null {
  const last = (chapter: number): number =>
    chapter >= 1 && chapter <= chapters
      ? Math.max(0, ...getVerses(translation, bookId, chapter).map((v) => v.number))
      : 0;
  const exists = (chapter: number, verse: number): boolean => verse >= 1 && verse <= last(chapter);
  const endChapter = ref.chapterEnd ?? ref.chapter;
  if (ref.verse === null) {
    // A chapter, or chapters ('Romans 9-11').
    return last(ref.chapter) > 0 && last(endChapter) > 0 && endChapter >= ref.chapter
      ? { place: { chapter: ref.chapter, verse: null, chapterEnd: endChapter, verseEnd: null }, renumbered: null }
      : null;
  }
  const verseEnd = ref.verseEnd;
  const ordered = endChapter > ref.chapter || verseEnd === null || verseEnd > ref.verse;
  if (ordered && exists(ref.chapter, ref.verse) && (verseEnd === null || exists(endChapter, verseEnd))) {
    return { place: { chapter: ref.chapter, verse: ref.verse, chapterEnd: endChapter, verseEnd }, renumbered: null };
  }
  if (ref.chapterEnd !== null || !ordered) return null;
  const moved = renumber(bookId, ref.chapter, ref.verse, verseEnd, translation, exists);
  if (!moved) return null;
  const reference = formatReference({
    bookId,
    chapter: moved.chapter,
    verse: moved.verse,
    ...(moved.verseEnd !== null ? { verseEnd: moved.verseEnd } : {}),
  });
  return {
    place: { chapter: moved.chapter, verse: moved.verse, chapterEnd: moved.chapter, verseEnd: moved.verseEnd },
    renumbered: { reference, numbering: moved.numbering },
  };
}

function versesAt(translation: Translation, bookId: string, place: Place): string[] {
  const out: string[] = [];
  for (let c = place.chapter; c <= place.chapterEnd; c++) {
    for (const v of getVerses(translation, bookId, c)) {
      if (place.verse !== null && c === place.chapter && v.number < place.verse) continue;
      if (place.verseEnd !== null && c === place.chapterEnd && v.number > place.verseEnd) continue;
      if (place.verse !== null && place.verseEnd === null && v.number !== place.verse) continue;
      out.push(v.text);
    }
  }
  return out;
}

function checkQuote(
  quoted: string,
  bookId: string,
  places: Map<Translation, { place: Place }>,
  reader: Translation,
): CitationQuote {
  const text = quoted.trim();
  const known = knownSaying(text, bookId);
  // The reader's translation first: a quotation both share is the reader's.
  const order = [...places].sort(([a], [b]) => Number(b === reader) - Number(a === reader));
  for (const [translation, { place }] of order) {
    if (!known && wordsAppearIn(text, versesAt(translation, bookId, place).join(' ')))
      return { text, matches: true, translation };
  }
  const [translation, { place }] = places.has(reader) ? [reader, places.get(reader)!] : [...places][0]!;
  const verses = versesAt(translation, bookId, place);
  const actual = verses.slice(0, 3).join(' ') + (verses.length > 3 ? ' …' : '');
  return { text, matches: false, actual: { translation, text: actual }, ...(known ? { note: known.note } : {}) };
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

// Words that may open a clause before the words quoted: 'For the love of money…' may be quoted from
// 'the love', 'For God so loved the world, that he gave…' from 'he gave'.
const CLAUSE_OPENERS = new Set(
  'for and but then so now therefore wherefore yet or nor behold verily truly also thus lo o oh indeed amen that most certainly again'.split(
    ' ',
  ),
);
// Between two words, punctuation that ends or opens a clause (an apostrophe inside a word does not).
const CLAUSE_MARK = /[,;:.!?()[\]“”"‘—–]|(?<!\p{L})['’]|['’](?!\p{L})/u;
// A quotation that starts on the object of one of these ('the love of | money') and goes on to make a
// statement ('money is the root of all evil') says something the verse does not.
const PREPOSITIONS = new Set('of for in to from with by on at into unto upon about through without'.split(' '));
const STATEMENT_VERBS = new Set(
  'is are was were be been will shall can could should would may might must has have had does do did am'.split(' '),
);
const RELATIVES = new Set('who whom whose which that'.split(' '));
/** True when the words make a statement of their own: a verb before any relative clause ('money is…', not 'the saints who are…'). */
const makesStatement = (words: string[]): boolean => {
  const verb = words.findIndex((w) => STATEMENT_VERBS.has(w));
  const relative = words.findIndex((w) => RELATIVES.has(w));
  return verb >= 0 && (relative < 0 || verb < relative);
};

/** The passage's words, each marked where a quotation may start: a clause's start, or just after its opening 'for', 'and', 'that'. */
function tokens(passage: string): { words: string[]; startsClause: boolean[] } {
  const words: string[] = [];
  const startsClause: boolean[] = [];
  let previousEnd = 0;
  let openersOnly = true; // every word since the last clause mark is an opener
  for (const m of passage.matchAll(/[\p{L}\d]+(?:['’ʼ][\p{L}\d]+)*/gu)) {
    const word = normaliseWords(m[0]);
    if (!word) continue;
    const boundary = words.length === 0 || CLAUSE_MARK.test(passage.slice(previousEnd, m.index));
    if (boundary) openersOnly = true;
    for (const w of word.split(' ')) {
      words.push(w);
      startsClause.push(boundary || openersOnly);
      openersOnly = openersOnly && CLAUSE_OPENERS.has(w);
    }
    previousEnd = m.index + m[0].length;
  }
  return { words, startsClause };
}

/**
 * True when the quoted words are the passage's words in order (any further part after an ellipsis,
 * '...' or '…', anywhere later), and the quotation keeps the words that carry its sense: it may
 * start where a clause starts, or inside one as a phrase ('the least of the apostles'), but not on
 * the object of a preposition it then makes a statement about ('money is the root of all evil',
 * from 'the love of money is the root of all evil'). A quotation opening with an ellipsis says so itself.
 */
export function wordsAppearIn(quoted: string, passage: string): boolean {
  const pieces = quoted.split(/\.\s*\.\s*\.|…/);
  const parts = pieces.map((p) => normaliseWords(p).split(' ').filter(Boolean)).filter((p) => p.length > 0);
  if (parts.length === 0) return false;
  const openedWithEllipsis = normaliseWords(pieces[0]!) === '';
  const { words, startsClause } = tokens(passage);
  const first = parts[0]!;
  const misleadingFrom = (at: number): boolean =>
    !openedWithEllipsis && !startsClause[at] && PREPOSITIONS.has(words[at - 1] ?? '') && makesStatement(first);
  const fits = (part: string[], at: number): boolean => part.every((w, k) => words[at + k] === w);
  const search = (index: number, from: number): boolean => {
    if (index === parts.length) return true;
    const part = parts[index]!;
    for (let at = from; at + part.length <= words.length; at++) {
      if (index === 0 && misleadingFrom(at)) continue;
      if (fits(part, at) && search(index + 1, at + part.length)) return true;
    }
    return false;
  };
  return search(0, 0);
}

/**
 * True when the quoted words are the passage's (one verse, a range or a whole chapter) in the WEB
 * or the KJV, by the rule of `wordsAppearIn`.
 */
export function quoteMatches(
  quoted: string,
  bookId: string,
  chapter: number,
  verse: number | null,
  verseEnd: number | null,
): boolean {
  const place: Place = { chapter, verse, chapterEnd: chapter, verseEnd: verse === null ? null : (verseEnd ?? verse) };
  return TRANSLATIONS.some((t) => wordsAppearIn(quoted, versesAt(t, bookId, place).join(' ')));
}

/**
 * A known misquotation of this book's verse, or a saying not in the Bible at all, that the whole
 * quotation repeats (the offline assistant's list of misattributed sayings): its note, for the reader.
 */
function knownSaying(quoted: string, bookId: string): { note: string } | undefined {
  const words = normaliseWords(quoted);
  const saying = MISATTRIBUTIONS.find(
    (m) => new RegExp(`^(?:${m.pattern.source})$`).test(words) && (m.verdict === 'not' || m.verse[0] === bookId),
  );
  return saying && { note: saying.verdict === 'not' ? `Not in the Bible. ${saying.note}` : saying.note };
}
