/**
 * The suggested-question bank: library/data/questions/<bookId>.json (each a BookQuestions) and
 * generic.json (book '*'), loaded once. Writers add files; nothing here lists them by name.
 */
import { readdirSync } from 'node:fs';
import { dataPath, readData } from '../data';
import type { BookQuestions, QuestionCategory, SuggestedQuestionEntry } from './types';

export interface QuestionSummary {
  id: string;
  category: QuestionCategory;
  question: string;
}

export const GENERIC_BOOK = '*';

let bank: Map<string, BookQuestions> | undefined;

/** Every question file, keyed by its `book` ('john', '*'). */
export function loadQuestionBank(): ReadonlyMap<string, BookQuestions> {
  if (bank) return bank;
  const dir = dataPath('questions');
  const files = new Map<string, BookQuestions>();
  let names: string[] = [];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort();
  } catch {
    names = [];
  }
  for (const name of names) {
    const file = readData<BookQuestions>(`questions/${name}`);
    files.set(file.book, file);
  }
  return (bank = files);
}

const summary = (q: SuggestedQuestionEntry): QuestionSummary => ({
  id: q.id,
  category: q.category,
  question: q.question,
});

/**
 * The questions for a passage: the chapter's own when it has them, else the book's general ones,
 * then the generic ones. With no book, only the generic ones.
 */
export function questionsFor(bookId: string | null, chapter: number | null): QuestionSummary[] {
  return questionsFrom(loadQuestionBank(), bookId, chapter);
}

/** questionsFor over a given bank (tests pass their own). */
export function questionsFrom(
  files: ReadonlyMap<string, BookQuestions>,
  bookId: string | null,
  chapter: number | null,
): QuestionSummary[] {
  const out: SuggestedQuestionEntry[] = [];
  const book = bookId ? files.get(bookId) : undefined;
  if (book) {
    const own = chapter !== null ? book.chapters[String(chapter)] : undefined;
    out.push(...(own && own.length > 0 ? own : book.general));
  }
  out.push(...(files.get(GENERIC_BOOK)?.general ?? []));
  return out.map(summary);
}

let byId: Map<string, SuggestedQuestionEntry> | undefined;

/** A question with its answer parts, by id ('john-3-born-again'). */
export function findQuestion(id: string): SuggestedQuestionEntry | undefined {
  if (!byId) {
    byId = new Map();
    for (const file of loadQuestionBank().values()) {
      for (const q of [...file.general, ...Object.values(file.chapters).flat()]) byId.set(q.id, q);
    }
  }
  return byId.get(id);
}

/** A question's words as the panel's text and a reader's typing compare: case, spacing and punctuation ignored. */
export const questionKey = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The passage's suggested question whose words these are (the spec's `{message, context}` payload), if any. */
export function findSuggestedByText(
  text: string,
  bookId: string | null,
  chapter: number | null,
): QuestionSummary | undefined {
  const key = questionKey(text);
  return questionsFor(bookId, chapter).find((q) => questionKey(q.question) === key);
}
