/**
 * A verse's study panel: Matthew Henry and Scofield on the verse, ranked cross-references with their
 * text, the Greek behind each word (from the reader's translation's own Strong's tags) with the
 * WEB's footnotes, and Nave's topics that list the verse (GET /api/study/:book/:chapter/:verse).
 *
 * How cross-references are ranked. Candidates come from two places we can ship:
 * - the references Henry cites in his sentences on the verse (a commentator chose them): each
 *   scores HENRY_WEIGHT;
 * - the references Scofield's notes on the verse cite: each scores SCOFIELD_WEIGHT / log2(4 + the
 *   count the notes cite), since a note is often a word study citing a dozen uses of the word
 *   ('perish' at John 3:16), each less a cross-reference of the verse than Henry's few;
 * - the other verses of Nave's topic sections that list the verse. A section scores
 *   1 / log2(4 + its reference count): a short, specific section ('God: Love of') says more about
 *   a verse than a long one ('Jesus, the Christ: Divinity of'); a section listing the verse only
 *   in a long range or its whole chapter counts a quarter.
 * A candidate's score is the sum over the sources naming it, so a verse that shares several of the
 * verse's topics ranks above one that shares one. Ties go to the verse Nave's cites more often (the
 * better-known verse), then to canonical order. `votes` is how many sources name it.
 */
import { canonicalIndex, findAnyBook } from '@lectio/contracts/books';
import type { StudyCommentary, StudyCrossReference, StudyLink, StudyResponse } from '@lectio/contracts/bible-api';
import { formatReference } from '@lectio/contracts/reference';
import { getVerses, type Translation, TRANSLATIONS } from './bible';
import { checkCitations, readerHref } from './citations';
import { henryOnVerse } from './henry-on-verse';
import {
  loadScofield,
  loadWebFootnotes,
  parseCompactReference,
  SCOFIELD_SOURCE,
  type ScofieldNote,
} from './library-data';
import { topicCitations, topicSectionsOn } from './passage';
import { findReferences } from './references/scan';
import { studyWords } from './study-words';

export { shortDefinition } from './study-words';

export const MAX_CROSS_REFERENCES = 20;
const HENRY_WEIGHT = 2;
const SCOFIELD_WEIGHT = 1;
// A section listing the verse only within a range longer than this (or its chapter) counts WIDE_WEIGHT.
const SHORT_SPAN = 3;
const WIDE_WEIGHT = 0.25;
// A section longer than this is a list, not a cross-reference ('Jesus, the Christ: Names of').
const MAX_SECTION_REFERENCES = 400;

interface Candidate {
  book: string;
  chapter: number;
  verse: number;
  verseEnd: number | null;
  score: number;
  votes: number;
}

/** The verses' text in the translation, or in the other when this one lacks them ('' when neither has them). */
function textOf(
  book: string,
  chapter: number,
  verse: number,
  verseEnd: number | null,
  translation: Translation,
): string {
  for (const t of [translation, ...TRANSLATIONS.filter((x) => x !== translation)]) {
    const verses = getVerses(t, book, chapter).filter((v) => v.number >= verse && v.number <= (verseEnd ?? verse));
    if (verses.length > 0) return verses.map((v) => v.text).join(' ');
  }
  return '';
}

/** Cross-references of a verse, best first (see the ranking at the top of this file). */
export function crossReferencesOf(
  bookId: string,
  chapter: number,
  verse: number,
  translation: Translation,
  limit = MAX_CROSS_REFERENCES,
): StudyCrossReference[] {
  const candidates = new Map<string, Candidate>();
  const add = (book: string, c: number, v: number, end: number | null, score: number) => {
    const verseEnd = end !== null && end > v ? end : null;
    if (book === bookId && c === chapter && v <= verse && verse <= (verseEnd ?? v)) return; // the verse itself
    const key = `${book} ${c}:${v}-${verseEnd ?? v}`;
    const found = candidates.get(key);
    if (found) {
      found.score += score;
      found.votes += 1;
    } else candidates.set(key, { book, chapter: c, verse: v, verseEnd, score, votes: 1 });
  };

  const henry = henryOnVerse(bookId, chapter, verse);
  for (const citation of henry ? checkCitations(henry.text) : []) {
    const { valid, book, chapter: c, verse: v } = citation;
    if (valid && book && c !== null && v !== null && citation.chapterEnd === undefined)
      add(book, c, v, citation.verseEnd, HENRY_WEIGHT);
  }

  const scofield = scofieldOn(bookId, chapter, verse);
  for (const compact of scofield?.references ?? []) {
    const r = parseCompactReference(compact);
    if (r && r.verse !== null && findAnyBook(r.bookId))
      add(r.bookId, r.chapter, r.verse, r.verseEnd, SCOFIELD_WEIGHT / Math.log2(4 + scofield!.references.length));
  }

  for (const section of topicSectionsOn(bookId, chapter, verse)) {
    if (section.references.length > MAX_SECTION_REFERENCES) continue;
    const weight = (section.span <= SHORT_SPAN ? 1 : WIDE_WEIGHT) / Math.log2(4 + section.references.length);
    for (const compact of section.references) {
      const r = parseCompactReference(compact);
      if (!r || r.verse === null || !findAnyBook(r.bookId)) continue;
      add(r.bookId, r.chapter, r.verse, r.verseEnd, weight);
    }
  }

  const famous = (c: Candidate) => topicCitations(c.book, c.chapter, c.verse);
  const ranked = [...candidates.values()].sort(
    (a, b) =>
      b.score - a.score ||
      famous(b) - famous(a) ||
      canonicalIndex(a.book) - canonicalIndex(b.book) ||
      a.chapter - b.chapter ||
      a.verse - b.verse,
  );
  const out: StudyCrossReference[] = [];
  for (const c of ranked) {
    if (out.length >= limit) break;
    const text = textOf(c.book, c.chapter, c.verse, c.verseEnd, translation);
    if (text === '') continue;
    out.push({
      reference: formatReference({
        bookId: c.book,
        chapter: c.chapter,
        verse: c.verse,
        verseEnd: c.verseEnd ?? undefined,
      }),
      book: c.book,
      chapter: c.chapter,
      verse: c.verse,
      ...(c.verseEnd !== null ? { verseEnd: c.verseEnd } : {}),
      votes: c.votes,
      text,
      href: readerHref(c.book, c.chapter, c.verse),
    });
  }
  return out;
}

const SCOFIELD = { source: SCOFIELD_SOURCE, author: 'C. I. Scofield', year: '1917' } as const;

/** Scofield's notes on the verse (one entry per verse in the converted file), or undefined. */
function scofieldOn(bookId: string, chapter: number, verse: number): ScofieldNote | undefined {
  return loadScofield().books[bookId]?.find((n) => n.chapter === chapter && n.verse === verse);
}

/**
 * The references in a commentary's text that the reader can open ('Mark 2:22', and '15:24' after
 * 'Matthew 10:6;'), checked against our text like the assistant's citations.
 */
export function commentaryLinks(text: string): StudyLink[] {
  const found = findReferences(text);
  const checked = checkCitations(text);
  return found.flatMap((ref, i) => {
    const c = checked[i];
    if (!c?.valid || !c.href || !c.book || c.chapter === null) return [];
    return [{ start: ref.start, end: ref.end, book: c.book, chapter: c.chapter, verse: c.verse }];
  });
}

/** A commentary entry with its links. */
function withLinks(entry: StudyCommentary): StudyCommentary {
  const links = commentaryLinks(entry.text);
  return links.length > 0 ? { ...entry, links } : entry;
}

/** 'Title (Author, year)', or 'Title (year)' when the title names the author already ("Matthew Henry's ..."). */
const sourceLine = (w: { source: string; author: string; year: string }) =>
  w.source.includes(w.author) ? `${w.source} (${w.year})` : `${w.source} (${w.author}, ${w.year})`;

/** The verse's study panel; null when the verse does not exist in either translation. */
export function studyVerse(
  bookId: string,
  chapter: number,
  verse: number,
  translation: Translation,
): StudyResponse | null {
  const book = findAnyBook(bookId);
  if (!book || textOf(book.id, chapter, verse, null, translation) === '') return null;
  const commentary: StudyCommentary[] = [];
  const henry = henryOnVerse(book.id, chapter, verse);
  if (henry) {
    const source = sourceLine(henry);
    if (henry.text) commentary.push(withLinks({ source, text: henry.text }));
    // 'Read the whole section': the section the sentences come from, named by its verses.
    commentary.push(
      withLinks({
        source: `${source}, on ${henry.sectionReference}`,
        text: henry.section,
        section: henry.sectionReference,
      }),
    );
  }
  const scofield = scofieldOn(book.id, chapter, verse);
  if (scofield) commentary.push(withLinks({ source: sourceLine(SCOFIELD), text: scofield.text }));
  const footnotes =
    translation === 'web' ? (loadWebFootnotes().books[book.id]?.[String(chapter)]?.[String(verse)] ?? []) : [];
  return {
    reference: formatReference({ bookId: book.id, chapter, verse }),
    commentary,
    crossReferences: crossReferencesOf(book.id, chapter, verse, translation),
    words: studyWords(book.id, chapter, verse, translation),
    ...(footnotes.length > 0 ? { footnotes: footnotes.map((text) => ({ text })) } : {}),
    topics: topicSectionsOn(book.id, chapter, verse).map((s) => ({ name: s.name, count: s.references.length })),
  };
}
