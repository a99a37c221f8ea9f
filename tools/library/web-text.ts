/**
 * What the reader's text (tools/bible/convert.ts) leaves out of the New Testament modules and the
 * study panel and the reader still use: the WEB's translation footnotes, and the red-letter marks
 * (<q who="Jesus">) of both modules as character spans of the converted verse text.
 */
import type { WordsOfJesusResponse, WordsOfJesusSpan } from '@lectio/contracts/bible-api';
import type { FootnotesFile } from '@lectio/library';
import { SWORD_NAMES, type BibleFile } from '../bible/convert';
import { osisToText } from '../bible/osis-text';
import { impEntries } from './sword';

/** The verse's footnotes (<note placement="foot">), without the '3:16 ' each opens with. */
export function verseFootnotes(markup: string): string[] {
  const out: string[] = [];
  for (const m of markup.matchAll(/<note\b[^>]*placement="foot"[^>]*>([\s\S]*?)<\/note>/g)) {
    const text = osisToText(m[1]!.replace(/<reference\b[^>]*type="annotateRef"[^>]*>[\s\S]*?<\/reference>/g, ''));
    if (text) out.push(text);
  }
  return out;
}

/** Per New Testament verse, the WEB's footnotes. */
export function parseFootnotes(imp: string): FootnotesFile {
  const books: FootnotesFile['books'] = {};
  for (const [key, body] of verseEntries(imp)) {
    const notes = verseFootnotes(body);
    if (notes.length > 0) ((books[key.bookId] ??= {})[String(key.chapter)] ??= {})[String(key.verse)] = notes;
  }
  return { source: 'World English Bible footnotes (engWEB2015eb, Debian sword-text-web)', books };
}

// Private-use characters osisToText passes through (and spaces around as if they were not there).
const START = '\uE000';
const END = '\uE001';

/**
 * The verse's text (as osisToText gives it) and where the words of Jesus are in it, as [start, end)
 * character spans. Spans only a space apart are joined; a quotation left open runs to the verse's
 * end, one closed without opening in this verse starts at its beginning.
 */
export function wordsOfJesus(markup: string): { text: string; spans: Array<[number, number]> } {
  let depth = 0;
  let jesusAt = -1;
  const marked = markup.replace(/<q\b([^>]*)>|<\/q>/g, (tag, attributes: string | undefined) => {
    if (attributes !== undefined) {
      if (attributes.trimEnd().endsWith('/')) return ''; // a milestone quotation: the modules use none
      depth += 1;
      if (/\bwho="Jesus"/.test(attributes) && jesusAt < 0) {
        jesusAt = depth;
        return START;
      }
      return '';
    }
    depth -= 1;
    if (jesusAt > depth || depth < 0) {
      jesusAt = -1;
      depth = Math.max(depth, 0);
      return END;
    }
    return '';
  });
  // The marks go inside the spaces next to them, so a span neither starts nor ends with a space.
  const text = osisToText(marked)
    .replace(/\uE000( +)/g, '$1\uE000')
    .replace(/( +)\uE001/g, '\uE001$1');
  const spans: Array<[number, number]> = [];
  let plain = '';
  let open: number | null = null;
  for (const ch of text) {
    if (ch === START) open ??= plain.length;
    else if (ch === END) {
      spans.push([open ?? 0, plain.length]);
      open = null;
    } else if (!(ch === ' ' && (plain.endsWith(' ') || plain === ''))) plain += ch;
  }
  if (open !== null) spans.push([open, plain.length]);
  const joined: Array<[number, number]> = [];
  for (const [start, end] of spans) {
    const trimmedEnd = plain.slice(0, end).trimEnd().length;
    if (trimmedEnd <= start) continue;
    const last = joined[joined.length - 1];
    if (last && plain.slice(last[1], start).trim() === '') last[1] = trimmedEnd;
    else joined.push([start, trimmedEnd]);
  }
  return { text: plain.trimEnd(), spans: joined };
}

/**
 * Per chapter, where the words of Jesus are in `bible` (the committed text of the same module).
 * A verse whose text differs from the committed one (the WEB's Romans doxology, split by the
 * converter) is left without marks rather than marked in the wrong place; `mismatched` counts them.
 */
export function parseWordsOfJesus(imp: string, bible: BibleFile): WordsOfJesusResponse & { mismatched: number } {
  const books: WordsOfJesusResponse['books'] = {};
  let mismatched = 0;
  for (const [key, body] of verseEntries(imp)) {
    if (!body.includes('<q') && !body.includes('</q>')) continue;
    const { text, spans } = wordsOfJesus(body);
    if (spans.length === 0) continue;
    const committed = bible.books[key.bookId]?.[String(key.chapter)]?.find((v) => v.number === key.verse)?.text;
    if (committed !== text) {
      mismatched += 1;
      continue;
    }
    const whole = spans.length === 1 && spans[0]![0] === 0 && spans[0]![1] === text.length;
    const marks: WordsOfJesusSpan[] = whole
      ? [key.verse]
      : spans.map(([start, end]): WordsOfJesusSpan => [key.verse, start, end]);
    ((books[key.bookId] ??= {})[String(key.chapter)] ??= []).push(...marks);
  }
  return { translation: bible.translation === 'kjv' ? 'kjv' : 'web', books, mismatched };
}

function* verseEntries(imp: string): Generator<[{ bookId: string; chapter: number; verse: number }, string]> {
  for (const [key, body] of impEntries(imp)) {
    const m = /^(.+) (\d+):(\d+)$/.exec(key);
    const bookId = m ? SWORD_NAMES[m[1]!] : undefined;
    if (!m || !bookId || m[2] === '0' || m[3] === '0') continue;
    yield [{ bookId, chapter: Number(m[2]), verse: Number(m[3]) }, body];
  }
}
