/**
 * Builds the New Testament text files served by query-service from the SWORD modules of the
 * Debian packages sword-text-web and sword-text-kjv (read with mod2imp from libsword-utils).
 *
 *   npx tsx tools/bible/convert.ts
 *
 * Output, one compact JSON file per translation (documented in library/data/bible/README.md):
 *   { translation, name, source, license, books: { [bookId]: { [chapter]: [{ number, text }] } } }
 * Only the 27 New Testament books are kept; footnotes, cross references, headings and all
 * Strong's/morphology markup are removed; verses left empty (text only in a footnote) are dropped.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Translation } from '@lectio/contracts/bible-api';
import { BOOKS, type Book } from '@lectio/contracts/books';
import { mergeVerses, type Verse } from '@lectio/contracts/verses';
import { osisToText } from './osis-text';
import { splitRomansDoxology } from './web-fixups';

export interface TranslationSource {
  translation: Translation;
  name: string;
  module: string;
  license: string;
}

export const SOURCES: readonly TranslationSource[] = [
  {
    translation: 'web',
    name: 'World English Bible',
    module: 'engWEB2015eb',
    license: 'Public Domain. "World English Bible" is a trademark of eBible.org.',
  },
  { translation: 'kjv', name: 'King James Version', module: 'engKJV2006eb', license: 'Public Domain' },
];

export type ChapterMap = Record<string, Verse[]>;

export interface BibleFile {
  translation: string;
  name: string;
  source: string;
  license: string;
  books: Record<string, ChapterMap>;
}

// mod2imp prints SWORD's English book names; map them to our ids.
export const SWORD_NAMES: Record<string, string> = {
  Matthew: 'matthew',
  Mark: 'mark',
  Luke: 'luke',
  John: 'john',
  Acts: 'acts',
  Romans: 'romans',
  'I Corinthians': 'corinthians1',
  'II Corinthians': 'corinthians2',
  Galatians: 'galatians',
  Ephesians: 'ephesians',
  Philippians: 'philippians',
  Colossians: 'colossians',
  'I Thessalonians': 'thessalonians1',
  'II Thessalonians': 'thessalonians2',
  'I Timothy': 'timothy1',
  'II Timothy': 'timothy2',
  Titus: 'titus',
  Philemon: 'philemon',
  Hebrews: 'hebrews',
  James: 'james',
  'I Peter': 'peter1',
  'II Peter': 'peter2',
  'I John': 'john1',
  'II John': 'john2',
  'III John': 'john3',
  Jude: 'jude',
  'Revelation of John': 'revelation',
};

/**
 * Parses mod2imp output (`$$$Book C:V` key lines, each followed by that entry's markup), keeping
 * `books` (the New Testament unless told otherwise; tools/library/convert-ot.ts passes the Old)
 * whose SWORD names `names` maps to our ids.
 */
export function parseImp(imp: string, books: readonly Book[] = BOOKS, names: Record<string, string> = SWORD_NAMES): Record<string, ChapterMap> {
  const raw = new Map<string, Map<number, Array<{ number: number; text: string }>>>();
  const entries = imp.split(/^\$\$\$/m);
  for (const entry of entries) {
    const newline = entry.indexOf('\n');
    const key = (newline < 0 ? entry : entry.slice(0, newline)).trim();
    const match = /^(.+) (\d+):(\d+)$/.exec(key);
    if (!match) continue;
    const bookId = names[match[1]!];
    const chapter = Number(match[2]);
    const verse = Number(match[3]);
    // Chapter 0 and verse 0 hold book and chapter introductions, not scripture.
    if (!bookId || chapter === 0 || verse === 0) continue;
    const text = osisToText(newline < 0 ? '' : entry.slice(newline + 1));
    if (text === '') continue; // e.g. WEB Acts 8:37, whose text exists only in a footnote
    let chapters = raw.get(bookId);
    if (!chapters) raw.set(bookId, (chapters = new Map()));
    let verses = chapters.get(chapter);
    if (!verses) chapters.set(chapter, (verses = []));
    verses.push({ number: verse, text });
  }

  const out: Record<string, ChapterMap> = {};
  for (const book of books) {
    const chapters = raw.get(book.id);
    if (!chapters) throw new Error(`book ${book.id} missing from module`);
    const chapterMap: ChapterMap = {};
    for (let c = 1; c <= book.chapters; c++) {
      const verses = mergeVerses(chapters.get(c) ?? []);
      if (verses.length === 0) throw new Error(`${book.id} ${c} has no verses`);
      chapterMap[String(c)] = verses;
    }
    const extra = [...chapters.keys()].filter((c) => c > book.chapters);
    if (extra.length) throw new Error(`${book.id} has unexpected chapters ${extra.join(', ')}`);
    out[book.id] = chapterMap;
  }
  return out;
}

/** A SWORD module's whole text with its markup, as `mod2imp` prints it (SWORD_PATH may point at a patched copy). */
export function exportModule(module: string, env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync('mod2imp', [module], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env, timeout: 120_000 });
}

export function convert(source: TranslationSource): BibleFile {
  const imp = exportModule(source.module);
  return {
    translation: source.translation,
    name: source.name,
    source: `SWORD module ${source.module}`,
    license: source.license,
    books: source.translation === 'web' ? splitRomansDoxology(parseImp(imp)) : parseImp(imp),
  };
}

function main(): void {
  const outDir = fileURLToPath(new URL('../../library/data/bible/', import.meta.url));
  mkdirSync(outDir, { recursive: true });
  for (const source of SOURCES) {
    const file = convert(source);
    let verses = 0;
    for (const chapters of Object.values(file.books)) for (const v of Object.values(chapters)) verses += v.length;
    const json = JSON.stringify(file);
    writeFileSync(`${outDir}${source.translation}.json`, json + '\n');
    console.log(`${source.translation}: ${verses} verses, ${(json.length / 1024).toFixed(0)} KiB`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
