/**
 * The Bible dictionary: Easton's (1897, library/data/dictionary/easton.json, converted by
 * tools/library/easton.ts) for people, groups, places, customs, objects, money and measures, with
 * our own names for its articles (dictionary/aliases.json: 'tax collector' is Easton's 'Publican',
 * 'Holy Spirit' his 'Holy Ghost') and our table of money and measures in modern terms
 * (dictionary/money-and-measures.json), because 1897 says a denarius is 'sevenpence halfpenny'.
 * Read on the first lookup and kept.
 */
import { readOptionalData } from './data';
import { findReferences } from './references/scan';

/** One article of the dictionary as converted. */
export interface DictionaryArticle {
  headword: string;
  /** The article's paragraphs as Easton wrote them, its numbered links written as the names they point to. */
  paragraphs: string[];
  /** The verses it cites that exist in our text, as compact references ('exodus 6:20', 'leviticus 8'). */
  references: string[];
  /** The articles it points to ('See MOSES', 'Ashdod (q.v.)'), by headword. */
  seeAlso: string[];
}

/** library/data/dictionary/easton.json */
export interface DictionaryFile {
  source: string;
  license: string;
  origin: string;
  articles: DictionaryArticle[];
}

/** One coin, weight or measure, written by us with its modern equivalent (library/data/dictionary/money-and-measures.json). */
export interface MoneyOrMeasure {
  /** The name readers meet ('denarius'). */
  name: string;
  /** Other names and the English of our translations ('penny', 'pence', 'denarii'). */
  aliases: string[];
  kind: 'money' | 'weight' | 'length' | 'distance' | 'dry measure' | 'liquid measure' | 'time';
  /** What it was, in one or two plain sentences with its modern equivalent. */
  modern: string;
  /** How it relates to the others ('4 denarii', '100 drachmas'), when that helps. */
  equals?: string;
  /** Verses where it appears ('Matthew 20:2'). */
  references: string[];
  /** Easton's article on it, when he has one. */
  easton?: string;
}

interface MoneyAndMeasuresFile {
  source: string;
  items: MoneyOrMeasure[];
}

interface AliasesFile {
  source: string;
  /** A name readers use -> Easton's headword. */
  aliases: Record<string, string>;
}

/** What a lookup answers: the article, its first paragraph cleaned for an answer, and our modern note where it is money or a measure. */
export interface DictionaryEntry {
  headword: string;
  /** The name asked for, when it reached the article through an alias or a 'See' article ('denarius' -> 'Penny'). */
  askedAs?: string;
  /** The first paragraph, with its '(See X.)' and '(q.v.)' pointers taken out: the article's answer in brief. */
  summary: string;
  paragraphs: string[];
  references: string[];
  seeAlso: string[];
  /** Our modern equivalent, for money and measures. */
  modern?: MoneyOrMeasure;
  /** Our direct answer in plain words (dictionary/in-brief.json), for the subjects asked about most. */
  inBrief?: string;
  source: string;
}

export const IN_BRIEF_SOURCE = "Lectio's notes in brief";

let inBriefNotes: Record<string, string> | undefined;

/** Our plain note on a subject, by the name asked or Easton's headword. */
function inBriefFor(...names: (string | undefined)[]): string | undefined {
  inBriefNotes ??= readOptionalData<{ entries: Record<string, string> }>('dictionary/in-brief.json', {
    entries: {},
  }).entries;
  for (const n of names) if (n && inBriefNotes[n.toLowerCase()]) return inBriefNotes[n.toLowerCase()];
  return undefined;
}

export const DICTIONARY_SOURCE = "Easton's Bible Dictionary (1897)";

const EMPTY: DictionaryFile = { source: DICTIONARY_SOURCE, license: 'Public Domain', origin: '', articles: [] };

interface Index {
  file: DictionaryFile;
  /** Headwords and their turned forms ('Mount of Olives'). */
  byKey: Map<string, number>;
  /** Tried when nothing else matches: the first part of 'Baptism, Christian', the second of 'Pur, Purim'. */
  fallback: Map<string, number>;
  aliases: Map<string, string>;
  money: MoneyOrMeasure[];
  moneyByKey: Map<string, MoneyOrMeasure>;
}

let index: Index | undefined;

/** Every article of the dictionary, for the library's text index. */
export function dictionaryArticles(): readonly DictionaryArticle[] {
  return load().file.articles;
}

/** A name in the form the index keys it: lower case, no accents, punctuation or articles ('the Feast of the Dedication' -> 'feast of dedication'). */
export function dictionaryKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]s\b/g, 's')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\b(?:the|a|an) /g, '')
    .trim();
}

/** 'Olives, Mount of' -> 'Mount of Olives'; 'Pilate, Pontius' -> 'Pontius Pilate'. */
const turned = (headword: string): string | null => {
  const m = /^([^,]+),\s*([^,]+)$/.exec(headword);
  return m ? `${m[2]} ${m[1]}` : null;
};

function load(): Index {
  if (index) return index;
  const file = readOptionalData<DictionaryFile>('dictionary/easton.json', EMPTY);
  const byKey = new Map<string, number>();
  const fallback = new Map<string, number>();
  const put = (map: Map<string, number>, name: string, i: number): void => {
    const key = dictionaryKey(name);
    if (key && !map.has(key)) map.set(key, i);
  };
  file.articles.forEach((a, i) => {
    put(byKey, a.headword, i);
    const t = turned(a.headword);
    if (t) put(byKey, t, i);
    const [first, second] = a.headword.split(/,\s*/);
    if (second !== undefined) {
      put(fallback, first!, i);
      // 'Pur, Purim', 'Veil, vail', 'Sharon, Saron': a second spelling of the same name.
      if (/^\S+$/.test(second) && second.slice(0, 2).toLowerCase() === first!.slice(0, 2).toLowerCase())
        put(fallback, second, i);
    }
  });
  const aliasFile = readOptionalData<AliasesFile>('dictionary/aliases.json', { source: '', aliases: {} });
  const aliases = new Map(Object.entries(aliasFile.aliases).map(([k, v]) => [dictionaryKey(k), v]));
  const money = readOptionalData<MoneyAndMeasuresFile>('dictionary/money-and-measures.json', {
    source: '',
    items: [],
  }).items;
  const moneyByKey = new Map<string, MoneyOrMeasure>();
  for (const item of money)
    for (const name of [item.name, ...item.aliases])
      if (!moneyByKey.has(dictionaryKey(name))) moneyByKey.set(dictionaryKey(name), item);
  return (index = { file, byKey, fallback, aliases, money, moneyByKey });
}

/** The forms of a name worth trying: as asked, singular and plural ('Pharisee' -> 'Pharisees'), without 'mount' or 'land of'. */
function variants(key: string): string[] {
  const out = [key];
  if (key.endsWith('ies')) out.push(`${key.slice(0, -3)}y`);
  if (key.endsWith('es')) out.push(key.slice(0, -2));
  if (key.endsWith('s')) out.push(key.slice(0, -1));
  else out.push(`${key}s`, `${key}es`);
  if (key.endsWith('y')) out.push(`${key.slice(0, -1)}ies`);
  const place = /^(?:mount|mt|land of|city of|town of|village of|region of|country of|river|sea of) (.+)$/.exec(key);
  if (place) out.push(place[1]!);
  return out;
}

// An article that only points elsewhere: 'See ADONIRAM.', 'Exalted father. (see ABRAHAM.)', '(Luke 6:15). See Simon; Zealots.'
const ONLY_POINTS = /^(?:[^.]{0,40}\.\s*)?\(?see [^.]+\.\)?$/i;

const cleanParagraph = (p: string): string =>
  p
    .replace(/\s*\((?:See|see|Comp\.|comp\.) [^()]*\)\.?/g, '')
    .replace(/\s*\(q\.v\.\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Paragraph i, joined with the ones after it while it runs on (the source breaks a paragraph
 * before its list: 'three words so rendered:', 'there were four ...:'), up to three more.
 */
function continued(paragraphs: string[], i: number): string {
  let text = (paragraphs[i] ?? '').trim();
  for (let j = i + 1; j < paragraphs.length && j <= i + 3 && !/[.!?"”')]$/.test(text); j++)
    text = `${text} ${paragraphs[j]!.trim()}`;
  return text;
}

/** The article's numbered sense '(n.)' ('Judas|2'), with no leading number. */
function senseOf(paragraphs: string[], n: number): string | null {
  const text = paragraphs.join('\n\n');
  const start = text.indexOf(`(${n}.)`);
  if (start < 0) return null;
  const next = text.indexOf(`(${n + 1}.)`, start);
  return text
    .slice(start + `(${n}.)`.length, next < 0 ? undefined : next)
    .split('\n\n')[0]!
    .trim();
}

/**
 * An article that opens with numbered senses ('Asked for. (1.) A king of Edom ... (2.) The son of
 * Kish ...') is about its longest sense, the one Easton had most to say of (Saul the king, Ezekiel
 * the prophet): its name's meaning, then that sense's first paragraph. Otherwise the first paragraph.
 */
function mainParagraph(paragraphs: string[]): string {
  const first = continued(paragraphs, 0);
  // The senses open the article: '(1.)' within its first words, not a list inside a sentence.
  const opening = /\(1\.?\)/.exec(first);
  if (!opening || opening.index > 80) return first;
  const text = paragraphs.join('\n\n');
  const senses: string[] = [];
  let at = text.indexOf(opening[0]);
  const intro = text.slice(0, at).trim();
  for (let n = 1; at >= 0; n++) {
    const marker = new RegExp(`\\(${n + 1}\\.?\\)`).exec(text.slice(at + 3));
    const end = marker ? at + 3 + marker.index : -1;
    senses.push(text.slice(at, end < 0 ? undefined : end).replace(/^\(\d+\.?\)\s*/, ''));
    at = end;
  }
  const longest = senses.reduce((a, b) => (b.length > a.length ? b : a), '');
  const body = continued(longest.split('\n\n'), 0);
  return intro.length > 0 && intro.length <= 80 ? `${intro} ${body}` : body;
}

/**
 * Easton's printed articles open with the headword ('PENNY (Gr. denarion), a silver coin ...'), which
 * the source leaves out: a summary that begins with a parenthesis, '=' or a small letter gets its
 * headword back ('Penny (Gr. denarion), a silver coin ...'; 'Pilate, Pontius' as 'Pontius Pilate').
 */
function withHeadword(headword: string, summary: string): string {
  if (!/^[(=a-z]/.test(summary)) return summary;
  const name = (turned(headword) ?? headword).replace(/\s+$/, '');
  return summary.startsWith('=') ? `${name} ${summary}` : `${name} ${summary}`.replace(/\s+,/, ',');
}

/** The article for a name, its alias or a variant of it, following an article that only says 'See X'. */
function articleFor(name: string): { article: DictionaryArticle; sense: string | null; via: boolean } | null {
  const { file, byKey, fallback, aliases } = load();
  const key = dictionaryKey(name);
  if (!key) return null;
  let found: { i: number; sense: string | null; via: boolean } | null = null;
  for (const k of variants(key)) {
    const alias = aliases.get(k);
    if (alias !== undefined) {
      const [headword, sense] = alias.split(/(?=[|#])/);
      const i = byKey.get(dictionaryKey(headword!));
      if (i !== undefined) {
        found = { i, sense: sense ?? null, via: true };
        break;
      }
    }
    const i = byKey.get(k);
    if (i !== undefined) {
      found = { i, sense: null, via: k !== key };
      break;
    }
  }
  if (!found) {
    for (const k of variants(key)) {
      const i = fallback.get(k);
      if (i !== undefined) {
        found = { i, sense: null, via: true };
        break;
      }
    }
  }
  if (!found) return null;
  let article = file.articles[found.i]!;
  // Follow a 'See X' article once.
  const only = article.paragraphs.length === 1 ? article.paragraphs[0]! : '';
  if ((ONLY_POINTS.test(only) || ONLY_POINTS.test(only.replace(/\([^()]*\)\.?/g, '').trim())) && article.seeAlso[0]) {
    // 'See DEAD Sea.' links 'Sea' and names 'Dead Sea': the longest name the text holds.
    const named = [...article.seeAlso]
      .sort((a, b) => b.length - a.length)
      .find((n) => only.toLowerCase().includes(n.toLowerCase()));
    const target = byKey.get(dictionaryKey(named ?? article.seeAlso[0]));
    if (target !== undefined) {
      article = file.articles[target]!;
      found.via = true;
    }
  }
  return { article, sense: found.sense, via: found.via };
}

/**
 * The entry as its numbered sense that cites the chapter read ('Levi' at Mark 2:14 is the apostle, the
 * son of Alphaeus, not Jacob's son); the entry unchanged when no sense does, or the article has none.
 */
export function entryAtPassage(entry: DictionaryEntry, book: string, chapter: number): DictionaryEntry {
  if (entry.modern || !/\(1\.?\)/.test(entry.paragraphs.join(' ').slice(0, 200))) return entry;
  const text = entry.paragraphs.join('\n\n');
  for (let n = 1; ; n++) {
    const start = text.indexOf(`(${n}.)`);
    if (start < 0) return entry;
    const next = text.indexOf(`(${n + 1}.)`, start);
    // The whole sense, over its paragraphs, for what it cites: Elijah the Tishbite is taken up in 2 Kings 2 four paragraphs on.
    const sense = text.slice(start + `(${n}.)`.length, next < 0 ? undefined : next);
    if (findReferences(sense).some((r) => r.book?.id === book && r.chapter === chapter)) {
      const opening = sense.trim().split('\n\n', 1).join('');
      return { ...entry, summary: withHeadword(entry.headword, cleanParagraph(opening)) };
    }
  }
}

/**
 * The dictionary's entry for a person, group, place, custom, object, coin or measure ('Pharisees',
 * 'a denarius', 'Pontius Pilate', 'Mount of Olives', 'tax collector', 'Judas Iscariot'), or null
 * when it has none. Money and measures carry our modern equivalent (`modern`); one that Easton
 * has no article on ('span') is answered from our table alone.
 */
export function dictionaryEntry(name: string): DictionaryEntry | null {
  const modern = moneyOrMeasure(name);
  const found = articleFor(name) ?? (modern?.easton ? articleFor(modern.easton) : null);
  if (!found) return modern ? tableEntry(modern, name) : null;
  const { article, sense } = found;
  // 'Judas|2': the numbered sense; 'Jesus#3': the paragraph.
  const own = !sense
    ? null
    : sense.startsWith('|')
      ? senseOf(article.paragraphs, Number(sense.slice(1)))
      : (article.paragraphs[Number(sense.slice(1)) - 1] ?? null);
  const note = modern ?? moneyOrMeasure(article.headword);
  // A numbered sense ('Judas|2') is answered by the note on the name asked only.
  const inBrief = sense ? inBriefFor(name) : inBriefFor(name, article.headword);
  return {
    headword: article.headword,
    ...(found.via || dictionaryKey(article.headword) !== dictionaryKey(name) ? { askedAs: name } : {}),
    summary: withHeadword(article.headword, cleanParagraph(own ?? mainParagraph(article.paragraphs))),
    paragraphs: article.paragraphs,
    references: article.references,
    seeAlso: article.seeAlso,
    ...(note ? { modern: note } : {}),
    ...(inBrief ? { inBrief } : {}),
    source: DICTIONARY_SOURCE,
  };
}

export const MONEY_AND_MEASURES_SOURCE = "Lectio's table of money and measures";

function tableEntry(item: MoneyOrMeasure, name: string): DictionaryEntry {
  return {
    headword: item.name,
    askedAs: name,
    summary: item.modern,
    paragraphs: [item.modern],
    references: [],
    seeAlso: [],
    modern: item,
    source: MONEY_AND_MEASURES_SOURCE,
  };
}

/** Our modern note on a coin, weight or measure ('denarius', 'mite', 'cubit', "sabbath day's journey"), or null. */
export function moneyOrMeasure(name: string): MoneyOrMeasure | null {
  const { moneyByKey } = load();
  for (const k of variants(dictionaryKey(name))) {
    const item = moneyByKey.get(k);
    if (item) return item;
  }
  return null;
}

/** Every coin, weight and measure of our table. */
export function moneyAndMeasures(): readonly MoneyOrMeasure[] {
  return load().money;
}

/**
 * Every name the dictionary answers to (headwords, their turned forms, our aliases, the table's
 * names), for the question reader's list of entities.
 */
export function dictionaryNames(): string[] {
  const { file, aliases, money } = load();
  const names = new Set<string>();
  for (const a of file.articles) {
    names.add(a.headword);
    const t = turned(a.headword);
    if (t) names.add(t);
  }
  for (const [alias] of aliases) names.add(alias);
  for (const m of money) for (const n of [m.name, ...m.aliases]) names.add(n);
  return [...names];
}
