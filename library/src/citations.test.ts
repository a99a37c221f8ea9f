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
    ['Psalm 152:1', 'psalms'],
    ['Sirach 60:1', 'sirach'],
    ['Tobit 4:99', 'tobit'],
    ['John 3:16-4:99', 'john'],
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
      ['Isa 53:5', 'isaiah', 53, 5, null, true, '/home?book=isaiah&chapter=53&verse=5'],
      ['Ps 23', 'psalms', 23, null, null, true, '/home?book=psalms&chapter=23'],
    ]);
  });

  it('counts a verse the KJV has and the WEB leaves out (Acts 8:37) as valid', () => {
    expect(getVerseText('web', 'acts', 8, 37)).toBeNull();
    expect(one('Acts 8:37').valid).toBe(true);
  });

  it('checks a quotation before the reference against the WEB', () => {
    expect(one('"God so loved the world" (John 3:16)').quote).toEqual({
      text: 'God so loved the world',
      matches: true,
      translation: 'web',
    });
  });

  it('checks a quotation in curly quotes after the reference against the KJV', () => {
    expect(one('John 3:16 says, “For God so loved the world, that he gave his only begotten Son”').quote).toEqual({
      text: 'For God so loved the world, that he gave his only begotten Son',
      matches: true,
      translation: 'kjv',
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
    expect(one('"God so loved the world" (John 3:99)').quote).toEqual({
      text: 'God so loved the world',
      matches: false,
    });
  });

  it("shows the real words beside a quotation that does not match, in the reader's translation", () => {
    expect(one('"God so loved the universe" (John 3:16)').quote).toEqual({
      text: 'God so loved the universe',
      matches: false,
      actual: {
        translation: 'web',
        text: 'For God so loved the world, that he gave his only born Son, that whoever believes in him should not perish, but have eternal life.',
      },
    });
    expect(
      checkCitations('"God so loved the universe" (John 3:16)', { translation: 'kjv' })[0]!.quote?.actual?.translation,
    ).toBe('kjv');
  });

  it('gives each quotation to its own reference', () => {
    const cs = checkCitations('"God so loved the world" (John 3:16) and "Jesus wept" (John 11:35).');
    expect(cs.map((c) => [c.text, c.quote?.text, c.quote?.matches])).toEqual([
      ['John 3:16', 'God so loved the world', true],
      ['John 11:35', 'Jesus wept', true],
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

describe('checkCitations: quotations that leave out what the verse says', () => {
  it('marks a quotation that drops the words carrying the sense, and shows the verse', () => {
    const c = one('"money is the root of all evil" (1 Timothy 6:10)');
    expect(c.valid).toBe(true);
    expect(c.quote).toMatchObject({
      text: 'money is the root of all evil',
      matches: false,
      note: expect.stringContaining('love of money'),
    });
    expect(c.quote?.actual?.text).toContain('For the love of money is a root of all kinds of evil');
  });
  it('marks any quotation that starts on the object of a preposition and makes a statement of it', () => {
    expect(one('"sin is death" (Romans 6:23)').quote).toMatchObject({ matches: false, actual: { translation: 'web' } });
    expect(one('"the wages of sin is death" (Romans 6:23)').quote?.matches).toBe(true);
    expect(one('"God is love" (1 John 4:8)').quote?.matches).toBe(true);
  });

  it('still matches the same words from where the clause starts, in either translation', () => {
    expect(one('"the love of money is the root of all evil" (1 Timothy 6:10)').quote).toMatchObject({
      matches: true,
      translation: 'kjv',
    });
    expect(one('"the love of money is a root of all kinds of evil" (1 Timothy 6:10)').quote).toMatchObject({
      matches: true,
      translation: 'web',
    });
    expect(one('"he gave his only born Son" (John 3:16)').quote?.matches).toBe(true);
    expect(one('Jesus said to "love your enemies" (Matthew 5:44)').quote?.matches).toBe(true);
  });
  it('keeps a quoted phrase from inside a clause that makes no statement of its own', () => {
    expect(one('Paul writes "to the saints who are at Ephesus" (Ephesians 1:1)').quote?.matches).toBe(true);
  });
  it('recognises popular misquotations and sayings that are not in the Bible', () => {
    expect(one('"I can do all things" (Philippians 4:13)').quote).toMatchObject({
      matches: false,
      note: expect.stringContaining('through Christ'),
    });
    expect(one('"I can do all things through Christ" (Philippians 4:13)').quote?.matches).toBe(true);
    expect(one('"Pride goes before a fall" (Proverbs 16:18)').quote).toMatchObject({
      matches: false,
      note: expect.stringContaining('destruction'),
    });
    expect(one('"God helps those who help themselves" (Proverbs 3:5)').quote).toMatchObject({
      matches: false,
      note: expect.stringContaining('Not in the Bible'),
    });
  });
  it('reads single-quoted quotations, but not apostrophes or a one- or two-word gloss', () => {
    expect(one("'God so loved the world' (John 3:16)").quote).toMatchObject({
      text: 'God so loved the world',
      matches: true,
    });
    expect(one("'God so loved the universe' (John 3:16)").quote?.matches).toBe(false);
    expect(one("Jesus' words are 'love your enemies' (Matthew 5:44)").quote?.text).toBe('love your enemies');
    expect(one('John 3:16 says, ‘For God so loved the world’').quote?.matches).toBe(true);
    expect(one("the word agape, 'love' (1 Corinthians 13:4)").quote).toBeNull();
  });
});

describe('checkCitations: the references readers write', () => {
  const brief = (c: ReturnType<typeof one>) => ({ text: c.text, book: c.book, valid: c.valid, href: c.href });
  it('takes deuterocanonical books as real references that Lectio holds no text of', () => {
    for (const [ref, book] of [
      ['Sirach 3:30', 'sirach'],
      ['Tobit 4:15', 'tobit'],
      ['Judith 8:25', 'judith'],
      ['Wisdom 7:26', 'wisdom'],
      ['Baruch 3:9', 'baruch'],
      ['1 Maccabees 2:50', 'maccabees1'],
      ['2 Maccabees 12:43-45', 'maccabees2'],
      ['3 Maccabees 2:2', 'maccabees3'],
      ['4 Maccabees 5:1', 'maccabees4'],
      ['Additions to Esther 14:3', 'esthergreek'],
      ['Esther 14:3', 'esther'],
      ['Daniel 3:52', 'daniel'],
      ['Daniel 13:42', 'daniel'],
      ['Bel and the Dragon 1:5', 'bel'],
      ['Psalm 151:1', 'psalms'],
    ] as const) {
      const c = one(`As ${ref} says.`);
      expect({ ...brief(c), notInLibrary: c.notInLibrary }, ref).toEqual({
        text: ref,
        book,
        valid: true,
        href: null,
        notInLibrary: true,
      });
    }
    // Its words cannot be checked, so a quotation of it is neither passed nor failed.
    expect(one('"Do good to the humble" (Sirach 12:5)').quote).toBeNull();
  });
  it('finds a verse numbered differently in other Bibles where it stands in ours', () => {
    expect(one('Peace be to you (3 John 15).')).toMatchObject({
      valid: true,
      href: '/home?book=john3&chapter=1&verse=14',
      renumbered: { reference: '3 John 1:14', numbering: 'most modern Bibles' },
    });
    expect(one('Revelation 12:18')).toMatchObject({
      valid: true,
      href: '/home?book=revelation&chapter=13&verse=1',
      renumbered: { reference: 'Revelation 13:1' },
    });
    expect(one('Malachi 3:20')).toMatchObject({
      valid: true,
      href: '/home?book=malachi&chapter=4&verse=2',
      renumbered: { reference: 'Malachi 4:2' },
    });
    expect(one('Joel 4:18').renumbered?.reference).toBe('Joel 3:18');
  });
  it("places Romans' doxology where the reader's translation prints it", () => {
    const web = one('"to the only wise God" (Romans 16:27)');
    expect(web).toMatchObject({
      valid: true,
      href: '/home?book=romans&chapter=14&verse=26',
      renumbered: { reference: 'Romans 14:26' },
    });
    expect(web.quote).toMatchObject({ matches: true, translation: 'web' });
    const kjv = checkCitations('Romans 16:25-27', { translation: 'kjv' })[0]!;
    expect(kjv).toMatchObject({ valid: true, href: '/home?book=romans&chapter=16&verse=25' });
    expect(kjv.renumbered).toBeUndefined();
    expect(checkCitations('Romans 14:24-26', { translation: 'kjv' })[0]).toMatchObject({
      href: '/home?book=romans&chapter=16&verse=25',
      renumbered: { reference: 'Romans 16:25-27' },
    });
  });
  it('reads ranges across chapters, and checks a quotation over them', () => {
    const c = one('"should not perish ... although Jesus himself didn\'t baptize" (John 3:16-4:2)');
    expect(c).toMatchObject({
      text: 'John 3:16-4:2',
      chapter: 3,
      verse: 16,
      chapterEnd: 4,
      verseEnd: 2,
      valid: true,
      href: '/home?book=john&chapter=3&verse=16',
    });
    expect(c.quote?.matches).toBe(true);
    expect(one('Romans 9-11')).toMatchObject({
      chapter: 9,
      chapterEnd: 11,
      valid: true,
      href: '/home?book=romans&chapter=9',
    });
  });
  it("reads 'vv.' continuations, ';' lists, any letter case and chapter references", () => {
    expect(checkCitations('Read John 3. In vv. 16-18 Jesus speaks.').map(brief)).toEqual([
      { text: 'John 3', book: 'john', valid: true, href: '/home?book=john&chapter=3' },
      { text: 'vv. 16-18', book: 'john', valid: true, href: '/home?book=john&chapter=3&verse=16' },
    ]);
    expect(checkCitations('(Romans 3:23; 6:23)').map(brief)).toEqual([
      { text: 'Romans 3:23', book: 'romans', valid: true, href: '/home?book=romans&chapter=3&verse=23' },
      { text: '6:23', book: 'romans', valid: true, href: '/home?book=romans&chapter=6&verse=23' },
    ]);
    expect(brief(one('i love john 3:16'))).toEqual({
      text: 'john 3:16',
      book: 'john',
      valid: true,
      href: '/home?book=john&chapter=3&verse=16',
    });
    expect(brief(one('Read the whole of Romans 8 tonight.'))).toEqual({
      text: 'Romans 8',
      book: 'romans',
      valid: true,
      href: '/home?book=romans&chapter=8',
    });
    expect(brief(one('Mathew 5:3'))).toEqual({
      text: 'Mathew 5:3',
      book: 'matthew',
      valid: true,
      href: '/home?book=matthew&chapter=5&verse=3',
    });
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
