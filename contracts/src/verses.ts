/**
 * Where a new block of the chapter begins inside a verse's text, from the module's own marks:
 * 'p' a prose paragraph; 'l1'-'l3' a line of poetry (or of a quotation set as verse) at that
 * indent, 's1'-'s3' the same line opening a new stanza; 'selah' the Psalms' "Selah." line.
 */
export type BlockKind = 'p' | 'l1' | 'l2' | 'l3' | 's1' | 's2' | 's3' | 'selah';

/** A block starting at character `at` of the verse's text (0: before the verse). */
export type VerseBreak = [at: number, kind: BlockKind];

/** A translators' footnote marked after character `at` of the verse's text. */
export type VerseNote = [at: number, text: string];

/** One verse of a chapter as served to readers. */
export interface Verse {
  number: number;
  text: string;
  /** Paragraph and line starts inside or before this verse (absent: the verse runs on in its block). */
  breaks?: VerseBreak[];
  /** The translation's footnotes in this verse, where the module places them. */
  notes?: VerseNote[];
  /** A canonical title before the verse (a psalm's 'A Psalm by David.'). */
  title?: string;
}

/** Raw verse-like input: from the converter, the server or an old browser cache. */
export interface RawVerse {
  number?: unknown;
  text?: unknown;
  breaks?: unknown;
  notes?: unknown;
  title?: unknown;
}

const BLOCK_KINDS: readonly BlockKind[] = ['p', 'l1', 'l2', 'l3', 's1', 's2', 's3', 'selah'];

export function isBlockKind(value: unknown): value is BlockKind {
  return BLOCK_KINDS.some((k) => k === value);
}

/** A verse number must be a positive integer, given as a number or a base-10 digit string. */
export function parseVerseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) {
    const n = Number(value.trim());
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  }
  return null;
}

const offsetIn = (value: unknown, length: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= length;

/** The layout marks that fit a text of `length` characters, in order; anything malformed is dropped. */
function layoutOf(item: RawVerse, length: number, shift = 0): Pick<Verse, 'breaks' | 'notes'> {
  const breaks: VerseBreak[] = [];
  if (Array.isArray(item.breaks))
    for (const b of item.breaks)
      if (Array.isArray(b) && offsetIn(b[0], length) && isBlockKind(b[1])) breaks.push([b[0] + shift, b[1]]);
  const notes: VerseNote[] = [];
  if (Array.isArray(item.notes))
    for (const n of item.notes)
      if (Array.isArray(n) && offsetIn(n[0], length) && typeof n[1] === 'string' && n[1] !== '')
        notes.push([n[0] + shift, n[1]]);
  return { ...(breaks.length ? { breaks } : {}), ...(notes.length ? { notes } : {}) };
}

// Offsets count from the text's start: a text with leading spaces loses its marks rather than misplacing them.
const startsClean = (item: RawVerse): boolean => typeof item.text === 'string' && item.text.trimStart() === item.text;

function verseOf(number: number, text: string, item: RawVerse): Verse {
  const title = typeof item.title === 'string' && item.title.trim() !== '' ? { title: item.title.trim() } : {};
  const layout = startsClean(item) ? layoutOf(item, text.length) : {};
  return { number, text, ...layout, ...title };
}

/**
 * The spec's chapter clean-up: verses without a valid number are dropped, duplicates of one
 * number are merged (a differing text not already contained is joined with a space), and the
 * result is sorted by number. A later text that already contains the earlier one replaces it,
 * so the same words never appear twice. Paragraph, line and footnote marks follow their words:
 * a joined text keeps both parts' marks (the second's moved along), a replaced one the new text's.
 */
export function mergeVerses(raw: readonly RawVerse[]): Verse[] {
  const byNumber = new Map<number, Verse>();
  for (const item of raw) {
    if (item === null || typeof item !== 'object') continue;
    const number = parseVerseNumber(item.number);
    if (number === null) continue;
    const text = typeof item.text === 'string' ? item.text.trim() : '';
    const existing = byNumber.get(number);
    if (existing === undefined) byNumber.set(number, verseOf(number, text, item));
    else if (text === '' || existing.text.includes(text)) continue;
    else if (existing.text === '' || text.includes(existing.text)) byNumber.set(number, verseOf(number, text, item));
    else {
      const joined: Verse = { number, text: `${existing.text} ${text}` };
      const added = startsClean(item) ? layoutOf(item, text.length, existing.text.length + 1) : {};
      const breaks = [...(existing.breaks ?? []), ...(added.breaks ?? [])];
      const notes = [...(existing.notes ?? []), ...(added.notes ?? [])];
      byNumber.set(number, {
        ...joined,
        ...(breaks.length ? { breaks } : {}),
        ...(notes.length ? { notes } : {}),
        ...(existing.title ? { title: existing.title } : {}),
      });
    }
  }
  return [...byNumber.entries()].sort((a, b) => a[0] - b[0]).map(([, verse]) => verse);
}
