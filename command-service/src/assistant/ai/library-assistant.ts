import { assistantMessages } from '@lectio/contracts/assistant';
import { findBook } from '@lectio/contracts/books';
import { formatReference } from '@lectio/contracts/reference';
import { librarySearch, passageContext, type PassageContext } from '@lectio/library';
import type { AiAnswer, AiPort, AiQuestion, AnswerOptions } from './port';

const TRANSLATION_NAMES = { web: 'World English Bible', kjv: 'King James Version' } as const;

/**
 * The offline library assistant (the default with no model configured): a free-text question is
 * answered from what the library holds for the passage (our text, Matthew Henry's section, Nave's
 * topics, Strong's words) and from a search of the library for the question's words. It says
 * plainly that no model wrote it, and credits every source it used.
 */
export function createLibraryAssistant(): AiPort {
  return {
    source: 'library',
    metered: false,
    async prepare(question) {
      // A question close to one of ours gets our written answer as it is.
      const text = question.written ? question.written.answer : composeLibraryAnswer(question);
      return {
        promptTokensEstimate: 0,
        async answer(options: AnswerOptions): Promise<AiAnswer> {
          if (!options.readerSignal?.aborted) options.onDelta?.(text);
          return { text, source: 'library', usage: null, completed: true, readerLeft: options.readerSignal?.aborted ?? false };
        },
      };
    },
  };
}

const firstSentences = (text: string, maxChars: number): string => {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= maxChars) return clean;
  const cut = clean.slice(0, maxChars);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('; '), cut.lastIndexOf('? '), cut.lastIndexOf('! '));
  return end > maxChars / 3 ? cut.slice(0, end + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}...`;
};

/** Quotation marks inside library prose would read as quotations of Scripture; they become single quotes. */
const unquote = (s: string) => s.replace(/["“”]/g, "'");

export function composeLibraryAnswer({ text: question, context, preferences, translation }: AiQuestion): string {
  const book = findBook(context.book);
  const verse = context.verse ?? 1;
  const passage: PassageContext | null = book ? passageContext({ bookId: book.id, chapter: context.chapter, verse, translation }) : null;
  const style = preferences.communicationStyle ?? 'moderate';
  const journey = preferences.faithJourney ?? 'growing_believer';
  const reference = formatReference({ bookId: context.book, chapter: context.chapter, verse: context.verse ?? undefined });
  const sources = new Set<string>();
  const out: string[] = [assistantMessages.offlineNotice];

  const own = passage?.verses.find((v) => v.number === verse);
  if (own && context.verse !== null) {
    sources.add(`${TRANSLATION_NAMES[translation]} (public domain)`);
    out.push(`The verse you highlighted reads: "${own.text.trim()}" (${reference}).`);
  } else if (passage) {
    sources.add(`${TRANSLATION_NAMES[translation]} (public domain)`);
    out.push(
      `You asked about ${reference}; the chapter opens: "${passage.verses[0]!.text.trim()}" (${formatReference({ bookId: context.book, chapter: context.chapter, verse: passage.verses[0]!.number })}).`,
    );
  }
  if (passage && style !== 'simple' && passage.verses.length > 1) {
    const first = passage.verses[0]!.number;
    const last = passage.verses[passage.verses.length - 1]!.number;
    if (last > first)
      out.push(`Read it with the verses around it (${formatReference({ bookId: context.book, chapter: context.chapter, verse: first, verseEnd: last })}).`);
  }
  if (passage?.commentary) {
    sources.add(`${passage.commentary.source} (public domain)`);
    const length = style === 'simple' ? 320 : style === 'moderate' ? 700 : 1200;
    out.push(`${passage.commentary.source} on ${passage.commentary.reference}: ${unquote(firstSentences(passage.commentary.text, length))}`);
  }
  if (passage && passage.topics.length > 0 && style !== 'simple') {
    sources.add("Nave's Topical Bible (public domain)");
    const topics = passage.topics.slice(0, journey === 'new_to_christianity' ? 2 : 4);
    out.push(
      [
        'Topics this verse belongs to:',
        ...topics.map((t) => `- ${unquote(t.topic)}${t.references.length ? `: ${t.references.slice(0, 4).join('; ')}` : ''}`),
      ].join('\n'),
    );
  }
  if (passage && passage.wordStudies.length > 0 && (style === 'scholarly' || journey === 'bible_scholar' || journey === 'mature_christian')) {
    sources.add("Strong's Greek Dictionary (public domain)");
    const words = passage.wordStudies.slice(0, style === 'scholarly' ? 4 : 2);
    out.push(
      [
        'Greek words behind the English (KJV):',
        ...words.map((w) => `- '${w.kjvWord}': ${w.lemma} (${w.transliteration}, ${w.strongs}), ${unquote(firstSentences(w.definition, 160))}`),
      ].join('\n'),
    );
  }
  const hits = librarySearch(`${question} ${book?.name ?? ''}`, 3).filter(
    (h) => !(h.reference && passage?.commentary && h.reference === passage.commentary.reference),
  );
  if (hits.length > 0) {
    sources.add('searched across the commentary and topics');
    const shown = hits.slice(0, style === 'simple' ? 1 : 2);
    out.push(
      [
        'Elsewhere in the library, on your question:',
        ...shown.map((h) => `- ${unquote(h.title)}: ${unquote(firstSentences(h.text, style === 'scholarly' ? 400 : 240))}`),
      ].join('\n'),
    );
  }
  if (out.length === 1) out.push(`The library has nothing on ${reference} yet. With a model configured, the assistant can answer in its own words.`);
  out.push(`Sources: ${[...sources].join('; ') || 'none found'}.`);
  return out.join('\n\n');
}
