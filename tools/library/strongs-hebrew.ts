/**
 * Strong's Hebrew dictionary (SWORD module StrongsHebrew, Debian sword-dict-strongs-hebrew) and
 * the KJV Old Testament's Strong's tags (engKJV2006eb, <w lemma="strong:H2617">mercy</w>), joined
 * by number, in the shapes of the Greek's (tools/library/strongs.ts).
 *
 * The module's text has two faults of its own, mended here: a comma of Strong's printed text is
 * written as braces around the word before it ('{safe} that {is} (figuratively) {well}' is 'safe,
 * i.e. (figuratively) well,'), and some commas after an italic word as the digit 6 ('anger6').
 * Its Hebrew is unpointed (no vowel signs), as Strong's headwords are in the module.
 */
import type { KjvStrongsFile, StrongsEntry, StrongsFile } from '@lectio/library';
import { osisToText } from '../bible/osis-text';
import { impEntries, OT_SWORD_NAMES } from './sword';
import { parseStrongsDictionary, verseStrongs } from './strongs';

/** '02617', '2617' or 'H2617' -> 'H2617'. */
export const hebrewKey = (n: string): string => `H${Number(n.replace(/^H/i, ''))}`;

/** The module's braces and 6s back to Strong's commas: '{safe} that {is}' -> 'safe, that is,', 'anger6' -> 'anger,'. */
export function mendCommas(markup: string): string {
  let out = markup.replace(/([a-z)])(<\/hi>)?6(?=[\s<])/g, '$1,$2');
  // Innermost braces first ('{<hi>mankind</hi>}' holds markup, never another brace).
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(/\{([^{}]*)\}/g, '$1,');
  }
  return out.replace(/,(\s*<\/hi>)?,/g, ',$1');
}

/** Plain text of a definition, its commas mended: a comma the module put inside a parenthesis ('(-liness, -ness,)') after it. */
const text = (markup: string): string =>
  osisToText(mendCommas(markup))
    .replace(/\s+/g, ' ')
    .replace(/\s+([,;:.])/g, '$1')
    .replace(/,\)/g, '),')
    .replace(/,+([,;:.)]|$)/g, '$1')
    .replace(/´ s\b/g, "'s")
    .trim();

// The parts of a definition that say where the word comes from, not what it means.
const ORIGIN =
  /^(?:from|a primitive\b|primitive|the same as|feminine|masculine|plural|prolonged|contracted|corresponding|of foreign|of uncertain|of (?:egyptian|persian|chaldee|aramaic|foreign)|probably|perhaps|apparently|a form|by (?:contraction|permutation|transposition|reduplication)|for\b|an? (?:orthographical|incorrect|collateral|variation)|intensive|denominative|compare|or\b|and\b|active participle|passive participle|causative|\(chaldee\)|chaldee)/i;

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

/** The definition's meaning and the KJV's renderings, which follow ': -'. */
function splitRenderings(definition: string): [meaning: string, renderings: string] {
  const at = /:\s+-\s*/.exec(definition);
  return at ? [definition.slice(0, at.index), definition.slice(at.index + at[0].length)] : [definition, ''];
}

/**
 * The entry's first sense, read cleanly: after its origin ('From H2616', 'A primitive root'),
 * before the KJV's renderings, without cross-references: 'From H2616; kindness; by implication
 * (towards God) piety ...' -> 'kindness'; the renderings' first words when it has no sense of its own.
 */
export function hebrewFirstSense(definition: string): string {
  const [meaning, renderings] = splitRenderings(definition);
  const parts = senses(meaning.replace(/\s*\([^()]*\bH\d+[^()]*\)/g, '')).map((p) =>
    p.replace(/^a primitive root,\s*/i, ''),
  );
  const balanced = (p: string) => (p.match(/\(/g) ?? []).length === (p.match(/\)/g) ?? []).length;
  const first = parts.find(
    (p) => balanced(p) && !/\bH\d+/.test(p) && !ORIGIN.test(p) && !/^\([^()]*\)$/.test(p) && /[a-z]/i.test(p),
  );
  const fallback = renderings
    .split(/\.\s/)[0]!
    .replace(/(^|,\s*)[X+]\s+/g, '$1')
    .split(/,\s*/)
    .slice(0, 4)
    .join(', ');
  return (first ?? fallback).replace(/^[,;\s-]+|[.,;:\s]+$/g, '').replace(/\s+/g, ' ');
}

export function parseHebrewEntry(body: string): StrongsEntry | null {
  const orth = /<orth>([^<]+)<\/orth>/.exec(body)?.[1]?.trim();
  if (!orth) return null;
  // Two spellings ('שׁלם    שׁלום', shalom written short and full) stand apart by two spaces or more.
  const [lemma, ...others] = orth.split(/\s{2,}/);
  // The same letters twice ('אהב    אהב', 'âhab and 'âhêb) are one spelling.
  const variants = others.filter((v) => v !== lemma);
  // A shewa is a superscript e ('y<hi rend="super">e</hi>hôvâh'): written on the line, 'yehôvâh'.
  const trans = /<orth[^>]*type="trans"[^>]*>([\s\S]*?)<\/orth>/.exec(body)?.[1] ?? '';
  const transliteration = trans
    .replace(/<[^>]*>/g, '')
    .trim()
    .split(/\s{2,}/)[0]!;
  const pron = (/<pron[^>]*>([^<]+)<\/pron>/.exec(body)?.[1] ?? '').trim();
  const pronunciation = (/^\{([^}]*)\}/.exec(pron)?.[1] ?? pron.split(/\s{2,}/)[0]!).trim();
  const def = /<def>([\s\S]*?)<\/def>/.exec(body)?.[1] ?? '';
  const definition = text(def);
  return {
    lemma: lemma!,
    ...(variants.length ? { variants } : {}),
    transliteration,
    pronunciation,
    definition,
    gloss: hebrewFirstSense(definition),
  };
}

export const parseStrongsHebrew = (imp: string): StrongsFile =>
  parseStrongsDictionary(imp, parseHebrewEntry, hebrewKey, {
    source: "Strong's Hebrew Dictionary",
    module: 'StrongsHebrew (Debian sword-dict-strongs-hebrew)',
  });

/**
 * Per Old Testament verse of the KJV export, its Hebrew Strong's numbers and English words. The
 * WEB module tags its Old Testament too, but not word by word (Micah 6:8's 'mercy' carries H3068,
 * the LORD's name; Genesis 2:7's 'life' H5315, soul): the KJV's tags alone are kept.
 */
export function parseKjvStrongsOt(imp: string): KjvStrongsFile {
  const books: KjvStrongsFile['books'] = {};
  for (const [key, body] of impEntries(imp)) {
    const m = /^(.+) (\d+):(\d+)$/.exec(key);
    const bookId = m ? OT_SWORD_NAMES[m[1]!] : undefined;
    if (!m || !bookId || m[2] === '0' || m[3] === '0') continue;
    const tags = verseStrongs(body, 'H');
    if (tags.length === 0) continue;
    ((books[bookId] ??= {})[m[2]!] ??= {})[m[3]!] = tags;
  }
  return {
    source: "The KJV Old Testament's Strong's numbers",
    module: 'engKJV2006eb (Debian sword-text-kjv)',
    books,
  };
}
