/**
 * The verse counts of the deuterocanonical books, from the versification (NRSVA) of the WEB's SWORD
 * module: the citation checker holds no text of these books, only which chapters and verses exist.
 * Counted from mod2imp's verse keys, not from the text, because the module leaves some verses empty
 * (its Prayer of Azariah, Susanna and Bel are blank; its Greek Esther merges the additions into 1-10).
 */

/** SWORD's book names -> our ids (library/src/references/deuterocanon.ts names them for readers). */
export const DEUTEROCANON_SWORD_NAMES: Record<string, string> = {
  Tobit: 'tobit',
  Judith: 'judith',
  'Esther (Greek)': 'esthergreek',
  Wisdom: 'wisdom',
  Sirach: 'sirach',
  Baruch: 'baruch',
  'Prayer of Azariah': 'azariah',
  Susanna: 'susanna',
  'Bel and the Dragon': 'bel',
  'I Maccabees': 'maccabees1',
  'II Maccabees': 'maccabees2',
  'III Maccabees': 'maccabees3',
  'IV Maccabees': 'maccabees4',
  'I Esdras': 'esdras1',
  'II Esdras': 'esdras2',
  'Prayer of Manasses': 'manasseh',
  'Additional Psalm': 'psalm151',
};

export interface DeuterocanonFile {
  source: string;
  versification: string;
  /** Book id -> the last verse of each chapter, chapter 1 first. */
  books: Record<string, number[]>;
}

/** `imp` is mod2imp's export of engWEB2015eb. */
export function deuterocanonFile(imp: string): DeuterocanonFile {
  const books: Record<string, number[]> = {};
  for (const m of imp.matchAll(/^\$\$\$(.+) (\d+):(\d+)$/gm)) {
    const id = DEUTEROCANON_SWORD_NAMES[m[1]!];
    const chapter = Number(m[2]);
    const verse = Number(m[3]);
    if (!id || chapter < 1 || verse < 1) continue;
    const counts = (books[id] ??= []);
    counts[chapter - 1] = Math.max(counts[chapter - 1] ?? 0, verse);
  }
  return { source: 'SWORD module engWEB2015eb (verse keys)', versification: 'NRSVA', books };
}
