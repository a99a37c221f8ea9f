/**
 * Free-text search over the library's commentary sections and topics, for questions answered
 * offline ('what does it mean to be born again?'): a word index built on first use, ranked by how
 * many of the question's words a document holds, weighted by how rare each word is.
 */
import { formatReference } from '@lectio/contracts/reference';
import { COMMENTARY_SOURCE, loadCommentary, loadTopics } from './library-data';
import { displayReference, titleCase } from './passage';

export interface LibrarySearchHit {
  kind: 'commentary' | 'topic';
  /** "Matthew Henry's Concise Commentary on John 3:1-21", or the topic ('Love: of man for God'). */
  title: string;
  /** The passage a commentary section is on ('John 3:1-21'); null for a topic. */
  reference: string | null;
  bookId: string | null;
  chapter: number | null;
  verse: number | null;
  /** A commentary excerpt around the words found, or the topic's first references. */
  text: string;
  score: number;
}

interface Doc {
  hit: Omit<LibrarySearchHit, 'score' | 'text'>;
  body: string;
}

const STOP = new Set(
  'a an and are as at be but by did do does for from had has have he her his how i if in is it its me my no not of on or our she so that the their them then there these they this to us was we were what when where which who whom why will with would you your about into than can could should shall may might'.split(
    ' ',
  ),
);
const words = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map(stem);
// A light stem so 'loved', 'loves' and 'loving' meet 'love'.
function stem(w: string): string {
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.length > 4 && w.endsWith('es')) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

let built: { docs: Doc[]; index: Map<string, Set<number>> } | undefined;

function build(): NonNullable<typeof built> {
  if (built) return built;
  const docs: Doc[] = [];
  for (const [bookId, sections] of Object.entries(loadCommentary().books)) {
    for (const s of sections) {
      const reference = formatReference({
        bookId,
        chapter: s.chapter,
        verse: s.verse,
        verseEnd: s.verseEnd > s.verse ? s.verseEnd : undefined,
      });
      docs.push({
        hit: {
          kind: 'commentary',
          title: `${COMMENTARY_SOURCE} on ${reference}`,
          reference,
          bookId,
          chapter: s.chapter,
          verse: s.verse,
        },
        body: s.text,
      });
    }
  }
  for (const topic of loadTopics().topics) {
    for (const section of topic.sections) {
      const name = titleCase(topic.topic);
      const title = section.heading ? `${name}: ${section.heading}` : name;
      docs.push({
        hit: { kind: 'topic', title, reference: null, bookId: null, chapter: null, verse: null },
        body: `${title}\n${section.references.slice(0, 8).map(displayReference).join('; ')}`,
      });
    }
  }
  const index = new Map<string, Set<number>>();
  docs.forEach((doc, i) => {
    const text = doc.hit.kind === 'topic' ? doc.hit.title : doc.body;
    for (const w of new Set(words(text))) {
      let set = index.get(w);
      if (!set) index.set(w, (set = new Set()));
      set.add(i);
    }
  });
  return (built = { docs, index });
}

/** The best `limit` commentary sections and topics for a free-text question. */
export function librarySearch(query: string, limit = 5): LibrarySearchHit[] {
  const terms = [...new Set(words(query.slice(0, 500)))].slice(0, 20);
  if (terms.length === 0 || limit <= 0) return [];
  const { docs, index } = build();
  const scores = new Map<number, number>();
  for (const term of terms) {
    const set = index.get(term);
    if (!set) continue;
    const weight = Math.log(1 + docs.length / set.size);
    for (const i of set) {
      // Topics are short: a word in a topic's name says more than the same word in a long section.
      scores.set(i, (scores.get(i) ?? 0) + weight * (docs[i]!.hit.kind === 'topic' ? 1.5 : 1));
    }
  }
  return [...scores.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([i, score]) => {
      const doc = docs[i]!;
      return {
        ...doc.hit,
        text: doc.hit.kind === 'topic' ? (doc.body.split('\n')[1] ?? '') : excerpt(doc.body, terms),
        score: Math.round(score * 100) / 100,
      };
    });
}

/** About 400 characters of the section, starting at the sentence where the first query word appears. */
export function excerpt(body: string, terms: string[]): string {
  const lower = body.toLowerCase();
  let at = -1;
  for (const t of terms) {
    const i = lower.search(new RegExp(`\\b${t.replace(/[^a-z0-9]/g, '')}`));
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  // Back to the start of that sentence; when no sentence ends before it, the section's start (never mid-word).
  const dot = at <= 0 ? -1 : body.lastIndexOf('. ', at);
  const start = dot < 0 ? 0 : dot + 2;
  const text = body.slice(start, start + 400);
  return start + 400 < body.length ? `${text.replace(/\s+\S*$/, '')}…` : text;
}
