import { phraseSearchSize } from './answers/phrase-search';
import { classifyQuestion } from './questions/kinds';
import { retrievalSize } from './retrieval';
import { checkSafety } from './safety/detect';

/**
 * Loads what a first question would otherwise wait for: the safety word lists and classifier, the
 * question classifier, the two text indexes and the phrase search's three wordings (seconds of work). A production server does it
 * before it listens; tests that ask questions do it before their first one, so its time never
 * counts against an answer's.
 */
export function warmAssistantLibrary(): { verses: number; prose: number } {
  checkSafety('warm up');
  classifyQuestion('warm up');
  phraseSearchSize();
  return retrievalSize();
}
