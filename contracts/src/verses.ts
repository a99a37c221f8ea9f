/** One verse of a chapter as served to readers. */
export interface Verse {
  number: number;
  text: string;
}

/** Raw verse-like input: from the converter, the server or an old browser cache. */
export interface RawVerse {
  number?: unknown;
  text?: unknown;
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

/**
 * The spec's chapter clean-up: verses without a valid number are dropped, duplicates of one
 * number are merged (a differing text not already contained is joined with a space), and the
 * result is sorted by number. A later text that already contains the earlier one replaces it,
 * so the same words never appear twice.
 */
export function mergeVerses(raw: readonly RawVerse[]): Verse[] {
  const byNumber = new Map<number, string>();
  for (const item of raw) {
    if (item === null || typeof item !== 'object') continue;
    const number = parseVerseNumber(item.number);
    if (number === null) continue;
    const text = typeof item.text === 'string' ? item.text.trim() : '';
    const existing = byNumber.get(number);
    if (existing === undefined) byNumber.set(number, text);
    else if (text === '' || existing.includes(text)) continue;
    else if (existing === '' || text.includes(existing)) byNumber.set(number, text);
    else byNumber.set(number, `${existing} ${text}`);
  }
  return [...byNumber.entries()].sort((a, b) => a[0] - b[0]).map(([number, text]) => ({ number, text }));
}
