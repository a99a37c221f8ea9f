import { checkCitations, type Citation } from '../citations';
import { findReferences } from '../references/scan';
import type { Translation } from '../bible';
import { writtenOutline, type ChapterOutline } from '../outlines';
import type { CommunicationStyle, ExpertAnswerParts, FaithJourney, SuggestedQuestionEntry } from './types';

export interface ComposeOptions {
  /** The reader's translation: a quotation in the other one is labelled ('(John 3:16, KJV)'). Default 'web'. */
  translation?: Translation;
}

export interface AnswerContext extends ComposeOptions {
  /** The passage asked about: a question answered from the chapter's outline needs it. */
  book?: string | null;
  chapter?: number | null;
}

/** A suggested question's answer for the reader: from the chapter's outline when it is answered from one, else from its parts. */
export function composeQuestionAnswer(
  entry: SuggestedQuestionEntry,
  journey: FaithJourney | null | undefined,
  style: CommunicationStyle | null | undefined,
  context: AnswerContext = {},
): string {
  const outline =
    entry.fromOutline && context.book && context.chapter ? writtenOutline(context.book, context.chapter) : undefined;
  return composeExpertAnswer(outline ? outlineParts(entry.parts, outline) : entry.parts, journey, style, context);
}

/** The main message of one chapter: its outline in place of the general parts' summary and walk-through. */
function outlineParts(parts: ExpertAnswerParts, o: ChapterOutline & { reference: string }): ExpertAnswerParts {
  // 'John 3:3, 16': the chapter named once, so the plain answer stays plain.
  const verses = o.keyVerses.map((ref) => ref.slice(ref.lastIndexOf(':') + 1));
  const key = `Key verses: ${o.reference}:${verses.join(', ')}.`;
  return {
    ...parts,
    summary: `The main message of ${o.reference}: ${o.message} ${key}`,
    plain: `${o.message} ${key}`,
    explanation: [
      `${o.reference} moves in ${o.outline.length} steps:`,
      ...o.outline.map((step) => `- ${o.reference}:${step.verses}: ${step.heading}`),
    ].join('\n'),
    connections: `Its key verses belong together (${o.reference}:${verses.join(', ')}). ${parts.connections}`,
    readAlongside: ['Read it in its steps:', ...o.outline.map((step) => `- ${step.heading}`)].join('\n'),
  };
}

/**
 * One expert answer from its parts, for one faith journey and communication style. The style sets
 * length and register: simple gives the plain summary and one plain line for the journey; moderate
 * the summary and the walk through the passage; scholarly adds the depth. The journey sets the
 * focus: terms explained for a newcomer, practice for a growing believer, the rest of Scripture
 * and practice for a mature Christian, the original languages and setting for a scholar. All 12
 * answers of a question differ. Where a passage frightens, its own reassurance is in every answer;
 * where traditions differ, every answer names their readings. Unset preferences read as a growing
 * believer who likes a moderate answer.
 */
export function composeExpertAnswer(
  parts: ExpertAnswerParts,
  journey: FaithJourney | null | undefined,
  style: CommunicationStyle | null | undefined,
  options: ComposeOptions = {},
): string {
  const j = journey ?? 'growing_believer';
  const s = style ?? 'moderate';
  const out: string[] = [s === 'simple' ? (parts.plain ?? parts.summary) : parts.summary];
  if (parts.reassurance) out.push(`Take heart: ${parts.reassurance}`);
  if (s === 'simple') out.push(simpleFocus(parts, j));
  else {
    // A scholar who wants a moderate answer gets the technical core without the walk-through.
    if (!(j === 'bible_scholar' && s === 'moderate')) out.push(parts.explanation);
    if (s === 'scholarly' || j === 'bible_scholar') out.push(parts.depth);
    if (j === 'new_to_christianity') out.push(wordsWorthKnowing(parts.terms));
    if (j === 'mature_christian' || j === 'bible_scholar') out.push(`Across Scripture: ${parts.connections}`);
    if (j === 'growing_believer' || j === 'mature_christian')
      out.push(`Putting it into practice: ${parts.application}`);
  }
  if (parts.traditions) {
    if (s === 'simple')
      out.push(
        `Christians read this in more than one way: ${parts.traditionsShort ?? firstSentence(parts.traditions)}`,
      );
    else if (s === 'moderate' && j !== 'mature_christian' && j !== 'bible_scholar')
      out.push(`Christians read this in more than one way: ${parts.traditions}`);
    else out.push(`How Christians read it: ${parts.traditions}`);
  }
  return labelTranslations(out.join('\n\n'), options.translation ?? 'web');
}

const wordsWorthKnowing = (terms: ExpertAnswerParts['terms']): string =>
  ['Words worth knowing:', ...terms.map((t) => `- ${t.term}: ${t.meaning}`)].join('\n');

/** The simple style's one line for the journey, in plain words. */
function simpleFocus(parts: ExpertAnswerParts, journey: FaithJourney): string {
  switch (journey) {
    case 'new_to_christianity':
      return wordsWorthKnowing(parts.terms.slice(0, 2));
    case 'growing_believer':
      return `Try this: ${shortestSentence(parts.application)}`;
    case 'mature_christian': {
      if (parts.readAlongside) return parts.readAlongside;
      const [ref] = referencesIn(parts.connections);
      return ref
        ? `Read it alongside ${ref}, and ask what the two passages share.`
        : `Read it alongside: ${firstSentence(parts.connections)}`;
    }
    case 'bible_scholar': {
      const term = parts.terms[0]!;
      const [ref] = referencesIn(parts.depth).filter((r) => !referencesIn(parts.connections).includes(r));
      return ref ? `Study ${ref} next to it, and note what it adds.` : `A word to study: ${term.term}. ${term.meaning}`;
    }
  }
}

/** The references written in a text, as written ('Psalm 110:4'), whole references only, up to three. */
function referencesIn(text: string): string[] {
  const out: string[] = [];
  for (const r of findReferences(text)) {
    if (!r.book || !/\p{L}/u.test(r.text) || out.includes(r.text)) continue;
    out.push(r.text);
    if (out.length === 3) break;
  }
  return out;
}

/** The application's shortest full sentence (six words or more): one plain step for the simple style. */
function shortestSentence(text: string): string {
  const sentences = text.match(/[^.!?]+[.!?]+(?=\s|$)/g)?.map((x) => x.trim()) ?? [text];
  const words = (x: string): number => x.split(/\s+/).length;
  const full = sentences.filter((x) => words(x) >= 6);
  return (full.length > 0 ? full : sentences).reduce((a, b) => (words(b) < words(a) ? b : a));
}

function firstSentence(text: string): string {
  const m = /^.*?[.!?](\s|$)/.exec(text);
  return (m ? m[0] : text).trim();
}

// A quotation in double quotes right before its reference in parentheses: "..." (John 3:16).
const QUOTED_REFERENCE = /(["“])([^"“”]+)(["”])(\s*\()([^()]+)\)/g;

/** Labels each quotation that is not in the reader's translation: "only begotten Son" (John 3:16, KJV). */
function labelTranslations(text: string, reader: Translation): string {
  return text.replace(
    QUOTED_REFERENCE,
    (whole, open: string, words: string, close: string, gap: string, reference: string) => {
      const citation: Citation | undefined = checkCitations(`"${words}" (${reference})`, { translation: reader })[0];
      const other =
        citation?.quote?.matches && citation.quote.translation && citation.quote.translation !== reader
          ? citation.quote.translation
          : null;
      return other ? `${open}${words}${close}${gap}${reference}, ${other.toUpperCase()})` : whole;
    },
  );
}
