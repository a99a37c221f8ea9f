/**
 * The reader's public entry: what other features may use (the reading position in the URL and the
 * highlighted verse). The reader's page
 * itself is loaded by App.tsx's routes (its own chunk), never through this file. package.json beside
 * it marks this file (only) free of side effects, so importing one name pulls in only that module.
 */
export { parseReaderSearch, type Translation } from './state/readerUrl';
export { selectedVerseAtom } from './state/atoms';
// The notes page shows each note's verse in the reader's translation, through the reader's chapter store.
export { getChapter } from './api/chapters';
export { lastPosition } from './state/lastPosition';
