/**
 * Nave's Topical Bible (SWORD module Nave, Debian sword-dict-naves): each topic with its
 * subtopics ('→ Of man for God') and the verses they cite, as compact references ('john 3:16',
 * 'john 3:16-18', 'chronicles1 24'). Subtopics that only point to other topics are dropped, as are
 * references outside the 66 books.
 */
import type { TopicSection, TopicsFile } from '@lectio/library';
import { osisToText } from '../bible/osis-text';
import { impEntries, OSIS_BOOKS } from './sword';

/** 'Exod.6.16-Exod.6.20' -> 'exodus 6:16-20'; a range across chapters keeps its first verse. */
export function compactOsisRef(osisRef: string, verseAfter?: number): string | null {
  const [from, to] = osisRef.split('-');
  const m = /^([1-3]?[A-Za-z]+)\.(\d+)(?:\.(\d+))?$/.exec(from ?? '');
  if (!m) return null;
  const bookId = OSIS_BOOKS[m[1]!];
  if (!bookId) return null;
  const chapter = m[2]!;
  let verse = m[3];
  // Nave's writes single-chapter books as `<ref osisRef="Jude.1.1">Jude 1</ref>:12`: the verse follows the element.
  if (verseAfter !== undefined && verse === '1') verse = String(verseAfter);
  if (verse === undefined) return `${bookId} ${chapter}`;
  const end = to ? /^[1-3]?[A-Za-z]+\.(\d+)\.(\d+)$/.exec(to) : null;
  if (end && end[1] === chapter && Number(end[2]) > Number(verse)) return `${bookId} ${chapter}:${verse}-${end[2]}`;
  return `${bookId} ${chapter}:${verse}`;
}

const REF = /<ref osisRef="([^"]+)"[^>]*>([^<]*)<\/ref>(?::(\d+))?/g;

function references(markup: string): string[] {
  const out: string[] = [];
  for (const m of markup.matchAll(REF)) {
    const ref = compactOsisRef(m[1]!, m[3] ? Number(m[3]) : undefined);
    if (ref && !out.includes(ref)) out.push(ref);
  }
  return out;
}

/** The words before the first verse reference, without the arrow, stray dots and trailing punctuation. */
function headingOf(markup: string): string {
  const firstRef = markup.search(/<ref osisRef=/);
  const heading = osisToText(firstRef < 0 ? markup : markup.slice(0, firstRef))
    .replace(/^[→.\s]+/, '')
    .replace(/[\s,;:.-]+$/, '')
    .trim();
  // Nave's writes some subtopics in capitals ('OF MAN FOR GOD'); those read better in sentence case.
  if (heading !== heading.toUpperCase()) return heading;
  const sentence = heading.charAt(0) + heading.slice(1).toLowerCase();
  return sentence.replace(PROPER_NAMES, (word) => word.replace(/\b[a-z]/g, (c) => c.toUpperCase()));
}

// Names that keep their capital in a sentence-cased heading ('Of man for God', 'Of Jesus').
const PROPER_NAMES =
  /\b(god|jesus|christ|lord|holy spirit|spirit of god|israel|israelites|jerusalem|satan|old testament|new testament|sabbath)\b/g;

/**
 * One '→' line of a topic: its own references, and one section per list item with references
 * ('History of' -> 'History of: Nicodemus comes to Jesus (in Jerusalem)', John 3:1-21).
 */
function sections(line: string): TopicSection[] {
  const items = [...line.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
  const own = line.replace(/<list>[\s\S]*?<\/list>/g, ' ');
  const base = headingOf(own);
  const out: TopicSection[] = [];
  const ownRefs = references(own);
  if (ownRefs.length > 0) out.push({ heading: base, references: ownRefs });
  for (const item of items) {
    const refs = references(item);
    if (refs.length === 0) continue; // 'See CHILDREN' points to another topic
    const label = headingOf(item);
    out.push({ heading: base && label ? `${base}: ${label}` : base || label, references: refs });
  }
  return out;
}

/** The text of a verse in any translation we hold ([] when it does not exist): the converter's judge of a split reference. */
export type VerseTexts = (bookId: string, chapter: number, verse: number) => string[];

const CHAPTER_ONLY = String.raw`<ref osisRef="([1-3]?[A-Za-z]+)\.(\d+)">([^<]*)<\/ref>`;
// A chapter-only reference followed by a bare number of the same book: 'Mt 18; 28'.
const SPLIT_PAIR = new RegExp(
  String.raw`${CHAPTER_ONLY}(\s*;\s*)<ref osisRef="([1-3]?[A-Za-z]+)\.(\d+)">(\d+)<\/ref>`,
  'g',
);
const NEXT_IS_CHAPTER = new RegExp(String.raw`^\s*[;,]\s*${CHAPTER_ONLY}`);
const PREVIOUS_IS_CHAPTER = new RegExp(String.raw`${CHAPTER_ONLY}\s*[;,]\s*$`);

/** The words that name a topic or a line of it, cut to their first five letters ('denarius' -> 'denar'). */
const stemsOf = (text: string): string[] =>
  [
    ...new Set(
      (
        osisToText(text)
          .toLowerCase()
          .match(/[a-z]{4,}/g) ?? []
      ).map((w) => w.slice(0, 5)),
    ),
  ].filter((w) => !STOP_STEMS.has(w));
const STOP_STEMS = new Set([
  'with',
  'from',
  'that',
  'were',
  'their',
  'which',
  'there',
  'other',
  'unto',
  'shall',
  'them',
  'they',
  'have',
  'into',
  'also',
]);

/**
 * Nave's module tags some chapter-and-verse references as two chapters: 'Matthew 18:28' is written
 * `<ref osisRef="Matt.18">Mt 18</ref>; <ref osisRef="Matt.28">28</ref>` (PENNY). Nave's does list
 * whole chapters that way too ('Job 11; 20' for Zophar's speeches), so such a pair is read as one
 * verse only when it stands alone (not in a run of chapters) and either the second number is past
 * the book's last chapter or that verse names the topic ('denarii' in Matthew 18:28 for PENNY's
 * 'A denarius', 'birds' in Jeremiah 5:27 for BIRDS).
 */
export function joinSplitVerses(key: string, line: string, verseTexts: VerseTexts): string {
  const stems = stemsOf(`${key} ${line.replace(/<ref [\s\S]*?<\/ref>/g, ' ')}`);
  return line.replace(
    SPLIT_PAIR,
    (
      whole,
      book: string,
      chapter: string,
      label: string,
      _gap: string,
      book2: string,
      _chapter2: string,
      verse: string,
      at: number,
    ) => {
      if (book !== book2) return whole;
      const bookId = OSIS_BOOKS[book];
      if (!bookId) return whole;
      if (NEXT_IS_CHAPTER.test(line.slice(at + whole.length)) || PREVIOUS_IS_CHAPTER.test(line.slice(0, at)))
        return whole;
      const c = Number(chapter);
      const v = Number(verse);
      // 'Job 1; 2' is two chapters in Nave's lists far more often than a verse.
      if (v === c + 1) return whole;
      const texts = verseTexts(bookId, c, v);
      if (texts.length === 0) return whole;
      const pastLastChapter = verseTexts(bookId, v, 1).length === 0;
      const words =
        texts
          .join(' ')
          .toLowerCase()
          .match(/[a-z]+/g) ?? [];
      const namesTopic = stems.some((s) => words.some((w) => w.startsWith(s)));
      return pastLastChapter || namesTopic
        ? `<ref osisRef="${book}.${chapter}.${verse}">${label}:${verse}</ref>`
        : whole;
    },
  );
}

export function parseTopics(imp: string, verseTexts: VerseTexts = () => []): TopicsFile {
  const topics: TopicsFile['topics'] = [];
  for (const [key, body] of impEntries(imp)) {
    const def = /<def>([\s\S]*)<\/def>/.exec(body)?.[1];
    if (!def) continue;
    const list = def
      .split(/<lb\/>/)
      .map((line) => joinSplitVerses(key, line, verseTexts))
      .flatMap(sections);
    if (list.length > 0) topics.push({ topic: key, sections: list });
  }
  return { source: "Nave's Topical Bible", module: 'Nave (Debian sword-dict-naves)', license: 'Public Domain', topics };
}
