// Characters that open emphasis, code, links, images, raw HTML, entities, tables or strikethrough anywhere in a line.
const INLINE = /[\\`*_{}[\]()#+!|<>&~]/g;

/**
 * A note's own text as Markdown that shows exactly those characters: every character Markdown or
 * HTML would act on is escaped with a backslash (CommonMark lets any ASCII punctuation be), and a
 * line that would start a list, a heading underline or a rule has its first mark escaped. So a
 * note cannot add a heading, a link, an image or HTML to the export.
 */
export function escapeMarkdown(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(INLINE, '\\$&')
        .replace(/^(\s*)([-=])/, '$1\\$2')
        .replace(/^(\s*\d+)\./, '$1\\.'),
    )
    .join('\n');
}
