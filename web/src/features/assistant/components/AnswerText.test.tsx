import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { Citation } from '@lectio/contracts/assistant';
import { safetyLinks } from '@lectio/contracts/safety';
import { AnswerText } from './AnswerText';

const citation = (over: Partial<Citation>): Citation => ({
  text: '',
  book: null,
  chapter: null,
  verse: null,
  verseEnd: null,
  valid: false,
  href: null,
  quote: null,
  ...over,
});

const render = (text: string, citations: Citation[]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <AnswerText text={text} citations={citations} translation="web" />
    </MemoryRouter>,
  );

describe('AnswerText', () => {
  it('renders model output as text, never as markup', () => {
    const html = render('<img src=x onerror=alert(1)> **bold** <script>alert(2)</script>', []);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<strong>bold</strong>');
  });

  it('links a New Testament verse, marks an invented reference and a misquotation', () => {
    const html = render('"Love is always easy" (1 Corinthians 13:4). See John 3:16 and Hezekiah 3:16.', [
      citation({
        text: '1 Corinthians 13:4',
        book: 'corinthians1',
        chapter: 13,
        verse: 4,
        valid: true,
        href: '/home?book=corinthians1&chapter=13&verse=4',
        quote: { text: 'Love is always easy', matches: false },
      }),
      citation({
        text: 'John 3:16',
        book: 'john',
        chapter: 3,
        verse: 16,
        valid: true,
        href: '/home?book=john&chapter=3&verse=16',
      }),
      citation({ text: 'Hezekiah 3:16', chapter: 3, verse: 16 }),
    ]);
    expect(html).toMatch(/<a [^>]*href="\/home\?book=john&amp;chapter=3&amp;verse=16"[^>]*>John 3:16<\/a>/);
    expect(html).toMatch(/Hezekiah 3:16<\/span><span[^>]*>Reference not found/);
    expect(html).toMatch(/Love is always easy<\/span><span[^>]*>Quotation does not match the text/);
    expect(html).not.toContain('>Hezekiah 3:16</a>');
  });

  it('shows an Old Testament reference as a control that previews its text', () => {
    const html = render('As Isaiah 53:5 says.', [
      citation({ text: 'Isaiah 53:5', book: 'isaiah', chapter: 53, verse: 5, valid: true }),
    ]);
    expect(html).toMatch(/<button[^>]*>Isaiah 53:5<\/button>/);
  });

  it('splits paragraphs on blank lines and still lists a citation it could not place', () => {
    const html = render('First.\n\nSecond.', [citation({ text: 'Jude 2:1', chapter: 2, verse: 1 })]);
    expect(html.match(/<p/g)?.length).toBe(3);
    expect(html).toContain('Also cited:');
    expect(html).toContain('Reference not found');
  });

  it('labels a deuterocanonical reference, a renumbered verse and a quotation of the other translation', () => {
    const html = render(
      'Sirach 3:30 and 3 John 15: "For God so loved the world, that he gave his only begotten Son" (John 3:16).',
      [
        citation({ text: 'Sirach 3:30', book: 'sirach', chapter: 3, verse: 30, valid: true, notInLibrary: true }),
        citation({
          text: '3 John 15',
          book: 'john3',
          chapter: 1,
          verse: 15,
          valid: true,
          href: '/home?book=john3&chapter=1&verse=14',
          renumbered: { reference: '3 John 1:14', numbering: 'most modern Bibles' },
        }),
        citation({
          text: 'John 3:16',
          book: 'john',
          chapter: 3,
          verse: 16,
          valid: true,
          href: '/home?book=john&chapter=3&verse=16',
          quote: {
            text: 'For God so loved the world, that he gave his only begotten Son',
            matches: true,
            translation: 'kjv',
          },
        }),
      ],
    );
    expect(html).toMatch(/Sirach 3:30<span[^>]*>Not in Lectio&#x27;s library<\/span>/);
    expect(html).not.toMatch(/<(a|button)[^>]*>Sirach 3:30/);
    expect(html).toMatch(
      /<a [^>]*href="\/home\?book=john3&amp;chapter=1&amp;verse=14"[^>]*>3 John 15<\/a><span[^>]*>3 John 1:14 in the WEB<\/span>/,
    );
    expect(html).toMatch(/only begotten Son<\/span><span[^>]*>KJV<\/span>/);
    // An answer that names the translation itself is not labelled twice.
    const labelled = render('"For God so loved the world" (John 3:16, KJV)', [
      citation({
        text: 'John 3:16',
        book: 'john',
        chapter: 3,
        verse: 16,
        valid: true,
        quote: { text: 'For God so loved the world', matches: true, translation: 'kjv' },
      }),
    ]);
    expect(labelled).not.toMatch(/<span[^>]*>KJV<\/span>/);
  });

  it("shows a misquotation with the verse's real words and what the Bible does say", () => {
    const html = render('"money is the root of all evil" (1 Timothy 6:10)', [
      citation({
        text: '1 Timothy 6:10',
        book: 'timothy1',
        chapter: 6,
        verse: 10,
        valid: true,
        quote: {
          text: 'money is the root of all evil',
          matches: false,
          note: 'Paul calls the love of money a root of all kinds of evil, not money itself.',
          actual: { translation: 'web', text: 'For the love of money is a root of all kinds of evil.' },
        },
      }),
    ]);
    expect(html).toMatch(/money is the root of all evil<\/span><span[^>]*>Quotation does not match the text/);
    expect(html).toContain('Paul calls the love of money a root of all kinds of evil, not money itself.');
    expect(html).toMatch(
      /The verse reads: <span[^>]*>“For the love of money is a root of all kinds of evil.”<\/span> \(WEB\)/,
    );
  });
});

describe('AnswerText as Markdown', () => {
  it('shows lists as lists (no "- " left at a line start), emphasis as emphasis, and quotes curled outside quotations', () => {
    const html = render('Paul names three:\n- *faith*\n- hope\n- "love," the greatest\n\n1. First\n2. Second', []);
    expect(html).toMatch(
      /<ul[^>]*><li[^>]*><em>faith<\/em><\/li><li[^>]*>hope<\/li><li[^>]*>\u201clove,\u201d the greatest<\/li><\/ul>/,
    );
    expect(html).toMatch(/<ol start="1"[^>]*><li[^>]*>First<\/li><li[^>]*>Second<\/li><\/ol>/);
    expect(html).not.toMatch(/(^|>)- /);
  });

  it('a javascript: link is never a link', () => {
    const html = render('[click](javascript:alert(1)) and [Lectio](/home?book=john&chapter=3)', []);
    expect(html).not.toMatch(/href="javascript/i);
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).toMatch(/<a href="\/home\?book=john&amp;chapter=3"[^>]*>Lectio<\/a>/);
  });
});

describe('AnswerText with links (a safety answer)', () => {
  it("turns the helplines' numbers and site into tel: and https links, and only them", () => {
    const text =
      'If you are in danger right now, call your local emergency number: 911 in the US and Canada.\n- In the US and Canada: call or text 988 (the Suicide & Crisis Lifeline).\n- Anywhere else: findahelpline.com lists helplines. Not 9880 or 1988.';
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <AnswerText text={text} citations={[]} translation="web" links={safetyLinks('suicide')} />
      </MemoryRouter>,
    );
    expect(html).toContain('<a href="tel:988" class="font-semibold text-accent underline underline-offset-2">988</a>');
    expect(html).toContain('<a href="tel:911"');
    expect(html).toContain(
      '<a href="https://findahelpline.com" class="font-semibold text-accent underline underline-offset-2" target="_blank" rel="noopener noreferrer">findahelpline.com</a>',
    );
    expect(html).toContain('Not 9880 or 1988.');
    expect(html.match(/<a /g)).toHaveLength(3);
  });
});
