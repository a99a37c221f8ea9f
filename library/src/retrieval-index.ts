/**
 * The two MiniSearch indexes of retrieval.ts, built at build time: tools/questions/build-indexes.ts
 * writes them with MiniSearch's `toJSON` to library/data/retrieval/ and the server reads them back
 * with `MiniSearch.loadJS`, which skips the normalising, stemming and tokenising of 41,000 documents
 * (most of the old seven-second warm-up). retrieval-index.test.ts checks the committed files are
 * what a fresh build writes; a file that is missing, or whose documents no longer match the
 * library's, is rebuilt here instead, so a stale artefact is slow, never wrong.
 */
import { createHash } from 'node:crypto';
import { formatReference } from '@lectio/contracts/reference';
import MiniSearch, { type Options } from 'minisearch';
import { stemmer } from 'stemmer';
import { type BibleFile, loadNewTestament, readModernWording, readOldTestament } from './bible';
import { hasData, readData } from './data';
import { DICTIONARY_SOURCE, dictionaryArticles } from './dictionary';
import { bookIntroductions } from './introductions';
import { COMMENTARY_SOURCE, loadCommentary, loadScofield, SCOFIELD_SOURCE } from './library-data';
import { GENERIC_BOOK, loadQuestionBank } from './questions/bank';
import { commonAnswers, pastoralAnswers } from './questions/pastoral';
import { wordsOf } from './text/normalise';
import { verseNotes } from './verse-notes';

/** Words that say nothing of a question's subject. */
const STOP = new Set(
  'a an and are as at be but by did do does for from had has have he her his how i if in is it its me my no not of on or our she so that the their them then there these they this to us was were what when where which who whom why will with would you your about into than can could should shall may might unto thee thou thy ye hath doth also said say says bible verse scripture passage one out up all any'.split(
    ' ',
  ),
);

// Each word is stemmed once: the Bible and the library repeat a vocabulary of some 40,000 words millions of times.
const stems = new Map<string, string>();
function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) stems.set(word, (stem = stemmer(word)));
  return stem;
}

/** The index's terms of a text: normalised words, stop words out, stemmed. */
export const indexTerms = (text: string): string[] =>
  wordsOf(text)
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map(stemOf);

/** A verse document: its id is its place, 'john 3 16', so the index needs no stored fields. */
interface VerseDoc {
  id: string;
  text: string;
}

export interface ProseDoc {
  id: number;
  kind: 'henry' | 'scofield' | 'dictionary' | 'introduction' | 'written' | 'note';
  /** A written answer's question id (the bank's or a pastoral one), to compose it for the reader. */
  questionId?: string;
  source: string;
  /** What it is on: 'John 3:1-21', 'Pharisees', 'Hebrews'. */
  title: string;
  bookId: string | null;
  chapter: number | null;
  verse: number | null;
  /** The last verse a commentary section is on (Henry's 'Mark 10:23-31' ends at 31); a note is on its one verse. */
  verseEnd?: number;
  text: string;
}

const VERSE_OPTIONS: Options<VerseDoc> = { fields: ['text'], tokenize: indexTerms, processTerm: (t) => t };
const PROSE_OPTIONS: Options<ProseDoc> = {
  fields: ['title', 'text'],
  tokenize: indexTerms,
  processTerm: (t) => t,
  searchOptions: { boost: { title: 2 } },
};

export const VERSE_INDEX_FILE = 'retrieval/verses.json';
export const PROSE_INDEX_FILE = 'retrieval/prose.json';

/** The place a verse document's id names. */
export function versePlace(id: string): { bookId: string; chapter: number; verse: number } | null {
  const [bookId, chapter, verse] = id.split(' ');
  return bookId && chapter && verse ? { bookId, chapter: Number(chapter), verse: Number(verse) } : null;
}

/**
 * The verses of both testaments, WEB, KJV and BSB wording together in one document a verse: a saying
 * remembered from a modern translation (the NIV's, the ESV's) is nearest the BSB's words.
 */
function verseDocs(): VerseDoc[] {
  const texts = new Map<string, VerseDoc>();
  const add = (file: BibleFile, only: 'known' | 'any') => {
    for (const [bookId, chapters] of Object.entries(file.books))
      for (const [c, list] of Object.entries(chapters))
        for (const v of list) {
          const id = `${bookId} ${c} ${v.number}`;
          const doc = texts.get(id);
          if (doc) doc.text += ` ${v.text}`;
          else if (only === 'any') texts.set(id, { id, text: v.text });
        }
  };
  for (const translation of ['web', 'kjv'] as const)
    for (const file of [readOldTestament(translation), loadNewTestament(translation)]) add(file, 'any');
  // Only verses our texts have: an answer quotes the verse it finds in the WEB or the KJV.
  add(readModernWording(), 'known');
  // Our notes' key words for the verses most asked about ('vapour', 'breath' at Ecclesiastes 1:2): the words a saying
  // remembered loosely is often in, which no translation we have uses.
  for (const n of verseNotes()) {
    const doc = texts.get(`${n.bookId} ${n.chapter} ${n.verse}`);
    if (doc) doc.text += ` ${n.keywords.join(' ')} ${n.plain}`;
  }
  return [...texts.values()];
}

/** The library's prose: Henry's sections, Scofield's notes, Easton's articles, our introductions and written answers. */
export function proseDocs(): ProseDoc[] {
  const docs: ProseDoc[] = [];
  const add = (d: Omit<ProseDoc, 'id'>) => docs.push({ ...d, id: docs.length });
  for (const [bookId, sections] of Object.entries(loadCommentary().books))
    for (const s of sections)
      add({
        kind: 'henry',
        source: COMMENTARY_SOURCE,
        title: formatReference({
          bookId,
          chapter: s.chapter,
          verse: s.verse,
          verseEnd: s.verseEnd > s.verse ? s.verseEnd : undefined,
        }),
        bookId,
        chapter: s.chapter,
        verse: s.verse,
        verseEnd: s.verseEnd,
        text: s.text,
      });
  for (const [bookId, notes] of Object.entries(loadScofield().books))
    for (const n of notes)
      add({
        kind: 'scofield',
        source: SCOFIELD_SOURCE,
        title: formatReference({ bookId, chapter: n.chapter, verse: n.verse }),
        bookId,
        chapter: n.chapter,
        verse: n.verse,
        verseEnd: n.verse,
        text: n.text,
      });
  for (const a of dictionaryArticles())
    add({
      kind: 'dictionary',
      source: DICTIONARY_SOURCE,
      title: a.headword,
      bookId: null,
      chapter: null,
      verse: null,
      text: a.paragraphs.join('\n'),
    });
  for (const b of bookIntroductions())
    add({
      kind: 'introduction',
      source: "Lectio's introductions to the New Testament",
      title: b.book,
      bookId: b.book,
      chapter: null,
      verse: null,
      text: [b.summary, b.author, b.date, b.audience, b.purpose].join('\n'),
    });
  // Our notes on the verses most asked about: the verse is the title, the note in plain words and in full the text.
  for (const n of verseNotes())
    add({
      kind: 'note',
      source: "Lectio's verse notes",
      title: n.ref,
      bookId: n.bookId,
      chapter: n.chapter,
      verse: n.verse,
      verseEnd: n.verse,
      text: `${n.plain}\n${n.note}`,
    });
  // Our written answers: the question is the title, its direct answer and walk-through the text.
  for (const file of loadQuestionBank().values())
    for (const [chapter, entries] of [...Object.entries(file.chapters), ['', file.general] as const])
      for (const e of entries)
        if (!e.fromOutline)
          add({
            kind: 'written',
            questionId: e.id,
            source: "Lectio's written answers",
            title: e.question,
            bookId: file.book === GENERIC_BOOK ? null : file.book,
            chapter: chapter ? Number(chapter) : null,
            verse: null,
            text: `${e.parts.summary}\n${e.parts.explanation}`,
          });
  for (const [source, written] of [
    ["Lectio's written pastoral answers", pastoralAnswers()],
    ["Lectio's written answers to common questions", commonAnswers()],
  ] as const)
    for (const a of written)
      add({
        kind: 'written',
        questionId: a.id,
        source,
        title: [a.question, ...a.phrasings].join('\n'),
        bookId: null,
        chapter: null,
        verse: null,
        text: `${a.parts.summary}\n${a.parts.explanation}`,
      });
  return docs;
}

function built<T>(docs: T[], options: Options<T>): MiniSearch<T> {
  const index = new MiniSearch<T>(options);
  index.addAll(docs);
  return index;
}

/** The verse index from source (the tool and the test; the server reads the committed file). */
export const buildVerseIndex = (): MiniSearch<VerseDoc> => built(verseDocs(), VERSE_OPTIONS);
/** The prose index from source, over `docs`. */
export const buildProseIndex = (docs: ProseDoc[] = proseDocs()): MiniSearch<ProseDoc> => built(docs, PROSE_OPTIONS);

/** What the tool writes: MiniSearch's own JSON, with a fingerprint of the documents it indexes. */
export type IndexFile = Parameters<typeof MiniSearch.loadJS>[0] & { fingerprint: string };

/** A fingerprint of the prose documents (titles and texts, in order), so a stale index is noticed. */
export function proseFingerprint(docs: ProseDoc[]): string {
  const hash = createHash('sha256');
  for (const d of docs) hash.update(`${d.kind}\u0000${d.title}\u0000${d.text}\u0001`);
  return hash.digest('hex');
}

/** A committed index read back, or null when it is missing or indexes other documents. */
function committed<T>(file: string, options: Options<T>, fingerprint: string | null): MiniSearch<T> | null {
  if (!hasData(file)) return null;
  const json = readData<IndexFile>(file);
  return fingerprint === null || json.fingerprint === fingerprint ? MiniSearch.loadJS<T>(json, options) : null;
}

/** The verse index: the committed one, else built now. */
export function loadVerseIndex(): MiniSearch<VerseDoc> {
  // The Bible's text is converted once and never edited: the test, not the server, checks this one is current.
  return committed(VERSE_INDEX_FILE, VERSE_OPTIONS, null) ?? buildVerseIndex();
}

/**
 * The prose index over the library's documents as they are now: the committed one when it indexes
 * the same documents (our written answers change often), else built now.
 */
export function loadProseIndex(docs: ProseDoc[]): MiniSearch<ProseDoc> {
  return committed(PROSE_INDEX_FILE, PROSE_OPTIONS, proseFingerprint(docs)) ?? buildProseIndex(docs);
}

/** Both indexes as the committed files hold them (uncompressed JSON), by file name: for the tool and the test. */
export function serialisedIndexes(): Record<string, string> {
  const docs = proseDocs();
  const file = <T>(index: MiniSearch<T>, fingerprint: string) =>
    `${JSON.stringify({ ...index.toJSON(), fingerprint })}\n`;
  return {
    [VERSE_INDEX_FILE]: file(buildVerseIndex(), ''),
    [PROSE_INDEX_FILE]: file(buildProseIndex(docs), proseFingerprint(docs)),
  };
}
