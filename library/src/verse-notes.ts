/**
 * Our notes on the verses readers most often ask the meaning of (library/data/verse-notes/notes.json, 1,410 of them,
 * both testaments): the key idea in plain words (grade 8) and in fuller form, with the key Hebrew or Greek word and
 * the traditions' readings where they differ. Every reference is real and every quotation the WEB's (checked by
 * verse-notes.test.ts). Henry rarely says the key idea a good answer needs (hebel, 'vapour', in 'vanity of
 * vanities'): these say it first.
 */
import { parseAnyReference } from '@lectio/contracts/reference';
import { readOptionalData } from './data';

export interface VerseNote {
  /** 'Ecclesiastes 1:2'. */
  ref: string;
  /** Two or three short sentences a new believer understands. */
  plain: string;
  /** The fuller note: context, the key word, the traditions. */
  note: string;
  /** Words a good explanation of the verse holds. */
  keywords: string[];
}

interface NotesFile {
  source: string;
  notes: VerseNote[];
}

let byPlace: Map<string, VerseNote> | undefined;

/** Every note, in the file's order. */
export const verseNotes = (): readonly VerseNote[] =>
  readOptionalData<NotesFile>('verse-notes/notes.json', { source: '', notes: [] }).notes;

/** Our note on a verse, if we wrote one. */
export function verseNote(book: string, chapter: number, verse: number): VerseNote | undefined {
  if (!byPlace) {
    byPlace = new Map();
    for (const n of verseNotes()) {
      const at = parseAnyReference(n.ref);
      if (at?.verse !== undefined) byPlace.set(`${at.bookId} ${at.chapter} ${at.verse}`, n);
    }
  }
  return byPlace.get(`${book} ${chapter} ${verse}`);
}
