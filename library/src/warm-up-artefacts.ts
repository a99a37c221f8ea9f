/**
 * What a server would otherwise build at start, built once by tools/questions/build-indexes.ts and
 * committed under library/data/: the two retrieval indexes (retrieval-index.ts) and the Bible's
 * words the English word list lacks and all the Bibles' words (the spelling correctors', text/normalise.ts).
 * warm-up-artefacts.test.ts checks the committed files are what this builds now.
 */
import { serialisedIndexes } from './retrieval-index';
import { BIBLE_ONLY_WORDS_FILE, BIBLE_WORDS_FILE, bibleOnlyWords, bibleVocabularyList } from './text/normalise';

/** Each file's content (uncompressed), by its path under library/data/ (written gzipped). */
export function warmUpArtefacts(): Record<string, string> {
  return {
    ...serialisedIndexes(),
    [BIBLE_ONLY_WORDS_FILE]: `${JSON.stringify(bibleOnlyWords())}\n`,
    [BIBLE_WORDS_FILE]: `${JSON.stringify(bibleVocabularyList())}\n`,
  };
}
