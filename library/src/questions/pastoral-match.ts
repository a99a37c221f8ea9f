/**
 * Which written answer (pastoral or common) a reader's own words ask for: matched on the answer's
 * question, its phrasings and its summary, never on the whole text (a long answer shares a common
 * word such as "want" or "stop" with almost any question, and a reader jealous of a sister was
 * given the answer on the fear of hell). A word shared by few answers counts more than one shared
 * by many; an answer on the highlighted passage counts a little more, so the passage decides
 * between two answers the words fit equally, not against the words.
 */
import { formatReference } from '@lectio/contracts/reference';
import { indexTerms } from '../retrieval-index';
import { commonAnswers, pastoralAnswers, pastoralAnswersFor, type PastoralAnswer } from './pastoral';

/** Words of a reader's struggle that say nothing of which struggle it is. */
const GENERIC = new Set(
  indexTerms(
    'god jesus christ lord christian christians feel feeling know help want get make really just like im ive thing things life people way always keep still even much need someone something anyone anything everything ok okay am been being same wrong right real true normal stop over again lately new old time times day days week weeks month months year years away one two three four five ten first second last good bad many ever never other others anymore sometimes go going come take tell mean means actually after before back love loved think thought big little friend friends church home',
  ),
);

/**
 * A struggle's words, each read as the struggle's one name, on both sides: 'my mom passed away and I can't
 * stop crying' is the grief answer's 'someone I love has died', though they share no word.
 */
const STRUGGLES: Record<string, string> = {
  grief:
    'grief grieve grieving mourn mourning die died dies death dead funeral widow widowed bereaved miscarriage miscarried stillborn crying tears',
  anxiety: 'anxious anxiety worry worried worrying panic nervous stressed overwhelmed',
  loneliness: 'lonely loneliness alone isolated friendless',
  guilt: 'guilt guilty shame ashamed regret regrets abortion',
  money: 'money debt debts owe loan loans bills broke finances financial',
  temptation: 'temptation temptations tempted tempting addicted addiction habit relapse',
  anger: 'anger angry temper rage furious',
  jealousy: 'jealous jealousy envy envious comparing',
  depression: 'depressed depression hopeless hopelessness despair',
  doubt: 'doubt doubts doubting unbelief skeptical',
  forgiveness: 'forgive forgiving forgiveness unforgiving reconcile reconnect grudge',
};
const struggleOf = new Map(
  Object.entries(STRUGGLES).flatMap(([name, words]) => indexTerms(words).map((t): [string, string] => [t, name])),
);
const STRUGGLE_NAMES = new Set(Object.keys(STRUGGLES));
/** 'Passed away', 'lost our baby': a death, said gently. */
const DEATH =
  /\bpass(?:ed|ing) (?:away|on)\b|\b(?:lost|losing) (?:our|my|the|a|his|her|their) (?:baby|child|son|daughter|mom|mum|mother|dad|father|husband|wife|brother|sister|friend|grandma|grandmother|grandpa|grandfather|parents?)\b/gi;
/** 'I hate how I look', 'I'm so ugly': worth, not the 'hate' of temptation ('what I hate, that I do') or of enemies. */
const SELF_WORTH =
  /\bhate (?:myself|how i look|my (?:body|face|looks|life))\b|\bhow i look\b|\b(?:i'?m|i am|feel(?: like)?) (?:so )?(?:ugly|fat|worthless|useless|a failure|not good enough)\b/gi;
/** 'I don't know if I believe anymore': doubt, not the 'believes' of a church's teaching. */
const UNBELIEF =
  /\b(?:don'?t|do not|can'?t|not sure (?:if|whether) i)\s+(?:even\s+)?(?:know if i\s+)?(?:really\s+)?believe\b|\bbelieve anymore\b/gi;
/** 'I keep committing the same sin over and over': a temptation given in to, not the unforgivable sin. */
const REPEATED =
  /\b(?:over and over(?: again)?|again and again|keep (?:on )?(?:doing|committing|falling|giving in|sinning|going back)|(?:always |keep )fall(?:ing)?(?: again)?|fall (?:again|back)|look(?:ing)? at (?:stuff|things) (?:online )?i shouldn'?t)\b/gi;
/** A text's terms, a struggle's words as its name. */
const termsOf = (text: string) =>
  indexTerms(
    text
      .replace(DEATH, 'died')
      .replace(SELF_WORTH, 'worthless')
      .replace(UNBELIEF, 'doubt')
      .replace(REPEATED, 'temptation')
      // 'my friend lost her job' is work, not the book of Job; a number says nothing of a struggle.
      .replace(/\bjob\b/g, 'work')
      // 'my dad', 'my mom': the father and mother the answers name.
      .replace(/\b(?:dad|daddy)\b/gi, 'father')
      .replace(/\b(?:mom|mum|mommy|mummy)\b/gi, 'mother')
      .replace(/\b\d+\b/g, ' '),
  ).map((t) => struggleOf.get(t) ?? t);

interface Entry {
  answer: PastoralAnswer;
  /** The answer's words, with their weight: its question and phrasings 1, its summary's 0.5. */
  terms: Map<string, number>;
  /** A pastoral answer's question's own words ('What does the Bible say to me when I am anxious?'): one is enough. */
  title: Set<string>;
}

let entries: Entry[] | undefined;
let rarity: Map<string, number> | undefined;

function index(): { entries: Entry[]; rarity: Map<string, number> } {
  if (entries && rarity) return { entries, rarity };
  const pastoral = new Set(pastoralAnswers());
  const built = [...pastoralAnswers(), ...commonAnswers()].map((answer) => {
    const terms = new Map<string, number>();
    // A struggle is a pastoral answer's on living with one (Application): a common answer's 'dead' is faith without
    // works, and the answer on Ananias and Sapphira struck dead is about the passage, not a death in the reader's family.
    const struggle = pastoral.has(answer) && answer.category === 'Application';
    const read = struggle ? termsOf : indexTerms;
    for (const t of read(answer.parts.summary)) if (!GENERIC.has(t)) terms.set(t, 0.5);
    for (const t of read([answer.question, ...answer.phrasings].join(' '))) if (!GENERIC.has(t)) terms.set(t, 1);
    // A common answer's question names an event ('Why did Peter deny Jesus three times?'), not a struggle: two words needed.
    const title = pastoral.has(answer) ? read(answer.question).filter((t) => !GENERIC.has(t)) : [];
    return { answer, terms, title: new Set(title) };
  });
  const df = new Map<string, number>();
  for (const e of built) for (const t of e.terms.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  entries = built;
  rarity = new Map([...df].map(([t, n]) => [t, Math.log(1 + built.length / n)]));
  return { entries, rarity };
}

/**
 * The written answer the reader's words ask for, if any fits: its question or phrasings share two
 * of the reader's words, or a pastoral answer's question one; the best fit by rarity-weighted words.
 */
export function pastoralByWords(
  question: string,
  at: { book: string; chapter: number; verse: number | null },
): PastoralAnswer | undefined {
  const { entries: all, rarity: weights } = index();
  const asked = new Set(termsOf(question).filter((t) => !GENERIC.has(t)));
  const onPassage = new Set(
    pastoralAnswersFor(formatReference({ bookId: at.book, chapter: at.chapter, verse: at.verse ?? undefined })),
  );
  let best: { answer: PastoralAnswer; score: number } | undefined;
  for (const { answer, terms, title } of all) {
    // The words of its question and phrasings decide whether it fits; its summary's and its passage only rank.
    const shared = [...asked].filter((t) => terms.get(t) === 1);
    // Two of the reader's words in its question or phrasings, or one in a pastoral answer's question itself.
    if (shared.length < 2 && !shared.some((t) => title.has(t))) continue;
    let rank = 0;
    // A struggle named by both ('lonely' and 'I feel so lonely') says more than words of the situation ('moved', 'work').
    for (const t of asked) rank += (terms.get(t) ?? 0) * (weights.get(t) ?? 0) * (STRUGGLE_NAMES.has(t) ? 2 : 1);
    if (onPassage.has(answer)) rank += 0.5;
    if (!best || rank > best.score) best = { answer, score: rank };
  }
  return best?.answer;
}
