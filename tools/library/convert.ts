/**
 * Builds library/data/ from the CrossWire SWORD modules packaged by Debian (all public domain):
 *   commentary/mhcc.json        Matthew Henry's Concise Commentary (sword-comm-mhcc)
 *   topics/naves.json           Nave's Topical Bible (sword-dict-naves)
 *   words/strongs-greek.json    Strong's Greek dictionary (sword-dict-strongs-greek)
 *   words/kjv-strongs.json      the KJV New Testament's Strong's numbers with their English words
 *   bible/deuterocanon.json     the verse counts of the deuterocanonical books (the checker's; no text)
 *   commentary/scofield.json    the Scofield Reference Notes on the New Testament (sword-comm-scofield)
 *   words/web-strongs.json      the WEB New Testament's own Strong's numbers with their English words
 *   bible/web-footnotes.json    the WEB New Testament's translation footnotes
 *   bible/{web,kjv}-words-of-jesus.json  the red-letter marks of both New Testaments, as spans of the reader's text
 *   words/strongs-hebrew.json   Strong's Hebrew dictionary (sword-dict-strongs-hebrew)
 *   words/kjv-strongs-ot.json   the KJV Old Testament's Hebrew Strong's numbers with their English words
 * Reads with mod2imp (libsword-utils). The Bible text of both testaments comes from tools/bible/convert.ts.
 *
 *   npx tsx tools/library/convert.ts
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Translation, WordsOfJesusResponse } from '@lectio/contracts/bible-api';
import { exportModule, SOURCES, type BibleFile } from '../bible/convert';
import { parseCommentary } from './commentary';
import { deuterocanonFile } from './deuterocanon';
import { patchedSwordPath } from './sword';
import { parseScofield } from './scofield';
import { parseStrongsGreek, parseKjvStrongs, parseWebStrongs } from './strongs';
import { parseKjvStrongsOt, parseStrongsHebrew } from './strongs-hebrew';
import { parseTopics } from './topics';
import { parseFootnotes, parseWordsOfJesus } from './web-text';

export const OUTPUTS = {
  commentary: 'commentary/mhcc.json',
  topics: 'topics/naves.json',
  strongsGreek: 'words/strongs-greek.json',
  kjvStrongs: 'words/kjv-strongs.json',
  deuterocanon: 'bible/deuterocanon.json',
  scofield: 'commentary/scofield.json',
  webStrongs: 'words/web-strongs.json',
  webFootnotes: 'bible/web-footnotes.json',
  webWordsOfJesus: 'bible/web-words-of-jesus.json',
  kjvWordsOfJesus: 'bible/kjv-words-of-jesus.json',
  strongsHebrew: 'words/strongs-hebrew.json',
  kjvStrongsOt: 'words/kjv-strongs-ot.json',
} as const;

/** Debian's mhcc.conf names the zCom4 driver; the data is zCom. */
export const fixMhccDriver = (conf: string): string => conf.replace(/^ModDrv=zCom4\s*$/m, 'ModDrv=zCom');

export function exportMhcc(): string {
  const swordPath = patchedSwordPath('mhcc.conf', fixMhccDriver);
  try {
    return exportModule('MHCC', { ...process.env, SWORD_PATH: swordPath });
  } finally {
    rmSync(swordPath, { recursive: true, force: true });
  }
}

/** Everything the library converts, keyed like OUTPUTS. */
export function convertLibrary(): Record<keyof typeof OUTPUTS, unknown> {
  const imps = new Map(
    SOURCES.filter((s) => s.translation !== 'rv1909').map((s) => [s.translation, exportModule(s.module)]),
  );
  const imp = (t: Translation) => imps.get(t) ?? '';
  const lastVerse = (files: BibleFile[]) => (bookId: string, chapter: number) =>
    Math.max(0, ...files.flatMap((f) => (f.books[bookId]?.[String(chapter)] ?? []).map((v) => v.number)));
  const bibles = [committedText('ot-web'), committedText('ot-kjv'), committedText('web'), committedText('kjv')];
  const verseTexts = (bookId: string, chapter: number, verse: number): string[] =>
    bibles.flatMap((f) =>
      (f.books[bookId]?.[String(chapter)] ?? []).filter((v) => v.number === verse).map((v) => v.text),
    );
  const strongsGreek = parseStrongsGreek(exportModule('StrongsGreek'));
  const kjvStrongs = parseKjvStrongs(imp('kjv'));
  return {
    commentary: parseCommentary(exportMhcc(), lastVerse(bibles)),
    topics: parseTopics(exportModule('Nave'), verseTexts),
    strongsGreek,
    kjvStrongs,
    deuterocanon: deuterocanonFile(imp('web')),
    // Its Greek words checked against the KJV's tags (see scofield.ts).
    scofield: parseScofield(exportModule('Scofield'), { kjvStrongs, strongsGreek }),
    webStrongs: parseWebStrongs(imp('web')),
    webFootnotes: parseFootnotes(imp('web')),
    webWordsOfJesus: wordsOfJesusFile(imp('web'), committedText('web')),
    kjvWordsOfJesus: wordsOfJesusFile(imp('kjv'), committedText('kjv')),
    strongsHebrew: parseStrongsHebrew(exportModule('StrongsHebrew')),
    kjvStrongsOt: parseKjvStrongsOt(imp('kjv')),
  };
}

/** The red-letter marks, refusing a module whose marked verses stopped matching the reader's text. */
function wordsOfJesusFile(imp: string, bible: BibleFile): WordsOfJesusResponse {
  const { mismatched, ...file } = parseWordsOfJesus(imp, bible);
  if (mismatched > 0)
    throw new Error(
      `${bible.translation}: ${mismatched} marked verses differ from library/data/bible/${bible.translation}.json`,
    );
  return file;
}

/** The committed Bible text (tools/bible/convert.ts): the chapters' verse counts close commentary sections. */
function committedText(name: 'web' | 'kjv' | 'ot-web' | 'ot-kjv'): BibleFile {
  // Our own committed output, written by this converter's Bible step from the same type.
  return JSON.parse(
    readFileSync(new URL(`../../library/data/bible/${name}.json`, import.meta.url), 'utf8'),
  ) as BibleFile;
}

export const serialise = (data: unknown): string => JSON.stringify(data) + '\n';

function main(): void {
  const out = convertLibrary();
  for (const [key, path] of Object.entries(OUTPUTS)) {
    const file = fileURLToPath(new URL(`../../library/data/${path}`, import.meta.url));
    mkdirSync(dirname(file), { recursive: true });
    // Object.entries forgets the keys: these are OUTPUTS' own.
    const json = serialise(out[key as keyof typeof OUTPUTS]);
    writeFileSync(file, json);
    console.log(`${path}: ${(json.length / 1024).toFixed(0)} KiB`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
