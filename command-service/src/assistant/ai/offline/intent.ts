/**
 * What a free-text question asks, for the offline library assistant: each kind of question gets
 * the library's material for it (word study, where the Bible says something, a summary, who or
 * what, the traditions' readings, what a verse means), and a question that is not about the Bible
 * a short, kind decline.
 */
import { findMisattribution, normaliseText } from '@lectio/library';

export type OfflineIntent =
  | { kind: 'decline' }
  | { kind: 'where'; phrase: string }
  | { kind: 'word'; word: string | null }
  | { kind: 'traditions' }
  | { kind: 'summary' }
  | { kind: 'meaning' }
  | { kind: 'who'; name: string }
  | { kind: 'general' };

const FAITH =
  /\b(?:god|gods|jesus|christ|christs|lord|bible|biblical|scripture|scriptures|verse|verses|passage|chapter|book|spirit|church|pray|prayer|faith|gospel|apostle|apostles|disciple|disciples|paul|peter|john|moses|david|abraham|israel|sin|sins|heaven|hell|holy|psalm|psalms|testament|christian|christians|saved|salvation|grace|love|baptism|resurrection|cross|parable|prophet|prophecy|angel|angels|devil|satan|greek|hebrew|catholic|orthodox|protestant|this|here|he|him|it)\b/;
const OFF_TOPIC =
  /\b(?:recipe|recipes|bake|baking|cook|cooking|ingredients|weather|forecast|stock|stocks|crypto|bitcoin|football|soccer|basketball|baseball|nba|nfl|movie|movies|netflix|homework|math|maths|equation|code|coding|javascript|python|programming|password|lottery|horoscope|zodiac|restaurant|calories|workout|diet|laptop|iphone|android|taxes|mortgage|joke)\b/;

const QUOTED = /["“‘']([^"“”‘’']{3,200})["”’']/;

/** The words a "where does the Bible say ..." question asks about. */
function phraseOf(question: string): string | null {
  const quoted = QUOTED.exec(question)?.[1];
  if (quoted) return quoted.trim();
  const m =
    /\b(?:say|says|said|saying|teach|teaches|state|states|mention|mentions)\b(?:,)?\s+(?:that\s+)?(.+?)[?.!]*$/i.exec(question) ??
    /\bis\s+(.+?)\s+(?:in|from)\s+(?:the\s+)?(?:bible|scripture)/i.exec(question) ??
    /\bwhere\s+(?:is|are|do we find)\s+(.+?)\s+in\s+(?:the\s+)?(?:bible|scripture)/i.exec(question);
  return m?.[1]?.trim() ?? null;
}

/** The English word a word-study question is about, if it names one. */
function wordOf(question: string): string | null {
  const text = normaliseText(question);
  const quoted = QUOTED.exec(question)?.[1];
  if (quoted && !/\s/.test(quoted.trim())) return quoted.trim().toLowerCase();
  const m =
    /\b(?:word|term)s?\s+(?:used\s+)?(?:for|behind|translated)\s+([a-z]+)/.exec(text) ??
    /\bthe\s+word\s+([a-z]+)/.exec(text) ??
    /\bwhat\s+does\s+([a-z]+)\s+mean\s+in\s+(?:greek|the\s+original|hebrew)/.exec(text) ??
    /\b(?:greek|hebrew|original)\s+(?:for|of|behind)\s+([a-z]+)/.exec(text);
  const word = m?.[1];
  return word && !['the', 'this', 'that', 'here', 'it'].includes(word) ? word : null;
}

export function offlineIntent(question: string, chapterText: string): OfflineIntent {
  const text = normaliseText(question);
  const faith = FAITH.test(text);
  if (OFF_TOPIC.test(text) && !/\b(?:god|jesus|christ|bible|scripture|verse|passage)\b/.test(text)) return { kind: 'decline' };
  if (
    findMisattribution(question) ||
    /\bwhere\s+(?:in\s+the\s+bible\s+)?(?:does|do|is|did)\b.*\b(?:say|says|said|bible|scripture|teach|mention)\b/.test(text) ||
    /\b(?:is|are)\s+.+\s+(?:in|from)\s+the\s+bible\b/.test(text) ||
    /\b(?:which|what)\s+verse\s+(?:says|talks)\b/.test(text) ||
    /\bdoes\s+the\s+bible\s+(?:really\s+)?say\b/.test(text)
  ) {
    const phrase = findMisattribution(question)?.saying ?? phraseOf(question);
    if (phrase) return { kind: 'where', phrase };
  }
  if (/\b(?:greek|hebrew|original\s+(?:word|language|text)|strongs?|lexicon|etymology|word\s+study)\b/.test(text))
    return { kind: 'word', word: wordOf(question) };
  if (
    /\b(?:catholics?|orthodox|protestants?|lutherans?|reformed|calvinists?|calvinism|arminians?|baptists?|pentecostals?|anglicans?|methodists?|evangelicals?|traditions?|denominations?|interpretations?|interpret|differently|disagree|debate|debated|controversial|views)\b/.test(
      text,
    )
  )
    return { kind: 'traditions' };
  if (
    /\b(?:summar\w*|overview|outline|recap|gist|nutshell|tldr|tl dr)\b|\bwhat\s+happens\s+in\b|\bwhat\s+is\s+(?:this|the)\s+(?:chapter|passage)\s+about\b|\bbreak\s+(?:this|it)\s+down\b|\bmain\s+(?:points|events)\b/.test(
      text,
    )
  )
    return { kind: 'summary' };
  if (
    /\bwhat\s+does\s+(?:this|the|that)\s+(?:verse|passage)\s+mean\b|\bwhat\s+does\s+(?:it|this|that)\s+mean\b|\bmeaning\s+of\s+(?:this|the|that)\s+verse\b|\bexplain\s+(?:this|the|that)\s+verse\b|\bwhat\s+is\s+(?:this\s+verse|it|he|paul|jesus|john|peter)\s+saying\b|\bwhat\s+(?:is|was)\s+(?:jesus|paul|john|peter|he)\s+(?:saying|talking\s+about|getting\s+at)\b|\bhelp\s+me\s+understand\b/.test(
      text,
    )
  )
    return { kind: 'meaning' };
  const who = /^\s*(?:who|what)\s+(?:is|was|were|are)\s+(?:the\s+|a\s+|an\s+)?([a-z][a-z -]{1,40}?)\s*$/.exec(
    text
      .replace(/[?.!]+\s*$/, '')
      .replace(/[^a-z -]/g, ' ')
      .replace(/\s+/g, ' '),
  );
  if (who?.[1]) return { kind: 'who', name: who[1] };
  if (!faith && !sharesWords(text, chapterText)) return { kind: 'decline' };
  return { kind: 'general' };
}

/** Whether the question uses a word of the chapter (four letters or more): a question about it, in its own words. */
function sharesWords(question: string, chapterText: string): boolean {
  const chapter = normaliseText(chapterText);
  return question.split(/[^a-z]+/).some((w) => w.length >= 4 && new RegExp(`\\b${w}\\b`).test(chapter));
}
