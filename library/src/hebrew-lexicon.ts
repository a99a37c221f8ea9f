/**
 * The Hebrew behind the Old Testament's English, as library/src/answers/words.ts and lexicon.ts
 * give the Greek behind the New Testament's: the KJV Old Testament's Strong's tags
 * (words/kjv-strongs-ot.json) joined to Strong's Hebrew Dictionary (words/strongs-hebrew.json),
 * both converted by tools/library/strongs-hebrew.ts, and our map from English words (and the
 * transliterations readers type, 'hesed') to the Hebrew (words/english-hebrew.json, written).
 * The WEB module's Old Testament tags are not word by word and are not used.
 */
import { formatReference } from '@lectio/contracts/reference';
import { OT_BOOKS } from '@lectio/contracts/books';
import { getVerseText } from './bible';
import { readOptionalData } from './data';
import { loadKjvStrongsOt, loadStrongsHebrew, type StrongsEntry } from './library-data';
import { englishKey } from './lexicon';

/** One Hebrew word of our map (words/english-hebrew.json). */
export interface EnglishHebrewItem {
  /** 'H2617', checked against Strong's Hebrew Dictionary. */
  strongs: string;
  /** The dictionary form in pointed Hebrew ('חֶסֶד'); its letters are Strong's headword's. */
  hebrew: string;
  /** The transliteration readers know ('hesed'). */
  transliteration: string;
  /** Our short gloss. */
  gloss: string;
  /** Our note in plain words, where one helps. */
  note?: string;
}

/** One English word of our map and the Hebrew it reaches. */
export interface EnglishHebrewWord {
  english: string;
  /** Other English forms and phrasings ('lovingkindness', 'steadfast love'). */
  aliases: string[];
  /** The transliterations readers type for the Hebrew ('hesed', 'chesed'): naming one asks for the Hebrew. */
  names: string[];
  hebrew: EnglishHebrewItem[];
}

interface EnglishHebrewFile {
  source: string;
  words: EnglishHebrewWord[];
}

/** A Hebrew word of a verse: Strong's entry with the KJV's English for it there. */
export interface HebrewWord extends StrongsEntry {
  strongs: string;
  /** The KJV's English for it in this verse ('mercy'; 'welfare, well' when the verse has it twice). */
  kjvWord: string;
}

/** A Hebrew word as an answer gives it: Strong's entry, with our pointed form, transliteration, gloss and note when the map has the word. */
export interface HebrewWordStudy {
  strongs: string;
  /** Our pointed form when the map has the word, else Strong's (unpointed) headword. */
  lemma: string;
  /** Strong's headword, unpointed ('חסד'). */
  strongsLemma: string;
  /** Ours ('hesed') when the map has the word, else Strong's ('chêsêd'). */
  transliteration: string;
  /** Strong's transliteration ('chêsêd'). */
  strongsTransliteration: string;
  /** Ours when the map has the word, else Strong's first sense. */
  gloss: string;
  /** Strong's meaning, without the word's origin and the KJV's renderings. */
  meaning: string;
  note?: string;
}

export const HEBREW_SOURCE =
  "Strong's Hebrew Dictionary, joined to the KJV Old Testament's Strong's tags (public domain)";

const OLD_TESTAMENT = new Set(OT_BOOKS.map((b) => b.id));

/** Whether a book id is of the Old Testament ('psalms', 'samuel1'). */
export const isOldTestamentBook = (bookId: string): boolean => OLD_TESTAMENT.has(bookId);

/** A verse's reference as answers write it: one psalm is 'Psalm 23:3'. */
export const verseReference = (bookId: string, chapter: number, verse: number): string =>
  formatReference({ bookId, chapter, verse }).replace(/^Psalms /, 'Psalm ');

/** 'H2617', 'h02617' or '2617' -> 'H2617'. */
export const hebrewStrongs = (n: string): string => `H${Number(n.trim().replace(/^H/i, ''))}`;

/** Hebrew letters without vowel points, accents or the shin and sin dots ('שָׁלוֹם' -> 'שלום'). */
export const hebrewLetters = (word: string): string => word.replace(/[\u0591-\u05c7]/g, '').trim();

interface Index {
  words: EnglishHebrewWord[];
  /** Every English form, alias and name -> its word, longest first (for finding them in a question). */
  forms: Array<{ form: string; word: EnglishHebrewWord; name: boolean }>;
  byStrongs: Map<string, EnglishHebrewItem>;
}

let index: Index | undefined;

function load(): Index {
  if (index) return index;
  const words = readOptionalData<EnglishHebrewFile>('words/english-hebrew.json', { source: '', words: [] }).words;
  const forms: Index['forms'] = [];
  const byStrongs = new Map<string, EnglishHebrewItem>();
  for (const word of words) {
    for (const form of [word.english, ...word.aliases]) forms.push({ form: englishKey(form), word, name: false });
    for (const form of word.names) forms.push({ form: englishKey(form), word, name: true });
    for (const item of word.hebrew) if (!byStrongs.has(item.strongs)) byStrongs.set(item.strongs, item);
  }
  forms.sort((a, b) => b.form.length - a.form.length);
  return (index = { words, forms, byStrongs });
}

/** Every word of our map. */
export function englishHebrewWords(): EnglishHebrewWord[] {
  return load().words;
}

/** Our map's item for a Strong's number, where the map has it. */
export function englishHebrewItem(strongs: string): EnglishHebrewItem | null {
  return load().byStrongs.get(hebrewStrongs(strongs)) ?? null;
}

/** The map's entry for an English word, alias or transliteration ('mercy', 'lovingkindness', 'hesed'), plural forms too; null when it has none. */
export function englishHebrewWord(word: string): EnglishHebrewWord | null {
  const key = englishKey(word);
  const { forms } = load();
  for (const k of [key, key.replace(/s$/, ''), key.replace(/es$/, '')]) {
    const found = forms.find((f) => f.form === k);
    if (found) return found.word;
  }
  return null;
}

export interface HebrewWordNamed {
  word: EnglishHebrewWord;
  /** The form the question uses ('loving kindness', 'hesed'). */
  form: string;
  /** Whether that form is a transliteration of the Hebrew ('hesed'), not English. */
  name: boolean;
}

/**
 * The map's words a question names, in the order it names them, each once: the longest form
 * first where forms overlap ('steadfast love' is mercy's, not love's).
 */
export function hebrewWordsNamed(question: string): HebrewWordNamed[] {
  let text = ` ${englishKey(question)} `;
  const found: Array<HebrewWordNamed & { at: number }> = [];
  for (const { form, word, name } of load().forms) {
    if (!form) continue;
    const at = text.search(new RegExp(`\\s${form}s?\\s`));
    if (at < 0) continue;
    // The words are used up: 'loving kindness' is not also 'kindness'.
    text = text.slice(0, at) + ' '.repeat(form.length + 1) + text.slice(at + form.length + 1);
    // A word named twice ('mercy ... loving kindness') stands where it is first named, by that form.
    const seen = found.find((f) => f.word === word);
    if (!seen) found.push({ word, form, name, at });
    else if (at < seen.at) Object.assign(seen, { form, name, at });
  }
  return found.sort((a, b) => a.at - b.at).map(({ word, form, name }) => ({ word, form, name }));
}

/** The Hebrew words of an Old Testament verse in the KJV's order, each with the KJV's English for it; [] outside the Old Testament. */
export function hebrewWordsOf(bookId: string, chapter: number, verse: number): HebrewWord[] {
  const tags = loadKjvStrongsOt().books[bookId]?.[String(chapter)]?.[String(verse)] ?? [];
  const { entries } = loadStrongsHebrew();
  const out: HebrewWord[] = [];
  for (const [strongs, kjvWord] of tags) {
    const entry = entries[strongs];
    if (entry && !out.some((w) => w.strongs === strongs)) out.push({ strongs, kjvWord, ...entry });
  }
  return out;
}

const SMALL = new Set(
  'a an and the of to in is be it he she they we i you not that this for with as by on at or but so who what here word hebrew'.split(
    ' ',
  ),
);

/**
 * The Hebrew word behind an English word of an Old Testament verse: where the KJV has that word,
 * or where the WEB has it and a Hebrew word's KJV renderings do ('loving kindness' at Psalm 136:1,
 * where the KJV says 'mercy', is hesed). Null when the verse has no such word.
 */
export function hebrewWordFor(english: string, bookId: string, chapter: number, verse: number): HebrewWord | null {
  const word = englishKey(english);
  if (!word || SMALL.has(word)) return null;
  const words = hebrewWordsOf(bookId, chapter, verse);
  const stem = word.slice(0, Math.max(3, word.length - 1));
  const has = (text: string) => new RegExp(`\\b${stem}`, 'i').test(text);
  const inKjv = words.find((w) => has(w.kjvWord));
  if (inKjv) return inKjv;
  const web = getVerseText('web', bookId, chapter, verse) ?? '';
  if (!has(web)) return null;
  // The KJV's renderings of a Hebrew word follow ': -' in Strong's definition. A word whose KJV English the WEB has
  // too is the WEB's for that English ('good' at Psalm 136:1 is tov, though tov may be rendered 'kindness'): another first.
  const rendered = words.filter((w) => has(w.definition.split(/:\s+-\s/)[1] ?? ''));
  const escaped = (w: HebrewWord) =>
    w.kjvWord
      .split(',')[0]!
      .trim()
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const elsewhere = (w: HebrewWord) => new RegExp(`\\b${escaped(w)}\\b`, 'i').test(web);
  return rendered.find((w) => !elsewhere(w)) ?? rendered[0] ?? null;
}

/** The Hebrew behind any of the words asked ('loving kindness'): the whole, then each word, longest first. */
export function hebrewWordForAny(asked: string, bookId: string, chapter: number, verse: number): HebrewWord | null {
  const words = asked.split(/[\s-]+/).sort((a, b) => b.length - a.length);
  for (const candidate of [asked, ...words]) {
    const found = hebrewWordFor(candidate, bookId, chapter, verse);
    if (found) return found;
  }
  return null;
}

/** Per Strong's number, its verses packed as book << 16 | chapter << 8 | verse (the book's place in `useBooks`): a tenth of the heap strings take. */
let uses: Map<string, number[]> | undefined;
let useBooks: string[] = [];

/** How many Old Testament verses the KJV tags with a Strong's number, and the first few ('Genesis 2:7', 'Psalm 3:2'). */
export function hebrewUses(strongs: string, limit = 5): { count: number; references: string[] } {
  if (!uses) {
    uses = new Map();
    // Canonical order: the file's books are written in the Bible's order, chapters and verses as numbers.
    useBooks = Object.keys(loadKjvStrongsOt().books);
    for (const [b, chapters] of Object.values(loadKjvStrongsOt().books).entries())
      for (const [c, verses] of Object.entries(chapters))
        for (const [v, tags] of Object.entries(verses))
          for (const key of new Set(tags.map(([s]) => s))) {
            const list = uses.get(key) ?? [];
            list.push((b << 16) | (Number(c) << 8) | Number(v));
            uses.set(key, list);
          }
  }
  const list = uses.get(hebrewStrongs(strongs)) ?? [];
  return {
    count: list.length,
    references: list.slice(0, limit).map((n) => verseReference(useBooks[n >> 16]!, (n >> 8) & 0xff, n & 0xff)),
  };
}

// Parts of Strong's definition that give the word's origin, not its meaning.
const ORIGIN =
  /^(?:from|a primitive\b|primitive|the same as|feminine|masculine|plural|prolonged|contracted|corresponding|of foreign|of uncertain|probably|perhaps|apparently|a form|by (?:contraction|permutation|transposition)|for\b|intensive|denominative|compare|\(chaldee\))/i;

/** Strong's meaning without the origin and the KJV's renderings: 'kindness; by implication (towards God) piety; ...'. */
export function hebrewMeaning(definition: string): string {
  const meaning = definition.split(/:\s+-\s/)[0] ?? definition;
  const parts = meaning
    .split(';')
    .map((p) => p.trim().replace(/^a primitive root,\s*/i, ''))
    .filter((p) => p && !ORIGIN.test(p) && !/\bH\d+/.test(p));
  return (parts.join('; ') || meaning).replace(/[.,;:\s]+$/, '');
}

/** A Hebrew word for an answer: Strong's entry and, where the map has the word, our form, transliteration, gloss and note; null for an unknown number. */
export function hebrewWordStudy(strongs: string): HebrewWordStudy | null {
  const key = hebrewStrongs(strongs);
  const entry = loadStrongsHebrew().entries[key];
  if (!entry) return null;
  const ours = englishHebrewItem(key);
  return {
    strongs: key,
    lemma: ours?.hebrew ?? entry.lemma,
    strongsLemma: entry.lemma,
    transliteration: ours?.transliteration ?? entry.transliteration,
    strongsTransliteration: entry.transliteration,
    gloss: ours?.gloss ?? entry.gloss,
    meaning: hebrewMeaning(entry.definition),
    ...(ours?.note ? { note: ours.note } : {}),
  };
}

/** The Hebrew behind an English word or transliteration ('mercy', 'hesed') from our map, with Strong's; [] when the map has none. */
export function hebrewForEnglish(word: string): HebrewWordStudy[] {
  const found = englishHebrewWord(word);
  if (!found) return [];
  return found.hebrew.map((h) => hebrewWordStudy(h.strongs)).filter((s): s is HebrewWordStudy => s !== null);
}
