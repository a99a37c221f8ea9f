/**
 * Abbott-Smith's Manual Greek Lexicon of the New Testament (G. Abbott-Smith, 1922; public domain,
 * TEI by the translatable-exegetical-tools/Abbott-Smith project, "in the public domain" by its own
 * statement) -> library/data/words/abbott-smith.json. Read from Debian's bibledit-data
 * (/usr/share/bibledit/sources/abbott-smith/abbott-smith.tei_lemma.xml).
 *
 * Each entry becomes its Strong's number and lemma, its NT count, what it is derived from, its
 * glosses in the book's order, its senses in order (numbered '1.', '2. (a)'; the text with its
 * references written with our book names, 'Mt 5:6' -> 'Matthew 5:6'), the New Testament verses it
 * cites (compact, first eight as the key ones) and Abbott-Smith's note on synonyms (ἀγάπη: φιλία).
 *
 *   npx tsx tools/library/abbott-smith.ts
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findAnyBook } from '@lectio/contracts/books';
import type { LexiconEntry, LexiconFile, LexiconSense } from '@lectio/library';
import { OSIS_BOOKS } from './sword';

export const ABBOTT_SMITH_SOURCE = '/usr/share/bibledit/sources/abbott-smith/abbott-smith.tei_lemma.xml';
export const ABBOTT_SMITH_OUTPUT = 'words/abbott-smith.json';
/** How many of an entry's New Testament references are kept as its key references. */
const KEY_REFERENCES = 8;

interface Node {
  name: string;
  attrs: Record<string, string>;
  children: Array<Node | string>;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const decode = (s: string): string => s.replace(/&(lt|gt|amp|quot|apos);/g, (_m, e: string) => ENTITIES[e]!);

/** A small XML tree of one entry (the TEI is regular: elements, text, comments). */
export function parseXml(xml: string): Node {
  const root: Node = { name: '#root', attrs: {}, children: [] };
  const stack = [root];
  for (const m of xml.matchAll(
    /<!--[\s\S]*?-->|<(\/?)([\w:]+)((?:\s+[\w:]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g,
  )) {
    const top = stack[stack.length - 1]!;
    if (m[5] !== undefined) top.children.push(decode(m[5]));
    else if (m[2] === undefined)
      continue; // a comment
    else if (m[1]) {
      if (stack.length > 1) stack.pop();
    } else {
      const attrs: Record<string, string> = {};
      for (const a of m[3]!.matchAll(/([\w:]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
        attrs[a[1]!] = decode(a[2] ?? a[3] ?? '');
      const node: Node = { name: m[2], attrs, children: [] };
      top.children.push(node);
      if (!m[4]) stack.push(node);
    }
  }
  return root;
}

/** 'Matt.5.6' -> { bookId: 'matthew', ... }; LXX and deuterocanonical references are not ours to cite. */
function parseOsis(
  osisRef: string,
): { bookId: string; chapter: number; verse: number | null; verseEnd: number | null } | null {
  const [from, to] = osisRef.split('-');
  const m = /^([1-3]?[A-Za-z]+)\.(\d+)(?:\.(\d+))?$/.exec(from ?? '');
  const bookId = m ? OSIS_BOOKS[m[1]!] : undefined;
  if (!m || !bookId) return null;
  const end = to ? /^[1-3]?[A-Za-z]+\.(\d+)\.(\d+)$/.exec(to) : null;
  const verse = m[3] ? Number(m[3]) : null;
  return {
    bookId,
    chapter: Number(m[2]),
    verse,
    verseEnd:
      end && Number(end[1]) === Number(m[2]) && verse !== null && Number(end[2]) > verse ? Number(end[2]) : null,
  };
}

const compact = (r: NonNullable<ReturnType<typeof parseOsis>>): string =>
  r.verse === null
    ? `${r.bookId} ${r.chapter}`
    : r.verseEnd !== null
      ? `${r.bookId} ${r.chapter}:${r.verse}-${r.verseEnd}`
      : `${r.bookId} ${r.chapter}:${r.verse}`;

const isNewTestament = (bookId: string): boolean => findAnyBook(bookId)?.testament === 'new';

/** A reference as the reader reads it: the book's abbreviation written in full ('Mt 5:6' -> 'Matthew 5:6'), a bare '36' left as it is. */
function refText(node: Node): string {
  const written = node.children.map((c) => textOf(c)).join('');
  const parsed = node.attrs.osisRef ? parseOsis(node.attrs.osisRef) : null;
  if (!parsed) return written;
  const book = findAnyBook(parsed.bookId);
  const m = /^\s*((?:I{1,3}|IV|[1-4])?\s*[A-Z][a-z]*\.?)\s+(\d.*)$/.exec(written);
  return book && m ? `${book.name} ${m[2]}` : written;
}

/** The plain text of a node: references written in full, page breaks and notes of the digitisers left out. */
function textOf(node: Node | string): string {
  if (typeof node === 'string') return node;
  if (node.name === 'pb' || node.name === 'note') return '';
  if (node.name === 'ref') return refText(node);
  if (node.name === 'hi' && node.attrs.rend === 'superscript') return '';
  return node.children.map((c) => textOf(c)).join('');
}

const tidy = (s: string): string =>
  s
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:)])/g, '$1')
    .replace(/\(\s+/g, '(')
    .replace(/†|\*/g, '')
    .trim();

const children = (node: Node, name: string): Node[] =>
  node.children.filter((c): c is Node => typeof c !== 'string' && c.name === name);

function descendants(node: Node, name: string, out: Node[] = []): Node[] {
  for (const c of node.children) {
    if (typeof c === 'string') continue;
    if (c.name === name) out.push(c);
    descendants(c, name, out);
  }
  return out;
}

/** Every sense in reading order, nested ones labelled with their parents' numbers ('2. (a)'). */
function sensesOf(node: Node, label: string, out: LexiconSense[]): void {
  for (const s of children(node, 'sense')) {
    const n = s.attrs.n ?? '';
    const full = [label, n].filter(Boolean).join(' ');
    const own = tidy(s.children.map((c) => (typeof c !== 'string' && c.name === 'sense' ? '' : textOf(c))).join(''));
    const glosses = unique(
      s.children
        .filter((c): c is Node => typeof c !== 'string' && c.name === 'gloss')
        .map((g) => tidy(textOf(g)))
        .filter(Boolean),
    );
    const references = unique(
      descendants({ ...s, children: s.children.filter((c) => typeof c === 'string' || c.name !== 'sense') }, 'ref')
        .map((r) => (r.attrs.osisRef ? parseOsis(r.attrs.osisRef) : null))
        .filter((r): r is NonNullable<typeof r> => r !== null && isNewTestament(r.bookId))
        .map(compact),
    );
    if (own || glosses.length > 0) out.push({ n: full, text: own, glosses, references });
    sensesOf(s, full, out);
  }
}

const unique = <T>(xs: T[]): T[] => [...new Set(xs)];

/** One <entry> as converted; null when it has no lemma. */
export function convertEntry(xml: string): LexiconEntry | null {
  const root = parseXml(xml);
  const entry = children(root, 'entry')[0];
  if (!entry) return null;
  const lemma = entry.attrs.lemma?.trim();
  if (!lemma) return null;
  const strong = entry.attrs.strong?.trim();
  const occurrences = children(entry, 'note').find((n) => n.attrs.type === 'occurrencesNT');
  const senses: LexiconSense[] = [];
  sensesOf(entry, '', senses);
  const derivation = descendants(entry, 'seg').find((s) => s.attrs.type === 'derivation');
  const synonyms = children(entry, 're')
    .map((r) => tidy(textOf(r)))
    .filter(Boolean);
  return {
    strongs: strong ? strongsKey(strong) : null,
    lemma,
    occurrences: occurrences ? Number(occurrences.children.join('').trim()) || null : null,
    derivation: derivation ? tidy(textOf(derivation)).replace(/^\(|\),?$/g, '') : null,
    glosses: unique(senses.flatMap((s) => s.glosses)),
    senses,
    references: unique(senses.flatMap((s) => s.references)).slice(0, KEY_REFERENCES),
    ...(synonyms.length > 0 ? { synonyms: synonyms.join(' ') } : {}),
  };
}

/** 'G0901a' -> 'G901a', 'G2316' -> 'G2316' (Strong's numbers as the rest of the library writes them). */
export const strongsKey = (n: string): string => n.replace(/^G0*(\d+)/, 'G$1');

export function convertAbbottSmith(tei: string): LexiconFile {
  const entries: LexiconEntry[] = [];
  const seen = new Set<string>();
  for (const m of tei.matchAll(/<entry\b[^>]*>[\s\S]*?<\/entry>/g)) {
    const e = convertEntry(m[0]);
    if (!e) continue;
    // Twelve numbers head two entries (a word and its variant): the first keeps the number.
    if (e.strongs && seen.has(e.strongs)) e.strongs = null;
    if (e.strongs) seen.add(e.strongs);
    entries.push(e);
  }
  return {
    source: "Abbott-Smith's Manual Greek Lexicon of the New Testament (G. Abbott-Smith, 1922)",
    license: 'Public Domain',
    origin:
      'TEI of the translatable-exegetical-tools/Abbott-Smith project, as packaged by Debian (bibledit-data), converted by tools/library/abbott-smith.ts',
    entries,
  };
}

function main(): void {
  if (!existsSync(ABBOTT_SMITH_SOURCE))
    throw new Error(`${ABBOTT_SMITH_SOURCE} missing: apt-get install bibledit-data`);
  const file = convertAbbottSmith(readFileSync(ABBOTT_SMITH_SOURCE, 'utf8'));
  const json = JSON.stringify(file) + '\n';
  writeFileSync(fileURLToPath(new URL(`../../library/data/${ABBOTT_SMITH_OUTPUT}`, import.meta.url)), json);
  console.log(`${ABBOTT_SMITH_OUTPUT}: ${file.entries.length} entries, ${(json.length / 1024).toFixed(0)} KiB`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
