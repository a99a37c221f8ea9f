import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { Citation } from '@lectio/contracts/assistant';
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
      citation({ text: 'John 3:16', book: 'john', chapter: 3, verse: 16, valid: true, href: '/home?book=john&chapter=3&verse=16' }),
      citation({ text: 'Hezekiah 3:16', chapter: 3, verse: 16 }),
    ]);
    expect(html).toMatch(/<a [^>]*href="\/home\?book=john&amp;chapter=3&amp;verse=16"[^>]*>John 3:16<\/a>/);
    expect(html).toMatch(/Hezekiah 3:16<\/span><span[^>]*>Reference not found/);
    expect(html).toMatch(/Love is always easy<\/span><span[^>]*>Quotation does not match the text/);
    expect(html).not.toContain('>Hezekiah 3:16</a>');
  });

  it('shows an Old Testament reference as a control that previews its text', () => {
    const html = render('As Isaiah 53:5 says.', [citation({ text: 'Isaiah 53:5', book: 'isaiah', chapter: 53, verse: 5, valid: true })]);
    expect(html).toMatch(/<button[^>]*>Isaiah 53:5<\/button>/);
  });

  it('splits paragraphs on blank lines and still lists a citation it could not place', () => {
    const html = render('First.\n\nSecond.', [citation({ text: 'Jude 2:1', chapter: 2, verse: 1 })]);
    expect(html.match(/<p/g)?.length).toBe(3);
    expect(html).toContain('Also cited:');
    expect(html).toContain('Reference not found');
  });
});
