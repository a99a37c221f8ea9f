/**
 * Builds the Bible text files served by query-service from the SWORD modules of the Debian
 * packages sword-text-web, sword-text-kjv and sword-text-sparv (read with mod2imp from libsword-utils).
 *
 *   npx tsx tools/bible/convert.ts
 *
 * Output, two compact JSON files per translation (documented in library/data/bible/README.md),
 * <t>.json for the New Testament and ot-<t>.json for the Old:
 *   { translation, name, source, license, books: { [bookId]: { [chapter]: [{ number, text, breaks?, notes?, title? }] } } }
 * The text is the reading text: cross references, headings and all Strong's/morphology markup are
 * removed, verses left empty (text only in a footnote) are dropped. The module's paragraphs, lines
 * of poetry and (WEB) footnotes are kept as positions in that text (layout.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TextTranslation } from '@lectio/contracts/bible-api';
import { BOOKS, OT_BOOKS, type Book } from '@lectio/contracts/books';
import { mergeVerses, type Verse } from '@lectio/contracts/verses';
import { breaksOf, type RawMark, type VerseLayout, verseLayout } from './layout';
import { splitRomansDoxology } from './web-fixups';
import { OT_SWORD_NAMES } from '../library/sword';

export interface TranslationSource {
  translation: TextTranslation;
  name: string;
  module: string;
  /** The Debian package that installs the module. */
  debianPackage: string;
  license: string;
  /** Keep the module's footnotes in the reading text's layout (the WEB's translation notes). */
  footnotes: boolean;
}

export const SOURCES: readonly TranslationSource[] = [
  {
    translation: 'web',
    name: 'World English Bible',
    module: 'engWEB2015eb',
    debianPackage: 'sword-text-web',
    license: 'Public Domain. "World English Bible" is a trademark of eBible.org.',
    footnotes: true,
  },
  {
    translation: 'kjv',
    name: 'King James Version',
    module: 'engKJV2006eb',
    debianPackage: 'sword-text-kjv',
    license: 'Public Domain',
    footnotes: false,
  },
  {
    translation: 'rv1909',
    name: 'Reina-Valera 1909',
    module: 'spaRV1909eb',
    debianPackage: 'sword-text-sparv',
    license: 'Public Domain (Dominio Público)',
    footnotes: false,
  },
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

/** A verse as the module gives it, with its marks still unresolved. */
interface RawEntry {
  verse: number;
  layout: VerseLayout;
}

/**
 * One chapter's verses with their layout: marks on a verse left out (text only in a footnote), on
 * the chapter's introduction (verse 0: the WEB opens each chapter's first paragraph there) or
 * after a verse's last word begin the next verse; the chapter's first paragraph is implied.
 */
export function chapterVerses(entries: readonly RawEntry[]): Verse[] {
  const out: Verse[] = [];
  let pending: RawMark[] = [];
  for (const { verse, layout } of [...entries].sort((a, b) => a.verse - b.verse)) {
    const { text } = layout;
    if (verse === 0 || text === '') {
      pending.push(...layout.marks.map(([, mark]) => mark));
      continue;
    }
    const marks: Array<[number, RawMark]> = [
      ...pending.map((m): [number, RawMark] => [0, m]),
      ...layout.marks.filter(([at]) => at < text.length),
    ];
    pending = layout.marks.filter(([at]) => at >= text.length).map(([, mark]) => mark);
    let breaks = breaksOf(marks);
    if (out.length === 0) breaks = breaks.filter(([at, kind]) => !(at === 0 && kind === 'p'));
    out.push({
      number: verse,
      text,
      ...(breaks.length ? { breaks } : {}),
      ...(layout.notes.length ? { notes: layout.notes } : {}),
      ...(layout.title ? { title: layout.title } : {}),
    });
  }
  return out;
}

/**
 * Parses mod2imp output (`$$$Book C:V` key lines, each followed by that entry's markup), keeping
 * `books` (the New Testament unless told otherwise; the Old Testament's are passed for ot-*.json)
 * whose SWORD names `names` maps to our ids, with each verse's paragraphs, lines and (when
 * `footnotes`) footnotes.
 */
export function parseImp(
  imp: string,
  books: readonly Book[] = BOOKS,
  names: Record<string, string> = SWORD_NAMES,
  options: { footnotes: boolean } = { footnotes: false },
): Record<string, ChapterMap> {
  const raw = new Map<string, Map<number, RawEntry[]>>();
  const entries = imp.split(/^\$\$\$/m);
  for (const entry of entries) {
    const newline = entry.indexOf('\n');
    const key = (newline < 0 ? entry : entry.slice(0, newline)).trim();
    const match = /^(.+) (\d+):(\d+)$/.exec(key);
    if (!match) continue;
    const bookId = names[match[1]!];
    const chapter = Number(match[2]);
    const verse = Number(match[3]);
    // Chapter 0 holds the book's introduction, not scripture; verse 0 the chapter's (kept for its marks).
    if (!bookId || chapter === 0) continue;
    const layout = verseLayout(newline < 0 ? '' : entry.slice(newline + 1), options);
    let chapters = raw.get(bookId);
    if (!chapters) raw.set(bookId, (chapters = new Map()));
    let verses = chapters.get(chapter);
    if (!verses) chapters.set(chapter, (verses = []));
    verses.push({ verse, layout });
  }

  const out: Record<string, ChapterMap> = {};
  for (const book of books) {
    const chapters = raw.get(book.id);
    if (!chapters) throw new Error(`book ${book.id} missing from module`);
    const chapterMap: ChapterMap = {};
    for (let c = 1; c <= book.chapters; c++) {
      const verses = mergeVerses(chapterVerses(chapters.get(c) ?? []));
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

/** A translation's two files, from mod2imp's export of its module (both testaments). */
export function convert(
  source: TranslationSource,
  imp: string = exportModule(source.module),
): { nt: BibleFile; ot: BibleFile } {
  const file = (books: Record<string, ChapterMap>): BibleFile => ({
    translation: source.translation,
    name: source.name,
    source: `SWORD module ${source.module}`,
    license: source.license,
    books,
  });
  const options = { footnotes: source.footnotes };
  const nt = parseImp(imp, BOOKS, SWORD_NAMES, options);
  return {
    nt: file(source.translation === 'web' ? splitRomansDoxology(nt) : nt),
    ot: file(parseImp(imp, OT_BOOKS, OT_SWORD_NAMES, options)),
  };
}

function main(): void {
  const outDir = fileURLToPath(new URL('../../library/data/bible/', import.meta.url));
  mkdirSync(outDir, { recursive: true });
  for (const source of SOURCES) {
    const { nt, ot } = convert(source);
    for (const [name, file] of [
      [`${source.translation}.json`, nt],
      [`ot-${source.translation}.json`, ot],
    ] as const) {
      let verses = 0;
      for (const chapters of Object.values(file.books)) for (const v of Object.values(chapters)) verses += v.length;
      const json = JSON.stringify(file);
      writeFileSync(`${outDir}${name}`, json + '\n');
      console.log(`${name}: ${verses} verses, ${(json.length / 1024).toFixed(0)} KiB`);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
