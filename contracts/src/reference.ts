import { BOOKS, findBook, type Book } from './books';

/** A place in the New Testament typed by a reader: a chapter, a verse or a verse range. */
export interface ReferenceLocation {
  bookId: string;
  chapter: number;
  verse?: number;
  verseEnd?: number;
}

// Abbreviations beyond the full names and ids (SBL, OSIS and common short forms), written in
// the normalised form produced by `normaliseBookName` (lowercase, no spaces or dots, digit first).
const ABBREVIATIONS: Record<string, string[]> = {
  matthew: ['mt', 'mat', 'matt', 'mth'],
  mark: ['mk', 'mr', 'mrk', 'mar'],
  luke: ['lk', 'lu', 'luk'],
  john: ['jn', 'jhn', 'joh', 'jo'],
  acts: ['ac', 'act', 'actsoftheapostles'],
  romans: ['ro', 'rom', 'rm', 'roman'],
  corinthians1: ['1co', '1cor', '1corinthian'],
  corinthians2: ['2co', '2cor', '2corinthian'],
  galatians: ['ga', 'gal', 'galatian'],
  ephesians: ['eph', 'ephes', 'ephesian'],
  philippians: ['php', 'phil', 'phili', 'philip', 'philippian', 'phlp'],
  colossians: ['col', 'colossian'],
  thessalonians1: ['1th', '1thes', '1thess', '1thessalonian'],
  thessalonians2: ['2th', '2thes', '2thess', '2thessalonian'],
  timothy1: ['1ti', '1tim', '1tm'],
  timothy2: ['2ti', '2tim', '2tm'],
  titus: ['tit', 'ti'],
  philemon: ['phlm', 'phm', 'philem', 'phile', 'phmn'],
  hebrews: ['heb', 'hebrew'],
  james: ['jas', 'jm', 'jam', 'jms'],
  peter1: ['1pe', '1pet', '1pt', '1p'],
  peter2: ['2pe', '2pet', '2pt', '2p'],
  john1: ['1jn', '1jo', '1joh', '1jhn'],
  john2: ['2jn', '2jo', '2joh', '2jhn'],
  john3: ['3jn', '3jo', '3joh', '3jhn'],
  jude: ['jud', 'jd'],
  revelation: ['rev', 're', 'rv', 'revelations', 'revelationofjohn', 'apocalypse', 'apoc'],
};

const ORDINALS: Array<[RegExp, string]> = [
  [/^(iii|3rd|third)(?=[a-z])/, '3'],
  [/^(ii|2nd|second)(?=[a-z])/, '2'],
  [/^(i|1st|first)(?=[a-z])/, '1'],
];

const compact = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const fullNames = BOOKS.map((b) => ({ book: b, key: compact(b.name) }));
const lookup = new Map<string, Book>();
for (const { book, key } of fullNames) {
  for (const alias of [book.id, key, ...(ABBREVIATIONS[book.id] ?? [])]) lookup.set(alias, book);
}
const isKnown = (key: string): boolean => lookup.has(key) || fullNames.some((n) => n.key.startsWith(key));

/** 'I Cor.', 'first corinthians' and '1 Corinthians' all become '1cor…'; ids stay as they are. */
export function normaliseBookName(input: string): string {
  const s = compact(input);
  if (lookup.has(s)) return s;
  // A leading roman numeral or ordinal counts only when it yields a known book, so that
  // 'iron' never becomes '1ron'.
  for (const [pattern, digit] of ORDINALS) {
    const candidate = s.replace(pattern, digit);
    if (candidate !== s && isKnown(candidate)) return candidate;
  }
  return s;
}

/** Finds a book by name, id or abbreviation; a unique prefix of a full name (3+ letters) also counts. */
export function findBookByName(input: string): Book | undefined {
  const key = normaliseBookName(input);
  if (!key) return undefined;
  const exact = lookup.get(key);
  if (exact) return exact;
  if (key.replace(/^[123]/, '').length < 3) return undefined;
  const matches = fullNames.filter((n) => n.key.startsWith(key));
  return matches.length === 1 ? matches[0]!.book : undefined;
}

// Book, then optionally chapter, then optionally ':verse' (or '.verse' or ' verse'), then '-end'.
const REFERENCE = /^(.*?[a-z].*?)\s*(?:(\d+)(?:(?:\s*[:.]\s*|\s+)(\d+)(?:\s*[-–—]\s*(\d+))?)?)?$/i;
// The spec's ids put the number last ('corinthians1', 'corinthians-1'); read them as '1 corinthians'.
// 'john1' is left alone: 'john3:16' means John 3:16 far more often than 3 John.
const TRAILING_ID_NUMBER = /^(corinthians|thessalonians|timothy|peter)-?([123])(?=\s|$)/i;

/**
 * Parses 'jn 3:16', 'Romans 8', '1 Cor 13:4-7', 'Phlm 1:6' or a bare book name (chapter 1).
 * For one-chapter books a single number is a verse ('Jude 3'), except 'Jude 1'. Returns null
 * when the text is not a reference or the chapter does not exist.
 */
export function parseReference(input: string): ReferenceLocation | null {
  const text = input.trim().replace(/\s+/g, ' ').replace(TRAILING_ID_NUMBER, '$2 $1');
  if (text.length === 0 || text.length > 60) return null;
  const match = REFERENCE.exec(text);
  if (!match) return null;
  const [, name, chapterText, verseText, verseEndText] = match;
  const book = findBookByName(name!);
  if (!book) return null;
  let chapter = chapterText === undefined ? 1 : Number(chapterText);
  let verse = verseText === undefined ? undefined : Number(verseText);
  const verseEnd = verseEndText === undefined ? undefined : Number(verseEndText);
  if (book.chapters === 1 && verse === undefined && chapter > 1) {
    verse = chapter;
    chapter = 1;
  }
  if (!Number.isInteger(chapter) || chapter < 1 || chapter > book.chapters) return null;
  if (verse !== undefined && verse < 1) return null;
  if (verseEnd !== undefined && verse !== undefined && verseEnd < verse) return null;
  const location: ReferenceLocation = { bookId: book.id, chapter };
  if (verse !== undefined) location.verse = verse;
  if (verseEnd !== undefined && verseEnd !== verse) location.verseEnd = verseEnd;
  return location;
}

/** 'John 3:16', '1 Corinthians 13:4-7', 'Romans 8'. */
export function formatReference(location: ReferenceLocation): string {
  const name = findBook(location.bookId)?.name ?? location.bookId;
  let s = `${name} ${location.chapter}`;
  if (location.verse !== undefined) s += `:${location.verse}`;
  if (location.verseEnd !== undefined) s += `-${location.verseEnd}`;
  return s;
}
