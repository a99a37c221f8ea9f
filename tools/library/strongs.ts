/**
 * Strong's Greek dictionary (SWORD module StrongsGreek, Debian sword-dict-strongs-greek) and
 * the KJV's Strong's tags (engKJV2006eb, <w lemma="strong:G25">loved</w>), joined by number.
 */
import type { KjvStrongsFile, StrongsEntry, StrongsFile } from '@lectio/library';
import { SWORD_NAMES } from '../bible/convert';
import { osisToText } from '../bible/osis-text';
import { impEntries } from './sword';

/** 'G0025', '00025' or '25' -> 'G25'. */
export const strongsKey = (n: string): string => `G${Number(n.replace(/^G/i, ''))}`;

const text = (markup: string): string => osisToText(markup);

export function parseStrongsEntry(body: string): StrongsEntry | null {
  const lemma = /<orth>([^<]+)<\/orth>/.exec(body)?.[1];
  if (!lemma) return null;
  const transliteration = /<orth[^>]*type="trans"[^>]*>([^<]+)<\/orth>/.exec(body)?.[1] ?? '';
  const pronunciation = /<pron[^>]*>([^<]+)<\/pron>/.exec(body)?.[1] ?? '';
  // The definition is what follows the pronunciation; beta-code spellings (type="writing") are dropped.
  const afterPron = body.slice(Math.max(0, body.search(/<\/pron>/) + '</pron>'.length));
  const definition = text(afterPron.replace(/<orth[^>]*type="writing"[^>]*>[^<]*<\/orth>/g, '').replace(/<\/?entryFree[^>]*>/g, ''));
  return { lemma: lemma.trim(), transliteration: transliteration.trim(), pronunciation: pronunciation.trim(), definition };
}

export function parseStrongsGreek(imp: string): StrongsFile {
  const entries: Record<string, StrongsEntry> = {};
  for (const [key, body] of impEntries(imp)) {
    if (!/^\d+$/.test(key)) continue;
    const entry = parseStrongsEntry(body);
    if (entry) entries[strongsKey(key)] = entry;
  }
  return { source: "Strong's Greek Dictionary", module: 'StrongsGreek (Debian sword-dict-strongs-greek)', license: 'Public Domain', entries };
}

/** The Strong's numbers of one KJV verse with the English each stands behind, in order, each number once. */
export function verseStrongs(markup: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const m of markup.matchAll(/<w\b[^>]*\blemma="([^"]*)"[^>]*>([\s\S]*?)<\/w>/g)) {
    const word = text(m[2]!);
    if (!word) continue;
    for (const n of m[1]!.matchAll(/strong:G(\d+)/g)) {
      const key = strongsKey(n[1]!);
      const seen = out.find(([k]) => k === key);
      if (!seen) out.push([key, word]);
      else if (!seen[1].split(', ').includes(word)) seen[1] = `${seen[1]}, ${word}`;
    }
  }
  return out;
}

/** Per New Testament verse of the KJV export, its Strong's numbers and English words. */
export function parseKjvStrongs(imp: string): KjvStrongsFile {
  return parseStrongsTags(imp, "The KJV's Strong's numbers", 'engKJV2006eb (Debian sword-text-kjv)');
}

/** The same from the WEB module's own tags (<w lemma="strong:G0025">loved</w>), which the reader's text drops. */
export function parseWebStrongs(imp: string): KjvStrongsFile {
  return parseStrongsTags(imp, "The WEB's Strong's numbers", 'engWEB2015eb (Debian sword-text-web)');
}

function parseStrongsTags(imp: string, source: string, module: string): KjvStrongsFile {
  const books: KjvStrongsFile['books'] = {};
  for (const [key, body] of impEntries(imp)) {
    const m = /^(.+) (\d+):(\d+)$/.exec(key);
    const bookId = m ? SWORD_NAMES[m[1]!] : undefined;
    if (!m || !bookId || m[2] === '0' || m[3] === '0') continue;
    const tags = verseStrongs(body);
    if (tags.length === 0) continue;
    ((books[bookId] ??= {})[m[2]!] ??= {})[m[3]!] = tags;
  }
  return { source, module, books };
}
