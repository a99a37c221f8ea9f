/**
 * Straight quotes of composed text made typographic, so they sit beside the Bible's own curly ones:
 * a quote that opens (at the start, after a space, a dash or an opening bracket) as “ or ‘, any
 * other (a closing quote, an apostrophe: don’t, Pharisees’) as ” or ’. Curly quotes already
 * there are left alone; the caller passes only text outside quotations (the Bible's characters are
 * never changed), and `before`, the character that came before this piece of text.
 */
export function curlQuotes(text: string, before = ''): string {
  if (!text.includes('"') && !text.includes("'")) return text;
  let out = '';
  let prev = before;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      const opens = prev === '' || /[\s([{\u2014\u2013-]/.test(prev);
      if (ch === '"') out += opens ? '\u201c' : '\u201d';
      else out += opens ? '\u2018' : '\u2019';
    } else out += ch;
    prev = ch;
  }
  return out;
}
