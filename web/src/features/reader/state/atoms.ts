import { atom } from 'jotai';
import type { Translation } from './readerUrl';

/** The verse the reader highlighted; the Scripture Assistant answers about it. */
export interface SelectedVerse {
  book: string;
  bookName: string;
  chapter: number;
  verse: number;
  text: string;
  translation: Translation;
}

export const selectedVerseAtom = atom<SelectedVerse | null>(null);

/** The verse whose study panel is open (commentary, cross-references, words, topics), or null. */
export const studyVerseAtom = atom<SelectedVerse | null>(null);
