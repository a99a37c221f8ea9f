import type { Translation } from '@lectio/contracts/bible-api';

/** The server's Bible URLs; the offline store (Cache Storage) keeps responses under the same ones. */
export const chapterUrl = (t: Translation, book: string, chapter: number) => `/api/bible/${encodeURIComponent(book)}/${chapter}?translation=${t}`;
export const bundleUrl = (t: Translation) => `/api/bible/bundle?translation=${t}`;
export const wordsOfJesusUrl = (t: Translation) => `/api/bible/words-of-jesus?translation=${t}`;
