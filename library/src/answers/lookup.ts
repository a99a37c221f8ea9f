/**
 * "Who was ...?", "What is ...?": Nave's topic of that name, and the written tradition notes of our
 * question bank for a passage ("How do Catholics and Protestants read this differently?").
 */
import { formatReference } from '@lectio/contracts/reference';
import { loadTopics } from '../library-data';
import { displayReference, titleCase } from '../passage';
import { loadQuestionBank } from '../questions/bank';
import { MATCH_THRESHOLD, rankBankQuestions } from '../questions/match';

export interface NamedTopic {
  name: string;
  sections: { heading: string; references: string[] }[];
}

let byName: Map<string, number> | undefined;

/** Nave's topic named so ('Nicodemus', 'the Pharisees', 'propitiation'), or null. */
export function topicNamed(name: string): NamedTopic | null {
  const { topics } = loadTopics();
  byName ??= new Map(topics.map((t, i) => [t.topic.toUpperCase(), i]));
  const key = name
    .toUpperCase()
    .replace(/^(?:THE|A|AN)\s+/, '')
    .replace(/[^A-Z ]/g, '')
    .trim();
  const i = byName.get(key) ?? byName.get(key.replace(/S$/, '')) ?? byName.get(`${key}S`);
  if (i === undefined) return null;
  const topic = topics[i]!;
  return {
    name: titleCase(topic.topic),
    sections: topic.sections.map((s) => ({
      heading: s.heading,
      references: s.references.slice(0, 4).map(displayReference),
    })),
  };
}

export interface TraditionNote {
  questionId: string;
  question: string;
  traditions: string;
}

/**
 * The bank's tradition notes for a passage: the notes of its chapter's and book's questions, those
 * whose question is closest to the reader's first, then notes elsewhere in the bank that cite this chapter.
 */
export function traditionNotes(question: string, bookId: string, chapter: number, limit = 2): TraditionNote[] {
  const matches = rankBankQuestions(question, bookId, chapter);
  // A question that names no subject the bank knows ('do Catholics read this verse differently?')
  // is about the passage: the chapter's own notes alone when it has any, not the book's general ones.
  const own = new Set((loadQuestionBank().get(bookId)?.chapters[String(chapter)] ?? []).map((e) => e.id));
  const named = (matches[0]?.score ?? 0) >= MATCH_THRESHOLD;
  const withNotes = matches.map((m) => m.entry).filter((e) => e.parts.traditions && !e.id.startsWith('generic-'));
  const chapterNotes = withNotes.filter((e) => own.has(e.id));
  const ranked = named || chapterNotes.length === 0 ? withNotes : chapterNotes;
  const chapterName = formatReference({ bookId, chapter });
  const elsewhere = [...loadQuestionBank().values()]
    .flatMap((f) => [...f.general, ...Object.values(f.chapters).flat()])
    .filter(
      (e) =>
        e.parts.traditions && !ranked.includes(e) && new RegExp(`\\b${chapterName}(?::|\\b)`).test(e.parts.traditions),
    );
  return [...ranked, ...elsewhere]
    .slice(0, limit)
    .map((e) => ({ questionId: e.id, question: e.question, traditions: e.parts.traditions! }));
}
