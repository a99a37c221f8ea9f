/**
 * Easton's Bible Dictionary (M. G. Easton, Illustrated Bible Dictionary, third edition, 1897;
 * public domain) -> library/data/dictionary/easton.json.
 *
 * Source: `eastons.json` of the public repository Figuier7/dictionnaire-biblique (CC0 1.0), the
 * plain-text Easton's ({ mot, definition } per article, paragraphs split by a blank line), whose
 * cross-references keep the numbered links of an HTML edition ('(See [1]MOSES.)'). Each article
 * becomes its headword, its paragraphs with those links written as the article's name, the verses
 * it cites as compact references (checked against our text of both testaments; a bare '(2:1, 4)'
 * belongs to the book the article named last), and the articles it points to ('See ...', 'q.v.').
 *
 *   npx tsx tools/library/easton.ts path/to/eastons.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findReferences, lastVerse, type DictionaryArticle, type DictionaryFile } from '@lectio/library';

export interface EastonSourceEntry {
  mot: string;
  definition: string;
}

export const EASTON_OUTPUT = 'dictionary/easton.json';

/** 'MOSES' -> 'Moses'; 'OLIVES, MOUNT OF' -> 'Olives, Mount of' (the article's own spelling when it exists). */
function nameOf(written: string, headwords: ReadonlyMap<string, string>): string {
  const own = headwords.get(written.toLowerCase());
  if (own) return own;
  const lower = written.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

// '[407]FARTHING', '[8]banquet', '[12]BABYLON': a numbered link and the name it shows.
const LINK = /\[\d+\]([A-Za-z][A-Za-z'-]*(?:,? (?:[A-Z][A-Za-z'-]*|of|the|in|on|to)(?![a-z]))*)/g;

/** An article's text with its numbered links written as names, and the names they point to. */
export function cleanText(
  definition: string,
  headwords: ReadonlyMap<string, string>,
): { paragraphs: string[]; seeAlso: string[] } {
  const seeAlso: string[] = [];
  const paragraphs = definition
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .replace(LINK, (_whole, name: string) => {
          const target = nameOf(name.replace(/[,.]$/, ''), headwords);
          if (!seeAlso.includes(target)) seeAlso.push(target);
          return target;
        })
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((p) => p.length > 0);
  // 'See DEAD Sea.', 'See Simon; Zealots.': names written without a link.
  for (const p of paragraphs) {
    for (const m of p.matchAll(/\b[Ss]ee ((?:[A-Z][\w'-]*)(?:[ ,;]+(?:[A-Z][\w'-]*|[Ss]ea|of|the))*)/g)) {
      for (const name of m[1]!.split(/\s*;\s*/)) {
        const own = headwords.get(name.replace(/[,.]$/, '').toLowerCase());
        if (own && !seeAlso.includes(own)) seeAlso.push(own);
      }
    }
  }
  // 'Ashdod (q.v.)': the article named just before.
  for (const p of paragraphs) {
    for (const m of p.matchAll(/((?:[A-Z][\w'-]*)(?:[ -](?:[A-Z][\w'-]*|of|the))*)\s*\(q\.v\.\)/g)) {
      const words = m[1]!.split(' ');
      for (let n = Math.min(words.length, 4); n >= 1; n--) {
        const own = headwords.get(words.slice(-n).join(' ').toLowerCase());
        if (own) {
          if (!seeAlso.includes(own)) seeAlso.push(own);
          break;
        }
      }
    }
  }
  return { paragraphs, seeAlso };
}

// A list of chapter-and-verse references with no book, opening a parenthesis or following ';':
// '(2:1, 4; 7:7)', '(5:27; 15:1; 18:10)', '(17:8-13)'.
const BARE_LIST =
  /(?<=[(;]\s*)(\d{1,3}:\d{1,3}(?:\s*[-–]\s*\d{1,3})?(?:\s*[,;]\s*(?:\d{1,3}:)?\d{1,3}(?:\s*[-–]\s*\d{1,3})?)*)(?=\s*[);.])/g;

/** The verses an article cites, as compact references that exist in our text ('exodus 6:20', 'leviticus 8'). */
export function articleReferences(
  paragraphs: string[],
  exists: (bookId: string, chapter: number, verse: number | null) => boolean,
): string[] {
  const out: string[] = [];
  const add = (bookId: string, chapter: number, verse: number | null, verseEnd: number | null): void => {
    if (!exists(bookId, chapter, verse) || (verseEnd !== null && !exists(bookId, chapter, verseEnd))) return;
    const ref =
      verse === null
        ? `${bookId} ${chapter}`
        : verseEnd !== null && verseEnd > verse
          ? `${bookId} ${chapter}:${verse}-${verseEnd}`
          : `${bookId} ${chapter}:${verse}`;
    if (!out.includes(ref)) out.push(ref);
  };
  let lastBook: { id: string; name: string } | null = null;
  for (const text of paragraphs) {
    const found = findReferences(text);
    const events: Array<{ at: number; run: () => void }> = [];
    for (const r of found) {
      const book = r.book && r.book.testament !== 'deuterocanon' ? r.book : null;
      events.push({
        at: r.start,
        run: () => {
          if (!book) return;
          lastBook = { id: book.id, name: book.name };
          add(book.id, r.chapter, r.verse, r.chapterEnd === null ? r.verseEnd : null);
        },
      });
    }
    for (const m of text.matchAll(BARE_LIST)) {
      const at = m.index;
      if (found.some((r) => at >= r.start && at < r.end)) continue;
      events.push({
        at,
        run: () => {
          if (!lastBook) return;
          for (const r of findReferences(`${lastBook.name} ${m[1]}`))
            if (r.book?.id === lastBook.id) add(r.book.id, r.chapter, r.verse, r.verseEnd);
        },
      });
    }
    for (const e of events.sort((a, b) => a.at - b.at)) e.run();
  }
  return out;
}

/** Headwords misspelt in the source, as Easton printed them. */
export const HEADWORD_FIXES: Record<string, string> = {
  'Olves, Mount of': 'Olives, Mount of',
  'Herod Arippa II.': 'Herod Agrippa II.',
  'Caesara Philippi': 'Caesarea Philippi',
};

/** Every article, in the source's order; two articles of one name (Kadesh, Salmon) become one. */
export function convertEaston(
  source: EastonSourceEntry[],
  exists: (bookId: string, chapter: number, verse: number | null) => boolean,
): DictionaryFile {
  const fixed = (mot: string): string => HEADWORD_FIXES[mot.trim()] ?? mot.trim();
  const headwords = new Map<string, string>();
  for (const e of source)
    if (!headwords.has(fixed(e.mot).toLowerCase())) headwords.set(fixed(e.mot).toLowerCase(), fixed(e.mot));
  const articles: DictionaryArticle[] = [];
  const byName = new Map<string, DictionaryArticle>();
  for (const e of source) {
    const headword = fixed(e.mot);
    const { paragraphs, seeAlso } = cleanText(e.definition, headwords);
    const own = seeAlso.filter((s) => s.toLowerCase() !== headword.toLowerCase());
    const earlier = byName.get(headword.toLowerCase());
    if (earlier) {
      earlier.paragraphs.push(...paragraphs);
      for (const s of own) if (!earlier.seeAlso.includes(s)) earlier.seeAlso.push(s);
      earlier.references = articleReferences(earlier.paragraphs, exists);
      continue;
    }
    const article: DictionaryArticle = {
      headword,
      paragraphs,
      references: articleReferences(paragraphs, exists),
      seeAlso: own,
    };
    byName.set(headword.toLowerCase(), article);
    articles.push(article);
  }
  return {
    source: "Easton's Bible Dictionary (M. G. Easton, Illustrated Bible Dictionary, 3rd edition, 1897)",
    license: 'Public Domain',
    origin:
      'eastons.json of the public repository Figuier7/dictionnaire-biblique (CC0 1.0), converted by tools/library/easton.ts',
    articles,
  };
}

/** A verse (or, with no verse, a chapter) that our text of either testament holds. */
export function verseExists(bookId: string, chapter: number, verse: number | null): boolean {
  const last = lastVerse(bookId, chapter);
  return verse === null ? last > 0 : verse >= 1 && verse <= last;
}

function main(): void {
  const path = process.argv[2];
  if (!path) throw new Error('usage: npx tsx tools/library/easton.ts path/to/eastons.json');
  // The source's own shape, checked entry by entry below.
  const source: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!Array.isArray(source) || !source.every((e) => typeof e?.mot === 'string' && typeof e?.definition === 'string'))
    throw new Error(`${path}: not a list of { mot, definition }`);
  const file = convertEaston(source, verseExists);
  const out = fileURLToPath(new URL(`../../library/data/${EASTON_OUTPUT}`, import.meta.url));
  const json = JSON.stringify(file) + '\n';
  writeFileSync(out, json);
  console.log(`${EASTON_OUTPUT}: ${file.articles.length} articles, ${(json.length / 1024).toFixed(0)} KiB`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
