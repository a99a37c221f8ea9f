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
  // ὁ's forms (', including the feminine ἡ ...') follow its pronunciation: the text starts with their comma.
  const definition = text(
    afterPron.replace(/<orth[^>]*type="writing"[^>]*>[^<]*<\/orth>/g, '').replace(/<\/?entryFree[^>]*>/g, ''),
  ).replace(/^[,;\s]+/, '');
  return {
    lemma: lemma.trim(),
    transliteration: transliteration.trim(),
    pronunciation: pronunciation.trim(),
    definition,
    gloss: firstSense(body),
  };
}

// What an entry's <orig> says when it is the word's origin, not its meaning ('the definite article' is a meaning).
const ORIGIN =
  /\b(?:from|of|a primary|apparently|akin|compare|prolonged|including|probably|perhaps|contracted|middle voice|root|derivative|by|formed)\b|\b[GH]\d+/i;

/** Splits at the semicolons outside parentheses. */
function senses(meaning: string): string[] {
  const out = [''];
  let depth = 0;
  for (const ch of meaning) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ';' && depth === 0) out.push('');
    else out[out.length - 1] += ch;
  }
  return out.map((p) => p.trim()).filter(Boolean);
}

/**
 * The entry's first sense, read cleanly: after its origin (<orig>, unless that is a meaning, as ὁ's
 * 'the definite article'), before the KJV's renderings (':--'), without cross-references ('a deity,
 * especially (with G3588) the supreme Divinity; figuratively, a magistrate' -> 'a deity, especially
 * the supreme Divinity'; εἰς 'to or into ...', not its later 'also in adverbial phrases').
 */
export function firstSense(body: string): string {
  const def = /<def>([\s\S]*?)<\/def>/.exec(body)?.[1];
  if (def === undefined) return '';
  const orig = /<orig>([\s\S]*?)<\/orig>/.exec(def)?.[1] ?? '';
  const origin = text(orig).replace(/[;,.\s]+$/, '');
  const rest = text(def.replace(/<orig>[\s\S]*?<\/orig>/, ''));
  const meaning = `${origin && !ORIGIN.test(origin) ? `${origin}; ` : ''}${rest.split(':--')[0]}`;
  const parts = senses(
    meaning.replace(/\s*\([^()]*\b[GH]\d+[^()]*\)/g, '').replace(/\s*\[[^\]]*\b[GH]\d+[^\]]*\]/g, ''),
  );
  // An origin the <orig> did not hold ('and G1160', 'compare G34) (to bring tidings)') is passed over.
  const balanced = (p: string) => (p.match(/\(/g) ?? []).length === (p.match(/\)/g) ?? []).length;
  const meaningful = (p: string) => !/^\([^()]*\)$/.test(p) && !NO_SENSE.test(p);
  const first =
    parts.find((p) => balanced(p) && !/\b[GH]\d+/.test(p) && !LEADING_ORIGIN.test(p) && meaningful(p)) ??
    parts[0] ??
    '';
  // No sense of its own ('(which is used for it only in certain tenses)', θνήσκω): the KJV's renderings say it ('to die ...' is
  // not there, 'die' is).
  const renderings = (
    rest
      .split(':--')[1]
      ?.split(/\.\s/)[0]
      ?.replace(/(^|,\s*)[X+]\s+/g, '$1') ?? ''
  )
    .split(/,\s*/)
    .slice(0, 4)
    .join(', ');
  const own = first && meaningful(first);
  // Everything in <orig> (ἄν: 'a primary particle, denoting a supposition, wish, possibility or uncertainty'): that is its sense.
  const originSense = !first && origin && !LEADING_ORIGIN.test(origin) && !/\b[GH]\d+/.test(origin) ? origin : '';
  return (own ? first : originSense || renderings.trim() || first).replace(/^[,;\s-]+|[.,;:\s]+$/g, '');
}

const LEADING_ORIGIN =
  /^(?:from|of|and|or|compare|apparently|probably|perhaps|a form|adverb from|including|akin|prolonged|contracted)\b/i;
// Words about the entry's forms or use, not its meaning.
const NO_SENSE =
  /^(?:which is used|used (?:like|only|as)|while|corresponding|sometimes used|genitive case|dative case)\b/i;

/** A Strong's dictionary's export, entry by entry: each numbered entry parsed and keyed ('G26', 'H2617'). */
export function parseStrongsDictionary(
  imp: string,
  parse: (body: string) => StrongsEntry | null,
  key: (n: string) => string,
  names: { source: string; module: string },
): StrongsFile {
  const entries: Record<string, StrongsEntry> = {};
  for (const [n, body] of impEntries(imp)) {
    if (!/^\d+$/.test(n)) continue;
    const entry = parse(body);
    if (entry) entries[key(n)] = entry;
  }
  return { ...names, license: 'Public Domain', entries };
}

export const parseStrongsGreek = (imp: string): StrongsFile =>
  parseStrongsDictionary(imp, parseStrongsEntry, strongsKey, {
    source: "Strong's Greek Dictionary",
    module: 'StrongsGreek (Debian sword-dict-strongs-greek)',
  });

/** The English of πᾶς ὁ + participle ('πᾶς ὁ πιστεύων', whoever believes). */
const ALL_WHO = new Set(['whoever', 'whosoever', 'everyone', 'everybody']);
const ARTICLES = new Set(['the', 'a', 'an']);

/**
 * Phrase-level tags as one phrase. The WEB module renders πᾶς ὁ ('whoever', John 3:16; Romans
 * 10:11) by tagging ὁ on 'whoever' and πᾶς on an article elsewhere in the verse ('the world'):
 * 'whoever' becomes the phrase 'G3956 G3588' (πᾶς ὁ) and the article loses πᾶς. A phrase's key is
 * its numbers in Greek order, joined by a space.
 */
function joinPhrases(tokens: Array<{ word: string; numbers: string[] }>): void {
  for (const who of tokens) {
    if (who.numbers.join() !== 'G3588' || !ALL_WHO.has(who.word.toLowerCase())) continue;
    const all = tokens.find((t) => t.numbers.join() === 'G3956' && ARTICLES.has(t.word.toLowerCase()));
    if (!all) continue;
    all.numbers = [];
    who.numbers = ['G3956 G3588'];
  }
}

/**
 * The Strong's numbers of one KJV verse with the English each stands behind, in order, each number (or phrase) once:
 * the Greek numbers ('G25'), or the Hebrew ('H2617') of an Old Testament verse.
 */
export function verseStrongs(markup: string, language: 'G' | 'H' = 'G'): Array<[string, string]> {
  const tokens: Array<{ word: string; numbers: string[] }> = [];
  const number = language === 'G' ? /strong:G(\d+)/g : /strong:H(\d+)/g;
  for (const m of markup.matchAll(/<w\b[^>]*\blemma="([^"]*)"[^>]*>([\s\S]*?)<\/w>/g)) {
    const word = text(m[2]!);
    if (word) tokens.push({ word, numbers: [...m[1]!.matchAll(number)].map((n) => `${language}${Number(n[1])}`) });
  }
  joinPhrases(tokens);
  const out: Array<[string, string]> = [];
  for (const { word, numbers } of tokens) {
    for (const key of numbers) {
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
