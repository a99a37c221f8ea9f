import { formatReference } from '@lectio/contracts/reference';
import {
  GOSPELS,
  gospelParallels,
  indexTerms,
  parallelsFor,
  scriptureParallelFor,
  type AskedPlace,
  type GospelEpisode,
} from '@lectio/library';
import type { OfflineAnswer } from './answer-kit';

const PARALLELS = "Lectio's table of Gospel parallels";
const SCRIPTURE_PARALLELS = "Lectio's table of parallel passages";
const GOSPEL_NAMES = { matthew: 'Matthew', mark: 'Mark', luke: 'Luke', john: 'John' } as const;

/** Words every compare-question may use: they name no episode ('Jesus', 'the others', 'John'). */
const FRAME = new Set(
  indexTerms(
    'Jesus Christ Lord God Matthew Mark Luke John gospel gospels other others account accounts story differ different disagree same told tell',
  ),
);

/** The episode a compare-question is about: the one its words name best, else the one covering the passage. */
function episodeFor(question: string, places: AskedPlace[]): GospelEpisode | undefined {
  const terms = new Set(indexTerms(question).filter((t) => !FRAME.has(t)));
  let best: { e: GospelEpisode; n: number } | undefined;
  for (const e of gospelParallels()) {
    const n = indexTerms(e.title).filter((t) => terms.has(t)).length;
    if (n > 0 && (!best || n > best.n)) best = { e, n };
  }
  const placed = places
    .map((p) => parallelsFor(formatReference({ bookId: p.book, chapter: p.chapter, verse: p.verse ?? undefined }))[0])
    .find((e) => e !== undefined);
  // The passage's own episode when the question's words touch it ('In John Mary anoints Jesus' feet ...' at John 12:3
  // is the anointing at Bethany, not Luke's anointing by a sinful woman, though that title shares more words).
  if (placed && indexTerms(placed.title).some((t) => terms.has(t))) return placed;
  if (best && best.n >= 2) return best.e;
  if (placed) return placed;
  // One shared word names an episode only when the question is about the Gospels: 'two' in 'two creation
  // stories' is not 'No one can serve two masters', nor 'sabbath' in Deuteronomy's commandment 'Picking grain on the Sabbath'.
  return best && ABOUT_GOSPELS.test(question) ? best.e : undefined;
}

const ABOUT_GOSPELS = /\b(?:gospels?|synoptics?|accounts?|matthew|mark|luke|john(?! the baptist))\b/i;

/**
 * The Gospels' accounts of one episode side by side, and how they differ; else the passages elsewhere
 * that tell the same thing or quote one another (Samuel and Chronicles, Psalm 14 and 53).
 */
export function compareAccounts(out: OfflineAnswer, question: string, places: AskedPlace[], books: string[]): boolean {
  const episode = episodeFor(question, places);
  if (!episode) {
    const parallel = scriptureParallelFor(question, places, books);
    if (!parallel) return false;
    const title = /[.?!]$/.test(parallel.title) ? parallel.title : `${parallel.title}.`;
    out.add(`${title} ${out.simple ? parallel.plain : parallel.differences}`, SCRIPTURE_PARALLELS);
    out.add(['Side by side:', ...parallel.places.map((place) => `- ${place}`)].join('\n'));
    return true;
  }
  const told = GOSPELS.filter((g) => episode[g]);
  const missing = GOSPELS.filter((g) => !episode[g]);
  out.add(
    `${episode.title} is told in ${told.map((g) => GOSPEL_NAMES[g]).join(', ')}${missing.length ? ` (not in ${missing.map((g) => GOSPEL_NAMES[g]).join(' or ')})` : ''}. ${out.simple && episode.plain ? episode.plain : episode.differences}`,
    PARALLELS,
  );
  out.add(['Side by side:', ...told.map((g) => `- ${GOSPEL_NAMES[g]}: ${episode[g]}`)].join('\n'));
  return true;
}
