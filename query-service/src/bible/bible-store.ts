/**
 * The Bible text held in memory, read through @lectio/library (one package reads Scripture for the
 * query and the command service): the New Testament of every text with the chapter titles and our
 * section headings, the Old Testament's chapters on first request, and a search index per
 * translation (the New Testament's built at start, the Old's on the first search that needs it).
 */
import { readFileSync } from 'node:fs';
import { type Book, BOOKS, findAnyBook, OT_BOOKS } from '@lectio/contracts/books';
import type { Verse } from '@lectio/contracts/verses';
import {
  type ChapterContent,
  TEXT_TRANSLATIONS,
  type TextTranslation,
  type Translation,
  TRANSLATIONS,
} from '@lectio/contracts/bible-api';
import { type BibleFile, loadTestament, sectionHeadings } from '@lectio/library';
import { type IndexedVerse, type SearchOutcome, TextIndex } from './text-search';

export {
  DEFAULT_TRANSLATION,
  TRANSLATIONS,
  isTranslation,
  type ChapterContent,
  type Translation,
} from '@lectio/contracts/bible-api';

/** Which testament a search covers: the New (the default), the Old, or the whole Bible. */
export type SearchScope = 'new' | 'old' | 'all';

const dataUrl = (path: string): URL => new URL(`../../data/${path}`, import.meta.url);
const readJson = (path: string): unknown => JSON.parse(readFileSync(dataUrl(path), 'utf8'));

function indexed(file: BibleFile, books: readonly Book[]): IndexedVerse[] {
  const out: IndexedVerse[] = [];
  for (const book of books)
    for (let c = 1; c <= book.chapters; c++)
      for (const v of file.books[book.id]?.[String(c)] ?? [])
        out.push({ bookId: book.id, bookName: book.name, chapter: c, verse: v.number, text: v.text });
  return out;
}

export class BibleStore {
  /** `${translation}/${bookId}` -> the book's New Testament chapters in order. */
  private readonly chapters = new Map<string, ChapterContent[]>();
  private readonly ntIndex = new Map<Translation, TextIndex>();
  private readonly otIndex = new Map<Translation, TextIndex>();

  constructor(
    private readonly files: (translation: TextTranslation, testament: 'old' | 'new') => BibleFile,
    titles: Record<string, string[]>,
  ) {
    for (const translation of TEXT_TRANSLATIONS) {
      const file = files(translation, 'new');
      for (const book of BOOKS) {
        const list: ChapterContent[] = [];
        for (let c = 1; c <= book.chapters; c++) {
          const verses = file.books[book.id]?.[String(c)];
          if (!verses?.length) throw new Error(`${translation}: ${book.id} ${c} has no verses`);
          const sections = sectionHeadings(book.id, c);
          list.push({
            bookName: book.name,
            chapterTitle: titles[book.id]?.[c - 1] ?? '',
            verses,
            ...(sections.length ? { sections } : {}),
          });
        }
        this.chapters.set(`${translation}/${book.id}`, list);
      }
    }
    for (const translation of TRANSLATIONS)
      this.ntIndex.set(translation, new TextIndex(indexed(files(translation, 'new'), BOOKS)));
  }

  /** A New Testament chapter. */
  chapter(translation: TextTranslation, bookId: string, chapter: number): ChapterContent | undefined {
    return this.chapters.get(`${translation}/${bookId}`)?.[chapter - 1];
  }

  /** An Old Testament chapter (no titles or headings of ours: the outlines cover the New). */
  oldTestamentChapter(translation: TextTranslation, bookId: string, chapter: number): ChapterContent | undefined {
    const book = findAnyBook(bookId);
    if (!book || book.testament !== 'old') return undefined;
    const verses = this.files(translation, 'old').books[book.id]?.[String(chapter)];
    return verses?.length ? { bookName: book.name, chapterTitle: '', verses } : undefined;
  }

  /** Verses from..to (inclusive) of one chapter of either testament; the assistant quotes passages with this. */
  verses(translation: TextTranslation, bookId: string, chapter: number, from = 1, to = from): Verse[] {
    const content =
      this.chapter(translation, bookId, chapter) ?? this.oldTestamentChapter(translation, bookId, chapter);
    return (content?.verses ?? []).filter((v) => v.number >= from && v.number <= to);
  }

  search(translation: Translation, query: string, limit = 20, scope: SearchScope = 'new'): SearchOutcome {
    if (scope === 'new') return this.ntIndex.get(translation)!.search(query, limit);
    const old = this.oldIndex(translation).search(query, limit);
    if (scope === 'old') return old;
    const nt = this.ntIndex.get(translation)!.search(query, limit);
    // Canonical order among equal scores: the Old Testament's hits come first.
    const results = [...old.results.map((r, i) => ({ r, i })), ...nt.results.map((r, i) => ({ r, i: i + limit }))]
      .sort((a, b) => b.r.score - a.r.score || a.i - b.i)
      .slice(0, limit)
      .map(({ r }) => r);
    // A word either testament knows is not misspelt.
    const suggestion = old.suggestion !== null && nt.suggestion !== null ? nt.suggestion : null;
    return { results, total: old.total + nt.total, suggestion };
  }

  private oldIndex(translation: Translation): TextIndex {
    let index = this.otIndex.get(translation);
    if (!index)
      this.otIndex.set(translation, (index = new TextIndex(indexed(this.files(translation, 'old'), OT_BOOKS))));
    return index;
  }
}

let shared: BibleStore | undefined;

/** The process-wide store, read from library/data/bible on first use. */
export function getBibleStore(): BibleStore {
  if (shared) return shared;
  // chapter-titles.json is written by tools/ as book id -> the titles of its chapters.
  const titles = readJson('chapter-titles.json') as Record<string, string[]>;
  shared = new BibleStore(loadTestament, titles);
  return shared;
}
