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

/** A note with the verse it is on. */
export interface PlacedVerseNote extends VerseNote {
  bookId: string;
  chapter: number;
  verse: number;
}

let placed: PlacedVerseNote[] | undefined;
let byPlace: Map<string, PlacedVerseNote> | undefined;

/** Every note with its verse, in the file's order (the indexes and the look-up read places here, once). */
export function verseNotes(): readonly PlacedVerseNote[] {
  return (placed ??= readOptionalData<NotesFile>('verse-notes/notes.json', { source: '', notes: [] }).notes.flatMap(
    (n) => {
      const at = parseAnyReference(n.ref);
      return at?.verse === undefined ? [] : [{ ...n, bookId: at.bookId, chapter: at.chapter, verse: at.verse }];
    },
  ));
}

/** Our note on a verse, if we wrote one. */
export function verseNote(book: string, chapter: number, verse: number): VerseNote | undefined {
  byPlace ??= new Map(verseNotes().map((n) => [`${n.bookId} ${n.chapter} ${n.verse}`, n]));
  return byPlace.get(`${book} ${chapter} ${verse}`);
}
