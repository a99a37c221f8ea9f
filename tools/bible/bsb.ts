/**
 * The Berean Standard Bible (BSB, dedicated to the public domain under CC0 1.0 by its publisher in
 * 2023) -> library/data/bible/bsb.json: today's wording of both testaments, for finding a saying a
 * reader remembers from a modern translation ("where does it say 'I can do all things through him
 * who gives me strength'?"). It is searched, and named when it holds a saying word for word; the
 * reader's text stays the WEB or the KJV.
 *
 * Source: `formats/txt/BSB.txt` of the public repository scrollmapper/bible_databases ('### Book'
 * headings, '[chapter:verse] text' lines; verses the BSB leaves to a footnote are empty and left out).
 *
 *   npx tsx tools/bible/bsb.ts path/to/BSB.txt
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ALL_BOOKS } from '@lectio/contracts/books';
import type { BibleFile } from '@lectio/library';

export const BSB_OUTPUT = 'bible/bsb.json';

// The source's names that are not ours: roman numerals, and two longer titles.
const NAMES: Record<string, string> = { 'Revelation of John': 'Revelation' };
const byName = new Map(ALL_BOOKS.map((b) => [b.name.toLowerCase(), b.id]));

/** 'I Samuel' -> 'samuel1', 'Psalms' -> 'psalms'; throws on a name we do not know. */
export function bookIdOf(heading: string): string {
  const named = (NAMES[heading] ?? heading).replace(/^(I{1,3}) /, (_, n: string) => `${n.length} `);
  const id = byName.get(named.toLowerCase());
  if (!id) throw new Error(`BSB: unknown book '${heading}'`);
  return id;
}

export function convertBsb(source: string): BibleFile {
  const books: BibleFile['books'] = {};
  let book: string | null = null;
  for (const line of source.split('\n')) {
    const heading = /^### (.+?)\s*$/.exec(line);
    if (heading) {
      book = bookIdOf(heading[1]!);
      books[book] = {};
      continue;
    }
    const verse = /^\[(\d+):(\d+)\]\s*(.*?)\s*$/.exec(line);
    if (!verse) continue;
    if (!book) throw new Error(`BSB: a verse before the first book: ${line}`);
    const [, chapter, number, text] = verse;
    if (!text) continue;
    (books[book]![chapter!] ??= []).push({ number: Number(number), text: text.replace(/\s+/g, ' ') });
  }
  return {
    translation: 'bsb',
    name: 'Berean Standard Bible',
    source: 'scrollmapper/bible_databases formats/txt/BSB.txt',
    license: 'Public domain (CC0 1.0), dedicated by BSB Publishing in 2023',
    books,
  };
}

function main() {
  const path = process.argv[2];
  if (!path) {
    console.error('usage: npx tsx tools/bible/bsb.ts path/to/BSB.txt');
    process.exit(2);
  }
  const file = convertBsb(readFileSync(path, 'utf8'));
  const json = `${JSON.stringify(file)}\n`;
  writeFileSync(fileURLToPath(new URL(`../../library/data/${BSB_OUTPUT}`, import.meta.url)), json);
  const verses = Object.values(file.books).reduce(
    (n, chapters) => n + Object.values(chapters).reduce((m, list) => m + list.length, 0),
    0,
  );
  console.log(
    `${BSB_OUTPUT}: ${Object.keys(file.books).length} books, ${verses} verses, ${(json.length / 1024).toFixed(0)} KiB`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
