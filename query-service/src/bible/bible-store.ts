/**
 * The New Testament text held in memory: both translations, read through @lectio/library (one
 * package reads Scripture for the query and the command service), with the chapter titles and a
 * search index per translation.
 */
import { readFileSync } from 'node:fs';
import { BOOKS } from '@lectio/contracts/books';
import type { Verse } from '@lectio/contracts/verses';
import { type ChapterContent, type Translation, TRANSLATIONS } from '@lectio/contracts/bible-api';
import { type BibleFile, loadNewTestament } from '@lectio/library';
import { type IndexedVerse, TextIndex } from './text-search';

export { DEFAULT_TRANSLATION, TRANSLATIONS, isTranslation, type ChapterContent, type Translation } from '@lectio/contracts/bible-api';

export interface TranslationText {
  translation: Translation;
  name: string;
  /** chapters[bookId][chapter - 1] */
  chapters: ReadonlyMap<string, readonly ChapterContent[]>;
  index: TextIndex;
}

const dataUrl = (path: string): URL => new URL(`../../data/${path}`, import.meta.url);
const readJson = (path: string): unknown => JSON.parse(readFileSync(dataUrl(path), 'utf8'));

export class BibleStore {
  private readonly texts = new Map<Translation, TranslationText>();

  constructor(files: Record<Translation, BibleFile>, titles: Record<string, string[]>) {
    for (const translation of TRANSLATIONS) {
      const file = files[translation];
      const chapters = new Map<string, ChapterContent[]>();
      const indexed: IndexedVerse[] = [];
      for (const book of BOOKS) {
        const list: ChapterContent[] = [];
        for (let c = 1; c <= book.chapters; c++) {
          const verses = file.books[book.id]?.[String(c)];
          if (!verses?.length) throw new Error(`${translation}: ${book.id} ${c} has no verses`);
          list.push({ bookName: book.name, chapterTitle: titles[book.id]?.[c - 1] ?? '', verses });
          for (const v of verses) indexed.push({ bookId: book.id, bookName: book.name, chapter: c, verse: v.number, text: v.text });
        }
        chapters.set(book.id, list);
      }
      this.texts.set(translation, { translation, name: file.name, chapters, index: new TextIndex(indexed) });
    }
  }

  text(translation: Translation): TranslationText {
    return this.texts.get(translation)!;
  }

  chapter(translation: Translation, bookId: string, chapter: number): ChapterContent | undefined {
    return this.texts.get(translation)?.chapters.get(bookId)?.[chapter - 1];
  }

  /** Verses from..to (inclusive) of one chapter; the assistant quotes passages with this. */
  verses(translation: Translation, bookId: string, chapter: number, from = 1, to = from): Verse[] {
    return (this.chapter(translation, bookId, chapter)?.verses ?? []).filter((v) => v.number >= from && v.number <= to);
  }

  search(translation: Translation, query: string, limit = 20) {
    return this.text(translation).index.search(query, limit);
  }
}

let shared: BibleStore | undefined;

/** The process-wide store, read from library/data/bible on first use (about 2 MB of JSON). */
export function getBibleStore(): BibleStore {
  if (shared) return shared;
  // chapter-titles.json is written by tools/ as book id -> the titles of its chapters.
  const titles = readJson('chapter-titles.json') as Record<string, string[]>;
  shared = new BibleStore({ web: loadNewTestament('web'), kjv: loadNewTestament('kjv') }, titles);
  return shared;
}
