import { describe, expect, it } from 'vitest';
import type { Citation } from '@lectio/contracts/assistant';
import { type AnswerInline, isSafeHref, parseAnswer } from './answerMarkdown';
import { curlQuotes } from './curlyQuotes';

const john316: Citation = {
  text: 'John 3:16',
  book: 'john',
  chapter: 3,
  verse: 16,
  verseEnd: null,
  valid: true,
  href: '/home?book=john&chapter=3&verse=16',
  quote: { text: 'For God so loved the world', matches: true },
};

/** The plain text of inlines, segments joined. */
const textOf = (inlines: readonly AnswerInline[]): string =>
  inlines
    .map((n) =>
      n.kind === 'segments'
        ? n.segments.map((s) => s.text).join('')
        : n.kind === 'break'
          ? '\n'
          : n.kind === 'code'
            ? n.text
            : textOf(n.children),
    )
    .join('');

describe('parseAnswer', () => {
  it('turns "- " lines into a list, numbered lines into an ordered one, and keeps the paragraph before them', () => {
    const { blocks } = parseAnswer('Three things:\n- grace\n- faith\n- love\n\n1. First\n2. Second', []);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'list', 'list']);
    const [intro, bullets, numbers] = blocks;
    expect(intro?.kind === 'paragraph' && textOf(intro.inlines)).toBe('Three things:');
    if (bullets?.kind !== 'list' || numbers?.kind !== 'list') throw new Error('two lists');
    expect(bullets.ordered).toBe(false);
    expect(bullets.items.map((item) => (item[0]?.kind === 'paragraph' ? textOf(item[0].inlines) : ''))).toEqual([
      'grace',
      'faith',
      'love',
    ]);
    expect(numbers).toMatchObject({ ordered: true, start: 1 });
    expect(numbers.items).toHaveLength(2);
  });

  it('emphasis and strong become elements; raw HTML and entities stay text', () => {
    const { blocks } = parseAnswer('*Agape* is **self-giving** love. <b>not bold</b> &amp;', []);
    const p = blocks[0];
    expect(p?.kind).toBe('paragraph');
    if (p?.kind !== 'paragraph') return;
    expect(p.inlines.map((n) => n.kind)).toEqual(['em', 'segments', 'strong', 'segments']);
    expect(textOf(p.inlines)).toBe('Agape is self-giving love. <b>not bold</b> &amp;');
  });

  it('keeps only safe links: http(s), mailto, tel and Lectio pages; a javascript: link is its text', () => {
    const { blocks } = parseAnswer(
      '[Lifeline](https://988lifeline.org) [evil](javascript:alert(1)) [data](data:text/html,x) [page](/home?book=john)',
      [],
    );
    const p = blocks[0];
    if (p?.kind !== 'paragraph') throw new Error('a paragraph');
    const links = p.inlines.filter((n) => n.kind === 'link');
    expect(links.map((l) => (l.kind === 'link' ? l.href : ''))).toEqual(['https://988lifeline.org', '/home?book=john']);
    expect(textOf(p.inlines)).toContain('evil');
    expect(isSafeHref('JavaScript:alert(1)')).toBe(false);
    expect(isSafeHref('//evil.example')).toBe(false);
  });

  it('places references and quotations in the text leaves, in order; one never found is unplaced', () => {
    const stray: Citation = { ...john316, text: 'Jude 2:1', quote: null, valid: false };
    const { blocks, unplaced } = parseAnswer('- "For God so loved the world" (John 3:16)\n- more', [john316, stray]);
    const list = blocks[0];
    if (list?.kind !== 'list') throw new Error('a list');
    const first = list.items[0]?.[0];
    if (first?.kind !== 'paragraph') throw new Error('a paragraph');
    const segments = first.inlines.flatMap((n) => (n.kind === 'segments' ? n.segments : []));
    expect(segments.map((s) => s.kind)).toEqual(['text', 'quote', 'text', 'reference', 'text']);
    expect(unplaced).toEqual([stray]);
  });

  it("curls composed text's quotes but never a quotation's own characters", () => {
    const quoted: Citation = { ...john316, quote: { text: "the world's 'light'", matches: false } };
    const { blocks } = parseAnswer(`Jesus said "the world's 'light'" (John 3:16). It's Jesus' word.`, [quoted]);
    const p = blocks[0];
    if (p?.kind !== 'paragraph') throw new Error('a paragraph');
    expect(textOf(p.inlines)).toBe(
      `Jesus said \u201cthe world's 'light'\u201d (John 3:16). It\u2019s Jesus\u2019 word.`,
    );
  });
});

describe('curlQuotes', () => {
  it('opens after a space or at the start, closes after a word', () => {
    expect(curlQuotes(`"Grace," he said, 'is God's gift.'`)).toBe(
      '\u201cGrace,\u201d he said, \u2018is God\u2019s gift.\u2019',
    );
    expect(curlQuotes('\u201calready curly\u201d')).toBe('\u201calready curly\u201d');
    // After a quotation (the text before this piece ended in a letter) a quote closes.
    expect(curlQuotes('" (John 3:16)', 'd')).toBe('\u201d (John 3:16)');
  });
});
