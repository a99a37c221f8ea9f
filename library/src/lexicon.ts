/**
 * Greek words beside Strong's one-line definitions: Abbott-Smith's Manual Greek Lexicon of the New
 * Testament (1922, library/data/words/abbott-smith.json, converted by tools/library/abbott-smith.ts)
 * by Strong's number and lemma, and our map from English words to their Greek
 * (library/data/words/english-greek.json: 'propitiation' -> hilasmos, hilasterion), so a reader's
 * question reaches the Greek without the word 'Greek'. Read on the first lookup and kept.
 */
import { readOptionalData } from './data';
import { loadStrongsGreek } from './library-data';

export interface LexiconSense {
  /** Its number in the entry ('1.', '2. (a)'), '' for the entry's opening sense. */
  n: string;
  /** Abbott-Smith's text of the sense, references written with our book names ('Matthew 5:6'). */
  text: string;
  /** The English glosses it gives, in order. */
  glosses: string[];
  /** The New Testament verses it cites, as compact references ('matthew 5:6'). */
  references: string[];
}

export interface LexiconEntry {
  /** 'G2316'; null for the few entries Abbott-Smith has without one. */
  strongs: string | null;
  lemma: string;
  /** Uses in the New Testament, as Abbott-Smith counts them. */
  occurrences: number | null;
  /** What the word comes from ('< δίκαιος'). */
  derivation: string | null;
  /** Every gloss of the entry in the book's order: the first is the first sense's. */
  glosses: string[];
  senses: LexiconSense[];
  /** The first New Testament verses the entry cites (up to eight), as compact references. */
  references: string[];
  /** Abbott-Smith's note on synonyms ('SYN.: φιλία ...'), where he gives one. */
  synonyms?: string;
}

/** library/data/words/abbott-smith.json */
export interface LexiconFile {
  source: string;
  license: string;
  origin: string;
  entries: LexiconEntry[];
}

/** One English word of our map and the Greek it reaches (library/data/words/english-greek.json). */
export interface EnglishGreekWord {
  english: string;
  /** Other English forms and phrasings that mean the same ('propitiate', 'atoning sacrifice'). */
  aliases: string[];
  greek: Array<{
    strongs: string;
    /** Our short gloss of the Greek word in this sense ('propitiation, atoning sacrifice'). */
    gloss: string;
    /** Our note on how this Greek word carries the English one, in plain words, where one helps (agape and phileo: how they differ). */
    note?: string;
  }>;
}

interface EnglishGreekFile {
  source: string;
  words: EnglishGreekWord[];
}

/** A Greek word as an answer gives it: the lexicon's entry with Strong's transliteration and a short clean gloss. */
export interface GreekWordStudy {
  strongs: string;
  lemma: string;
  transliteration: string;
  /** Our gloss when the word was reached through the English map; else Abbott-Smith's first New Testament sense's glosses (up to three); Strong's first words when Abbott-Smith has none. */
  gloss: string;
  /** Our note for the English word asked about, when reached through the map. */
  note?: string;
  entry: LexiconEntry | null;
  source: string;
}

export const LEXICON_SOURCE = "Abbott-Smith's Manual Greek Lexicon of the New Testament (1922)";

interface Index {
  byStrongs: Map<string, LexiconEntry>;
  byLemma: Map<string, LexiconEntry>;
  english: Map<string, EnglishGreekWord>;
  words: EnglishGreekWord[];
}

let index: Index | undefined;

/** A Greek word without accents, breathings or case ('Θεός' -> 'θεος'), final sigma as medial. */
export function greekKey(word: string): string {
  return word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .trim();
}

/** An English word or phrase as the maps (Greek and Hebrew) key it: lower case, letters and spaces. */
export const englishKey = (word: string): string =>
  word
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z]+/g, ' ')
    .trim();

function load(): Index {
  if (index) return index;
  const file = readOptionalData<LexiconFile>('words/abbott-smith.json', {
    source: LEXICON_SOURCE,
    license: 'Public Domain',
    origin: '',
    entries: [],
  });
  const byStrongs = new Map<string, LexiconEntry>();
  const byLemma = new Map<string, LexiconEntry>();
  for (const e of file.entries) {
    if (e.strongs && !byStrongs.has(e.strongs)) byStrongs.set(e.strongs, e);
    const key = greekKey(e.lemma);
    if (!byLemma.has(key)) byLemma.set(key, e);
  }
  const words = readOptionalData<EnglishGreekFile>('words/english-greek.json', { source: '', words: [] }).words;
  const english = new Map<string, EnglishGreekWord>();
  for (const w of words)
    for (const name of [w.english, ...w.aliases]) if (!english.has(englishKey(name))) english.set(englishKey(name), w);
  return (index = { byStrongs, byLemma, english, words });
}

/** 'G2316', 'g2316' or '2316' -> 'G2316'. */
const strongsOf = (n: string): string => `G${n.trim().replace(/^G/i, '').replace(/^0+/, '')}`;

/** Abbott-Smith's entry for a Strong's number ('G2316'), or null. */
export function lexiconEntry(strongs: string): LexiconEntry | null {
  return load().byStrongs.get(strongsOf(strongs)) ?? null;
}

/** Abbott-Smith's entry for a Greek lemma, accents and case ignored ('θεος', 'Θεός'), or null. */
export function lexiconByLemma(lemma: string): LexiconEntry | null {
  return load().byLemma.get(greekKey(lemma)) ?? null;
}

/**
 * The word's plain New Testament meaning: the glosses (up to three) of its first sense that cites the
 * New Testament, so a classical sense Abbott-Smith gives first ('in cl., a fleet' for ἀπόστολος)
 * does not stand for the word; the first glosses when no sense cites it.
 */
export function shortGloss(entry: LexiconEntry): string {
  const withGlosses = entry.senses.filter((s) => s.glosses.length > 0);
  const first = withGlosses.find((s) => s.references.length > 0 && !/^in cl\b/i.test(s.text)) ?? withGlosses[0];
  return (first ? first.glosses : entry.glosses).slice(0, 3).join(', ');
}

/** A Greek word for an answer: Abbott-Smith's entry with Strong's lemma and transliteration; null when neither knows the number. */
export function greekWordStudy(strongs: string, ours: { gloss?: string; note?: string } = {}): GreekWordStudy | null {
  const key = strongsOf(strongs);
  const entry = lexiconEntry(key);
  const strong = loadStrongsGreek().entries[key];
  const lemma = entry?.lemma ?? strong?.lemma;
  if (lemma === undefined) return null;
  const gloss =
    ours.gloss ??
    (entry && shortGloss(entry) ? shortGloss(entry) : (strong?.definition.split(/[;:]/)[0]?.trim() ?? ''));
  return {
    strongs: key,
    lemma,
    transliteration: strong?.transliteration ?? '',
    gloss,
    ...(ours.note ? { note: ours.note } : {}),
    entry,
    source: entry ? LEXICON_SOURCE : "Strong's Greek Dictionary",
  };
}

/** The map's entry for an English word or phrase ('propitiation', 'repent', 'agape'), or null. */
export function englishGreekWord(word: string): EnglishGreekWord | null {
  const { english } = load();
  const key = englishKey(word);
  const forms = [
    key,
    key.replace(/s$/, ''),
    key.replace(/es$/, ''),
    key.replace(/ed$/, ''),
    key.replace(/ing$/, ''),
    `${key}s`,
  ];
  for (const k of forms) {
    const w = english.get(k);
    if (w) return w;
  }
  return null;
}

/** The Greek behind an English word ('propitiation' -> hilasmos, hilasterion), with our notes; [] when the map has none. */
export function greekForEnglish(word: string): GreekWordStudy[] {
  const w = englishGreekWord(word);
  if (!w) return [];
  return w.greek.map((g) => greekWordStudy(g.strongs, g)).filter((s): s is GreekWordStudy => s !== null);
}

/** Every English word and alias of the map, for the question reader's list of entities. */
export function englishGreekWords(): string[] {
  return load().words.flatMap((w) => [w.english, ...w.aliases]);
}
