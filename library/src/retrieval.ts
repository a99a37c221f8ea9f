/**
 * Ranked retrieval for the offline assistant: BM25 (MiniSearch) over two indexes built at build time
 * (retrieval-index.ts, tools/questions/build-indexes.ts) and read on first use,
 * both reading words with the one normaliser (text/normalise.ts) and the one stemmer (`stemmer`,
 * Porter's), as the classifiers do:
 * - the verses of both testaments, WEB and KJV wording together, for "where does it say ..." in any
 *   translation's words;
 * - the library's prose: Matthew Henry's sections, Scofield's notes, Easton's dictionary and our
 *   introductions, for why and how questions.
 * MiniSearch was chosen over wink-bm25-text-search: it indexes incrementally with a compact radix
 * tree, takes our tokenizer and term processing, and returns which query terms each hit matched, so
 * a result is kept only above a bar (enough of the question's words, and a score near the best):
 * under it nothing is shown, never padding.
 */
import { formatReference } from '@lectio/contracts/reference';
import type MiniSearch from 'minisearch';
import { plainWordings, sharedWordPairs } from './answers/phrase-search';
import { olderWordsFor } from './modern-wording';
import { indexTerms, loadProseIndex, loadVerseIndex, type ProseDoc, proseDocs, versePlace } from './retrieval-index';
import { getVerseText } from './bible';
import { spellingMended, wordsOf } from './text/normalise';

export { indexTerms };

export interface VerseHit {
  bookId: string;
  chapter: number;
  verse: number;
  reference: string;
  score: number;
  /** The share of the query's terms the verse holds. */
  coverage: number;
}

let verseIndex: ReturnType<typeof loadVerseIndex> | undefined;

// Built at build time (retrieval-index.ts): read back on first use.
const verses = () => (verseIndex ??= loadVerseIndex());

const verseFrequency = new Map<string, number>();
/**
 * How many verses hold the term (an index term, as `indexTerms` gives it): 'one' thousands, 'bethlehem' a few dozen.
 * Rare words say more of which verse a saying is than common ones.
 */
export function versesHolding(term: string): number {
  let n = verseFrequency.get(term);
  if (n === undefined)
    verseFrequency.set(term, (n = verses().search(term, { tokenize: (s) => [s], processTerm: (t) => t }).length));
  return n;
}

/** The share of the text's terms that some verse holds: 'chocolate chip cookie recipe' has one of five. */
export function biblicalShare(text: string): number {
  const terms = [...new Set(indexTerms(text))];
  return terms.length === 0 ? 0 : terms.filter((t) => versesHolding(t) > 0).length / terms.length;
}

/**
 * A saying's words as groups: each word's stem with the stems of the older words a modern
 * translation's word may stand for (modern-wording.ts), weighted by how rare the group's commonest
 * term is among the verses (inverse document frequency). A word in no verse at all weighs nothing.
 */
function termGroups(saying: string): { terms: string[]; weight: number }[] {
  const groups = new Map<string, string[]>();
  const words = spellingMended(wordsOf(saying));
  words.forEach((word, i) => {
    const [stem] = indexTerms(word);
    if (!stem || groups.has(stem)) return;
    const older = [...olderWordsFor(word), ...(words[i + 1] ? olderWordsFor(`${word} ${words[i + 1]}`) : [])];
    groups.set(stem, [...new Set([stem, ...indexTerms(older.join(' '))])]);
  });
  const total = verses().documentCount;
  return [...groups.values()]
    .map((terms) => {
      const most = Math.max(...terms.map(versesHolding));
      return { terms, weight: most === 0 ? 0 : Math.log(1 + total / most) };
    })
    .filter((g) => g.weight > 0);
}

/**
 * The verses whose words (WEB, KJV or BSB) best match a remembered saying, best first; only those
 * holding at least `minCoverage` of its words (weighted by rarity, so 'multitude' counts for more
 * than 'other') and scoring within reach of the best. A modern translation's words also try the
 * older words they stand for ('quick to listen' finds 'swift to hear'). With `phrase` (the saying
 * itself, of three words or more), the verses that keep more of its words in its order rank higher:
 * 'come near to God and he will come near to you' is James 4:8's 'draw near to God, and He will draw
 * near to you', not Luke 10:9's 'has come near to you'.
 */
export function searchVerses(
  saying: string,
  limit = 3,
  minCoverage = 0.5,
  phrase?: string,
  within?: VerseRange | VerseBooks,
): VerseHit[] {
  const groups = termGroups(saying);
  if (groups.length === 0) return [];
  const all = groups.reduce((n, g) => n + g.weight, 0);
  const query = [...new Set(groups.flatMap((g) => g.terms))].join(' ');
  const results = verses().search(query, {
    tokenize: (s) => s.split(' '),
    processTerm: (t) => t,
    combineWith: 'OR',
    filter: within
      ? (r) => {
          const at = versePlace(String(r.id));
          if (!at) return false;
          return 'books' in within
            ? within.books.includes(at.bookId)
            : at.bookId === within.book &&
                at.chapter >= within.fromChapter &&
                at.chapter <= within.toChapter &&
                !(
                  within.except &&
                  at.chapter === within.except.chapter &&
                  at.verse >= within.except.from &&
                  at.verse <= within.except.to
                );
        }
      : undefined,
  });
  const best = results[0]?.score ?? 0;
  const ordered = phrase && phrase.trim().split(/\s+/).length >= 3;
  // Verses keeping a run of the saying's words in its order ('because the days are evil'), however few of its other words they hold.
  const kept = ordered && !within ? keepingWordOrder(phrase) : new Map<string, number>();
  const candidates: (VerseHit & { rank: number })[] = [];
  const add = (id: string, score: number, coverage: number, pairs: number) => {
    const at = versePlace(id);
    if (at)
      candidates.push({
        ...at,
        reference: formatReference(at),
        score,
        coverage,
        rank: score / best + PAIR_WEIGHT * pairs,
      });
  };
  for (const r of results) {
    const matched = new Set(r.queryTerms);
    const held = groups.filter((g) => g.terms.some((t) => matched.has(t)));
    // Weighted by rarity, or counted plainly, whichever is more: a question's own frame words ('talk', 'remember') are rare in the Bible too.
    const coverage = Math.max(held.reduce((n, g) => n + g.weight, 0) / all, held.length / groups.length);
    const id = String(r.id);
    // Ordered: a wider net (the word order decides among them), else only scores near the best.
    const inOrder = kept.get(id);
    if (inOrder !== undefined) {
      add(id, r.score, coverage, inOrder);
      kept.delete(id);
      continue;
    }
    if (coverage < minCoverage || r.score < best * (ordered ? RERANK_FLOOR : 0.6)) continue;
    if (ordered && candidates.length >= RERANK_DEPTH) continue;
    add(id, r.score, coverage, ordered ? Math.max(0, ...plainWordings(id).map((t) => sharedWordPairs(phrase, t))) : 0);
    if (!ordered && candidates.length >= limit) break;
  }
  if (!ordered) return candidates.map(({ rank: _rank, ...hit }) => hit);
  candidates.sort((a, b) => b.rank - a.rank);
  const top = candidates[0]?.rank ?? 0;
  return candidates
    .filter((c) => c.rank >= top * 0.6)
    .slice(0, limit)
    .map(({ rank: _rank, ...hit }) => hit);
}

/**
 * The verses that keep a good share of the saying's word pairs in order (a third or more, and three pairs at least):
 * candidates found by each two neighbouring words of substance the saying has, in any wording (WEB, KJV or BSB), then
 * read for the saying's word order. A pair in too many verses ('lord god') finds nothing of its own.
 */
function keepingWordOrder(phrase: string): Map<string, number> {
  const terms = indexTerms(phrase);
  const wanted = wordsOf(phrase).length - 1;
  const out = new Map<string, number>();
  if (wanted < 3) return out;
  const seen = new Set<string>();
  for (let i = 1; i < terms.length; i++) {
    const pair = `${terms[i - 1]} ${terms[i]}`;
    if (terms[i - 1] === terms[i] || seen.has(pair)) continue;
    seen.add(pair);
    const found = verses().search(pair, { tokenize: (s) => s.split(' '), processTerm: (t) => t, combineWith: 'AND' });
    if (found.length > PAIR_TOO_COMMON) continue;
    for (const r of found) {
      const id = String(r.id);
      if (out.has(id)) continue;
      const share = Math.max(0, ...plainWordings(id).map((t) => sharedWordPairs(phrase, t)));
      if (share >= 1 / 3 && share * wanted >= 3) out.set(id, share);
    }
  }
  return out;
}

/** A pair of words in more verses than this is too common to look for a saying by. */
const PAIR_TOO_COMMON = 400;

/** A verse's index terms, its WEB and KJV wording together: what a question shares with the verse open. */
export function verseTerms(book: string, chapter: number, verse: number): Set<string> {
  return new Set((['web', 'kjv'] as const).flatMap((t) => indexTerms(getVerseText(t, book, chapter, verse) ?? '')));
}

let lastShare: { text: string; share: number } | undefined;

/**
 * How much of a text's word order some verse keeps, 0 to 1: the largest share of its word pairs that one of the verses
 * nearest to it (WEB, KJV or BSB wording) holds in order. 'so in everything, do to others what you would have them do to
 * you' keeps most of Matthew 7:12's; a question about a verse keeps little of any.
 */
export function wordOrderShare(text: string): number {
  // Asked of one question twice, by its reading and by the where-answer: searched once.
  if (lastShare?.text === text) return lastShare.share;
  let best = 0;
  for (const h of searchVerses(text, 10, 0.3, text))
    for (const wording of plainWordings(`${h.bookId} ${h.chapter} ${h.verse}`))
      best = Math.max(best, sharedWordPairs(text, wording));
  lastShare = { text, share: best };
  return best;
}

/** Chapters of one book a search keeps to: the story a follow-up asks more of. */
export interface VerseRange {
  book: string;
  fromChapter: number;
  toChapter: number;
  /** Verses left out (those the answer quotes anyway), so the bar is set by the others. */
  except?: { chapter: number; from: number; to: number };
}

/** Books a search keeps to: the part of the Bible a follow-up names ('where does Paul use it?'). */
export interface VerseBooks {
  books: readonly string[];
}

/** How many of BM25's verses the word order re-ranks, and how far below the best score they may start. */
const RERANK_DEPTH = 30;
const RERANK_FLOOR = Number(process.env.RERANK_FLOOR ?? 0.4);
/** How much a verse keeping the saying's word order counts beside its BM25 score (a share of pairs, 0 to 1, against a score over the best). */
const PAIR_WEIGHT = 1.5;

export interface ProseHit extends Omit<ProseDoc, 'id'> {
  score: number;
  coverage: number;
}

let proseIndex: { index: MiniSearch<ProseDoc>; docs: ProseDoc[] } | undefined;

function prose(): NonNullable<typeof proseIndex> {
  if (proseIndex) return proseIndex;
  const docs = proseDocs();
  return (proseIndex = { index: loadProseIndex(docs), docs });
}

/**
 * The library's prose that best answers a question, above the bar (enough of its terms, near the
 * best score); with `on`, only what is on that chapter; with `only`, only prose of that kind.
 */
export function searchProse(
  question: string,
  limit = 3,
  minCoverage = 0.5,
  on?: { book: string; chapter: number },
  only?: ProseHit['kind'],
): ProseHit[] {
  const terms = [...new Set(indexTerms(question))];
  if (terms.length === 0) return [];
  const { index, docs } = prose();
  // With `on`, only what is on that chapter (Henry's sections, Scofield's notes, our answers on it), its bar its own; so with `only`.
  const filter =
    on || only
      ? (r: { id: unknown }) => {
          const doc = docs[Number(r.id)];
          return (!on || (doc?.bookId === on.book && doc.chapter === on.chapter)) && (!only || doc?.kind === only);
        }
      : undefined;
  const results = index.search(terms.join(' '), {
    tokenize: (s) => s.split(' '),
    processTerm: (t) => t,
    combineWith: 'OR',
    filter,
  });
  const best = results[0]?.score ?? 0;
  const out: ProseHit[] = [];
  for (const r of results) {
    const coverage = r.terms.length / terms.length;
    const doc = docs[Number(r.id)];
    if (!doc || coverage < minCoverage || r.score < best * 0.5) continue;
    const { id: _id, ...hit } = doc;
    out.push({ ...hit, score: r.score, coverage });
    if (out.length >= limit) break;
  }
  return out;
}

/** What the indexes hold, for the bench. */
export function retrievalSize(): { verses: number; prose: number } {
  return { verses: verses().documentCount, prose: prose().docs.length };
}
