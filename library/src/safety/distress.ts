/**
 * An answer beside distress. When a reader's message shows any sign of distress (a crisis or a
 * check-in, detect.ts), what we set beside it must not be read as permission to die or as a
 * verdict against them: Philippians 1:21-23 ("to die is gain") read by someone who wants to die,
 * Hebrews 6:4-8 without 6:9 ("we are persuaded of better things for you"), Matthew Henry calling
 * anxious care "sin and folly", Nave's 'Death: Desired'. Such passages and sentences are left out;
 * the reassurance passages and the helplines come instead.
 *
 * `besideDistress` is what an answer composer calls with its finished answer (offline or a
 * model's); `fitBesideDistress` is the rule for one paragraph, for a composer that would rather
 * leave a part out while composing.
 */
import type { CommunicationStyleValue } from '@lectio/contracts/assistant';
import { SAFETY_RESOURCES, type SafetyCategory } from '@lectio/contracts/safety';
import type { Translation } from '../bible';
import { checkCitations } from '../citations';
import { quoteVerse } from '../quote';
import type { SafetySignal } from './detect';
import { checkInText } from './respond';

type Range = [bookId: string, chapter: number, from: number, to: number];

/** Passages that, beside distress, can sound like a wish to die, a death to copy, or a sentence of judgement. */
const HARD_PASSAGES: Range[] = [
  ['philippians', 1, 21, 23],
  ['corinthians2', 5, 6, 8],
  ['hebrews', 6, 4, 8],
  ['hebrews', 10, 26, 31],
  ['hebrews', 12, 16, 17],
  ['john1', 5, 16, 17],
  ['matthew', 12, 31, 32],
  ['mark', 3, 28, 29],
  ['matthew', 5, 29, 30],
  ['matthew', 18, 8, 9],
  ['mark', 9, 43, 48],
  ['matthew', 27, 3, 5],
  ['acts', 1, 18, 18],
  ['revelation', 14, 13, 13],
  ['romans', 7, 24, 24],
  ['job', 3, 1, 26],
  ['job', 7, 15, 16],
  ['jonah', 4, 3, 8],
  ['kings1', 19, 4, 4],
  ['ecclesiastes', 4, 2, 3],
  ['ecclesiastes', 7, 1, 2],
  ['samuel1', 31, 4, 5],
  ['samuel2', 17, 23, 23],
  ['judges', 16, 30, 30],
];

type VerseKey = [bookId: string, chapter: number, verse: number];

/** What comes instead, where the reader is: how the passage reads beside distress, and its own turn towards hope. */
const TURN_TOWARDS_HOPE: { at: Range; note: string; verses: VerseKey[] }[] = [
  {
    at: ['philippians', 1, 1, 30],
    note: 'Paul is not wishing to die here. Writing from prison, he weighs two good things, being with Christ and staying with the people he loves, and he chooses to stay, because his life still matters to them (Philippians 1:24-25).',
    verses: [['philippians', 1, 25]],
  },
  {
    at: ['hebrews', 6, 1, 20],
    note: 'Hebrews 6:4-8 is a warning written to people the writer loves, to keep them going, not a verdict on anyone who is struggling; in the next breath he tells them he is sure of better things for them (Hebrews 6:9), and that God does not forget their love (Hebrews 6:10).',
    verses: [['hebrews', 6, 9]],
  },
  {
    at: ['hebrews', 10, 1, 39],
    note: 'The warning of Hebrews 10:26-31 is followed at once by encouragement: the writer reminds his readers how they have endured, and tells them not to throw away their confidence (Hebrews 10:32-35).',
    verses: [['hebrews', 10, 35]],
  },
  {
    at: ['matthew', 6, 25, 34],
    note: "Jesus' words about worry are an invitation to trust a Father who knows what we need (Matthew 6:32), not a charge against anyone who is anxious.",
    verses: [['peter1', 5, 7]],
  },
];

/** Reassurance for anyone carrying something heavy. */
const REASSURANCE: VerseKey[] = [
  ['psalms', 34, 18],
  ['matthew', 11, 28],
  ['romans', 8, 38],
];

// Prose that commends death, calls fear or anxiety sin, or warns of judgement and damnation.
const DEATH_COMMENDED =
  /\b(?:death|to die|dying|depart(?:ure)?|dissolved)\b[^.;]{0,80}\b(?:gain|far better|desired?|desirable|welcome|deliver(?:s|ed|ance)?|release|happ(?:y|iness)|blessed|longed? for|wish(?:ed)? for|preferred?)\b|\b(?:desire|long|longing|wish|willing|glad|welcome|prefer)s?\b[^.;]{0,40}\b(?:to die|death|to depart|be dissolved|absent from the body)\b|\bdeath[:,]? desired\b|\b(?:it|death|dying) is gain\b|\bdeliver\w* (?:him|her|us|them|the soul|the believer) from (?:all )?(?:the )?evils\b/i;
const ANXIETY_AS_SIN =
  /\bsin and folly\b|\b(?:sin|sins|sinful|folly)\b[^.;]{0,80}\b(?:anxious|anxiety|anxieties|cares|worry|worrying|worries|disquiet\w*|distrust\w*)\b|\b(?:anxious|anxiety|anxieties|cares?|careful|worry|worrying|worries|fears?|fearful|disquiet\w*|distrust\w*|despond\w*|despair\w*)\b[^.;]{0,80}\b(?:sin|sins|sinful|folly|foolish|wicked|unbelief|dishonou?r\w*|provok\w*)\b/i;
const JUDGEMENT =
  /\b(?:damnation|damned|perdition|hell|hell-fire|unquenchable|everlasting (?:fire|burning|punishment|destruction)|wrath|fiery indignation|fearful (?:thing|looking)|reprobate|apostates?|apostasy|unpardonable|unforgivable|impossible[^.;]{0,40}renew|no more sacrifice|eternal (?:fire|punishment|death)|judgments?|judgements?|(?<!no )condemnation|condemned|cast into|cut off)\b/i;
const SELF_KILLING =
  /\b(?:hanged himself|hanged themselves|hanged herself|fell (?:up)?on his (?:own )?sword|killed himself|took his (?:own )?life|slew himself)\b/i;

const inRange = (
  c: { book: string | null; chapter: number | null; verse: number | null; verseEnd: number | null },
  [book, chapter, from, to]: Range,
) =>
  c.book === book && c.chapter === chapter && (c.verse === null || (c.verse <= to && (c.verseEnd ?? c.verse) >= from));

/** Whether one paragraph (or one line of a list) of an answer may stand beside a message that shows distress. */
export function fitBesideDistress(paragraph: string): boolean {
  if (
    DEATH_COMMENDED.test(paragraph) ||
    ANXIETY_AS_SIN.test(paragraph) ||
    JUDGEMENT.test(paragraph) ||
    SELF_KILLING.test(paragraph)
  )
    return false;
  return !checkCitations(paragraph).some((c) => HARD_PASSAGES.some((r) => inRange(c, r)));
}

/** A paragraph kept as it is, or a list kept without its unfit lines (gone when only its heading would be left). */
function kept(paragraph: string): string | null {
  const lines = paragraph.split('\n');
  if (lines.length === 1) return fitBesideDistress(paragraph) ? paragraph : null;
  const [heading, ...items] = lines;
  if (!fitBesideDistress(heading!)) return null;
  const fit = items.filter((l) => fitBesideDistress(l));
  return fit.length > 0 ? [heading, ...fit].join('\n') : null;
}

/**
 * What a model is told when the message shows some sign of distress (the same rule as
 * fitBesideDistress, in words). The check-in and the helplines are ours and stand above its
 * answer; besideDistress checks the finished answer all the same.
 */
export const DISTRESS_INSTRUCTION =
  "This reader's message shows some sign of distress. A short check-in with the helplines is shown above your answer; do not repeat it. Answer the question gently and briefly. Never set beside it anything that could be read as commending death or as permission to die (do not read Philippians 1:21-23 or 2 Corinthians 5:8 as a wish to die), that calls fear or anxiety sin or folly, or that warns of judgement, hell or apostasy (never Hebrews 6:4-8 without Hebrews 6:9, 'we are persuaded of better things for you'); do not dwell on those in Scripture who took their own lives. End with one passage of reassurance, such as Psalm 34:18 or Matthew 11:28.";

/** Whether a text names the helplines of this category (each region's number or site). */
export function carriesResources(text: string, category: SafetyCategory): boolean {
  return SAFETY_RESOURCES[category].every((r) => text.includes(r.display));
}

export interface DistressOptions {
  translation: Translation;
  style: CommunicationStyleValue | null;
  /** Where the reader is: a hard passage there gets its own turn towards hope. */
  at?: { bookId: string; chapter: number; verse: number | null };
}

/**
 * The answer as it may stand beside a message that shows distress: unfit paragraphs and list lines
 * left out (fitBesideDistress), the check-in with the helplines first unless the answer already
 * names them, and reassurance quoted at the end (the passage's own turn towards hope where it has
 * one, such as Hebrews 6:9 at Hebrews 6). The rest of the answer still answers the question.
 */
export function besideDistress(answer: string, signal: SafetySignal, options: DistressOptions): string {
  const paragraphs = answer
    .split(/\n{2,}/)
    .map(kept)
    .filter((p): p is string => p !== null);
  // An answer's list of sources stays its last paragraph.
  const sources = paragraphs.filter((p) => p.startsWith('Sources: '));
  const body = paragraphs.filter((p) => !p.startsWith('Sources: ')).join('\n\n');
  const here = options.at;
  const turn = here
    ? TURN_TOWARDS_HOPE.filter((t) =>
        inRange({ book: here.bookId, chapter: here.chapter, verse: here.verse, verseEnd: null }, t.at),
      )
    : [];
  const simple = options.style === 'simple';
  const verses = [...turn.flatMap((t) => t.verses), ...REASSURANCE.slice(0, simple ? 1 : 2)]
    .map(([bookId, chapter, verse]) => quoteVerse(options.translation, bookId, chapter, verse))
    .filter((q): q is string => q !== null && !body.includes(q));
  const notes = turn.map((t) => t.note).filter((n) => !body.includes(n));
  const parts = [
    carriesResources(body, signal.category) ? null : checkInText(signal.category, options.style),
    body,
    ...notes,
  ];
  if (verses.length > 0)
    parts.push(
      `${simple ? 'Words to hold on to:' : 'And words to hold on to, whatever today holds:'} ${verses.join(' ')}`,
    );
  parts.push(...sources);
  return parts.filter((p): p is string => !!p).join('\n\n');
}
