/**
 * The Gospel parallels, written by us (library/data/parallels/gospel-parallels.json): each episode
 * the Gospels share with its places in Matthew, Mark, Luke and John and a short note of the main
 * differences, so "how does Matthew's account differ from Luke's?" sets them side by side.
 */
import { parseReference } from '@lectio/contracts/reference';
import { readOptionalData } from './data';

export const GOSPELS = ['matthew', 'mark', 'luke', 'john'] as const;

/** Whether a book id is one of the four Gospels. */
export const isGospel = (id: string): id is (typeof GOSPELS)[number] => GOSPELS.some((g) => g === id);

export interface GospelEpisode {
  /** 'the-baptism-of-jesus' */
  id: string;
  title: string;
  /** Its place in each Gospel that tells it ('Matthew 3:13-17'); absent where that Gospel does not. */
  matthew?: string;
  mark?: string;
  luke?: string;
  john?: string;
  /** The main differences between the accounts, in a few sentences. */
  differences: string;
  /** The differences in plain words for the simple style, where `differences` reads above grade 8. */
  plain?: string;
}

interface ParallelsFile {
  source: string;
  episodes: GospelEpisode[];
}

let episodes: GospelEpisode[] | undefined;

/** Every episode, in the order of the Gospel story. */
export function gospelParallels(): readonly GospelEpisode[] {
  return (episodes ??= readOptionalData<ParallelsFile>('parallels/gospel-parallels.json', {
    source: '',
    episodes: [],
  }).episodes);
}

/** An episode by its id. */
export function gospelEpisode(id: string): GospelEpisode | undefined {
  return gospelParallels().find((e) => e.id === id);
}

/** Chapter and verse as one number, for comparing places within a book. */
const at = (chapter: number, verse: number): number => chapter * 1000 + verse;

/** The span a Gospel reference covers ('Mark 8:34-9:1'), as [from, to]. */
function span(reference: string): [number, number] | null {
  const m = /^\D+\s(\d+)(?::(\d+))?(?:-(\d+)(?::(\d+))?)?$/.exec(reference.trim());
  if (!m) return null;
  const chapter = Number(m[1]);
  if (m[2] === undefined) return [at(chapter, 1), at(m[3] ? Number(m[3]) : chapter, 999)];
  const verse = Number(m[2]);
  if (m[3] === undefined) return [at(chapter, verse), at(chapter, verse)];
  return m[4] === undefined
    ? [at(chapter, verse), at(chapter, Number(m[3]))]
    : [at(chapter, verse), at(Number(m[3]), Number(m[4]))];
}

/**
 * The episodes that include a Gospel passage ('Luke 9:28', 'Mark 16', a verse the reader has open),
 * narrowest first; [] for a passage outside the Gospels or one no episode covers.
 */
export function parallelsFor(reference: string): GospelEpisode[] {
  const parsed = parseReference(reference);
  const gospel = parsed ? GOSPELS.find((g) => g === parsed.bookId) : undefined;
  if (!parsed || !gospel) return [];
  const from = at(parsed.chapter, parsed.verse ?? 1);
  const to = at(parsed.chapter, parsed.verseEnd ?? parsed.verse ?? 999);
  return gospelParallels()
    .map((e) => ({ e, s: e[gospel] ? span(e[gospel]) : null }))
    .filter((x): x is { e: GospelEpisode; s: [number, number] } => x.s !== null && x.s[0] <= to && from <= x.s[1])
    .sort((a, b) => a.s[1] - a.s[0] - (b.s[1] - b.s[0]))
    .map((x) => x.e);
}
