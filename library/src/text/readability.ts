/**
 * Flesch-Kincaid grade of a text, and a paragraph kept to its plainest sentences for the simple
 * style. Syllables by the `syllable` package, the grade by the `flesch-kincaid` formula package
 * (both Titus Wormer's: small, maintained, typed). A sentence ends at '.', '!' or '?' before a
 * space or the end, or at a line end (a list item is a sentence); a word is a run of letters
 * (references' numbers are not words).
 */
import { fleschKincaid } from 'flesch-kincaid';
import { syllable } from 'syllable';
import { sentencesOf } from '../henry-on-verse';

export function readingGrade(text: string): number {
  const sentences = text.split(/[.!?]+["”’']?(?=\s|$)|\n+/).filter((s) => /\p{L}/u.test(s)).length;
  const words = text.match(/\p{L}[\p{L}’'-]*/gu) ?? [];
  if (sentences === 0 || words.length === 0) return 0;
  return fleschKincaid({
    sentence: sentences,
    word: words.length,
    syllable: words.reduce((n, w) => n + syllable(w), 0),
  });
}

/** The grade the simple style keeps to. */
const SIMPLE_GRADE = 8;

/**
 * A paragraph for a reader who asked for simple words: as it is when it reads at grade 8 or lower,
 * else its sentences that do (up to `keep`, in their order), else its one plainest sentence. A
 * paragraph that quotes Scripture with its reference is the Bible's words and is left as it is.
 */
export function plainParagraph(paragraph: string, keep = 2): string {
  if (
    readingGrade(paragraph) <= SIMPLE_GRADE ||
    /["“][^"”]+["”]\s*\([^)]*\d+:\d+/.test(paragraph) ||
    paragraph.includes('\n')
  )
    return paragraph;
  // Shorter sentences first, all of it kept: a clause after ';' or ', and' becomes a sentence of its own.
  const split = shorterSentences(paragraph);
  if (readingGrade(split) <= SIMPLE_GRADE) return split;
  paragraph = split;
  // A label ('Easton's Bible Dictionary, 'Samaritans': ') stays in front of what is kept.
  const label = /^[^.:!?]{3,80}:\s+(?=\S)/.exec(paragraph)?.[0] ?? '';
  const sentences = sentencesOf(paragraph.slice(label.length)).map((s, i) => ({ s, i, grade: readingGrade(s) }));
  // A sentence opening 'And' or 'But' leans on the one before: it is kept only after it.
  const plain = sentences
    .filter((x, i) => x.grade <= SIMPLE_GRADE && (i === 0 || !/^(?:And|But|So|Or)\b/.test(x.s)))
    .slice(0, keep);
  // None plain: the first sentence, which usually carries the answer.
  const kept = plain.length > 0 ? plain : sentences.slice(0, 1);
  return `${label}${kept
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s)
    .join(' ')}`;
}

/** 'A; b' and 'A, and b' (each side six words or more) as 'A. B' and 'A. And b'; references' '2:16; 5:1' untouched. */
function shorterSentences(text: string): string {
  return text
    .replace(/([a-z)]);\s+([a-z])/g, (_, a: string, b: string) => `${a}. ${b.toUpperCase()}`)
    .replace(/(\b(?:\S+\s+){5}\S*[a-z]),\s+and\s+(?=(?:\S+\s+){5})/g, '$1. And ');
}
