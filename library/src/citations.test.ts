import { describe, it, expect } from 'vitest';
import { checkCitations, normaliseWords, quoteMatches } from './citations';
import { getVerseText, getVerses } from './bible';

const one = (text: string) => {
  const all = checkCitations(text);
  expect(all).toHaveLength(1);
  return all[0]!;
};

describe('checkCitations', () => {
  it('links a valid New Testament reference to the reader', () => {
    expect(one('Jesus says so in John 3:16.')).toEqual({
      text: 'John 3:16',
      book: 'john',
      chapter: 3,
      verse: 16,
      verseEnd: null,
      valid: true,
      href: '/home?book=john&chapter=3&verse=16',
      quote: null,
    });
  });

  it.each([
    ['Jude 2:1', 'jude'],
    ['John 3:99', 'john'],
    ['Hezekiah 3:16', null],
    ['Romans 17', 'romans'],
    ['Psalm 151:1', 'psalms'],
    ['1 Cor 13:4-99', 'corinthians1'],
    ['Malachi 5:1', 'malachi'],
  ])('marks %s invalid, with no link', (ref, book) => {
    const c = one(`As ${ref} says.`);
    expect(c).toMatchObject({ text: ref, book, valid: false, href: null });
  });

  it('reads abbreviations, ranges, chapters and the Old Testament', () => {
    const cs = checkCitations('Compare Jn 3:16, 1 Cor 13:4-7, Romans 8, Isa 53:5 and Ps 23.');
    expect(cs.map((c) => [c.text, c.book, c.chapter, c.verse, c.verseEnd, c.valid, c.href])).toEqual([
      ['Jn 3:16', 'john', 3, 16, null, true, '/home?book=john&chapter=3&verse=16'],
      ['1 Cor 13:4-7', 'corinthians1', 13, 4, 7, true, '/home?book=corinthians1&chapter=13&verse=4'],
      ['Romans 8', 'romans', 8, null, null, true, '/home?book=romans&chapter=8'],
      ['Isa 53:5', 'isaiah', 53, 5, null, true, null],
      ['Ps 23', 'psalms', 23, null, null, true, null],
    ]);
  });

  it('counts a verse the KJV has and the WEB leaves out (Acts 8:37) as valid', () => {
    expect(getVerseText('web', 'acts', 8, 37)).toBeNull();
    expect(one('Acts 8:37').valid).toBe(true);
  });

  it('checks a quotation before the reference against the WEB', () => {
    expect(one('"God so loved the world" (John 3:16)').quote).toEqual({ text: 'God so loved the world', matches: true });
  });

  it('checks a quotation in curly quotes after the reference against the KJV', () => {
    expect(one('John 3:16 says, “For God so loved the world, that he gave his only begotten Son”').quote).toEqual({
      text: 'For God so loved the world, that he gave his only begotten Son',
      matches: true,
    });
  });

  it('ignores case, punctuation and an ellipsis, but not wrong or reordered words', () => {
    expect(one('"LOVE is patient... love does not envy" (1 Cor 13:4)').quote?.matches).toBe(false); // WEB: 'Love is patient and is kind; love doesn’t envy'
    expect(one('"Love is patient and is kind... love doesn\'t envy" (1 Cor 13:4)').quote?.matches).toBe(true);
    expect(one('"charity suffereth long, and is kind" (1 Cor 13:4)').quote?.matches).toBe(true);
    expect(one('"God so loved the universe" (John 3:16)').quote?.matches).toBe(false);
    expect(one('"the world so loved God" (John 3:16)').quote?.matches).toBe(false);
  });

  it('checks a quotation of a range across its verses, and of an Old Testament verse', () => {
    expect(one('"Love is patient and is kind ... bears all things" (1 Corinthians 13:4-7)').quote?.matches).toBe(true);
    expect(one('"by his wounds we are healed" (Isaiah 53:5)').quote?.matches).toBe(true);
    expect(one('"with his stripes we are healed" (Isa 53:5)').quote?.matches).toBe(true);
  });

  it('does not match a quotation against an invalid reference', () => {
    expect(one('"God so loved the world" (John 3:99)').quote).toEqual({ text: 'God so loved the world', matches: false });
  });

  it('gives each quotation to its own reference', () => {
    const cs = checkCitations('"God so loved the world" (John 3:16) and "Jesus wept" (John 11:35).');
    expect(cs.map((c) => [c.text, c.quote])).toEqual([
      ['John 3:16', { text: 'God so loved the world', matches: true }],
      ['John 11:35', { text: 'Jesus wept', matches: true }],
    ]);
    const back = checkCitations('John 3:16: "God so loved the world". Then John 11:35: "Jesus wept".');
    expect(back.map((c) => c.quote?.text)).toEqual(['God so loved the world', 'Jesus wept']);
  });

  it('checks every reference of a list', () => {
    const cs = checkCitations('See Romans 8:28, 38-39 and John 3:16; 22:1.');
    expect(cs.map((c) => [c.text, c.book, c.chapter, c.verse, c.verseEnd, c.valid, c.href])).toEqual([
      ['Romans 8:28', 'romans', 8, 28, null, true, '/home?book=romans&chapter=8&verse=28'],
      ['38-39', 'romans', 8, 38, 39, true, '/home?book=romans&chapter=8&verse=38'],
      ['John 3:16', 'john', 3, 16, null, true, '/home?book=john&chapter=3&verse=16'],
      ['22:1', 'john', 22, 1, null, false, null],
    ]);
  });

  it('takes quoted words before a reference introduced by compare, cf. or see as a term, not a quotation', () => {
    expect(one('some name him "John the Elder" (compare 2 John 1)').quote).toBeNull();
    expect(one('"Jesus laughed" (cf. John 11:35)').quote).toBeNull();
  });

  it('leaves a reference without quotation marks next to it without a quote', () => {
    expect(one('Love, as 1 John 4:8 puts it plainly, is God’s nature.').quote).toBeNull();
  });

  it('finds nothing in text without references', () => {
    expect(checkCitations('At 10:30 we met; chapter 3 and verse 16 are later.')).toEqual([]);
  });
});

describe('quoteMatches and normaliseWords', () => {
  it('compares words only', () => {
    expect(normaliseWords('Love doesn’t envy; “Love”—is KIND!')).toBe('love doesnt envy love is kind');
    expect(quoteMatches('love doesnt envy', 'corinthians1', 13, 4, null)).toBe(true);
    expect(quoteMatches('...', 'corinthians1', 13, 4, null)).toBe(false);
  });
  it('has both testaments in both translations', () => {
    for (const t of ['web', 'kjv'] as const) {
      expect(getVerses(t, 'genesis', 1).length).toBe(31);
      expect(getVerses(t, 'malachi', 4).length).toBe(6);
      expect(getVerses(t, 'revelation', 22).length).toBe(21);
    }
  });
});
