/**
 * A verse's place in the chapter's layout, from the module's own OSIS marks: where paragraphs
 * (`<div type="x-p" sID>`), stanzas (`<lg sID>`, `<lb type="x-p"/>`) and lines of poetry or of a
 * quotation set as verse (`<l level="N" sID>`, `<l type="selah">`) begin, where the translators'
 * footnotes (`<note placement="foot">`) sit, and a psalm's canonical title. Positions are
 * character offsets in the verse's reading text, which is exactly osisToText's: each mark is a
 * private-use character put into the markup, carried through osisToText (which spaces the text as
 * if it were not there) and then read off.
 */
import { type BlockKind, type VerseBreak, type VerseNote } from '@lectio/contracts/verses';
import { osisToText } from './osis-text';

/** What the module marks at a position, before a chapter's marks are reduced to one block kind each. */
export type RawMark = 'para' | 'stanza' | 'end' | 'l1' | 'l2' | 'l3' | 'selah';

const CHAR: Record<RawMark, string> = {
  para: '\uE010',
  stanza: '\uE011',
  end: '\uE012',
  l1: '\uE013',
  l2: '\uE014',
  l3: '\uE015',
  selah: '\uE016',
};
const NOTE = '\uE017';
const RAW_MARKS: readonly RawMark[] = ['para', 'stanza', 'end', 'l1', 'l2', 'l3', 'selah'];
const BY_CHAR = new Map<string, RawMark>(RAW_MARKS.map((mark) => [CHAR[mark], mark]));
const STANZA_LINE: Record<'l1' | 'l2' | 'l3', BlockKind> = { l1: 's1', l2: 's2', l3: 's3' };

export interface VerseLayout {
  text: string;
  marks: Array<[at: number, mark: RawMark]>;
  notes: VerseNote[];
  title?: string;
}

const attribute = (tag: string, name: string): string | undefined => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

/** The footnote's words, without the '3:16 ' reference each opens with. */
function noteText(note: string): string {
  return osisToText(note.replace(/<reference\b[^>]*type="annotateRef"[^>]*>[\s\S]*?<\/reference>/g, ''));
}

/** Marks the starts of paragraphs, stanzas and lines (and the end of a stanza) in the markup. */
function markBlocks(markup: string): string {
  return markup.replace(/<(div|lg|lb|l)\b[^>]*?\/?>|<\/lg>/g, (tag, name: string | undefined) => {
    if (tag === '</lg>') return CHAR.end + tag;
    const selfClosing = tag.endsWith('/>');
    const starts = !selfClosing || attribute(tag, 'sID') !== undefined;
    if (name === 'div')
      return attribute(tag, 'type') === 'x-p' && attribute(tag, 'sID') !== undefined ? CHAR.para + tag : tag;
    if (name === 'lb') return attribute(tag, 'type') === 'x-p' ? CHAR.stanza + tag : tag;
    if (name === 'lg') return attribute(tag, 'eID') !== undefined ? CHAR.end + tag : starts ? CHAR.stanza + tag : tag;
    if (!starts || attribute(tag, 'eID') !== undefined) return tag;
    if (attribute(tag, 'type') === 'selah') return CHAR.selah + tag;
    const level = Number(attribute(tag, 'level') ?? '1');
    return (level >= 3 ? CHAR.l3 : level === 2 ? CHAR.l2 : CHAR.l1) + tag;
  });
}

/**
 * One verse's reading text and layout. `footnotes`: keep the translation's footnotes (the WEB's;
 * the KJV's marginal notes are left out, as in the study panel).
 */
export function verseLayout(markup: string, options: { footnotes: boolean }): VerseLayout {
  // As osisToText: the WEB's glossary after Revelation 22:21 is not scripture.
  const glossary = markup.search(/<div\b[^>]*type="glossary"/);
  let s = glossary >= 0 ? markup.slice(0, glossary) : markup;

  let title: string | undefined;
  s = s.replace(/<title\b([^>]*)>([\s\S]*?)<\/title>/g, (_whole, attributes: string, inner: string) => {
    if (/\bcanonical="true"/.test(attributes) && title === undefined) title = osisToText(inner) || undefined;
    return '<title></title>';
  });

  const notes: string[] = [];
  s = s.replace(/<note\b([^>]*)>([\s\S]*?)<\/note>/g, (whole, attributes: string, inner: string) => {
    if (!options.footnotes || !/\bplacement="foot"/.test(attributes)) return whole;
    const text = noteText(inner);
    if (text === '') return whole;
    notes.push(text);
    return NOTE + whole;
  });

  const marked = osisToText(markBlocks(s))
    // A block starts at its first word, a footnote sits against the word before it.
    .replace(/([\uE010-\uE016]+)( +)/g, '$2$1')
    .replace(/( +)\uE017/g, '\uE017$1');

  let text = '';
  const marks: Array<[number, RawMark]> = [];
  const noteAt: number[] = [];
  for (const ch of marked) {
    const mark = BY_CHAR.get(ch);
    if (mark) marks.push([text.length, mark]);
    else if (ch === NOTE) noteAt.push(text.length);
    else if (!(ch === ' ' && (text.endsWith(' ') || text === ''))) text += ch;
  }
  text = text.trimEnd();
  const expected = osisToText(markup);
  if (text !== expected) throw new Error(`layout changed the text:\n  ${text}\n  ${expected}`);
  if (noteAt.length !== notes.length)
    throw new Error(`${notes.length} footnotes, ${noteAt.length} placed: ${expected}`);
  const clamp = (at: number) => Math.min(at, text.length);
  return {
    text,
    marks: marks.map(([at, mark]) => [clamp(at), mark]),
    notes: notes.map((note, i): VerseNote => [clamp(noteAt[i]!), note]),
    ...(title ? { title } : {}),
  };
}

/**
 * The block that begins where the module put these marks together: a line when one starts there
 * (opening a stanza when a paragraph, stanza or the end of one is marked with it), else a prose
 * paragraph; none for an empty set.
 */
export function blockAt(marks: readonly RawMark[]): BlockKind | null {
  const line = [...marks].reverse().find((m) => m === 'l1' || m === 'l2' || m === 'l3' || m === 'selah');
  const opens = marks.some((m) => m === 'para' || m === 'stanza' || m === 'end');
  if (line === 'selah') return 'selah';
  if (line) return opens ? STANZA_LINE[line] : line;
  return opens ? 'p' : null;
}

/** Reduces a verse's raw marks (sorted by position) to one block kind per position. */
export function breaksOf(marks: ReadonlyArray<readonly [number, RawMark]>): VerseBreak[] {
  const out: VerseBreak[] = [];
  let i = 0;
  while (i < marks.length) {
    const at = marks[i]![0];
    const group: RawMark[] = [];
    while (i < marks.length && marks[i]![0] === at) group.push(marks[i++]![1]);
    const kind = blockAt(group);
    if (kind) out.push([at, kind]);
  }
  return out;
}
