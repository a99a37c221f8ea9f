/**
 * What the library holds for one verse: the text around it, Matthew Henry's section on it,
 * Nave's topics that cite it and the Greek words behind the KJV's English. The assistant grounds
 * a model's answer on this, and the offline assistant composes its answer from it.
 */
import { findAnyBook } from '@lectio/contracts/books';
import { formatReference } from '@lectio/contracts/reference';
import { getVerses, type Translation } from './bible';
import {
  COMMENTARY_SOURCE,
  loadCommentary,
  loadKjvStrongs,
  loadStrongsGreek,
  loadTopics,
  parseCompactReference,
} from './library-data';

export interface PassageRequest {
  bookId: string;
  chapter: number;
  verse: number;
  translation: Translation;
}

export interface PassageContext {
  /** 'John 3:16' */
  reference: string;
  /** The verse and up to 2 neighbours on each side. */
  verses: Array<{ number: number; text: string }>;
  commentary: { source: string; reference: string; text: string } | null;
  topics: Array<{ topic: string; references: string[] }>;
  wordStudies: Array<{ strongs: string; lemma: string; transliteration: string; definition: string; kjvWord: string }>;
}

const MAX_TOPICS = 8;
const MAX_TOPIC_REFERENCES = 6;

/** The library's material on one verse, or null when the verse is not in our text. */
export function passageContext({ bookId, chapter, verse, translation }: PassageRequest): PassageContext | null {
  const book = findAnyBook(bookId);
  if (!book) return null;
  const all = getVerses(translation, book.id, chapter);
  if (!all.some((v) => v.number === verse)) return null;
  return {
    reference: formatReference({ bookId: book.id, chapter, verse }),
    verses: all
      .filter((v) => v.number >= verse - 2 && v.number <= verse + 2)
      .map((v) => ({ number: v.number, text: v.text })),
    commentary: commentaryOn(book.id, chapter, verse),
    topics: topicsFor(book.id, chapter, verse),
    wordStudies: wordStudiesFor(book.id, chapter, verse),
  };
}

/** Matthew Henry's section that covers the verse. */
export function commentaryOn(bookId: string, chapter: number, verse: number): PassageContext['commentary'] {
  const section = loadCommentary().books[bookId]?.find(
    (s) => s.chapter === chapter && s.verse <= verse && verse <= s.verseEnd,
  );
  if (!section) return null;
  return {
    source: COMMENTARY_SOURCE,
    reference: formatReference({
      bookId,
      chapter,
      verse: section.verse,
      verseEnd: section.verseEnd > section.verse ? section.verseEnd : undefined,
    }),
    text: section.text,
  };
}

// verse key ('john 3:16') or chapter key ('john 3') -> [topic, section, span]: how many verses the
// citing reference covers, so a section that names the verse itself ranks above one naming its chapter.
let topicIndex: Map<string, Array<[topic: number, section: number, span: number]>> | undefined;

const CHAPTER_SPAN = 1000;

/** The topic sections citing each verse, built on first use from Nave's. */
function topicsByVerse(): Map<string, Array<[number, number, number]>> {
  if (topicIndex) return topicIndex;
  const index = new Map<string, Array<[number, number, number]>>();
  const add = (key: string, entry: [number, number, number]) => {
    const list = index.get(key);
    if (!list) index.set(key, [entry]);
    else if (!list.some(([t, s]) => t === entry[0] && s === entry[1])) list.push(entry);
  };
  loadTopics().topics.forEach((topic, t) =>
    topic.sections.forEach((section, s) => {
      for (const ref of section.references) {
        const r = parseCompactReference(ref);
        if (!r) continue;
        if (r.verse === null) {
          add(`${r.bookId} ${r.chapter}`, [t, s, CHAPTER_SPAN]);
          continue;
        }
        const end = Math.min(r.verseEnd ?? r.verse, r.verse + 199);
        for (let v = r.verse; v <= end; v++) add(`${r.bookId} ${r.chapter}:${v}`, [t, s, end - r.verse + 1]);
      }
    }),
  );
  for (const list of index.values()) list.sort((a, b) => a[2] - b[2]); // stable: topic order among equals
  return (topicIndex = index);
}

const SMALL_WORDS = new Set(['and', 'of', 'the', 'in', 'for', 'to', 'a', 'an', 'or', 'on', 'with', 'by']);
/** Nave's topics are in capitals: 'AFFLICTIONS AND ADVERSITIES' -> 'Afflictions and Adversities'. */
export const titleCase = (s: string): string =>
  s
    .toLowerCase()
    .replace(/(^|[\s(-])([a-z]+)/g, (whole, p: string, w: string) =>
      p !== '' && SMALL_WORDS.has(w) ? whole : p + w.charAt(0).toUpperCase() + w.slice(1),
    );

/** 'john 3:16-18' -> 'John 3:16-18' */
export function displayReference(compact: string): string {
  const r = parseCompactReference(compact);
  if (!r || !findAnyBook(r.bookId)) return compact;
  return formatReference({
    bookId: r.bookId,
    chapter: r.chapter,
    verse: r.verse ?? undefined,
    verseEnd: r.verseEnd ?? undefined,
  });
}

export interface TopicSectionOnVerse {
  /** 'God: Love of' (the topic, then the section's heading when it has one). */
  name: string;
  /** Every reference of the section, compact ('romans 5:8'). */
  references: string[];
  /** How many verses the section's reference to this verse covers (1000 for its whole chapter). */
  span: number;
}

/** Nave's topic sections whose references include the verse: those naming it first, then ranges, then its whole chapter. */
export function topicSectionsOn(bookId: string, chapter: number, verse: number): TopicSectionOnVerse[] {
  const index = topicsByVerse();
  const { topics } = loadTopics();
  const hits = [
    ...(index.get(`${bookId} ${chapter}:${verse}`) ?? []),
    ...(index.get(`${bookId} ${chapter}`) ?? []),
  ].sort((a, b) => a[2] - b[2]);
  return hits.map(([t, s, span]) => {
    const topic = topics[t]!;
    const section = topic.sections[s]!;
    const name = titleCase(topic.topic);
    return { name: section.heading ? `${name}: ${section.heading}` : name, references: section.references, span };
  });
}

/** The first of topicSectionsOn, each with a few of its other references. */
export function topicsFor(bookId: string, chapter: number, verse: number): PassageContext['topics'] {
  const self = `${bookId} ${chapter}:${verse}`;
  return topicSectionsOn(bookId, chapter, verse)
    .slice(0, MAX_TOPICS)
    .map((section) => ({
      topic: section.name,
      references: section.references
        .filter((r) => r !== self)
        .slice(0, MAX_TOPIC_REFERENCES)
        .map(displayReference),
    }));
}

/** How many of Nave's topic sections cite the verse by itself or in a short range (up to 3 verses): how much it is referred to. */
export function topicCitations(bookId: string, chapter: number, verse: number): number {
  return (topicsByVerse().get(`${bookId} ${chapter}:${verse}`) ?? []).filter(([, , span]) => span <= 3).length;
}

/** The Greek behind the KJV's words in a New Testament verse (empty for the Old Testament). */
export function wordStudiesFor(bookId: string, chapter: number, verse: number): PassageContext['wordStudies'] {
  const tags = loadKjvStrongs().books[bookId]?.[String(chapter)]?.[String(verse)] ?? [];
  const { entries } = loadStrongsGreek();
  const out: PassageContext['wordStudies'] = [];
  for (const [strongs, kjvWord] of tags) {
    const entry = entries[strongs];
    if (!entry || out.some((w) => w.strongs === strongs)) continue;
    out.push({
      strongs,
      lemma: entry.lemma,
      transliteration: entry.transliteration,
      definition: entry.definition,
      kjvWord,
    });
  }
  return out;
}
