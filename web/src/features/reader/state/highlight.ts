/**
 * Search hits arrive as escaped HTML whose only markup is <mark>…</mark>. Rather than injecting
 * HTML, split it into text runs and decode the usual entities, so nothing else can ever render.
 */
export interface HighlightRun {
  text: string;
  mark: boolean;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
  '#x27': "'",
  nbsp: '\u00a0',
};

export function decodeEntities(s: string): string {
  return s.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower in ENTITIES) return ENTITIES[lower]!;
    if (lower.startsWith('#x')) return safeCodePoint(Number.parseInt(lower.slice(2), 16)) ?? whole;
    if (lower.startsWith('#')) return safeCodePoint(Number.parseInt(lower.slice(1), 10)) ?? whole;
    return whole;
  });
}

function safeCodePoint(n: number): string | undefined {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
}

export function parseHighlighted(html: string): HighlightRun[] {
  const runs: HighlightRun[] = [];
  let mark = false;
  for (const part of html.split(/(<\/?mark>)/i)) {
    const tag = part.toLowerCase();
    if (tag === '<mark>') mark = true;
    else if (tag === '</mark>') mark = false;
    else if (part) {
      // Any other tag-looking text is shown literally (it was not produced by the server's escaping).
      const text = decodeEntities(part);
      const last = runs[runs.length - 1];
      if (last && last.mark === mark) last.text += text;
      else runs.push({ text, mark });
    }
  }
  return runs;
}
