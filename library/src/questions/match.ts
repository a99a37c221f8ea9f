/**
 * Our written answers first: the suggested question a reader's own question means, when it is close
 * enough. "who actually wrote this gospel?" at Mark 4 is "Who wrote the Gospel of Mark?", and its
 * expert answer (written for each faith journey and style) is better than anything composed.
 *
 * How: both questions are read by the normalising tokenizer (../text/normalise.ts, misspellings
 * corrected towards the bank's own words), stripped of words that carry no meaning, reduced to
 * their stems (Porter, the `stemmer` package), with a few synonyms made one ('author', 'wrote',
 * 'writer'; 'background', 'setting', 'historical context'), and the passage's own book named as
 * one token ('this letter', 'Romans'). Each stem weighs its inverse document frequency over the
 * whole bank (216 questions: 'born' says far more than 'what'). The score is the harmonic mean of
 * how much of the written question the reader's covers and how much of the reader's the written one
 * explains, both by weight, so a longer question about something else does not match on a shared
 * word. BM25 ranks well but gives no score comparable across questions; this one is in [0, 1] and
 * one threshold holds for every question.
 */
import { findBook } from '@lectio/contracts/books';
import { stemmer } from 'stemmer';
import { correctWord, wordsOf } from '../text/normalise';
import { GENERIC_BOOK, loadQuestionBank } from './bank';
import type { SuggestedQuestionEntry } from './types';

/** The score from which a reader's question is answered as a written one (chosen on the paraphrase set, see match.test.ts). */
export const MATCH_THRESHOLD = 0.6;

// Words that carry no meaning here; 'passage', 'chapter', 'verse' only point at what the reader is reading.
const STOP = new Set(
  'a an and are as at be been being but by can could did do does doing for from had has have having how i if in into is it its just me my of on or our please really should so some tell than that the their them then there these they this those to us was we were what which will with would you your actually exactly explain mean means meant meaning say says said talk talks talking passage chapter verse verses text section here'.split(
    ' ',
  ),
);

// Words said many ways, made one (before stemming).
const SAME: Record<string, string> = {
  wrote: 'author',
  write: 'author',
  writes: 'author',
  writer: 'author',
  written: 'author',
  writing: 'author',
  authored: 'author',
  authorship: 'author',
  penned: 'author',
  composed: 'author',
  message: 'message',
  theme: 'message',
  themes: 'message',
  point: 'message',
  gist: 'message',
  thrust: 'message',
  lesson: 'message',
  main: 'main',
  central: 'main',
  key: 'main',
  mainly: 'main',
  primary: 'main',
  chief: 'main',
  overall: 'main',
  big: 'main',
  historical: 'context',
  history: 'context',
  background: 'context',
  setting: 'context',
  situation: 'context',
  circumstances: 'context',
  culture: 'context',
  cultural: 'context',
  connect: 'connect',
  connects: 'connect',
  connection: 'connect',
  connected: 'connect',
  relate: 'connect',
  relates: 'connect',
  related: 'connect',
  relationship: 'connect',
  link: 'connect',
  links: 'connect',
  fit: 'connect',
  fits: 'connect',
  tie: 'connect',
  ties: 'connect',
  apply: 'apply',
  application: 'apply',
  applying: 'apply',
  practice: 'apply',
  practical: 'apply',
  practically: 'apply',
  christ: 'jesus',
  ghost: 'spirit',
  baptize: 'baptism',
  baptized: 'baptism',
  baptizing: 'baptism',
  baptise: 'baptism',
  baptised: 'baptism',
  reason: 'why',
  purpose: 'why',
  die: 'death',
  died: 'death',
  dead: 'death',
  dying: 'death',
  worry: 'worry',
  worried: 'worry',
  worrying: 'worry',
  anxiety: 'worry',
  anxious: 'worry',
  charity: 'love',
  agape: 'love',
  book: 'BOOK',
  letter: 'BOOK',
  epistle: 'BOOK',
  gospel: 'BOOK',
  organised: 'structure',
  organized: 'structure',
  structured: 'structure',
  outline: 'structure',
  laid: 'structure',
  arranged: 'structure',
  sinner: 'sin',
  sinners: 'sin',
  sinned: 'sin',
};

// British and American spellings, made one ('armour', 'armor').
const SPELLING: Record<string, string> = {
  armour: 'armor',
  favour: 'favor',
  favouritism: 'favoritism',
  honour: 'honor',
  behaviour: 'behavior',
  neighbour: 'neighbor',
  neighbours: 'neighbors',
  saviour: 'savior',
  labour: 'labor',
  organise: 'organize',
  summarise: 'summarize',
  summarises: 'summarizes',
  recognise: 'recognize',
  realise: 'realize',
  practise: 'practice',
  judgement: 'judgment',
  fulfil: 'fulfill',
  centre: 'center',
  defence: 'defense',
  offence: 'offense',
  counsellor: 'counselor',
};

/** The stems of a question, with the passage's own book (and 'this letter', 'the Gospel') as the token BOOK. */
function stems(question: string, bookId: string | null, lexicon: ReadonlySet<string>): string[] {
  const words = wordsOf(question).map((w) => correctWord(w, lexicon));
  const bookWords = bookId && bookId !== GENERIC_BOOK ? nameWords(bookId) : [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    // The book's name, also as a possessive ("Mark's Gospel" reads 'marks gospel').
    if (
      bookWords.length &&
      bookWords.every((b, j) => words[i + j] === b || (j === bookWords.length - 1 && words[i + j] === `${b}s`))
    ) {
      out.push('BOOK');
      i += bookWords.length - 1;
      continue;
    }
    const w = words[i]!;
    // 'What is Acts about?': 'about' at the end asks for the message.
    if (w === 'about' && i === words.length - 1) {
      out.push('message');
      continue;
    }
    if (STOP.has(w) || w === 'about') continue;
    const spelt = SPELLING[w] ?? w;
    out.push(SAME[spelt] ?? stemmer(spelt));
  }
  return [...new Set(out)];
}

/** A book's name as words: '1 Corinthians' -> ['1', 'corinthians']. */
function nameWords(bookId: string): string[] {
  const name = findBook(bookId)?.name;
  return name ? wordsOf(name) : [];
}

interface Indexed {
  entry: SuggestedQuestionEntry;
  book: string;
  stems: string[];
}

let index: { questions: Indexed[]; idf: Map<string, number>; unseen: number; lexicon: Set<string> } | undefined;

function build(): NonNullable<typeof index> {
  if (index) return index;
  const lexicon = new Set<string>();
  const all: { entry: SuggestedQuestionEntry; book: string }[] = [];
  for (const file of loadQuestionBank().values()) {
    for (const entry of [...file.general, ...Object.values(file.chapters).flat()]) {
      all.push({ entry, book: file.book });
      for (const w of wordsOf(entry.question)) if (w.length >= 3) lexicon.add(w);
    }
  }
  const questions = all.map(({ entry, book }) => ({ entry, book, stems: stems(entry.question, book, lexicon) }));
  const df = new Map<string, number>();
  for (const q of questions) for (const s of q.stems) df.set(s, (df.get(s) ?? 0) + 1);
  const n = questions.length;
  const idf = new Map([...df].map(([s, d]) => [s, Math.log(1 + n / d)]));
  return (index = { questions, idf, unseen: Math.log(1 + n / 0.5), lexicon });
}

export interface BankMatch {
  entry: SuggestedQuestionEntry;
  score: number;
}

/** How close two stem lists are: the harmonic mean of the weighted coverage each way. */
function similarity(query: string[], written: string[], weight: (s: string) => number): number {
  const shared = query.filter((s) => written.includes(s)).reduce((n, s) => n + weight(s), 0);
  if (shared === 0) return 0;
  const ofWritten = shared / written.reduce((n, s) => n + weight(s), 0);
  const ofQuery = shared / query.reduce((n, s) => n + weight(s), 0);
  return (2 * ofWritten * ofQuery) / (ofWritten + ofQuery);
}

/**
 * The written questions of a passage, each with how close the reader's question is, best first:
 * the chapter's own, the book's general ones and the generic ones.
 */
export function rankBankQuestions(question: string, bookId: string | null, chapter: number | null): BankMatch[] {
  const { questions, idf, unseen, lexicon } = build();
  const file = bookId ? loadQuestionBank().get(bookId) : undefined;
  const ids = new Set<string>([
    ...(file && chapter !== null ? (file.chapters[String(chapter)] ?? []) : []).map((q) => q.id),
    ...(file?.general ?? []).map((q) => q.id),
    ...(loadQuestionBank().get(GENERIC_BOOK)?.general ?? []).map((q) => q.id),
  ]);
  const query = stems(question, bookId, lexicon);
  const weight = (s: string) => idf.get(s) ?? unseen;
  return questions
    .filter((q) => ids.has(q.entry.id))
    .map((q) => ({ entry: q.entry, score: similarity(query, q.stems, weight) }))
    .sort((a, b) => b.score - a.score);
}

/** The written question the reader's question means, when one is close enough; else null. */
export function matchBankQuestion(
  question: string,
  bookId: string | null,
  chapter: number | null,
  threshold = MATCH_THRESHOLD,
): BankMatch | null {
  const best = rankBankQuestions(question, bookId, chapter)[0];
  return best && best.score >= threshold ? best : null;
}
