/**
 * Shared by the library converters: which SWORD modules are installed, a patched module
 * configuration where Debian's is wrong, and the mapping of OSIS and SWORD book names to our ids.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';

export const SWORD_ROOT = process.env.SWORD_SYSTEM_PATH ?? '/usr/share/sword';

/** True when mod2imp (libsword-utils) runs here. */
export function hasMod2imp(): boolean {
  try {
    execFileSync('mod2imp', ['--help'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch (error) {
    // mod2imp prints usage and exits non-zero without arguments; a missing binary is ENOENT.
    return !(typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT');
  }
}

/** True when the module's configuration (e.g. 'mhcc.conf' from sword-comm-mhcc) is installed. */
export function hasModule(conf: string): boolean {
  return existsSync(join(SWORD_ROOT, 'mods.d', conf));
}

/**
 * A temporary SWORD_PATH holding a copy of one module's .conf with `patch` applied and a link to
 * the installed data, so a wrong setting can be corrected without touching /usr/share/sword.
 * Debian's mhcc.conf says ModDrv=zCom4 while the data is zCom: read with zCom4, every entry
 * exports empty or under the wrong verse.
 */
export function patchedSwordPath(conf: string, patch: (text: string) => string): string {
  const root = mkdtempSync(join(tmpdir(), 'library-sword-'));
  mkdirSync(join(root, 'mods.d'));
  const text = readFileSync(join(SWORD_ROOT, 'mods.d', conf), 'utf8');
  const patched = patch(text);
  writeFileSync(join(root, 'mods.d', conf), patched);
  const dataPath = /^DataPath=\.?\/?(.+?)\/?$/m.exec(patched)?.[1];
  if (!dataPath) throw new Error(`${conf} has no DataPath`);
  mkdirSync(join(root, dataPath, '..'), { recursive: true });
  symlinkSync(join(SWORD_ROOT, dataPath), join(root, dataPath));
  return root;
}

/** mod2imp's English names of the Old Testament books -> our ids (the New Testament's are in tools/bible/convert.ts). */
export const OT_SWORD_NAMES: Record<string, string> = {
  Genesis: 'genesis',
  Exodus: 'exodus',
  Leviticus: 'leviticus',
  Numbers: 'numbers',
  Deuteronomy: 'deuteronomy',
  Joshua: 'joshua',
  Judges: 'judges',
  Ruth: 'ruth',
  'I Samuel': 'samuel1',
  'II Samuel': 'samuel2',
  'I Kings': 'kings1',
  'II Kings': 'kings2',
  'I Chronicles': 'chronicles1',
  'II Chronicles': 'chronicles2',
  Ezra: 'ezra',
  Nehemiah: 'nehemiah',
  Esther: 'esther',
  Job: 'job',
  Psalms: 'psalms',
  Proverbs: 'proverbs',
  Ecclesiastes: 'ecclesiastes',
  'Song of Solomon': 'songofsolomon',
  Isaiah: 'isaiah',
  Jeremiah: 'jeremiah',
  Lamentations: 'lamentations',
  Ezekiel: 'ezekiel',
  Daniel: 'daniel',
  Hosea: 'hosea',
  Joel: 'joel',
  Amos: 'amos',
  Obadiah: 'obadiah',
  Jonah: 'jonah',
  Micah: 'micah',
  Nahum: 'nahum',
  Habakkuk: 'habakkuk',
  Zephaniah: 'zephaniah',
  Haggai: 'haggai',
  Zechariah: 'zechariah',
  Malachi: 'malachi',
};

/** OSIS book abbreviations (osisRef="1Chr.6.3") -> our ids. Apocrypha (PrAzar, Wis) map to nothing. */
export const OSIS_BOOKS: Record<string, string> = {
  Gen: 'genesis',
  Exod: 'exodus',
  Lev: 'leviticus',
  Num: 'numbers',
  Deut: 'deuteronomy',
  Josh: 'joshua',
  Judg: 'judges',
  Ruth: 'ruth',
  '1Sam': 'samuel1',
  '2Sam': 'samuel2',
  '1Kgs': 'kings1',
  '2Kgs': 'kings2',
  '1Chr': 'chronicles1',
  '2Chr': 'chronicles2',
  Ezra: 'ezra',
  Neh: 'nehemiah',
  Esth: 'esther',
  Job: 'job',
  Ps: 'psalms',
  Prov: 'proverbs',
  Eccl: 'ecclesiastes',
  Song: 'songofsolomon',
  Isa: 'isaiah',
  Jer: 'jeremiah',
  Lam: 'lamentations',
  Ezek: 'ezekiel',
  Dan: 'daniel',
  Hos: 'hosea',
  Joel: 'joel',
  Amos: 'amos',
  Obad: 'obadiah',
  Jonah: 'jonah',
  Mic: 'micah',
  Nah: 'nahum',
  Hab: 'habakkuk',
  Zeph: 'zephaniah',
  Hag: 'haggai',
  Zech: 'zechariah',
  Mal: 'malachi',
  Matt: 'matthew',
  Mark: 'mark',
  Luke: 'luke',
  John: 'john',
  Acts: 'acts',
  Rom: 'romans',
  '1Cor': 'corinthians1',
  '2Cor': 'corinthians2',
  Gal: 'galatians',
  Eph: 'ephesians',
  Phil: 'philippians',
  Col: 'colossians',
  '1Thess': 'thessalonians1',
  '2Thess': 'thessalonians2',
  '1Tim': 'timothy1',
  '2Tim': 'timothy2',
  Titus: 'titus',
  Phlm: 'philemon',
  Heb: 'hebrews',
  Jas: 'james',
  '1Pet': 'peter1',
  '2Pet': 'peter2',
  '1John': 'john1',
  '2John': 'john2',
  '3John': 'john3',
  Jude: 'jude',
  Rev: 'revelation',
};

/** Splits mod2imp output into [key, body] pairs ('$$$John 3:16' lines, each followed by its markup). */
export function impEntries(imp: string): Array<[key: string, body: string]> {
  const out: Array<[string, string]> = [];
  for (const entry of imp.split(/^\$\$\$/m)) {
    const newline = entry.indexOf('\n');
    const key = (newline < 0 ? entry : entry.slice(0, newline)).trim();
    if (key) out.push([key, newline < 0 ? '' : entry.slice(newline + 1)]);
  }
  return out;
}
