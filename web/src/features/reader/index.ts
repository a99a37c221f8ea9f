/**
 * The reader's public entry: what other features may use (the reading position in the URL, the
 * highlighted verse and the assistant's open state, the offline cache's state). The reader's page
 * itself is loaded by App.tsx's routes (its own chunk), never through this file. package.json beside
 * it marks this file (only) free of side effects, so importing one name pulls in only that module.
 */
export { parseReaderSearch, type Translation } from './state/readerUrl';
export { assistantOpenAtom, selectedVerseAtom } from './state/atoms';
export { getRecord } from './offline/record';
export { cacheStatus, type BibleCacheStatus } from './offline/cacheRecord';
