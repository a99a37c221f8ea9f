/**
 * The formats of the converted reference works under library/data/ (written by tools/library/),
 * and their loading, once per process. A work not converted on this machine loads empty.
 */
import { readOptionalData } from './data';

export interface CommentarySection {
  chapter: number;
  /** First and last verse the section comments on. */
  verse: number;
  verseEnd: number;
  text: string;
}

/** library/data/commentary/mhcc.json */
export interface CommentaryFile {
  source: string;
  module: string;
  license: string;
  books: Record<string, CommentarySection[]>;
}

export interface TopicSection {
  /** The subtopic ('Of man for God'), '' for the topic's own references. */
  heading: string;
  /** Compact references: 'john 3:16', 'john 3:16-18', 'chronicles1 24' (book id, chapter, verses). */
  references: string[];
}

/** library/data/topics/naves.json */
export interface TopicsFile {
  source: string;
  module: string;
  license: string;
  topics: Array<{ topic: string; sections: TopicSection[] }>;
}

export interface StrongsEntry {
  lemma: string;
  /** Other spellings of the lemma (Strong's Hebrew gives שׁלום beside שׁלם), where it has them. */
  variants?: string[];
  transliteration: string;
  pronunciation: string;
  definition: string;
  /** The first sense, cleanly (tools/library/strongs.ts): 'a deity, especially the supreme Divinity' for θεός. */
  gloss: string;
}

/** library/data/words/strongs-greek.json */
export interface StrongsFile {
  source: string;
  module: string;
  license: string;
  entries: Record<string, StrongsEntry>;
}

/** library/data/words/kjv-strongs.json: per New Testament verse, each Strong's number with the KJV's English for it. */
export interface KjvStrongsFile {
  source: string;
  module: string;
  books: Record<string, Record<string, Record<string, Array<[strongs: string, kjvWord: string]>>>>;
}

/** One note of the Scofield Reference Notes, on the verse it sits on. */
export interface ScofieldNote {
  chapter: number;
  verse: number;
  /** Each note on its own line, opened by the words it comments on ('perish: ...'). */
  text: string;
  /** The verses it cites, as compact references ('luke 15:4', 'romans 8:7-8'). */
  references: string[];
}

/** library/data/commentary/scofield.json (the New Testament's notes). */
export interface ScofieldFile {
  source: string;
  module: string;
  license: string;
  books: Record<string, ScofieldNote[]>;
}

/** library/data/words/web-strongs.json: the WEB module's own Strong's tags, in KjvStrongsFile's shape. */
export type StrongsTagsFile = KjvStrongsFile;

/** library/data/bible/web-footnotes.json: per New Testament verse, the WEB's translation footnotes. */
export interface FootnotesFile {
  source: string;
  books: Record<string, Record<string, Record<string, string[]>>>;
}

/** A loader that reads `path` on its first call and keeps it. */
function once<T>(path: string, empty: T): () => T {
  let value: T | undefined;
  return () => (value ??= readOptionalData<T>(path, empty));
}

export const COMMENTARY_SOURCE = "Matthew Henry's Concise Commentary";

export const loadCommentary = once<CommentaryFile>('commentary/mhcc.json', {
  source: COMMENTARY_SOURCE,
  module: 'MHCC',
  license: 'Public Domain',
  books: {},
});
export const loadTopics = once<TopicsFile>('topics/naves.json', {
  source: "Nave's Topical Bible",
  module: 'Nave',
  license: 'Public Domain',
  topics: [],
});
export const loadStrongsGreek = once<StrongsFile>('words/strongs-greek.json', {
  source: "Strong's Greek Dictionary",
  module: 'StrongsGreek',
  license: 'Public Domain',
  entries: {},
});
export const loadKjvStrongs = once<KjvStrongsFile>('words/kjv-strongs.json', { source: '', module: '', books: {} });
export const loadWebStrongs = once<StrongsTagsFile>('words/web-strongs.json', { source: '', module: '', books: {} });
/** library/data/words/strongs-hebrew.json: Strong's Hebrew dictionary, in the Greek's shape (keys 'H2617'). */
export const loadStrongsHebrew = once<StrongsFile>('words/strongs-hebrew.json', {
  source: "Strong's Hebrew Dictionary",
  module: 'StrongsHebrew',
  license: 'Public Domain',
  entries: {},
});
/** library/data/words/kjv-strongs-ot.json: the KJV Old Testament's Hebrew Strong's tags, in KjvStrongsFile's shape. */
export const loadKjvStrongsOt = once<KjvStrongsFile>('words/kjv-strongs-ot.json', {
  source: '',
  module: '',
  books: {},
});
export const loadWebFootnotes = once<FootnotesFile>('bible/web-footnotes.json', { source: '', books: {} });

export const SCOFIELD_SOURCE = 'Scofield Reference Notes';
export const loadScofield = once<ScofieldFile>('commentary/scofield.json', {
  source: SCOFIELD_SOURCE,
  module: 'Scofield',
  license: 'Public Domain',
  books: {},
});

/** 'john 3:16-18' -> its parts; null when malformed. */
export function parseCompactReference(
  ref: string,
): { bookId: string; chapter: number; verse: number | null; verseEnd: number | null } | null {
  const m = /^([a-z0-9]+) (\d+)(?::(\d+)(?:-(\d+))?)?$/.exec(ref);
  if (!m) return null;
  return {
    bookId: m[1]!,
    chapter: Number(m[2]),
    verse: m[3] ? Number(m[3]) : null,
    verseEnd: m[4] ? Number(m[4]) : null,
  };
}
