/**
 * What a question does with the words it names, read from its wording: whether it asks what a
 * subject is ('What is a talent ...?') or names who speaks ('What does James mean ...?'), asks what
 * a word means, names a word or subject of its own at all, or is in the words of the verse the
 * reader has open or a neighbour.
 */
import { getVerses, indexTerms } from '@lectio/library';

/** A headword as a pattern: its letters only ('Put, Phut' is 'Put Phut'). */
export const headwordPattern = (headword: string) =>
  headword
    .split(',')[0]!
    .replace(/[^\p{L}\s'-]/gu, '')
    .trim();

/** 'What is a talent ...?', 'Who were the Pharisees?': the question asks what the subject is (not 'What is Paul getting at ...?'). */
export const asksWhatIs = (question: string, headword: string) =>
  new RegExp(
    `^\\s*(?:what|who)(?:'s|\\s+(?:is|was|are|were))\\s+(?:a|an|the)?\\s*${headwordPattern(headword)}\\w*(?:\\s*[?.!]|\\s*$|\\s+(?:in|on|at|of|from|that|which|who|mentioned|here|there|used|worth|called)\\b)`,
    'iu',
  ).test(question);

/** 'What does James mean by ...', 'What is Paul saying ...': the subject is who speaks, not what is asked about. */
export const speaks = (question: string, headword: string) =>
  new RegExp(
    `\\b${headwordPattern(headword)}\\s+(?:mean|means|meant|say|says|saying|teach|teaches|talk|is saying)\\b`,
    'iu',
  ).test(question);

/** 'What does peace mean ...?', 'What is the meaning of hope ...?': the question asks what that word means. */
export const asksWordMeaning = (question: string, word: string) =>
  new RegExp(
    `\\b(?:does|do|is|of)\\s+(?:the\\s+word\\s+)?${headwordPattern(word)}\\s+(?:mean|means|in|here)\\b`,
    'i',
  ).test(question) ||
  new RegExp(`\\bmeaning\\s+of\\s+(?:the\\s+word\\s+)?${headwordPattern(word)}\\b`, 'i').test(question);

/** Terms of a question too common to tell one verse from another. */
const FRAME_TERMS = new Set(
  indexTerms('Jesus Christ God Lord Paul James Peter John mean meaning saying talk call himself here'),
);

/**
 * The highlighted verse or one of its two neighbours either side, when a third or more of the
 * question's own terms are its words (WEB or KJV); the one sharing most, the highlighted first on a tie.
 */
export function nearbyVerseAsked(question: string, book: string, chapter: number, at: number | null): number | null {
  // 'What does the Bible mean by love?' asks of the whole Bible, whatever verse is open.
  if (at === null || /\b(?:the bible|scripture|the new testament)\b/i.test(question)) return null;
  const terms = new Set(indexTerms(question).filter((t) => !FRAME_TERMS.has(t)));
  if (terms.size === 0) return null;
  let best: { verse: number; shared: number } | null = null;
  for (const offset of [0, -1, 1, -2, 2]) {
    const verse = at + offset;
    const words = new Set(
      (['web', 'kjv'] as const).flatMap((t) =>
        indexTerms(getVerses(t, book, chapter).find((v) => v.number === verse)?.text ?? ''),
      ),
    );
    const shared = [...terms].filter((t) => words.has(t)).length;
    if (shared > 0 && shared * 3 >= terms.size && (!best || shared > best.shared)) best = { verse, shared };
  }
  return best?.verse ?? null;
}

/**
 * Whether a text names a word or headword as a whole word ('know' does not name 'knowledge'); with
 * `notFirst`, not as its first word ('Put that ...' is a verb, not Easton's 'Put').
 */
export const names = (text: string, word: string, flags: string, notFirst = false) =>
  new RegExp(`${notFirst ? '(?<!^\\s*)' : ''}\\b${headwordPattern(word)}\\b`, flags).test(text);
