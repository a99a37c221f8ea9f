/**
 * The Scofield Reference Notes (1917 edition; SWORD module Scofield, Debian sword-comm-scofield):
 * each New Testament note on the verse it sits on, with the verses it cites as compact references
 * ('john 3:16', 'romans 8:7-8') for the study panel's cross-references. The notes' text keeps
 * every reference as written, Old Testament ones too.
 *
 * The module's quirks: its references are not OSIS (`osisRef="lu 15:4 lu 15:6"`, the Online
 * Bible's lower-case abbreviations, several in one attribute, a few capitalised or across
 * chapters), and `osisRef="Scofield:Mt 4:8"` points to another note, not to a verse. A book's
 * introduction is stored before verse 1's note, between the preverse milestones. Its 80 Greek
 * words (`(Greek - <w lemma="strong:G622">ἀπόλλυμι</w>," trans).`) were put in for the 1917
 * transliterations ('Gr. "apollumi," trans.') and most are wrong: ἀπόλλυμι stands for 'Scribes'
 * (Matthew 2:4), 'virtue' (Mark 5:30) and 'church' (Matthew 16:18). Each is replaced by the Greek
 * word the KJV tags for the note's headword in that verse, kept when the verse has it, and
 * otherwise dropped; the quotation marks and the ')' the insertion displaced go with it.
 */
import { SWORD_NAMES } from '../bible/convert';
import { osisToText } from '../bible/osis-text';
import type { KjvStrongsFile, ScofieldFile, ScofieldNote, StrongsFile } from '@lectio/library';
import { impEntries } from './sword';

/** The module's book abbreviations (lower-cased) -> our ids. */
const ABBREVIATIONS: Record<string, string> = {
  ge: 'genesis',
  gen: 'genesis',
  ex: 'exodus',
  le: 'leviticus',
  nu: 'numbers',
  de: 'deuteronomy',
  jos: 'joshua',
  jud: 'judges',
  ru: 'ruth',
  '1sa': 'samuel1',
  '2sa': 'samuel2',
  '1ki': 'kings1',
  '2ki': 'kings2',
  '1ch': 'chronicles1',
  '1chr': 'chronicles1',
  '2ch': 'chronicles2',
  ezr: 'ezra',
  ne: 'nehemiah',
  es: 'esther',
  est: 'esther',
  job: 'job',
  ps: 'psalms',
  psa: 'psalms',
  pr: 'proverbs',
  ec: 'ecclesiastes',
  so: 'songofsolomon',
  isa: 'isaiah',
  is: 'isaiah',
  jer: 'jeremiah',
  la: 'lamentations',
  eze: 'ezekiel',
  da: 'daniel',
  ho: 'hosea',
  joe: 'joel',
  am: 'amos',
  ob: 'obadiah',
  jon: 'jonah',
  jonah: 'jonah',
  mic: 'micah',
  na: 'nahum',
  hab: 'habakkuk',
  zep: 'zephaniah',
  hag: 'haggai',
  zec: 'zechariah',
  mal: 'malachi',
  mt: 'matthew',
  mr: 'mark',
  lu: 'luke',
  joh: 'john',
  ac: 'acts',
  ro: 'romans',
  '1co': 'corinthians1',
  '1cor': 'corinthians1',
  '2co': 'corinthians2',
  ga: 'galatians',
  eph: 'ephesians',
  php: 'philippians',
  col: 'colossians',
  '1th': 'thessalonians1',
  '2th': 'thessalonians2',
  '1ti': 'timothy1',
  '2ti': 'timothy2',
  tit: 'titus',
  phm: 'philemon',
  heb: 'hebrews',
  jas: 'james',
  '1pe': 'peter1',
  '2pe': 'peter2',
  '1jo': 'john1',
  '1jn': 'john1',
  '2jo': 'john2',
  '3jo': 'john3',
  jude: 'jude',
  re: 'revelation',
  rev: 'revelation',
};

/**
 * 'lu 15:4 lu 15:6 lu 15:32' -> ['luke 15:4', 'luke 15:6', 'luke 15:32']. A whole chapter, a range
 * across chapters, a reference without its book and a pointer to another note give nothing.
 */
export function scofieldReferences(osisRef: string): string[] {
  if (osisRef.startsWith('Scofield:')) return [];
  const out: string[] = [];
  let book: string | undefined;
  // 'ro 3:21-ro 5:11': the range's end names its book again; joined, the token matches nothing below.
  for (const token of osisRef
    .trim()
    .replace(/-\s*[1-3]?[A-Za-z]+\s+/g, '-')
    .split(/\s+/)) {
    const named = ABBREVIATIONS[token.toLowerCase()];
    if (named) {
      book = named;
      continue;
    }
    const m = /^(\d+):(\d+)(?:-(\d+))?$/.exec(token);
    if (!m || !book) continue;
    const end = m[3] && Number(m[3]) > Number(m[2]) ? `-${m[3]}` : '';
    out.push(`${book} ${m[1]}:${m[2]}${end}`);
  }
  return out;
}

// A private-use character never in the text: where a new note or a list item begins.
const PARAGRAPH = '\uE002';
const INTRODUCTION =
  /<div\b[^>]*subType="x-preverse"[^>]*sID="[^"]*"[^>]*\/>[\s\S]*?<div\b[^>]*subType="x-preverse"[^>]*eID="[^"]*"[^>]*\/>/g;

/** The Greek word a note means: from the module's Strong's number, the word just before it and the note's headword. */
export type GreekLookup = (strongs: string, before: string, headword: string | null) => string | null;

const SMALL = new Set(
  'a an and the of to in is be it he his him they we i you not that this for with as by on at or but so shall will'.split(
    ' ',
  ),
);

/**
 * The lookup for one verse from the KJV's Strong's tags and the dictionary: the module's own word
 * when the verse has that number (ἱλαστήριον at Romans 3:25); else the tagged word the English
 * word just before it spells ('the Net (Greek': σαγήνη); else the tagged word that spells one of
 * the headword's words, itself first (at John 21:15 'love' is φιλέω, 'lovest' ἀγαπάω), then by its
 * first letters ('Scribes', 'scribes'); else null.
 */
export function greekLookup(
  tags: ReadonlyArray<readonly [strongs: string, kjvWord: string]>,
  dictionary: StrongsFile['entries'],
): GreekLookup {
  const lemma = (strongs: string) => dictionary[strongs]?.lemma ?? null;
  const words = (english: string) => english.toLowerCase().split(/\W+/);
  const exact = (word: string) => tags.find(([, english]) => words(english).includes(word));
  return (strongs, before, headword) => {
    if (tags.some(([n]) => n === strongs)) return lemma(strongs);
    const previous = before.toLowerCase();
    const right = SMALL.has(previous) ? undefined : exact(previous);
    if (right) return lemma(right[0]);
    for (const word of headword?.toLowerCase().match(/[a-z]+/g) ?? []) {
      if (SMALL.has(word)) continue;
      const stem = word.slice(0, Math.max(3, word.length - 1));
      const tagged = exact(word) ?? tags.find(([, english]) => words(english).some((w) => w.startsWith(stem)));
      if (tagged) return lemma(tagged[0]);
    }
    return null;
  };
}

// Where an inserted Greek word ended: the ')' it displaced is the first one after it, before any '('.
const AFTER_GREEK = '\uE003';
const GREEK = /\(Greek - "?<w lemma="strong:(G\d+)">[^<]*<\/w>("?)/g;

// A headword at most this many words before the Greek is what it glosses.
const NEAR = 8;

/** Each '(Greek - <w>…</w>' as 'Greek <the right word>' (see the top of this file), headword by headword. */
function repairGreek(markup: string, lookup: GreekLookup | null): string {
  const repaired = markup.replace(GREEK, (_, strongs: string, _quote: string, offset: number) => {
    const before = markup.slice(0, offset);
    const bold = [...before.matchAll(/<hi type="bold">([\s\S]*?)<\/hi>/g)].at(-1);
    const between =
      (bold ? before.slice(bold.index + bold[0].length) : before).replace(/<[^>]*>/g, ' ').match(/[A-Za-z]+/g) ?? [];
    const word = lookup?.(strongs, between.at(-1) ?? '', bold && between.length <= NEAR ? bold[1]! : null) ?? null;
    return `Greek${word ? ` ${word}` : ''}${AFTER_GREEK}`;
  });
  return (
    repaired
      // '" = "writer"', '," trans', ' ," demonized': the transliteration's own quotation marks.
      .replace(new RegExp(`${AFTER_GREEK}\\s*(,?)"`, 'g'), `$1${AFTER_GREEK}`)
      // ')."' after the word: the displaced ')' and the transliteration's closing mark.
      .replace(new RegExp(`${AFTER_GREEK}\\)([.,]?)"`, 'g'), '$1')
      .replace(new RegExp(`${AFTER_GREEK}([^()${AFTER_GREEK}]*?)\\)`, 'g'), '$1')
      .replaceAll(AFTER_GREEK, '')
      .replace(/\(\s+(?=Greek\b)/g, '(')
  );
}

/** One verse's notes as text: each note on its own line, opened by the words it comments on ('perish: ...'). */
export function scofieldText(markup: string, lookup: GreekLookup | null = null): string {
  const s = repairGreek(markup, lookup)
    .replace(INTRODUCTION, ' ')
    .replace(/<hi type="bold">([\s\S]*?)<\/hi>/g, (_, word: string) => `${PARAGRAPH}${word.trim()}:`)
    .replace(/<item\b[^>]*>/g, PARAGRAPH);
  return (
    osisToText(s)
      .split(PARAGRAPH)
      // '"lost," ; Matthew 10:6': the module's separator left where a reference was cut.
      .map((p) => p.replace(/,"\s+;\s*/g, '," ').trim())
      .filter(Boolean)
      .join('\n')
  );
}

/** The New Testament's notes, each on its verse, with the verses they cite; Greek words checked against the KJV's tags when given. */
export function parseScofield(
  imp: string,
  words?: { kjvStrongs: KjvStrongsFile; strongsGreek: StrongsFile },
): ScofieldFile {
  const books: ScofieldFile['books'] = {};
  for (const [key, body] of impEntries(imp)) {
    const m = /^(.+) (\d+):(\d+)$/.exec(key);
    const bookId = m ? SWORD_NAMES[m[1]!] : undefined;
    if (!m || !bookId || m[2] === '0' || m[3] === '0') continue;
    const tags = words?.kjvStrongs.books[bookId]?.[m[2]!]?.[m[3]!] ?? [];
    const text = scofieldText(body, words ? greekLookup(tags, words.strongsGreek.entries) : null);
    if (text === '') continue;
    const withoutIntroduction = body.replace(INTRODUCTION, ' ');
    const references: string[] = [];
    for (const r of withoutIntroduction.matchAll(/osisRef="([^"]*)"/g)) {
      for (const ref of scofieldReferences(r[1]!)) if (!references.includes(ref)) references.push(ref);
    }
    const note: ScofieldNote = { chapter: Number(m[2]), verse: Number(m[3]), text, references };
    (books[bookId] ??= []).push(note);
  }
  return {
    source: 'Scofield Reference Notes',
    module: 'Scofield (Debian sword-comm-scofield)',
    license: 'Public Domain',
    books,
  };
}
