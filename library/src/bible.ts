/**
 * The Bible text of both testaments in the WEB, the KJV and the Reina-Valera 1909, read once from
 * library/data/bible/ (written by tools/bible/convert.ts). The reader shows both testaments; the
 * Reina-Valera only beside an English translation.
 */
import {
  isTranslation,
  TRANSLATIONS,
  type TextTranslation,
  type Translation,
  type WordsOfJesusResponse,
} from '@lectio/contracts/bible-api';
import { findAnyBook, type LibraryBook } from '@lectio/contracts/books';
import type { Verse } from '@lectio/contracts/verses';
import { readData, readOptionalData } from './data';

/** Re-exported so the library's readers need not know where the list lives. */
export { isTranslation, TRANSLATIONS, type Translation };

/** The format of library/data/bible/{web,kjv}.json and ot-{web,kjv}.json (see library/data/bible/README.md). */
export interface BibleFile {
  translation: string;
  name: string;
  source: string;
  license: string;
  books: Record<string, Record<string, Verse[]>>;
}

const newTestament = new Map<Translation, BibleFile>();
const oldTestament = new Map<Translation, BibleFile>();

/** The New Testament file of one translation (what the query service serves to readers). */
export function loadNewTestament(translation: Translation): BibleFile {
  let file = newTestament.get(translation);
  if (!file) newTestament.set(translation, (file = readData<BibleFile>(`bible/${translation}.json`)));
  return file;
}

/** The Old Testament file of one translation, held in memory from then on; empty books when it has not been converted. */
export function loadOldTestament(translation: Translation): BibleFile {
  let file = oldTestament.get(translation);
  if (!file) {
    file = readOldTestament(translation);
    oldTestament.set(translation, file);
  }
  return file;
}

/**
 * The Berean Standard Bible's wording of both testaments (bible/bsb.json, tools/bible/bsb.ts), read
 * afresh and not kept: searched for sayings remembered in a modern translation's words, never the
 * reader's text.
 */
export function readModernWording(): BibleFile {
  return readData<BibleFile>('bible/bsb.json');
}

/** The Old Testament file read afresh and not kept: for indexes built once from its words (it is larger than the New). */
export function readOldTestament(translation: Translation): BibleFile {
  return (
    oldTestament.get(translation) ??
    readOptionalData<BibleFile>(`bible/ot-${translation}.json`, {
      translation,
      name: '',
      source: '',
      license: '',
      books: {},
    })
  );
}

const otherTexts = new Map<string, BibleFile>();

/** A text's file for one testament, the Reina-Valera's too; held in memory from then on. */
export function loadTestament(translation: TextTranslation, testament: 'old' | 'new'): BibleFile {
  if (isTranslation(translation))
    return testament === 'new' ? loadNewTestament(translation) : loadOldTestament(translation);
  const name = testament === 'new' ? `bible/${translation}.json` : `bible/ot-${translation}.json`;
  let file = otherTexts.get(name);
  if (!file)
    otherTexts.set(
      name,
      (file = readOptionalData<BibleFile>(name, { translation, name: '', source: '', license: '', books: {} })),
    );
  return file;
}

function fileFor(translation: Translation, book: LibraryBook): BibleFile {
  return book.testament === 'new' ? loadNewTestament(translation) : loadOldTestament(translation);
}

/** The verses of one chapter ([] for a book, chapter or translation we do not hold). */
export function getVerses(translation: Translation, bookId: string, chapter: number): Verse[] {
  const book = findAnyBook(bookId);
  if (!book || !isTranslation(translation)) return [];
  return fileFor(translation, book).books[book.id]?.[String(chapter)] ?? [];
}

/** One verse's text, or null when that verse does not exist in this translation. */
export function getVerseText(translation: Translation, bookId: string, chapter: number, verse: number): string | null {
  return getVerses(translation, bookId, chapter).find((v) => v.number === verse)?.text ?? null;
}

/**
 * The last verse number of a chapter in either translation (0 when we hold none): a verse
 * exists when either translation has it (the WEB leaves out verses the KJV keeps, e.g. Acts 8:37).
 */
export function lastVerse(bookId: string, chapter: number): number {
  let last = 0;
  for (const t of TRANSLATIONS) for (const v of getVerses(t, bookId, chapter)) last = Math.max(last, v.number);
  return last;
}

/** Where the words of Jesus are in a translation's New Testament (library/data/bible/<t>-words-of-jesus.json); none when not converted. */
export function loadWordsOfJesus(translation: Translation): WordsOfJesusResponse {
  return readOptionalData<WordsOfJesusResponse>(`bible/${translation}-words-of-jesus.json`, { translation, books: {} });
}
