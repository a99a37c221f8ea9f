/** What the segmenter needs of a checked citation (the server's `Citation`). */
export interface SegmentCitation {
  text: string;
  quote: null | { text: string; matches: boolean };
}

export type AnswerSegment<C extends SegmentCitation> =
  | { kind: 'text'; text: string }
  | { kind: 'reference'; text: string; citation: C }
  | { kind: 'quote'; text: string; citation: C };

/** How far from its reference a quotation may start or end and still belong to it. */
const QUOTE_REACH = 12;

/**
 * Splits an answer into plain text, the references the server checked, and the quotations it
 * compared with our text, in reading order. The answer is never interpreted as markup: every
 * segment is rendered as text. Citations are located in order; one whose words cannot be found is
 * returned in `unplaced`, so the panel can still show its verdict.
 */
export function segmentAnswer<C extends SegmentCitation>(
  answer: string,
  citations: readonly C[],
): { segments: AnswerSegment<C>[]; unplaced: C[] } {
  const marks: Array<{ start: number; end: number; kind: 'reference' | 'quote'; citation: C }> = [];
  const unplaced: C[] = [];
  let cursor = 0;
  const free = (start: number, end: number) => marks.every((m) => end <= m.start || start >= m.end);

  for (const citation of citations) {
    const at = citation.text ? findFree(answer, citation.text, cursor, free) : -1;
    if (at === -1) {
      unplaced.push(citation);
      continue;
    }
    const end = at + citation.text.length;
    marks.push({ start: at, end, kind: 'reference', citation });
    cursor = end;
    const quote = citation.quote?.text;
    if (!quote) continue;
    // A quotation sits right before its reference ("..." (John 3:16)) or right after it (John 3:16: "...").
    const before = answer.lastIndexOf(quote, at);
    const after = answer.indexOf(quote, end);
    if (before !== -1 && at - (before + quote.length) <= QUOTE_REACH && free(before, before + quote.length)) {
      marks.push({ start: before, end: before + quote.length, kind: 'quote', citation });
    } else if (after !== -1 && after - end <= QUOTE_REACH && free(after, after + quote.length)) {
      marks.push({ start: after, end: after + quote.length, kind: 'quote', citation });
      cursor = after + quote.length;
    }
  }

  marks.sort((a, b) => a.start - b.start);
  const segments: AnswerSegment<C>[] = [];
  let pos = 0;
  for (const m of marks) {
    if (m.start > pos) segments.push({ kind: 'text', text: answer.slice(pos, m.start) });
    segments.push({ kind: m.kind, text: answer.slice(m.start, m.end), citation: m.citation });
    pos = m.end;
  }
  if (pos < answer.length) segments.push({ kind: 'text', text: answer.slice(pos) });
  return { segments, unplaced };
}

function findFree(
  haystack: string,
  needle: string,
  from: number,
  free: (start: number, end: number) => boolean,
): number {
  for (let at = haystack.indexOf(needle, from); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (free(at, at + needle.length)) return at;
  }
  // The server lists citations in order, but be forgiving if it did not.
  for (let at = haystack.indexOf(needle); at !== -1 && at < from; at = haystack.indexOf(needle, at + 1)) {
    if (free(at, at + needle.length)) return at;
  }
  return -1;
}
