/**
 * The Scofield Reference Notes (1917 edition; SWORD module Scofield, Debian sword-comm-scofield):
 * each New Testament note on the verse it sits on, with the verses it cites as compact references
 * ('john 3:16', 'romans 8:7-8') for the study panel's cross-references. The notes' text keeps
 * every reference as written, Old Testament ones too.
 *
 * The module's quirks: its references are not OSIS (`osisRef="lu 15:4 lu 15:6"`, the Online
 * Bible's lower-case abbreviations, several in one attribute, a few capitalised or across
 * chapters), and `osisRef="Scofield:Mt 4:8"` points to another note, not to a verse. A book's
 * introduction is stored before verse 1's note, between the preverse milestones.
 */
import { SWORD_NAMES } from '../bible/convert';
import { osisToText } from '../bible/osis-text';
import type { ScofieldFile, ScofieldNote } from '@lectio/library';
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
const INTRODUCTION = /<div\b[^>]*subType="x-preverse"[^>]*sID="[^"]*"[^>]*\/>[\s\S]*?<div\b[^>]*subType="x-preverse"[^>]*eID="[^"]*"[^>]*\/>/g;

/** One verse's notes as text: each note on its own line, opened by the words it comments on ('perish: ...'). */
export function scofieldText(markup: string): string {
  const s = markup
    .replace(INTRODUCTION, ' ')
    .replace(/<hi type="bold">([\s\S]*?)<\/hi>/g, (_, word: string) => `${PARAGRAPH}${word.trim()}:`)
    .replace(/<item\b[^>]*>/g, PARAGRAPH);
  return osisToText(s)
    .split(PARAGRAPH)
    .map((p) => p.trim())
    .filter(Boolean)
    .join('\n');
}

/** The New Testament's notes, each on its verse, with the verses they cite. */
export function parseScofield(imp: string): ScofieldFile {
  const books: ScofieldFile['books'] = {};
  for (const [key, body] of impEntries(imp)) {
    const m = /^(.+) (\d+):(\d+)$/.exec(key);
    const bookId = m ? SWORD_NAMES[m[1]!] : undefined;
    if (!m || !bookId || m[2] === '0' || m[3] === '0') continue;
    const text = scofieldText(body);
    if (text === '') continue;
    const withoutIntroduction = body.replace(INTRODUCTION, ' ');
    const references: string[] = [];
    for (const r of withoutIntroduction.matchAll(/osisRef="([^"]*)"/g)) {
      for (const ref of scofieldReferences(r[1]!)) if (!references.includes(ref)) references.push(ref);
    }
    const note: ScofieldNote = { chapter: Number(m[2]), verse: Number(m[3]), text, references };
    (books[bookId] ??= []).push(note);
  }
  return { source: 'Scofield Reference Notes', module: 'Scofield (Debian sword-comm-scofield)', license: 'Public Domain', books };
}
