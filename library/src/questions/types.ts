/**
 * The suggested-question bank and its expert answers, written by us (library/data/questions/*.json).
 *
 * Each question carries a few parts; `composeExpertAnswer` (compose.ts) builds the answer for one
 * of the 12 pairs of faith journey and communication style from them. The style sets length,
 * vocabulary and depth; the journey sets what is explained and what is assumed.
 *
 * Writing rules (checked by library/src/questions/bank.test.ts with the citation checker):
 * - every part that names Scripture uses references we can parse: 'John 3:16', '1 Cor 13:4-7',
 *   'Romans 8', 'Isaiah 53:5' (Old Testament references are fine: the server holds its text);
 * - a quotation is in straight double quotes immediately followed by its reference in parentheses:
 *   "God so loved the world" (John 3:16). Its words must be the WEB's or the KJV's for that verse
 *   or range (case, punctuation and a '...' ellipsis are ignored);
 * - `summary` cites at least one verse, so every composed answer does;
 * - where Christian traditions read a passage differently, `traditions` names the main readings
 *   fairly (Catholic, Orthodox, Lutheran, Reformed, Anglican/Methodist, Baptist/free church,
 *   Pentecostal, as they apply) without ranking them, and `traditionsShort` names them plainly;
 * - the simple style reads at Flesch-Kincaid grade 8 or lower for every journey (`plain` when the
 *   summary is harder); a quotation not in the reader's translation is labelled when composed.
 */

export type FaithJourney = 'new_to_christianity' | 'growing_believer' | 'mature_christian' | 'bible_scholar';
export type CommunicationStyle = 'simple' | 'moderate' | 'scholarly';

/** Chip labels, in the order the panel shows them. */
export const QUESTION_CATEGORIES = ['Meaning', 'Background', 'Theology', 'Application', 'Words'] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];

export interface ExpertAnswerParts {
  /** Two or three plain sentences that answer the question directly, citing at least one verse. Every answer starts here. Short words, no jargon. */
  summary: string;
  /** One paragraph (80-140 words) walking through the passage: what it says and why (moderate and scholarly styles). */
  explanation: string;
  /** One paragraph (80-160 words) of depth: Greek words (transliterated, with Strong's number where useful), historical setting, structure, scholarly discussion. */
  depth: string;
  /** Practice for a growing believer: 2-4 sentences, concrete, one habit or step to take this week. */
  application: string;
  /** For someone new to Christianity: 2-4 terms the answer assumes, each explained in one plain sentence. */
  terms: { term: string; meaning: string }[];
  /** For a mature reader: 2-4 sentences tying the passage to other Scripture (with references), Old and New Testament. */
  connections: string;
  /** How the main traditions read the passage where they genuinely differ (2-5 sentences); omit when they do not. */
  traditions?: string;
  /** With `traditions`: one or two plain sentences for the simple style that name the main readings (who reads it how), never only 'readings differ'. */
  traditionsShort?: string;
  /** The summary in plain words (Flesch-Kincaid grade 8 or lower) for the simple style, when the summary itself reads harder. */
  plain?: string;
  /** The simple style's line for a mature Christian, when the references of `connections` would not say it plainly ('Read it in its steps: ...'). */
  readAlongside?: string;
  /** Where the passage frightens (a warning, judgment): the comfort the text itself gives (Hebrews 6:9), said in every answer so no reader gets the warning alone. */
  reassurance?: string;
}

export interface SuggestedQuestionEntry {
  /** Stable id, unique across the bank: '<book>-<chapter or general>-<slug>', e.g. 'john-3-born-again'. */
  id: string;
  category: QuestionCategory;
  question: string;
  parts: ExpertAnswerParts;
  /** Answered from the chapter's own outline (library/data/outlines) when asked about a chapter: 'What is the main message of this passage?'. `parts` answer it without one. */
  fromOutline?: boolean;
}

/** One file per book: library/data/questions/<bookId>.json; generic questions in generic.json (book '*'). */
export interface BookQuestions {
  book: string;
  /** The book's general questions (4 to 6), shown for chapters without their own. */
  general: SuggestedQuestionEntry[];
  /** Per-chapter questions (usually 4), keyed by chapter number. */
  chapters: Record<string, SuggestedQuestionEntry[]>;
}
