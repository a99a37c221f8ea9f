import { findBook } from '@lectio/contracts/books';
import { getVerses, librarySearch } from '@lectio/library';
import { firstSentences, OfflineAnswer, unquote } from './offline/answer-kit';
import { offlineIntent } from './offline/intent';
import { summary } from './offline/summary';
import { traditions } from './offline/traditions';
import { verseMeaning } from './offline/verse-meaning';
import { whereDoes } from './offline/where-does';
import { whoOrWhat } from './offline/who-what';
import { wordStudy } from './offline/word-study';
import type { AiAnswer, AiPort, AiQuestion, AnswerOptions } from './port';

/**
 * The offline library assistant (the default with no model configured): a free-text question is
 * answered as what it asks (offline/intent.ts): a word study, where the Bible says something, a
 * summary, who or what, the traditions' readings, what a verse means, or a kind decline when it is
 * not about the Bible, from the library (our text, Matthew Henry, Nave's topics, Strong's words,
 * our written notes). It says plainly that no model wrote it, and lists every source it used.
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
        countTokens: () => 0,
        async answer(options: AnswerOptions): Promise<AiAnswer> {
          if (!options.readerSignal?.aborted) options.onDelta?.(text);
          return { text, source: 'library', usage: null, completed: true, readerLeft: options.readerSignal?.aborted ?? false };
        },
      };
    },
  };
}

const DECLINE =
  "I can only help with the Bible and the passage you are reading, so I can't help with that. Ask me what a verse means, the Greek word behind an English one, where the Bible says something, for a summary of the chapter, who someone was, or how Christian traditions read a passage.";

/** The offline answer to a free-text question: what it asks, answered from the library, with its sources listed. */
export function composeLibraryAnswer({ text: question, context, preferences, translation }: AiQuestion): string {
  const book = findBook(context.book);
  const out = new OfflineAnswer(preferences.communicationStyle ?? 'moderate', translation);
  if (!book) return out.add(DECLINE).text();
  const chapterText = getVerses(translation, book.id, context.chapter)
    .map((v) => v.text)
    .join(' ');
  const intent = offlineIntent(question, chapterText);
  const deep = out.style === 'scholarly' || preferences.faithJourney === 'bible_scholar';
  switch (intent.kind) {
    case 'decline':
      return out.add(DECLINE).text();
    case 'where':
      whereDoes(out, question, intent.phrase);
      break;
    case 'word':
      wordStudy(out, intent.word, book.id, context.chapter, context.verse);
      break;
    case 'summary':
      summary(out, book.id, context.chapter);
      break;
    case 'traditions':
      traditions(out, question, book.id, context.chapter, context.verse);
      break;
    case 'who':
      if (!whoOrWhat(out, intent.name, book.id, context.chapter, context.verse)) general(out, question, book.id, context.chapter, context.verse);
      break;
    case 'meaning':
      if (context.verse === null) summary(out, book.id, context.chapter);
      else verseMeaning(out, book.id, context.chapter, context.verse, deep);
      break;
    case 'general':
      general(out, question, book.id, context.chapter, context.verse);
      break;
  }
  return out.text();
}

/** Any other question about the passage: the verse, Henry on it, and what a search of the library finds for the question. */
function general(out: OfflineAnswer, question: string, book: string, chapter: number, verse: number | null): void {
  verseMeaning(out, book, chapter, verse ?? 1, false);
  const hits = librarySearch(`${question} ${findBook(book)?.name ?? ''}`, 3).filter((h) => h.kind === 'topic' || h.bookId !== book || h.chapter !== chapter);
  if (hits.length === 0) return;
  out.add(
    [
      'Elsewhere in the library, on your question:',
      ...hits.slice(0, out.simple ? 1 : 2).map((h) => `- ${unquote(h.title)}: ${unquote(firstSentences(h.text, out.style === 'scholarly' ? 400 : 240))}`),
    ].join('\n'),
    'a search of the commentary and topics',
  );
}
