import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from './markdown';

// The renderer most Markdown viewers follow (CommonMark), with raw HTML switched on: the worst case.
// (Bare http links that some viewers make clickable are the reader's own text, and never javascript:.)
const md = new MarkdownIt({ html: true });
const decode = (html: string) =>
  html
    .replace(/<\/?p>|<br>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();

describe('a note in the Markdown export', () => {
  it('shows its own characters and nothing else: no heading, link, image, list or HTML from a note', () => {
    const attacks = [
      '<img src=x onerror=alert(1)>',
      '[click](javascript:alert(1))',
      '![x](https://evil.example/x.png)',
      '# Not a heading',
      '<script>alert(1)</script>',
      '<javascript:alert(1)>',
      '**bold** _em_ `code` ~~gone~~',
      '1. not a list',
      '- not a list',
      '&lt;b&gt;',
      '| a | b |',
    ];
    for (const text of attacks) {
      const html = md.render(escapeMarkdown(text));
      expect(html, text).not.toMatch(/<(?!\/?p>)[a-z!/]/i);
      expect(decode(html), text).toBe(text);
    }
  });

  it('any one-line text renders back to itself as plain text (fast-check)', () => {
    const char = fc.constantFrom(...'abc 1.-=#*_`[]()!<>&|~\\+{}:/"\''.split(''));
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 30 }).map((cs) => cs.join('').trim()),
        (text) => {
          fc.pre(text.length > 0);
          const html = md.render(escapeMarkdown(text));
          expect(html).not.toMatch(/<(?!\/?p>)[a-z!/]/i);
          expect(decode(html).replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
