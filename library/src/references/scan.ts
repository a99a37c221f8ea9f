/**
 * Finds Scripture references in running text (an assistant's answer, a written expert answer):
 * both testaments and the deuterocanonical books, in any letter case, with ranges across chapters,
 * lists ('Romans 3:23; 6:23', 'Romans 8:28, 38-39') and 'v.'/'vv.' continuations ('John 3 ...
 * vv. 16-18'). Whether the verses exist is the citation checker's question, not this one's.
 * Server-side only: the reader's search parses a typed reference with contracts' parseReference.
 */
import { ALL_BOOKS, type LibraryBook } from '@lectio/contracts/books';
import { makeBookFinder } from '@lectio/contracts/reference';
import { distance } from 'fastest-levenshtein';
import { deuterocanonicalBooks, type DeuterocanonicalBook } from './deuterocanon';

export type ScannedBook = LibraryBook | DeuterocanonicalBook;

/** A reference found in running text, before any check against the text of the Bible. */
export interface FoundReference {
  /** As written ('Jn 3:16', '1 Cor 13:4-7', 'vv. 16-18'). */
  text: string;
  /** Offsets of `text` in the searched string. */
  start: number;
  end: number;
  /** The name as written ('Jn', '1 Cor', 'Hezekiah'). */
  bookName: string;
  /** A book of either testament or the deuterocanon; null when no book has that name ('Hezekiah 3:16'). */
  book: ScannedBook | null;
  chapter: number;
  verse: number | null;
  /** The last chapter of a range that crosses chapters ('John 3:16-4:2', 'Romans 9-11'); else null. */
  chapterEnd: number | null;
  verseEnd: number | null;
}

let finder: ReturnType<typeof makeBookFinder<ScannedBook>> | undefined;
function books() {
  if (finder) return finder;
  const extra = deuterocanonicalBooks();
  const aliases = Object.fromEntries(extra.map((d) => [d.book.id, d.aliases]));
  return (finder = makeBookFinder<ScannedBook>([...ALL_BOOKS, ...extra.map((d) => d.book)], aliases));
}

/** A misspelt book name ('Mathew', 'Phillipians', 'Galations'): the one full name within one or two edits. */
function findMisspelt(name: string): ScannedBook | null {
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (key.replace(/^\d/, '').length < 5) return null;
  const allowed = key.length >= 8 ? 2 : 1;
  const close = books().fullNames.filter(
    (n) => Math.abs(n.key.length - key.length) <= allowed && distance(n.key, key) <= allowed,
  );
  return close.length === 1 ? close[0]!.book : null;
}

// An optional number or ordinal prefix, a name (up to 'Song of Solomon', 'Additions to Esther',
// 'Bel and the Dragon'), then a chapter, optionally ':verse' and '-end' or '-chapter:verse'
// ('.' between chapter and verse only without spaces). Any letter case: 'john 3:16', 'JOHN 3:16'.
// A roman numeral or a word needs a space after it ('I John', not the 'I' of 'Is 53').
const PREFIX = String.raw`(?:[1-4]\s*|(?:IV|I{1,3}|First|Second|Third|Fourth|1st|2nd|3rd|4th)\s+)`;
const NAME = String.raw`\p{L}+\.?(?:\s+(?:of|to)\s+(?:the\s+)?\p{L}+|\s+and\s+the\s+Dragon)?`;
// A verse part ('Mark 1:15a'): the letter is read and the whole verse checked.
const PART = String.raw`(?:[abc](?![\p{L}]))?`;
const END = String.raw`(?=\s*(?:[),;\]]|\.(?!\d)|and\b|or\b|$))`;
const IN_TEXT = new RegExp(
  String.raw`(?<![\p{L}\p{N}:.-])(${PREFIX}?)(${NAME})\s*(\d{1,3})` +
    String.raw`(?:(?:\s*:\s*|\.(?=\d))(\d{1,3})${PART}(?:\s*[-–—]\s*(\d{1,3})(?:\s*:\s*(\d{1,3}))?${PART})?|\s*[-–]\s*(\d{1,3})(?![:.]?\d))?` +
    String.raw`(?![\p{L}\d]|[:.]\d)`,
  'giu',
);
// More verses or chapters of the same book: 'Romans 8:28, 38-39', 'John 3:16; 5:24', 'Romans 3:23; 6:23',
// 'Jude 3, 5'. A bare number must end the list item, so 'John 3:16, 17 people' adds nothing.
const CONTINUATION = new RegExp(
  String.raw`\s*([,;])\s*(?:and\s+)?(?:` +
    String.raw`(\d{1,3})\s*:\s*(\d{1,3})${PART}(?:\s*[-–—]\s*(\d{1,3})(?:\s*:\s*(\d{1,3}))?${PART})?(?![\p{L}\d]|[:.]\d)` +
    String.raw`|(\d{1,3})${PART}(?:\s*[-–—]\s*(\d{1,3})${PART})?${END})`,
  'uy',
);
// 'v. 16', 'vv. 16-18', 'vv 16–18': verses of the chapter named last in the same paragraph.
const VERSES_OF_LAST = /(?<![\p{L}\d])(vv?)\.?\s*(\d{1,3})(?:\s*[-–—]\s*(\d{1,3}))?(?![\p{L}\d]|[:.]\d)/giu;
// Capitalised words that stand before a chapter-and-verse without being a book ('In 3:16 Jesus…').
const NOT_BOOK_NAMES = new Set(
  (
    'in at see verse verses vv v chapter chapters ch chap cf compare and also by from of to the read on about until till since before after ' +
    'around page pages p pp line lines step part section volume vol book is was are am pm a an or but so for with as then than between ratio time'
  ).split(' '),
);
const ROMAN_OR_WORD_PREFIX = /^(?:IV|I{1,3}|First|Second|Third|Fourth|1st|2nd|3rd|4th)\s*$/i;
// Full names distinct enough to count in lower case without a verse ('romans 8', 'psalm 23'); a name
// that is also an English word or a first name ('mark 5', 'job 3', 'john 3') needs its verse.
const DISTINCT_NAMES = new Set(
  (
    'romans corinthians galatians ephesians philippians colossians thessalonians hebrews philemon genesis exodus leviticus deuteronomy ' +
    'isaiah jeremiah ezekiel habakkuk zephaniah zechariah malachi nehemiah ecclesiastes psalm psalms proverbs revelation matthew sirach maccabees tobit judith'
  ).split(' '),
);

/**
 * Every Scripture reference in running text: 'Jn 3:16', '1 Cor 13:4-7', 'Isa 53:5', 'Ps 23',
 * 'Romans 8', 'John 3:16-4:2', 'Sirach 3:30'. A book the Bible does not have is still reported
 * (book null) when written as a capitalised name with chapter and verse ('Hezekiah 3:16'), so that
 * an invented reference is caught; a bare chapter ('Romans 8') counts only for a real book.
 */
export function findReferences(text: string): FoundReference[] {
  const found: FoundReference[] = [];
  const pattern = new RegExp(IN_TEXT.source, IN_TEXT.flags);
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const [whole, prefixRaw, nameRaw, chapterText, verseText, endText, endVerseText, chapterEndText] = m;
    let start = m.index;
    let prefix = prefixRaw!;
    let name = nameRaw!.replace(/\.$/, '');
    // When this match is no reference, its number may still begin one ('and 1 Cor 13:4').
    const skip = (): void => {
      pattern.lastIndex = m!.index + prefixRaw!.length + nameRaw!.length;
    };
    let book: ScannedBook | null = books().find(`${prefix}${name}`) ?? null;
    if (!book && prefix && ROMAN_OR_WORD_PREFIX.test(prefix)) {
      // 'I Hezekiah…' or 'First Hezekiah': the prefix was a word, not part of the name.
      start += prefix.length;
      prefix = '';
      book = books().find(name) ?? null;
    }
    const connector = /\s+(?:of|to|and)\s+(?:the\s+)?/i.exec(name);
    if (!book && connector) {
      // 'the whole of Romans 8', 'turn to John 3:16': the last word is the name.
      const tail = name.slice(connector.index + connector[0].length);
      const tailBook = books().find(tail) ?? null;
      if (!tailBook) {
        pattern.lastIndex = m.index + prefixRaw!.length + connector.index + connector[0].length;
        continue;
      }
      start = m.index + prefixRaw!.length + connector.index + connector[0].length;
      prefix = '';
      name = tail;
      book = tailBook;
    }
    const capitalised = /^\p{Lu}/u.test(prefix ? prefix : name);
    let chapter = Number(chapterText);
    let verse = verseText === undefined ? null : Number(verseText);
    let verseEnd: number | null = null;
    let chapterEnd: number | null = null;
    if (endVerseText !== undefined) {
      chapterEnd = Number(endText);
      verseEnd = Number(endVerseText);
    } else if (endText !== undefined) verseEnd = Number(endText);
    if (chapterEndText !== undefined) chapterEnd = Number(chapterEndText);
    if (book && !capitalised && !prefix) {
      // Lower case: 'john 3:16' and 'romans 8' are references, 'see 3', 'mark 5' and 'job 3' are not.
      const key = name.toLowerCase();
      if (verse === null && !DISTINCT_NAMES.has(key)) {
        skip();
        continue;
      }
    }
    if (!book && capitalised && verse !== null && !NOT_BOOK_NAMES.has(name.toLowerCase()))
      book = findMisspelt(`${prefix}${name}`);
    if (!book) {
      // An unknown name counts only as 'Name C:V', capitalised, and not an ordinary word.
      if (verse === null || !capitalised || name.length < 3 || NOT_BOOK_NAMES.has(name.toLowerCase())) {
        skip();
        continue;
      }
    } else if (book.chapters === 1 && verse === null && chapter > 1) {
      verse = chapter; // 'Jude 3'
      chapter = 1;
      if (chapterEnd !== null) [verseEnd, chapterEnd] = [chapterEnd, null]; // 'Jude 3-5'
    }
    if (chapterEnd !== null && chapterEnd === chapter && verse !== null) chapterEnd = null; // 'John 3:16-3:18'
    if (verseEnd !== null && verse !== null && verseEnd === verse && chapterEnd === null) verseEnd = null;
    const written = whole.slice(start - m.index).trimEnd();
    const bookName = `${prefix}${name}`.trim();
    found.push({
      text: written,
      start,
      end: start + written.length,
      bookName,
      book,
      chapter,
      verse,
      chapterEnd,
      verseEnd,
    });
    if (!book) continue;
    const at = continuations(text, start + written.length, found, found[found.length - 1]!);
    pattern.lastIndex = Math.max(pattern.lastIndex, at);
  }
  return withVerseContinuations(text, found);
}

/** Further verses or chapters of the same book after `first`, each its own reference; returns where they end. */
function continuations(text: string, from: number, found: FoundReference[], first: FoundReference): number {
  let at = from;
  let last = first;
  for (;;) {
    CONTINUATION.lastIndex = at;
    const c = CONTINUATION.exec(text);
    if (!c) return at;
    const [all, separator, cChapterText, cVerseText, cEndText, cEndVerseText, number, numberEnd] = c;
    const numberAt = at + all.search(/\d/);
    let ref: Omit<FoundReference, 'text' | 'start' | 'end' | 'bookName' | 'book'>;
    if (cChapterText !== undefined) {
      const crosses = cEndVerseText !== undefined;
      ref = {
        chapter: Number(cChapterText),
        verse: Number(cVerseText),
        chapterEnd: crosses ? Number(cEndText) : null,
        verseEnd: crosses ? Number(cEndVerseText) : cEndText === undefined ? null : Number(cEndText),
      };
    } else if (last.verse !== null && (separator === ',' || first.book!.chapters === 1)) {
      ref = {
        chapter: last.chapterEnd ?? last.chapter,
        verse: Number(number),
        chapterEnd: null,
        verseEnd: numberEnd === undefined ? null : Number(numberEnd),
      };
    } else {
      ref = {
        chapter: Number(number),
        verse: null,
        chapterEnd: numberEnd === undefined ? null : Number(numberEnd),
        verseEnd: null,
      };
    }
    if (ref.chapterEnd === ref.chapter && ref.verse !== null) ref.chapterEnd = null;
    if (ref.verseEnd !== null && ref.verseEnd === ref.verse && ref.chapterEnd === null) ref.verseEnd = null;
    const cText = text.slice(numberAt, at + all.length).trimEnd();
    const next: FoundReference = {
      text: cText,
      start: numberAt,
      end: numberAt + cText.length,
      bookName: first.bookName,
      book: first.book,
      ...ref,
    };
    found.push(next);
    at += all.length;
    last = next;
  }
}

/** 'vv. 16-18' after 'John 3' in the same paragraph: John 3:16-18. */
function withVerseContinuations(text: string, found: FoundReference[]): FoundReference[] {
  const extra: FoundReference[] = [];
  for (const m of text.matchAll(VERSES_OF_LAST)) {
    const start = m.index;
    if (found.some((f) => start < f.end && start + m[0].length > f.start)) continue;
    const before = found.filter((f) => f.end <= start && f.book);
    const last = before[before.length - 1];
    if (!last || /\n\s*\n/.test(text.slice(last.end, start))) continue;
    const verse = Number(m[2]);
    const verseEnd = m[3] === undefined || Number(m[3]) === verse ? null : Number(m[3]);
    extra.push({
      text: m[0],
      start,
      end: start + m[0].length,
      bookName: last.bookName,
      book: last.book,
      chapter: last.chapterEnd ?? last.chapter,
      verse,
      chapterEnd: null,
      verseEnd,
    });
  }
  return extra.length === 0 ? found : [...found, ...extra].sort((a, b) => a.start - b.start);
}
