/**
 * Passages outside the Gospel parallels that tell the same thing twice or quote one another, written
 * by us (library/data/parallels/scripture-parallels.json): the two creation accounts, David's census in
 * Samuel and Chronicles, Psalm 14 and 53, Isaiah 2 and Micah 4, Joel at Pentecost... each with its
 * places and the main differences, so "isn't this psalm repeated somewhere?" sets them side by side.
 */
import { readOptionalData } from './data';
import { findReferences } from './references/scan';
import { indexTerms } from './retrieval-index';

export interface ScriptureParallel {
  id: string;
  title: string;
  /** Its passages ('Genesis 1:1-2:3', 'Psalm 14'), in the order the note speaks of them. */
  places: string[];
  differences: string;
  /** The differences in plain words (grade 8), for the simple style. */
  plain: string;
}

interface ParallelsFile {
  source: string;
  parallels: ScriptureParallel[];
}

/** A passage as one span of the Bible: book, and chapter and verse as one number, from and to. */
interface Span {
  book: string;
  from: number;
  to: number;
}

const at = (chapter: number, verse: number) => chapter * 1000 + verse;

/** The span of a reference ('Psalm 14' is the whole psalm; 'Genesis 1:1-2:3' crosses a chapter). */
function spanOf(reference: string): Span | null {
  const [r] = findReferences(reference);
  if (!r?.book) return null;
  const lastChapter = r.chapterEnd ?? r.chapter;
  const to = r.verse === null ? at(lastChapter, 999) : at(lastChapter, r.verseEnd ?? r.verse);
  return { book: r.book.id, from: at(r.chapter, r.verse ?? 1), to };
}

let loaded: { parallel: ScriptureParallel; spans: Span[] }[] | undefined;

function all() {
  return (loaded ??= readOptionalData<ParallelsFile>('parallels/scripture-parallels.json', {
    source: '',
    parallels: [],
  }).parallels.map((parallel) => ({
    parallel,
    spans: parallel.places.map(spanOf).filter((s): s is Span => s !== null),
  })));
}

/**
 * The parallel a compare-question is about: one with a passage the question names or has open (the
 * narrowest such passage first, and one naming a second place of it before others), else one whose
 * title shares two of the question's words.
 */
export function scriptureParallelFor(
  question: string,
  places: { book: string; chapter: number; verse: number | null }[],
  books: string[],
): ScriptureParallel | undefined {
  const asked = places.map((p) => ({ book: p.book, point: at(p.chapter, p.verse ?? 1) }));
  const holding = all()
    .map(({ parallel, spans }) => {
      const held = spans.filter((s) => asked.some((a) => a.book === s.book && s.from <= a.point && a.point <= s.to));
      return { parallel, spans, held };
    })
    .filter((p) => p.held.length > 0);
  // The question's own books ('in 2 Samuel it says ...', 'how does this compare to Genesis') pick among them.
  const named = new Set(books);
  const rank = (p: (typeof holding)[number]) =>
    p.spans.filter((s) => named.has(s.book) && !p.held.includes(s)).length * 1e6 -
    Math.min(...p.held.map((s) => s.to - s.from));
  const best = holding.sort((a, b) => rank(b) - rank(a))[0];
  if (best) return best.parallel;
  const terms = new Set(indexTerms(question));
  return all()
    .map(({ parallel }) => ({ parallel, n: indexTerms(parallel.title).filter((t) => terms.has(t)).length }))
    .filter((p) => p.n >= 2)
    .sort((a, b) => b.n - a.n)[0]?.parallel;
}

/** Every place with its span (null for one the scanner cannot read), for the tests. */
export const scriptureParallelSpans = (): { id: string; place: string; span: Span | null }[] =>
  all().flatMap(({ parallel }) => parallel.places.map((place) => ({ id: parallel.id, place, span: spanOf(place) })));
