/**
 * The deuterocanonical books (Tobit, Judith, Wisdom, Sirach, Baruch, 1-4 Maccabees, the additions
 * to Esther and Daniel, and the books the Orthodox and Anglican apocrypha add): real Scripture for
 * Catholic and Orthodox readers, so a reference to them is valid, but Lectio holds no text of them.
 * Which chapters and verses exist comes from library/data/bible/deuterocanon.json (NRSVA).
 */
import { readData } from '../data';

export interface DeuterocanonicalBook {
  id: string;
  name: string;
  chapters: number;
  order: number;
  testament: 'deuterocanon';
}

// [id, name, abbreviations in the normalised form of contracts' book finder (lower case, no spaces, digit first)].
const LIST: Array<[id: string, name: string, aliases: string[]]> = [
  ['tobit', 'Tobit', ['tob', 'tb', 'tobias']],
  ['judith', 'Judith', ['jdt', 'jdth', 'jth']],
  [
    'esthergreek',
    'Additions to Esther',
    ['esthergreek', 'greekesther', 'restofesther', 'addesth', 'addesther', 'esthgr', 'adest'],
  ],
  ['wisdom', 'Wisdom of Solomon', ['wisdom', 'wis', 'wisd', 'ws', 'bookofwisdom']],
  ['sirach', 'Sirach', ['sir', 'ecclus', 'ecclesiasticus', 'wisdomofsirach', 'bensira']],
  ['baruch', 'Baruch', ['bar']],
  ['letterofjeremiah', 'Letter of Jeremiah', ['epjer', 'letjer', 'epistleofjeremiah', 'epistleofjeremy']],
  ['azariah', 'Prayer of Azariah', ['praz', 'azariah', 'songofthethree', 'songofthree', 'sgthree']],
  ['susanna', 'Susanna', ['sus']],
  ['bel', 'Bel and the Dragon', ['bel', 'beldr']],
  ['maccabees1', '1 Maccabees', ['1macc', '1mac', '1ma', '1mc']],
  ['maccabees2', '2 Maccabees', ['2macc', '2mac', '2ma', '2mc']],
  ['maccabees3', '3 Maccabees', ['3macc', '3mac', '3ma', '3mc']],
  ['maccabees4', '4 Maccabees', ['4macc', '4mac', '4ma', '4mc']],
  ['esdras1', '1 Esdras', ['1esd', '1es']],
  ['esdras2', '2 Esdras', ['2esd', '2es']],
  ['manasseh', 'Prayer of Manasseh', ['prman', 'manasseh', 'manasses', 'prayerofmanasses']],
];

interface VerseCounts {
  books: Record<string, number[]>;
}

let counts: Record<string, number[]> | undefined;
const verseCounts = (): Record<string, number[]> => (counts ??= readData<VerseCounts>('bible/deuterocanon.json').books);

/** Every deuterocanonical book with its chapter count, and the aliases a reader may write. */
export function deuterocanonicalBooks(): Array<{ book: DeuterocanonicalBook; aliases: string[] }> {
  const books = verseCounts();
  return LIST.map(([id, name, aliases], order) => {
    // The Letter of Jeremiah is Baruch 6 in the NRSVA; on its own it is one chapter.
    const chapters = id === 'letterofjeremiah' ? 1 : (books[id]?.length ?? 0);
    return { book: { id, name, chapters, order, testament: 'deuterocanon' }, aliases };
  });
}

/** The last verse of a chapter of a deuterocanonical book (0 when the chapter does not exist). */
export function deuterocanonLastVerse(bookId: string, chapter: number): number {
  if (bookId === 'letterofjeremiah') return chapter === 1 ? (verseCounts().baruch?.[5] ?? 0) : 0;
  return verseCounts()[bookId]?.[chapter - 1] ?? 0;
}

/**
 * Additions that Catholic and Orthodox Bibles number inside a book of the Old Testament: Esther
 * 10:4-16:24 (the Vulgate's numbering of the Greek additions), Daniel 3:24-90 (the Prayer of Azariah
 * and the Song of the Three; 3:24-30 and 3:31-33 are also the Hebrew text in other numberings, so
 * only 3:34-90 are taken as the addition), Daniel 13 (Susanna) and 14 (Bel and the Dragon), and
 * Psalm 151. Returns the addition's name and last verse of that chapter, or null.
 */
export function additionIn(
  bookId: string,
  chapter: number,
  verse: number | null,
): { name: string; lastVerse: number } | null {
  const greekEsther = verseCounts().esthergreek ?? [];
  if (
    bookId === 'esther' &&
    (chapter > 10 || (chapter === 10 && verse !== null && verse >= 4)) &&
    chapter <= greekEsther.length
  )
    return { name: 'Additions to Esther', lastVerse: greekEsther[chapter - 1]! };
  if (bookId === 'daniel' && chapter === 3 && verse !== null && verse >= 34 && verse <= 90)
    return { name: 'Prayer of Azariah', lastVerse: 90 };
  if (bookId === 'daniel' && chapter === 13) return { name: 'Susanna', lastVerse: deuterocanonLastVerse('susanna', 1) };
  if (bookId === 'daniel' && chapter === 14)
    return { name: 'Bel and the Dragon', lastVerse: deuterocanonLastVerse('bel', 1) };
  if (bookId === 'psalms' && chapter === 151) return { name: 'Psalm 151', lastVerse: verseCounts().psalm151?.[0] ?? 0 };
  return null;
}
