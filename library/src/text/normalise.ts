/**
 * The normalising tokenizer both the safety check and the question matcher read a reader's
 * message with: one form for the many ways people type ("I'm", "im", "I am"; "dont"; "wanna";
 * "sooo"; accents; curly quotes), split into words, and misspellings corrected against the words
 * a rule or a question actually uses (Levenshtein distance from `fastest-levenshtein`), only for
 * words that are not English (the `word-list` package, about 274,000 words, and every word of the
 * WEB and the KJV): "kil" becomes "kill", but "kin" and "dye" stay what they are.
 */
import { readFileSync } from 'node:fs';
import { distance } from 'fastest-levenshtein';
import englishWordsPath from 'word-list';
import { TRANSLATIONS } from '@lectio/contracts/bible-api';
import { loadNewTestament, readOldTestament } from '../bible';
import { hasData, readData } from '../data';

// Informal spellings and contractions, as whole words (after apostrophes are dropped).
const REWRITES: Record<string, string> = {
  im: 'i am',
  ive: 'i have',
  dont: 'do not',
  doesnt: 'does not',
  didnt: 'did not',
  cant: 'can not',
  cannot: 'can not',
  wont: 'will not',
  isnt: 'is not',
  arent: 'are not',
  wasnt: 'was not',
  shouldnt: 'should not',
  wouldnt: 'would not',
  couldnt: 'could not',
  aint: 'am not',
  havent: 'have not',
  hasnt: 'has not',
  wanna: 'want to',
  gonna: 'going to',
  gotta: 'got to',
  hafta: 'have to',
  tryna: 'trying to',
  u: 'you',
  ur: 'your',
  r: 'are',
  pls: 'please',
  plz: 'please',
  bc: 'because',
  thru: 'through',
  tho: 'though',
  cuz: 'because',
  coz: 'because',
  meds: 'medication',
  kms: 'kill myself',
  unalive: 'kill',
  unaliving: 'killing',
  selfharm: 'self harm',
  thats: 'that is',
  whats: 'what is',
  whos: 'who is',
  hes: 'he is',
  shes: 'she is',
  theyre: 'they are',
  youre: 'you are',
};

/** Lower case, no accents, straight apostrophes dropped inside words, every run of a letter kept to two. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/(\w)'(\w)/g, '$1$2')
    .replace(/([a-z])\1{2,}/g, '$1$1');
}

/** The words of a text, normalised, with informal spellings written out ("im" -> "i", "am"). */
export function wordsOf(text: string): string[] {
  return normaliseText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .flatMap((w) => (REWRITES[w] ?? w).split(' '));
}

/** What correctWord asks of the words it keeps: only whether one is there. */
export interface WordList {
  has(word: string): boolean;
}

/**
 * Words kept as one sorted string and where each starts, looked up by binary search: about 3 MB
 * for the 280,000 English words, where a Set of them held about 25 MB of the process's heap.
 */
export class SortedWords implements WordList {
  private readonly text: string;
  private readonly starts: Uint32Array;

  constructor(words: Iterable<string>) {
    // Default sort order is by UTF-16 code unit, the order `compare` searches in.
    const sorted = [...new Set(words)].filter(Boolean).sort();
    this.text = sorted.join('\n');
    this.starts = new Uint32Array(sorted.length);
    let at = 0;
    sorted.forEach((w, i) => {
      this.starts[i] = at;
      at += w.length + 1;
    });
  }

  get size(): number {
    return this.starts.length;
  }

  has(word: string): boolean {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = this.compare(word, mid);
      if (c === 0) return true;
      if (c < 0) hi = mid - 1;
      else lo = mid + 1;
    }
    return false;
  }

  /** `word` against the i-th word, as `<` on strings orders them, without slicing one out. */
  private compare(word: string, i: number): number {
    const start = this.starts[i]!;
    const end = i + 1 < this.starts.length ? this.starts[i + 1]! - 1 : this.text.length;
    const length = end - start;
    for (let k = 0; k < word.length && k < length; k++) {
      const d = word.charCodeAt(k) - this.text.charCodeAt(start + k);
      if (d !== 0) return d;
    }
    return word.length - length;
  }
}

let english: SortedWords | undefined;

/** The words of both testaments in both translations, as normaliseText leaves them (apostrophes dropped). */
let everyWord: Set<string> | undefined;

/** Every word of the WEB and the KJV, both testaments (read once: the build asks for it twice). */
function bibleWords(): Set<string> {
  if (everyWord) return everyWord;
  const words = (everyWord = new Set<string>());
  for (const t of TRANSLATIONS)
    for (const file of [loadNewTestament(t), readOldTestament(t)])
      for (const chapters of Object.values(file.books))
        for (const verses of Object.values(chapters))
          for (const v of verses)
            for (const w of v.text
              .toLowerCase()
              .replace(/['’]/g, '')
              .split(/[^a-z]+/))
              if (w) words.add(w);
  return words;
}

const englishList = (): string[] => readFileSync(englishWordsPath, 'utf8').split('\n');

/** The Bible's words the word list lacks ('whithersoever', names): what tools/questions/build-indexes.ts commits. */
export function bibleOnlyWords(): string[] {
  const listed = new Set(englishList());
  return [...bibleWords()].filter((w) => !listed.has(w)).sort();
}

export const BIBLE_ONLY_WORDS_FILE = 'words/bible-only-words.json';

/** Every word of the Bibles, sorted: what a misspelt word of a remembered saying is corrected towards. */
export const bibleVocabularyList = (): string[] => [...bibleWords()].sort();

export const BIBLE_WORDS_FILE = 'words/bible-words.json';

let vocabulary: ReadonlySet<string> | undefined;

/** The Bibles' words, from the committed list (or the Bibles when it is not there). */
export function bibleVocabulary(): ReadonlySet<string> {
  return (vocabulary ??= new Set(hasData(BIBLE_WORDS_FILE) ? readData<string[]>(BIBLE_WORDS_FILE) : bibleWords()));
}

/**
 * A remembered saying with its misspelt words corrected to the Bible's nearest ('be strong and couragous' is
 * 'courageous'); words of six letters or more that no English word list or Bible has, so a right word is never changed.
 */
export function spellingMended(words: string[]): string[] {
  return words.map((w) => (w.length < 6 || englishWords().has(w) ? w : correctWord(w, bibleVocabulary())));
}

/**
 * English words, counted as spelt right: the word list and every word of the WEB and the KJV, both
 * testaments. The Bible's own words come from the committed list (reading four Bibles at start took
 * most of a second), or from the Bibles when it is not there.
 */
export function englishWords(): WordList {
  if (english) return english;
  const extra = hasData(BIBLE_ONLY_WORDS_FILE) ? readData<string[]>(BIBLE_ONLY_WORDS_FILE) : bibleWords();
  return (english = new SortedWords([...englishList(), ...extra]));
}

/** How far a word may be from what it was meant to be: one edit for short words, two from eight letters. */
const allowedEdits = (length: number) => (length < 3 ? 0 : length < 8 ? 1 : 2);

/** Two neighbouring letters swapped ('suicdie'): one slip, though Levenshtein counts it as two. */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length && diff.length <= 2; i++) if (a[i] !== b[i]) diff.push(i);
  return diff.length === 2 && diff[1] === diff[0]! + 1 && a[diff[0]!] === b[diff[1]!] && a[diff[1]!] === b[diff[0]!];
}

/**
 * A misspelt word corrected to the nearest word of `lexicon` (the words that matter to the caller);
 * a known English word, a number or a word with no close match is kept as it is.
 */
export function correctWord(word: string, lexicon: ReadonlySet<string>, known: WordList = englishWords()): string {
  if (lexicon.has(word) || known.has(word) || /\d/.test(word)) return word;
  const limit = allowedEdits(word.length);
  if (limit === 0) return word;
  let best = word;
  let bestDistance = limit + 1;
  for (const candidate of lexicon) {
    if (Math.abs(candidate.length - word.length) > limit || candidate.length < 3) continue;
    const d = swapped(word, candidate) ? 1 : distance(word, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
