import { describe, expect, it } from 'vitest';
import { verseCitation, verseLink } from './verseShare';

const john316 = {
  book: 'john',
  bookName: 'John',
  chapter: 3,
  verse: 16,
  text: 'For God so loved the world...',
  translation: 'web' as const,
};

describe('sharing a verse', () => {
  it('given a verse, the citation quotes the words and names the reference and translation', () => {
    expect(verseCitation(john316)).toBe('“For God so loved the world...” John 3:16 (WEB)');
    expect(
      verseCitation({
        ...john316,
        bookName: '1 Corinthians',
        chapter: 13,
        verse: 4,
        translation: 'kjv',
        text: 'Charity suffereth long',
      }),
    ).toBe('“Charity suffereth long” 1 Corinthians 13:4 (KJV)');
  });

  it('given a verse that quotes someone, the inner quotation marks become single ones and do not nest (Philippians 4:4)', () => {
    const phil44 = {
      book: 'philippians',
      bookName: 'Philippians',
      chapter: 4,
      verse: 4,
      text: 'Rejoice in the Lord always! Again I will say, “Rejoice!”',
      translation: 'web' as const,
    };
    expect(verseCitation(phil44)).toBe(
      '“Rejoice in the Lord always! Again I will say, ‘Rejoice!’” Philippians 4:4 (WEB)',
    );
    expect(verseCitation({ ...phil44, text: 'He said, "Come and see." It’s here.' })).toBe(
      '“He said, ‘Come and see.’ It’s here.” Philippians 4:4 (WEB)',
    );
    expect(verseCitation(phil44)).not.toMatch(/””|“[^”]*“/);
  });

  it('given a verse, the link opens the reader there, naming the translation only when it is not the default', () => {
    expect(verseLink('https://lectio.example', john316)).toBe(
      'https://lectio.example/home?book=john&chapter=3&verse=16',
    );
    expect(verseLink('https://lectio.example', { ...john316, translation: 'kjv' })).toBe(
      'https://lectio.example/home?book=john&chapter=3&verse=16&translation=kjv',
    );
  });
});
