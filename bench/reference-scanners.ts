/**
 * Our reference scanner (library/src/references/scan.ts) against OpenBible.info's
 * bible-passage-reference-parser (npm, MIT), the field's standard, on the checker's table of cases
 * (library/src/references/cases.ts): each case passes when a scanner finds exactly the expected
 * references in order. Prints a table of the cases each fails and both pass counts.
 *   npx tsx bench/reference-scanners.ts
 */
import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as lang from 'bible-passage-reference-parser/esm/lang/en.js';
import { ALL_BOOKS } from '@lectio/contracts/books';
import { findReferences, REFERENCE_CASES, type Expected } from '@lectio/library';

// OSIS book codes in canonical order (the 66 books match ALL_BOOKS), then the deuterocanon's.
const OSIS =
  'Gen Exod Lev Num Deut Josh Judg Ruth 1Sam 2Sam 1Kgs 2Kgs 1Chr 2Chr Ezra Neh Esth Job Ps Prov Eccl Song Isa Jer Lam Ezek Dan Hos Joel Amos Obad Jonah Mic Nah Hab Zeph Hag Zech Mal ' +
  'Matt Mark Luke John Acts Rom 1Cor 2Cor Gal Eph Phil Col 1Thess 2Thess 1Tim 2Tim Titus Phlm Heb Jas 1Pet 2Pet 1John 2John 3John Jude Rev';
const OUR_ID = new Map<string, string>(OSIS.split(' ').map((code, i) => [code, ALL_BOOKS[i]!.id]));
for (const [code, id] of Object.entries({
  Tob: 'tobit',
  Jdt: 'judith',
  GkEsth: 'esthergreek',
  AddEsth: 'esthergreek',
  Wis: 'wisdom',
  Sir: 'sirach',
  Bar: 'baruch',
  EpJer: 'letterofjeremiah',
  PrAzar: 'azariah',
  SgThree: 'azariah',
  Sus: 'susanna',
  Bel: 'bel',
  '1Macc': 'maccabees1',
  '2Macc': 'maccabees2',
  '3Macc': 'maccabees3',
  '4Macc': 'maccabees4',
  '1Esd': 'esdras1',
  '2Esd': 'esdras2',
  PrMan: 'manasseh',
}))
  OUR_ID.set(code, id);

const bcv = new bcv_parser(lang);
bcv.include_apocrypha(true);
bcv.set_options({
  osis_compaction_strategy: 'bc',
  sequence_combination_strategy: 'separate',
  invalid_passage_strategy: 'include',
});

function parsePoint(osis: string): { book: string | null; chapter: number; verse: number | null } {
  const [code, chapter, verse] = osis.split('.');
  return {
    book: OUR_ID.get(code!) ?? null,
    chapter: Number(chapter ?? 1),
    verse: verse === undefined ? null : Number(verse),
  };
}

function openBible(text: string): Expected[] {
  const out: Expected[] = [];
  for (const entity of bcv.parse(text).osis_and_indices()) {
    for (const range of entity.osis.split(',')) {
      const [from, to] = range.split('-');
      const a = parsePoint(from!);
      const b = to ? parsePoint(to) : null;
      const chapterEnd = b && b.chapter !== a.chapter ? b.chapter : null;
      const verseEnd = b && b.verse !== null && (chapterEnd !== null || b.verse !== a.verse) ? b.verse : null;
      // A one-chapter book's whole-chapter reference ('Jude 1') stays chapter 1, as ours reads it.
      out.push([a.book, a.chapter, a.verse, chapterEnd, verseEnd]);
    }
  }
  return out;
}

const ours = (text: string): Expected[] =>
  findReferences(text).map((r) => [r.book?.id ?? null, r.chapter, r.verse, r.chapterEnd, r.verseEnd]);
const same = (a: Expected[], b: Expected[]): boolean => JSON.stringify(a) === JSON.stringify(b);

const rows: string[] = [];
let oursPass = 0;
let theirsPass = 0;
for (const c of REFERENCE_CASES) {
  const o = same(ours(c.text), c.expected);
  const t = same(openBible(c.text), c.expected);
  oursPass += Number(o);
  theirsPass += Number(t);
  if (!o || !t)
    rows.push(`| ${c.name} | ${o ? 'pass' : 'FAIL'} | ${t ? 'pass' : `FAIL: ${JSON.stringify(openBible(c.text))}`} |`);
}
console.log('| case | ours | bible-passage-reference-parser |\n|---|---|---|');
console.log(rows.join('\n'));
console.log(`| all ${REFERENCE_CASES.length} cases | ${oursPass} pass | ${theirsPass} pass |`);
