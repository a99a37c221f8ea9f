import type { TextTranslation, Translation } from '@lectio/contracts/bible-api';
import { findAnyBook } from '@lectio/contracts/books';

/** The server's Bible URLs; the offline store (Cache Storage) keeps responses under the same ones. */
export const chapterUrl = (t: TextTranslation, book: string, chapter: number) =>
  `/api/bible/${findAnyBook(book)?.testament === 'old' ? 'ot/' : ''}${encodeURIComponent(book)}/${chapter}?translation=${t}`;
/** The whole New Testament (`old`: the whole Old Testament) of a translation, for offline reading. */
export const bundleUrl = (t: Translation, testament: 'old' | 'new' = 'new') =>
  `/api/bible/${testament === 'old' ? 'ot/' : ''}bundle?translation=${t}`;
export const wordsOfJesusUrl = (t: Translation) => `/api/bible/words-of-jesus?translation=${t}`;
