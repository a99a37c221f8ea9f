import { ALL_BOOKS, BOOKS, findAnyBook, findBook, type Book, type LibraryBook } from './books';

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

// Old Testament abbreviations, same normalised form. 'is' (Isaiah) and 'am' (Amos) are left
// out: in running text they are English words far more often than books.
const OT_ABBREVIATIONS: Record<string, string[]> = {
  genesis: ['gen', 'ge', 'gn'],
  exodus: ['ex', 'exo', 'exod'],
  leviticus: ['lev', 'le', 'lv'],
  numbers: ['num', 'nu', 'nm', 'nb'],
  deuteronomy: ['deut', 'dt', 'de', 'deu'],
  joshua: ['josh', 'jos', 'jsh'],
  judges: ['judg', 'jdg', 'jg', 'jdgs'],
  ruth: ['rth', 'ru'],
  samuel1: ['1sam', '1sa', '1sm', '1s'],
  samuel2: ['2sam', '2sa', '2sm', '2s'],
  kings1: ['1kgs', '1ki', '1kg', '1k', '1king'],
  kings2: ['2kgs', '2ki', '2kg', '2k', '2king'],
  chronicles1: ['1chr', '1ch', '1chron', '1chronicle'],
  chronicles2: ['2chr', '2ch', '2chron', '2chronicle'],
  ezra: ['ezr'],
  nehemiah: ['neh', 'ne'],
  esther: ['esth', 'est', 'es'],
  job: ['jb'],
  psalms: ['ps', 'psa', 'psalm', 'pss', 'psm', 'pslm'],
  proverbs: ['prov', 'pr', 'prv', 'pro', 'proverb'],
  ecclesiastes: ['eccl', 'ecc', 'eccles', 'qoh', 'qoheleth'],
  songofsolomon: ['song', 'sos', 'songofsongs', 'canticles', 'cant', 'sg', 'ss'],
  isaiah: ['isa'],
  jeremiah: ['jer', 'je', 'jr'],
  lamentations: ['lam', 'la'],
  ezekiel: ['ezek', 'eze', 'ezk'],
  daniel: ['dan', 'da', 'dn'],
  hosea: ['hos', 'ho'],
  joel: ['jl'],
  amos: [],
  obadiah: ['obad', 'ob', 'oba'],
  jonah: ['jon', 'jnh'],
  micah: ['mic', 'mi'],
  nahum: ['nah', 'na'],
  habakkuk: ['hab', 'hb'],
  zephaniah: ['zeph', 'zep', 'zp'],
  haggai: ['hag', 'hg'],
  zechariah: ['zech', 'zec', 'zc'],
  malachi: ['mal', 'ml'],
};

const ORDINALS: Array<[RegExp, string]> = [
  [/^(iv|4th|fourth)(?=[a-z])/, '4'],
  [/^(iii|3rd|third)(?=[a-z])/, '3'],
  [/^(ii|2nd|second)(?=[a-z])/, '2'],
  [/^(i|1st|first)(?=[a-z])/, '1'],
];

const compact = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Book-name lookup over one list of books (the reader's New Testament, both testaments, or more):
 * ids, full names, the abbreviations above and `moreAliases` (same normalised form), and a unique
 * prefix of a full name. `fullNames` lists each book's normalised full name (for typo matching).
 */
export function makeBookFinder<B extends Book>(
  books: readonly B[],
  moreAliases: Record<string, readonly string[]> = {},
) {
  const fullNames = books.map((b) => ({ book: b, key: compact(b.name) }));
  const lookup = new Map<string, B>();
  for (const { book, key } of fullNames) {
    for (const alias of [
      book.id,
      key,
      ...(ABBREVIATIONS[book.id] ?? OT_ABBREVIATIONS[book.id] ?? []),
      ...(moreAliases[book.id] ?? []),
    ])
      lookup.set(alias, book);
  }
  const isKnown = (key: string): boolean => lookup.has(key) || fullNames.some((n) => n.key.startsWith(key));

  function normalise(input: string): string {
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

  function find(input: string): B | undefined {
    const key = normalise(input);
    if (!key) return undefined;
    const exact = lookup.get(key);
    if (exact) return exact;
    if (key.replace(/^[123]/, '').length < 3) return undefined;
    const matches = fullNames.filter((n) => n.key.startsWith(key));
    return matches.length === 1 ? matches[0]!.book : undefined;
  }
  return { normalise, find, fullNames };
}

const ntFinder = makeBookFinder(BOOKS);
const anyFinder = makeBookFinder(ALL_BOOKS);

/** Finds a New Testament book by name, id or abbreviation; a unique prefix of a full name (3+ letters) also counts. */
export function findBookByName(input: string): Book | undefined {
  return ntFinder.find(input);
}

/** Like findBookByName, over both testaments ('Isa', 'Ps', '1 Kgs', 'Song of Songs'). */
export function findAnyBookByName(input: string): LibraryBook | undefined {
  return anyFinder.find(input);
}

// Book, then optionally chapter, then optionally ':verse' (or '.verse' or ' verse'), then '-end'.
const REFERENCE = /^(.*?[a-z].*?)\s*(?:(\d+)(?:(?:\s*[:.]\s*|\s+)(\d+)(?:\s*[-–—]\s*(\d+))?)?)?$/i;
// The spec's ids put the number last ('corinthians1', 'corinthians-1'); read them as '1 corinthians'.
// 'john1' is left alone: 'john3:16' means John 3:16 far more often than 3 John.
const TRAILING_ID_NUMBER = /^(corinthians|thessalonians|timothy|peter|samuel|kings|chronicles)-?([123])(?=\s|$)/i;

/**
 * Parses 'jn 3:16', 'Romans 8', '1 Cor 13:4-7', 'Phlm 1:6' or a bare book name (chapter 1).
 * For one-chapter books a single number is a verse ('Jude 3'), except 'Jude 1'. Returns null
 * when the text is not a reference or the chapter does not exist. New Testament only: the reader's books.
 */
export function parseReference(input: string): ReferenceLocation | null {
  return parseWith(ntFinder.find, input);
}

/** parseReference over both testaments ('Isaiah 53:5', 'Ps 23', 'kings1 8'). */
export function parseAnyReference(input: string): ReferenceLocation | null {
  return parseWith(anyFinder.find, input);
}

function parseWith(find: (name: string) => Book | undefined, input: string): ReferenceLocation | null {
  const text = input.trim().replace(/\s+/g, ' ').replace(TRAILING_ID_NUMBER, '$2 $1');
  if (text.length === 0 || text.length > 60) return null;
  const match = REFERENCE.exec(text);
  if (!match) return null;
  const [, name, chapterText, verseText, verseEndText] = match;
  const book = find(name!);
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

/** 'John 3:16', '1 Corinthians 13:4-7', 'Romans 8', 'Isaiah 53:5'. */
export function formatReference(location: ReferenceLocation): string {
  const name = findBook(location.bookId)?.name ?? findAnyBook(location.bookId)?.name ?? location.bookId;
  let s = `${name} ${location.chapter}`;
  if (location.verse !== undefined) s += `:${location.verse}`;
  if (location.verseEnd !== undefined) s += `-${location.verseEnd}`;
  return s;
}
