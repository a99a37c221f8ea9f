/**
 * Matthew Henry's sentences about one verse. His Concise Commentary comments on sections (John
 * 3:1-21 is one entry of 85 sentences); a reader studying John 3:16 wants the few sentences on that
 * verse, then the whole section if they like.
 *
 * How: the section is split into sentences (Intl.Segmenter) and each sentence is given to one verse
 * of the section, choosing the assignment that best matches the words of each sentence with the
 * words of its verse, less the cost of moving between verses (Viterbi over sentences x verses):
 * - a word of the verse (KJV or WEB, stemmed) in the sentence counts by how rare it is among the
 *   section's verses ('loved' says more about 3:16 than 'God', which most of John 3 has), and for
 *   less in a long verse (which shares some word with anything);
 * - three words in a row as the verse has them (a quotation: 'God so loved the world') count more;
 * - 'ver. 11-13' in a sentence names its verses outright.
 * Henry mostly follows the text: a sentence that matches no verse stays with the verse before it
 * (moving on costs a little), so an application following a quotation goes with the quoted verse;
 * going back to an earlier verse costs more, and only a clear match pays for it.
 */
import { formatReference } from '@lectio/contracts/reference';
import { getVerses, TRANSLATIONS } from './bible';
import { COMMENTARY_SOURCE, loadCommentary, type CommentarySection } from './library-data';
import { meaningWords, plainWords } from './text-words';

export const HENRY = { source: COMMENTARY_SOURCE, author: 'Matthew Henry', year: '1706-1721' } as const;

export interface HenryOnVerse {
  source: string;
  author: string;
  year: string;
  /** The section the sentences come from: 'John 3:1-21'. */
  sectionReference: string;
  /** Henry's sentences about the verse, in his order; '' when he says nothing about it in particular. */
  text: string;
  /** The whole section, for 'read the whole section'. */
  section: string;
}

// Moving on to a later verse costs this much, so a sentence that matches nothing stays with the verse before;
// going back costs more: Henry mostly follows the text, but returns to a verse now and then.
const MOVE_ON_COST = 0.01;
const GO_BACK_COST = 6;
// Three of the verse's words in a row, as the verse has them, count this much beyond the words themselves.
const PHRASE_WEIGHT = 1.5;
// 'ver. 11-13' names the verses a sentence is about.
const NAMED_VERSE_WEIGHT = 20;
const NAMED_VERSES = /\bver(?:ses?|\.)?\s*#?\(?(\d+)(?:\s*[-–]\s*(\d+))?/gi;
// The chapter's outline heads its first entry, after the book's introduction in a first chapter:
// "Christ's discourse with Nicodemus. (1-21) The baptism of John ... (22-36) Nicodemus was afraid...".
// Each item ends a heading, so its verses follow a full stop (an enumeration '(1) The ...' does not).
const OUTLINE_MARK = /[.?!]\s*\((\d+)(?:\s*[-–]\s*(\d+))?\)/g;

/**
 * The text after the chapter's outline (and the book's introduction before it): the outline is a
 * run of items whose verses follow on from verse 1. All of the text when there is none.
 */
export function withoutOutline(text: string): string {
  let expected = 1;
  let end = -1;
  for (const m of text.matchAll(OUTLINE_MARK)) {
    const first = Number(m[1]);
    if (first !== expected) {
      if (end >= 0) break;
      continue;
    }
    end = m.index + m[0].length;
    expected = Number(m[2] ?? m[1]) + 1;
  }
  return end < 0 ? text : text.slice(end).trimStart();
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

const ABBREVIATION =
  /(?:^|[\s(;,])(?:comp|Comp|cf|ver|vers|ch|chap|viz|vol|i\.e|e\.g|Gen|Ex|Exod|Lev|Num|Deut|Josh|Judg|Sam|Kgs|Chr|Chron|Neh|Esth|Ps|Prov|Eccl|Eccles|Isa|Jer|Lam|Ezek|Dan|Hos|Obad|Mic|Nah|Hab|Zeph|Hag|Zech|Mal|Matt|Mk|Lk|Jn|Rom|Cor|Gal|Eph|Phil|Col|Thess|Tim|Tit|Philem|Heb|Jas|Pet|Rev)\.$/;

/**
 * A break the segmenter makes that is no sentence's end: after an abbreviation ('comp.', 'cf.',
 * 'Matt.', 'Deut.', 'i.e.') or inside brackets, or before a word in lower case. Easton's and
 * Henry's references are full of these, and a sentence cut there reads 'Luke 17:18) amalgamated ...'.
 */
function continuesSentence(previous: string, next: string): boolean {
  if (ABBREVIATION.test(previous)) return true;
  if ((previous.match(/\(/g)?.length ?? 0) > (previous.match(/\)/g)?.length ?? 0)) return true;
  return /^[a-z]/.test(next);
}

/** The section's sentences; a list number ('1. ') stays with the sentence it numbers. */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let pending = '';
  for (const { segment } of segmenter.segment(text)) {
    const s = segment.trim();
    if (s === '') continue;
    if (/^\(?\d+[.)]$/.test(s)) {
      pending += `${s} `;
      continue;
    }
    const last = out.length - 1;
    if (!pending && last >= 0 && continuesSentence(out[last]!, s)) out[last] = `${out[last]} ${s}`;
    else out.push(pending + s);
    pending = '';
  }
  if (pending) out.push(pending.trim());
  return out;
}

/** Three words in a row: a quotation's mark. */
function phrases(text: string): Set<string> {
  const w = plainWords(text);
  const out = new Set<string>();
  for (let i = 2; i < w.length; i++) out.add(`${w[i - 2]} ${w[i - 1]} ${w[i]}`);
  return out;
}

interface VerseWords {
  number: number;
  words: Set<string>;
  phrases: Set<string>;
}

function verseWords(bookId: string, chapter: number, from: number, to: number): VerseWords[] {
  const out: VerseWords[] = [];
  for (let number = from; number <= to; number++) {
    const texts = TRANSLATIONS.map(
      (t) => getVerses(t, bookId, chapter).find((v) => v.number === number)?.text ?? '',
    ).filter(Boolean);
    if (texts.length === 0) continue;
    out.push({
      number,
      words: new Set(texts.flatMap(meaningWords)),
      phrases: new Set(texts.flatMap((t) => [...phrases(t)])),
    });
  }
  return out;
}

/** How well each sentence matches each verse (rows: sentences, columns: verses). */
function scores(sentences: string[], verses: VerseWords[]): number[][] {
  const df = new Map<string, number>();
  for (const v of verses) for (const w of v.words) df.set(w, (df.get(w) ?? 0) + 1);
  const weight = (w: string) => Math.log(1 + verses.length / (df.get(w) ?? 1));
  // A long verse shares more words with anything; its matches count for less (as in BM25).
  const average = verses.reduce((n, v) => n + v.words.size, 0) / verses.length;
  const damping = verses.map((v) => 0.5 + (0.5 * v.words.size) / average);
  return sentences.map((sentence) => {
    const words = new Set(meaningWords(sentence));
    const quoted = phrases(sentence);
    const named = new Set<number>();
    for (const m of sentence.matchAll(NAMED_VERSES)) {
      const from = Number(m[1]);
      const to = Math.min(Number(m[2] ?? m[1]), from + 50);
      for (let n = from; n <= to; n++) named.add(n);
    }
    return verses.map((v, j) => {
      let score = 0;
      for (const w of words) if (v.words.has(w)) score += weight(w);
      for (const p of quoted) if (v.phrases.has(p)) score += PHRASE_WEIGHT;
      return score / damping[j]! + (named.has(v.number) ? NAMED_VERSE_WEIGHT : 0);
    });
  });
}

/** What moving from verse k (previous sentence) to verse j costs. */
const moveCost = (k: number, j: number): number => (k === j ? 0 : k < j ? MOVE_ON_COST : GO_BACK_COST);

/** For each sentence, the index of its verse: the best total score less the cost of the moves (Viterbi). */
export function alignSentences(score: number[][], verseCount: number): number[] {
  const m = score.length;
  if (m === 0 || verseCount === 0) return [];
  let best = score[0]!.map((s, j) => s - moveCost(0, j));
  const from: number[][] = [];
  for (let i = 1; i < m; i++) {
    const row = new Array<number>(verseCount);
    const back = new Array<number>(verseCount);
    for (let j = 0; j < verseCount; j++) {
      let top = -Infinity;
      for (let k = 0; k < verseCount; k++) {
        const value = best[k]! - moveCost(k, j);
        if (value > top) {
          top = value;
          back[j] = k;
        }
      }
      row[j] = top + score[i]![j]!;
    }
    best = row;
    from.push(back);
  }
  let j = best.reduce((at, v, k) => (v > best[at]! ? k : at), 0);
  const out = new Array<number>(m);
  for (let i = m - 1; i >= 0; i--) {
    out[i] = j;
    if (i > 0) j = from[i - 1]![j]!;
  }
  return out;
}

function sectionOn(bookId: string, chapter: number, verse: number): CommentarySection | undefined {
  return loadCommentary().books[bookId]?.find((s) => s.chapter === chapter && s.verse <= verse && verse <= s.verseEnd);
}

/** Henry's sentences about one verse and the section they come from; null when he has no section on it. */
export function henryOnVerse(bookId: string, chapter: number, verse: number): HenryOnVerse | null {
  const section = sectionOn(bookId, chapter, verse);
  if (!section) return null;
  const sectionReference = formatReference({
    bookId,
    chapter,
    verse: section.verse,
    verseEnd: section.verseEnd > section.verse ? section.verseEnd : undefined,
  });
  const sentences = sentencesOf(section.verse === 1 ? withoutOutline(section.text) : section.text);
  const verses = verseWords(bookId, chapter, section.verse, section.verseEnd);
  const target = verses.findIndex((v) => v.number === verse);
  let text = '';
  if (verses.length <= 1) text = sentences.join(' ');
  else if (target >= 0) {
    const at = alignSentences(scores(sentences, verses), verses.length);
    text = sentences.filter((_, i) => at[i] === target).join(' ');
  }
  return { ...HENRY, sectionReference, text, section: section.text };
}
