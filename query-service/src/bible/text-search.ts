/**
 * Full-text search over one translation's verses: an in-memory inverted index of stemmed,
 * case-folded words. Ranking puts exact phrase matches first, then verses holding every
 * significant query word, then partial matches; rarer words weigh more. Pure, no I/O.
 */

export interface IndexedVerse {
  bookId: string;
  bookName: string;
  chapter: number;
  verse: number;
  text: string;
}

export interface SearchHit extends IndexedVerse {
  highlighted: string;
  score: number;
}

export interface SearchOutcome {
  results: SearchHit[];
  total: number;
  /** When a word is unknown to the text: the query with it replaced by the closest known word. */
  suggestion: string | null;
}

// Words, with inner apostrophes ("doesn’t", "God's") kept as part of the word.
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

// A token that is a word with ordinary punctuation around it ('“love,'), or punctuation alone.
// A query with any other token ('<img', 'src=x>', 'alert(x)') is not words, and a corrected version
// of it would be a guess at markup, not a spelling.
const WORD_TOKEN = /^(?:[("“‘']*[\p{L}\p{N}]+(?:['’\-–—][\p{L}\p{N}]+)*[)"”’'.,;:!?…]*|[.,;:!?…\-–—"“”'‘’]+)$/u;
const isWords = (query: string): boolean => query.split(/\s+/).every((token) => token === '' || WORD_TOKEN.test(token));

const MAX_SUGGESTIONS = 4;
const MAX_SUGGESTED_WORD = 24;

// Common words that do not have to match for a verse to count as matching every word.
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by for from he her him his i in is it me my no not of on or our she ' +
    'so that the their them they this to unto us was we were which who will with ye you your thou thee thy'
  ).split(' '),
);

export function normaliseWord(word: string): string {
  return word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/['’]/g, '');
}

/** A light suffix stripper, so that love, loves, loved, loving, loveth and lovest meet. */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  const strip = (suffix: string, replacement = ''): boolean => {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length) + replacement;
      return true;
    }
    return false;
  };
  if (!strip('ies', 'y')) {
    if (!(strip('eth') || strip('est') || strip('ing') || strip('ed') || strip('es'))) {
      if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) strip('s');
    }
  }
  if (w.endsWith('e') && !w.endsWith('ee')) strip('e');
  return w;
}

export function tokenize(text: string): string[] {
  return (text.match(WORD) ?? []).map(normaliseWord);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

interface QueryTerm {
  stem: string;
  word: string;
  required: boolean;
  idf: number;
  // Verse positions matching the term, and whether each was only a prefix match.
  postings: Map<number, boolean>;
}

export class TextIndex {
  private readonly stems: string[][] = [];
  private readonly words: Array<Set<string>> = [];
  private readonly postings = new Map<string, number[]>();
  private readonly vocabulary: string[];
  // Surface words and how often they occur, for spelling suggestions.
  private readonly wordCounts = new Map<string, number>();

  constructor(private readonly verses: readonly IndexedVerse[]) {
    verses.forEach((verse, i) => {
      const words = tokenize(verse.text);
      const stems = words.map(stem);
      this.stems.push(stems);
      this.words.push(new Set(words));
      for (const w of words) this.wordCounts.set(w, (this.wordCounts.get(w) ?? 0) + 1);
      for (const s of new Set(stems)) {
        let list = this.postings.get(s);
        if (!list) this.postings.set(s, (list = []));
        list.push(i);
      }
    });
    this.vocabulary = [...this.postings.keys()].sort();
  }

  get size(): number {
    return this.verses.length;
  }

  /** Ranked matches; the last word also matches as a prefix (typing "forgiv" finds forgiveness). */
  search(query: string, limit: number): SearchOutcome {
    const words = tokenize(query);
    if (words.length === 0) return { results: [], total: 0, suggestion: null };
    const terms = this.terms(words);
    const required = terms.filter((t) => t.required);

    const candidates = new Map<number, number>(); // verse -> number of required terms matched
    for (const term of required) for (const v of term.postings.keys()) candidates.set(v, (candidates.get(v) ?? 0) + 1);
    let matched = [...candidates].filter(([, n]) => n === required.length).map(([v]) => v);
    // Nothing holds every word: fall back to verses holding some of them, ranked by how many.
    if (matched.length === 0) matched = [...candidates.keys()];

    const phrase = words.map(stem);
    const scored = matched.map((v) => ({
      v,
      score: this.score(v, terms, required.length, phrase, candidates.get(v) ?? 0),
    }));
    scored.sort((a, b) => b.score - a.score || a.v - b.v);

    const highlight = new Set(required.map((t) => t.stem));
    const prefix = terms[terms.length - 1]!;
    const results = scored.slice(0, limit).map(({ v, score }) => ({
      ...this.verses[v]!,
      highlighted: this.highlight(
        this.verses[v]!.text,
        highlight,
        prefix.required && prefix.word.length >= 3 ? prefix.word : null,
      ),
      score: Math.round(score * 1000) / 1000,
    }));
    return { results, total: matched.length, suggestion: this.suggest(query) };
  }

  /**
   * The query with each word the text does not know replaced by the most frequent known word at
   * the smallest edit distance (1 for short words, 2 otherwise); null when nothing would change.
   * Offered even when other words found verses: the fallback then shows only partial matches.
   * Never for a query holding anything but words and punctuation, so a suggestion is never markup.
   */
  suggest(query: string): string | null {
    if (!isWords(query)) return null;
    let changed = false;
    let attempts = 0;
    const lastStart = [...query.matchAll(WORD)].pop()?.index;
    const corrected = query.replace(WORD, (raw, offset: number) => {
      const word = normaliseWord(raw);
      if (this.wordCounts.has(word) || this.postings.has(stem(word)) || STOP_WORDS.has(word) || word.length < 3)
        return raw;
      // The word still being typed is known if some word of the text starts with it.
      if (offset === lastStart && this.vocabulary[lowerBound(this.vocabulary, word)]?.startsWith(word)) return raw;
      // Each attempt scans the vocabulary: a bounded number per query keeps garbage input cheap.
      if (word.length > MAX_SUGGESTED_WORD || ++attempts > MAX_SUGGESTIONS) return raw;
      const best = this.closestWord(word, word.length <= 4 ? 1 : 2);
      if (!best) return raw;
      changed = true;
      return best;
    });
    return changed ? corrected : null;
  }

  private closestWord(word: string, maxDistance: number): string | null {
    let best: string | null = null;
    let bestDistance = maxDistance + 1;
    let bestCount = 0;
    for (const [candidate, count] of this.wordCounts) {
      if (Math.abs(candidate.length - word.length) > maxDistance) continue;
      const d = editDistance(word, candidate, bestDistance);
      if (d < bestDistance || (d === bestDistance && count > bestCount)) {
        best = candidate;
        bestDistance = d;
        bestCount = count;
      }
    }
    return bestDistance <= maxDistance ? best : null;
  }

  private terms(words: string[]): QueryTerm[] {
    const allStop = words.every((w) => STOP_WORDS.has(w));
    const seen = new Set<string>();
    const terms: QueryTerm[] = [];
    words.forEach((word, i) => {
      const s = stem(word);
      if (seen.has(s)) return;
      seen.add(s);
      const postings = new Map<number, boolean>();
      for (const v of this.postings.get(s) ?? []) postings.set(v, false);
      const last = i === words.length - 1;
      if (last && word.length >= 3 && !STOP_WORDS.has(word)) {
        // Prefix matches for the word being typed, weaker than whole-word matches.
        for (
          let k = lowerBound(this.vocabulary, word);
          k < this.vocabulary.length && this.vocabulary[k]!.startsWith(word);
          k++
        ) {
          for (const v of this.postings.get(this.vocabulary[k]!)!) if (!postings.has(v)) postings.set(v, true);
        }
      }
      const idf = Math.log(1 + this.verses.length / Math.max(1, postings.size));
      terms.push({ stem: s, word, required: allStop || !STOP_WORDS.has(word), idf, postings });
    });
    return terms;
  }

  private score(
    v: number,
    terms: QueryTerm[],
    requiredCount: number,
    phrase: string[],
    requiredMatched: number,
  ): number {
    let score = 0;
    for (const term of terms) {
      const prefixOnly = term.postings.get(v);
      if (prefixOnly === undefined) continue;
      score += prefixOnly ? term.idf * 0.5 : term.idf;
      if (this.words[v]!.has(term.word)) score += 0.5; // the exact word, not just the same stem
    }
    if (requiredMatched === requiredCount) score += 50;
    else score += (20 * requiredMatched) / Math.max(1, requiredCount);
    if (phrase.length > 1 && containsSequence(this.stems[v]!, phrase)) score += 100;
    return score - this.stems[v]!.length / 1000; // shorter verses first among equals
  }

  private highlight(text: string, stems: Set<string>, prefix: string | null): string {
    let out = '';
    let last = 0;
    for (const m of text.matchAll(WORD)) {
      const word = normaliseWord(m[0]);
      if (stems.has(stem(word)) || (prefix !== null && word.startsWith(prefix))) {
        out += `${escapeHtml(text.slice(last, m.index))}<mark>${escapeHtml(m[0])}</mark>`;
        last = m.index + m[0].length;
      }
    }
    return out + escapeHtml(text.slice(last));
  }
}

/** Optimal string alignment distance (a swap of neighbours counts 1), giving up past `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2]! + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > limit) return rowMin;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}

function lowerBound(sorted: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function containsSequence(haystack: string[], needle: string[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}
