/**
 * Turns one verse of SWORD OSIS markup (as printed by `mod2imp`) into plain reading text.
 *
 * Notes, titles and structural markers are removed, but never by simply deleting them: a
 * footnote often sits between two words with no space around it (WEB John 3:16 has
 * `only born</q><note>…</note><q><w>Son</w>`), so every removed note or block marker leaves a
 * "gap" that becomes a space unless punctuation or a space already separates the neighbours.
 * Inline markup (<w>, <q>, <transChange>, <seg>, <divineName>) wraps whole words and is dropped.
 */

const GAP = '\u0001';

// Elements whose whole content is not verse text.
const DROPPED_ELEMENTS = /<(note|title)\b[^>]*>[\s\S]*?<\/\1>/g;
// Elements that mark lines, paragraphs, chapters and books: they separate words.
const BLOCK_TAG = /<\/?(div|l|lg|lb|p|milestone|chapter|list|item|br|head)\b[^>]*>/g;
const ANY_TAG = /<[^>]*>/g;

// After these a gap needs no space; before the closing ones neither.
const OPENERS = new Set(['(', '[', '“', '‘', '—', '–']);
const PUNCTUATION = new Set([',', '.', ';', ':', '!', '?', ')', ']', '…']);
const CLOSING_QUOTES = new Set(['’', '”']);
const QUOTES = new Set(['‘', '“', '’', '”']);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Private-use characters (U+E000-U+E0FF) a caller may put in the markup to find positions in the
 * text (where the words of Jesus begin and end, where a paragraph starts): they pass through, and
 * the spacing around them is decided as if they were not there.
 */
export const isMark = (ch: string): boolean => ch >= '\uE000' && ch <= '\uE0FF';

/** The character at `at`, or the nearest one in direction `step` that is not a mark. */
function neighbour(all: string, at: number, step: 1 | -1): string | undefined {
  let i = at;
  while (i >= 0 && i < all.length && isMark(all[i]!)) i += step;
  return all[i];
}

/** What a run of gaps and spaces between `before` and `after` becomes. */
function separator(run: string, before: string | undefined, after: string | undefined): string {
  if (before === undefined || after === undefined) return '';
  if (PUNCTUATION.has(after)) return '';
  if (CLOSING_QUOTES.has(after) && !QUOTES.has(before)) return '';
  if (run.includes(' ')) return ' ';
  if (OPENERS.has(before) || CLOSING_QUOTES.has(after) || after === '—' || after === '–') return '';
  return ' ';
}

export function osisToText(osis: string): string {
  // The WEB module appends its glossary to Revelation 22:21; nothing after it is scripture.
  const glossary = osis.search(/<div\b[^>]*type="glossary"/);
  let s = glossary >= 0 ? osis.slice(0, glossary) : osis;

  s = s.replace(DROPPED_ELEMENTS, GAP).replace(BLOCK_TAG, GAP).replace(ANY_TAG, '');
  s = decodeEntities(s)
    .replace(/¶/g, '')
    .replace(/[\s\u00a0]+/g, ' ');

  // A gap is a space between words, and nothing before punctuation or a closing quote (the
  // module writes `coins</q> <note>…</note> <q>? Not…`), nor after an opening bracket or quote.
  // WEB's own spaced nested quotes (`walk.’ ”`) are left as they are.
  // Marks inside a run of gaps and spaces stay, after the space the run becomes.
  // eslint-disable-next-line no-control-regex -- \u0001 is our own gap marker, never in the text
  s = s.replace(/[ \u0001\uE000-\uE0FF]*\u0001[ \u0001\uE000-\uE0FF]*/g, (run, offset: number, all: string) => {
    const marks = [...run].filter(isMark).join('');
    const before = neighbour(all, offset - 1, -1);
    const after = neighbour(all, offset + run.length, 1);
    return separator(run, before, after) + marks;
  });
  return s.replace(/ +/g, ' ').trim();
}
