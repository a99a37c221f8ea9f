/**
 * Flesch-Kincaid grade of an answer, for the bank's tests: syllables by the `syllable` package,
 * the grade by the `flesch-kincaid` formula package (both by Titus Wormer). A sentence ends at
 * '.', '!' or '?' before a space or the end, or at a line end (a list item is a sentence); a word
 * is a run of letters (references' numbers are not words).
 */
import { fleschKincaid } from 'flesch-kincaid';
import { syllable } from 'syllable';

export function gradeOf(text: string): number {
  const sentences = text.split(/[.!?]+["”’']?(?=\s|$)|\n+/).filter((s) => /\p{L}/u.test(s)).length;
  const words = text.match(/\p{L}[\p{L}’'-]*/gu) ?? [];
  if (sentences === 0 || words.length === 0) return 0;
  return fleschKincaid({ sentence: sentences, word: words.length, syllable: words.reduce((n, w) => n + syllable(w), 0) });
}
