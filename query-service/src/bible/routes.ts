/**
 * Read routes for the Bible text: the New Testament's book list, chapters and offline bundle (the
 * spec's routes), the Old Testament's under /api/bible/ot/ (its books, chapters and bundle), search
 * of either testament, a verse's study panel, and passage previews of either testament.
 * Every New Testament chapter body, its ETag and the gzip bundle are computed once at
 * registration, so a request costs a map lookup and a write; the Old Testament's on first request.
 */
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOKS, findAnyBook, findBook, OT_BOOKS } from '@lectio/contracts/books';
import {
  isTextTranslation,
  type OldTestamentBooksResponse,
  TEXT_TRANSLATIONS,
  type TextTranslation,
} from '@lectio/contracts/bible-api';
import { findAnyBookByName, formatReference, parseAnyReference, parseReference } from '@lectio/contracts/reference';
import { getVerses, loadWordsOfJesus, studyVerse } from '@lectio/library';
import {
  type BibleStore,
  DEFAULT_TRANSLATION,
  getBibleStore,
  isTranslation,
  type SearchScope,
  type Translation,
  TRANSLATIONS,
} from './bible-store';
import { acceptsGzip, etagMatches, IMMUTABLE_CACHE, strongEtag } from './http-cache';
import { escapeHtml } from './text-search';

const JSON_TYPE = 'application/json; charset=utf-8';
export const MAX_QUERY_LENGTH = 200;
export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 100;
const SEARCH_CACHE_SIZE = 500;
// Study answers are computed on first request (a few ms to 60 ms) and kept, the most recent this many.
const STUDY_CACHE_SIZE = 2000;
// The text is immutable and public: logging each read at info level halved throughput in
// bench/chapter-api.ts (15k vs 29k req/s), and nginx's access log already records them when deployed.
// Warnings and errors are still logged.
const QUIET = { logLevel: 'warn' } as const;

interface Prepared {
  body: Buffer;
  etag: string;
}

interface Bundle {
  plain: Prepared;
  gzip: Prepared;
}

// Query values are strings, or arrays when a parameter is repeated.
interface TranslationQuery {
  translation?: string | string[];
}

function prepare(value: unknown): Prepared {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: strongEtag(body) };
}

// Accept the spec's ids in any case and the hyphenated spelling of its priority list (corinthians-1).
const bookKey = (raw: string): string => raw.toLowerCase().replace(/-/g, '');

// Handlers are synchronous and return nothing: Fastify would otherwise send a returned reply twice.
function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: Prepared,
  extra?: Record<string, string>,
): void {
  reply.header('etag', prepared.etag).header('cache-control', IMMUTABLE_CACHE);
  if (extra) reply.headers(extra);
  if (etagMatches(request.headers['if-none-match'], prepared.etag)) reply.code(304).send();
  else reply.header('content-type', JSON_TYPE).send(prepared.body);
}

function fail(reply: FastifyReply, status: number, message: string): void {
  reply.code(status).send({ message });
}

function translationOf(query: TranslationQuery, reply: FastifyReply): Translation | null {
  const raw = query.translation;
  const t = raw === undefined || raw === '' ? DEFAULT_TRANSLATION : typeof raw === 'string' ? raw.toLowerCase() : null;
  if (isTranslation(t)) return t;
  fail(reply, 400, `Unknown translation; use one of: ${TRANSLATIONS.join(', ')}`);
  return null;
}

/** The text of a chapter route: any text the reader shows, the Reina-Valera's included. */
function textTranslationOf(query: TranslationQuery, reply: FastifyReply): TextTranslation | null {
  const raw = query.translation;
  const t = raw === undefined || raw === '' ? DEFAULT_TRANSLATION : typeof raw === 'string' ? raw.toLowerCase() : null;
  if (isTextTranslation(t)) return t;
  fail(reply, 400, `Unknown translation; use one of: ${TEXT_TRANSLATIONS.join(', ')}`);
  return null;
}

const SCOPES: readonly SearchScope[] = ['new', 'old', 'all'];

function prepareChapters(store: BibleStore): Map<string, Prepared> {
  const prepared = new Map<string, Prepared>();
  for (const translation of TEXT_TRANSLATIONS)
    for (const book of BOOKS)
      for (let c = 1; c <= book.chapters; c++)
        prepared.set(`${translation}/${book.id}/${c}`, prepare(store.chapter(translation, book.id, c)));
  return prepared;
}

function prepareBundle(store: BibleStore, translation: Translation, testament: 'old' | 'new' = 'new'): Bundle {
  const books: Record<string, Record<string, unknown>> = {};
  for (const book of testament === 'new' ? BOOKS : OT_BOOKS) {
    const chapters: Record<string, unknown> = {};
    for (let c = 1; c <= book.chapters; c++)
      chapters[String(c)] =
        testament === 'new'
          ? store.chapter(translation, book.id, c)
          : store.oldTestamentChapter(translation, book.id, c);
    books[book.id] = chapters;
  }
  // The version is the content's hash, so a browser cache can tell when the text changed.
  const version = strongEtag(JSON.stringify(books)).slice(1, 17);
  const plain = prepare({ translation, version, books });
  return { plain, gzip: { body: gzipSync(plain.body, { level: 9 }), etag: plain.etag.replace(/"$/, '-gzip"') } };
}

export async function registerBibleRoutes(app: FastifyInstance): Promise<void> {
  const store = getBibleStore();
  const books = prepare({ books: BOOKS });
  const chapters = prepareChapters(store);
  const bundles = new Map(TRANSLATIONS.map((t) => [t, prepareBundle(store, t)]));
  const searchCache = new Map<string, string>();

  app.get('/api/bible/books', QUIET, (request, reply) => sendPrepared(request, reply, books));

  const sendBundle = (request: FastifyRequest, reply: FastifyReply, bundle: Bundle) => {
    if (acceptsGzip(request.headers['accept-encoding'])) {
      sendPrepared(request, reply, bundle.gzip, { 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    } else {
      sendPrepared(request, reply, bundle.plain, { vary: 'Accept-Encoding' });
    }
  };
  app.get<{ Querystring: TranslationQuery }>('/api/bible/bundle', QUIET, (request, reply) => {
    const translation = translationOf(request.query, reply);
    if (translation) sendBundle(request, reply, bundles.get(translation)!);
  });

  // The Old Testament: its own book list, chapters and offline bundle, read on first request (the
  // reader fetches it only when someone opens it), so the New Testament's routes stay the spec's.
  const otBookList: OldTestamentBooksResponse = {
    books: OT_BOOKS.map(({ id, name, chapters, order }) => ({ id, name, chapters, order })),
  };
  const otBooks = prepare(otBookList);
  app.get('/api/bible/ot/books', QUIET, (request, reply) => sendPrepared(request, reply, otBooks));
  const otBundles = new Map<Translation, Bundle>();
  app.get<{ Querystring: TranslationQuery }>('/api/bible/ot/bundle', QUIET, (request, reply) => {
    const translation = translationOf(request.query, reply);
    if (!translation) return;
    let bundle = otBundles.get(translation);
    if (!bundle) otBundles.set(translation, (bundle = prepareBundle(store, translation, 'old')));
    sendBundle(request, reply, bundle);
  });
  const otChapters = new Map<string, Prepared>();
  app.get<{ Params: { bookId: string; chapter: string }; Querystring: TranslationQuery }>(
    '/api/bible/ot/:bookId/:chapter',
    QUIET,
    (request, reply) => {
      const translation = textTranslationOf(request.query, reply);
      if (!translation) return;
      const book = findAnyBook(bookKey(request.params.bookId));
      if (!book || book.testament !== 'old') return fail(reply, 404, 'Book not found');
      const chapter = /^\d{1,3}$/.test(request.params.chapter) ? Number(request.params.chapter) : NaN;
      const key = `${translation}/${book.id}/${chapter}`;
      let prepared = otChapters.get(key);
      if (!prepared) {
        const content =
          chapter >= 1 && chapter <= book.chapters
            ? store.oldTestamentChapter(translation, book.id, chapter)
            : undefined;
        if (!content) return fail(reply, 404, 'Chapter not found');
        otChapters.set(key, (prepared = prepare(content)));
      }
      sendPrepared(request, reply, prepared);
    },
  );

  // The red-letter marks of the whole New Testament, one small file per translation: the reader
  // fetches it only when "Words of Jesus in red" is on, so the chapters and their bundle stay as they were.
  const wordsOfJesus = new Map(TRANSLATIONS.map((t) => [t, prepare(loadWordsOfJesus(t))]));
  app.get<{ Querystring: TranslationQuery }>('/api/bible/words-of-jesus', QUIET, (request, reply) => {
    const translation = translationOf(request.query, reply);
    if (translation) sendPrepared(request, reply, wordsOfJesus.get(translation)!);
  });

  app.get<{
    Querystring: TranslationQuery & { q?: string | string[]; limit?: string | string[]; testament?: string | string[] };
  }>('/api/bible/search', (request, reply) => {
    const translation = translationOf(request.query, reply);
    if (!translation) return;
    const rawScope = request.query.testament ?? 'new';
    const scope = SCOPES.find((s) => s === rawScope);
    if (!scope) return fail(reply, 400, `testament must be one of: ${SCOPES.join(', ')}`);
    const q = typeof request.query.q === 'string' ? request.query.q.trim() : '';
    if (q === '') return fail(reply, 400, 'Enter something to search for');
    if (q.length > MAX_QUERY_LENGTH)
      return fail(reply, 400, `Search text is limited to ${MAX_QUERY_LENGTH} characters`);
    const rawLimit = request.query.limit;
    let limit = DEFAULT_SEARCH_LIMIT;
    if (rawLimit !== undefined && rawLimit !== '') {
      if (typeof rawLimit !== 'string' || !/^\d{1,6}$/.test(rawLimit))
        return fail(reply, 400, 'limit must be a positive whole number');
      limit = Math.min(MAX_SEARCH_LIMIT, Math.max(1, Number(rawLimit)));
    }
    // Popular searches repeat; keep their serialized answers (the text never changes at run time).
    const key = `${translation}|${scope}|${limit}|${q}`;
    let body = searchCache.get(key);
    if (body === undefined) {
      body = JSON.stringify(search(store, translation, q, limit, scope));
      if (searchCache.size >= SEARCH_CACHE_SIZE) searchCache.delete(searchCache.keys().next().value!);
    } else {
      searchCache.delete(key); // re-insert below: Map order doubles as least-recently-used order
    }
    searchCache.set(key, body);
    reply.header('cache-control', 'public, max-age=3600').header('content-type', JSON_TYPE).send(body);
  });

  app.get<{ Querystring: TranslationQuery & { ref?: string | string[] } }>(
    '/api/bible/passage',
    QUIET,
    (request, reply) => {
      const translation = translationOf(request.query, reply);
      if (!translation) return;
      const outcome = passage(typeof request.query.ref === 'string' ? request.query.ref : '', translation);
      if ('status' in outcome) return fail(reply, outcome.status, outcome.message);
      reply.header('cache-control', IMMUTABLE_CACHE).header('content-type', JSON_TYPE).send(JSON.stringify(outcome));
    },
  );

  // A verse's study panel. Computed on first request rather than at start-up (8,000 verses times
  // two translations would take minutes), then served like a chapter: immutable, with a strong ETag.
  const studies = new Map<string, Prepared>();
  app.get<{ Params: { book: string; chapter: string; verse: string }; Querystring: TranslationQuery }>(
    '/api/study/:book/:chapter/:verse',
    QUIET,
    (request, reply) => {
      const translation = translationOf(request.query, reply);
      if (!translation) return;
      // Either testament: an Old Testament verse has Henry, cross-references and topics (no Greek).
      const book = findAnyBook(bookKey(request.params.book));
      if (!book) return fail(reply, 404, 'Book not found');
      const number = (raw: string) => (/^\d{1,3}$/.test(raw) ? Number(raw) : NaN);
      const chapter = number(request.params.chapter);
      if (!(chapter >= 1 && chapter <= book.chapters)) return fail(reply, 404, 'Chapter not found');
      const verse = number(request.params.verse);
      const key = `${translation}/${book.id}/${chapter}/${verse}`;
      let prepared = studies.get(key);
      if (prepared)
        studies.delete(key); // re-inserted below: Map order doubles as least-recently-used order
      else {
        const study = Number.isNaN(verse) ? null : studyVerse(book.id, chapter, verse, translation);
        if (!study) return fail(reply, 404, 'Verse not found');
        prepared = prepare(study);
        if (studies.size >= STUDY_CACHE_SIZE) studies.delete(studies.keys().next().value!);
      }
      studies.set(key, prepared);
      sendPrepared(request, reply, prepared);
    },
  );

  app.get<{ Params: { bookId: string; chapter: string }; Querystring: TranslationQuery }>(
    '/api/bible/:bookId/:chapter',
    QUIET,
    (request, reply) => {
      const translation = textTranslationOf(request.query, reply);
      if (!translation) return;
      const book = findBook(bookKey(request.params.bookId));
      if (!book) return fail(reply, 404, 'Book not found');
      const chapter = /^\d{1,3}$/.test(request.params.chapter) ? Number(request.params.chapter) : NaN;
      const prepared = chapters.get(`${translation}/${book.id}/${chapter}`);
      if (!prepared) return fail(reply, 404, 'Chapter not found');
      sendPrepared(request, reply, prepared);
    },
  );
}

export const MAX_REFERENCE_LENGTH = 60;

export interface PassagePreview {
  reference: string;
  book: string;
  chapter: number;
  verse: number | null;
  verseEnd: number | null;
  testament: 'old' | 'new';
  verses: Array<{ number: number; text: string }>;
}

/** GET /api/bible/passage: a reference of either testament ('Isaiah 53:5', 'Ps 23', 'John 3:16-18') with its text. */
export function passage(
  ref: string,
  translation: Translation,
): PassagePreview | { status: 400 | 404; message: string } {
  const text = ref.trim();
  if (text === '') return { status: 400, message: 'Enter a reference, e.g. Isaiah 53:5' };
  if (text.length > MAX_REFERENCE_LENGTH)
    return { status: 400, message: `A reference is limited to ${MAX_REFERENCE_LENGTH} characters` };
  const location = parseAnyReference(text);
  if (!location) {
    const name = text.replace(/[\s\d:.\-–—]+$/, '');
    if (!/[a-z]/i.test(name)) return { status: 400, message: 'Not a Bible reference, e.g. Isaiah 53:5' };
    return findAnyBookByName(name)
      ? { status: 404, message: 'Chapter not found' }
      : { status: 404, message: 'Book not found' };
  }
  const book = findAnyBook(location.bookId)!;
  const chapter = getVerses(translation, book.id, location.chapter);
  const from = location.verse ?? 1;
  const to = location.verse === undefined ? Infinity : (location.verseEnd ?? location.verse);
  const verses = chapter
    .filter((v) => v.number >= from && v.number <= to)
    .map((v) => ({ number: v.number, text: v.text }));
  const last = chapter.reduce((n, v) => Math.max(n, v.number), 0);
  if (verses.length === 0 || (location.verseEnd !== undefined && location.verseEnd > last))
    return { status: 404, message: 'Verse not found' };
  return {
    reference: formatReference(location),
    book: book.id,
    chapter: location.chapter,
    verse: location.verse ?? null,
    verseEnd: location.verseEnd ?? null,
    testament: book.testament,
    verses,
  };
}

/**
 * The search response: a parsed reference of either testament (its verses as results) or ranked
 * full-text matches in the testaments `scope` names (the New by default, as before).
 * `notice` stays in the shape, null: the reader now holds the Old Testament too.
 */
export function search(
  store: BibleStore,
  translation: Translation,
  query: string,
  limit: number,
  scope: SearchScope = 'new',
) {
  // A bare Old Testament name ('Numbers', 'Job') is searched as words; with a number it is a reference.
  const location = parseReference(query) ?? (/\d/.test(query) ? parseAnyReference(query) : null);
  const book = location ? findAnyBook(location.bookId) : undefined;
  const reference = location && book ? { ...location, bookName: book.name, testament: book.testament } : null;
  if (location && reference && location.verse !== undefined) {
    const verses = store.verses(
      translation,
      location.bookId,
      location.chapter,
      location.verse,
      location.verseEnd ?? location.verse,
    );
    const results = verses.slice(0, limit).map((v) => ({
      bookId: location.bookId,
      bookName: reference.bookName,
      chapter: location.chapter,
      verse: v.number,
      text: v.text,
      highlighted: escapeHtml(v.text),
      score: 1,
    }));
    return { query, reference, results, total: verses.length, suggestion: null, notice: null };
  }
  // A chapter reference ("Romans 8") needs no text results; a bare name ("Mark") still gets them.
  if (location && /\d/.test(query)) return { query, reference, results: [], total: 0, suggestion: null, notice: null };
  const { results, total, suggestion } = store.search(translation, query, limit, scope);
  return { query, reference, results, total, suggestion, notice: null };
}
