/**
 * Loads every library file and builds the search and topic indexes now, so the first reader to ask
 * does not wait for them (about 2 s on a 2-core machine). Services call it after they start listening.
 */
import { lastVerse } from './bible';
import { passageContext } from './passage';
import { detectSafetyConcern } from './safety/detect';
import { librarySearch } from './search';

export function warmLibrary(): void {
  lastVerse('genesis', 1); // both testaments, both translations
  passageContext({ bookId: 'john', chapter: 3, verse: 16, translation: 'web' }); // commentary, topic index, Strong's
  librarySearch('warm', 1); // the search index
  detectSafetyConcern('warm up'); // the English word list the tokenizer corrects against
}
