/**
 * Builds library/data/ from the CrossWire SWORD modules packaged by Debian (all public domain):
 *   bible/ot-{web,kjv}.json     Old Testament of sword-text-web and sword-text-kjv
 *   commentary/mhcc.json        Matthew Henry's Concise Commentary (sword-comm-mhcc)
 *   topics/naves.json           Nave's Topical Bible (sword-dict-naves)
 *   words/strongs-greek.json    Strong's Greek dictionary (sword-dict-strongs-greek)
 *   words/kjv-strongs.json      the KJV New Testament's Strong's numbers with their English words
 *   bible/deuterocanon.json     the verse counts of the deuterocanonical books (the checker's; no text)
 * Reads with mod2imp (libsword-utils). The New Testament text comes from tools/bible/convert.ts.
 *
 *   npx tsx tools/library/convert.ts
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Translation } from '@lectio/contracts/bible-api';
import { exportModule, SOURCES, type BibleFile } from '../bible/convert';
import { parseCommentary } from './commentary';
import { deuterocanonFile } from './deuterocanon';
import { oldTestamentFile } from './old-testament';
import { patchedSwordPath } from './sword';
import { parseStrongsGreek, parseKjvStrongs } from './strongs';
import { parseTopics } from './topics';

export const OUTPUTS = {
  otWeb: 'bible/ot-web.json',
  otKjv: 'bible/ot-kjv.json',
  commentary: 'commentary/mhcc.json',
  topics: 'topics/naves.json',
  strongsGreek: 'words/strongs-greek.json',
  kjvStrongs: 'words/kjv-strongs.json',
  deuterocanon: 'bible/deuterocanon.json',
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
  const imps = new Map(SOURCES.map((s) => [s.translation, exportModule(s.module)]));
  const imp = (t: Translation) => imps.get(t) ?? '';
  const [web, kjv] = SOURCES.map((s) => oldTestamentFile(s, imp(s.translation)));
  const lastVerse = (files: BibleFile[]) => (bookId: string, chapter: number) =>
    Math.max(0, ...files.flatMap((f) => (f.books[bookId]?.[String(chapter)] ?? []).map((v) => v.number)));
  return {
    otWeb: web,
    otKjv: kjv,
    commentary: parseCommentary(exportMhcc(), lastVerse([web!, kjv!, ntText('web'), ntText('kjv')])),
    topics: parseTopics(exportModule('Nave')),
    strongsGreek: parseStrongsGreek(exportModule('StrongsGreek')),
    kjvStrongs: parseKjvStrongs(imp('kjv')),
    deuterocanon: deuterocanonFile(imp('web')),
  };
}

/** The committed New Testament text (tools/bible/convert.ts): the chapters' verse counts close commentary sections. */
function ntText(translation: Translation): BibleFile {
  // Written by tools/bible/convert.ts from this same type.
  return JSON.parse(readFileSync(new URL(`../../library/data/bible/${translation}.json`, import.meta.url), 'utf8')) as BibleFile;
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
