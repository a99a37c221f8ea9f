import { describe, expect, it } from 'vitest';
import { commentaryLinks, crossReferencesOf, shortDefinition, studyVerse } from './study';

describe('cross-references of famous verses', () => {
  // Each verse with a cross-reference found in the classic lists (the Treasury of Scripture
  // Knowledge's columns, a study Bible's margin); it must come among the first few we show.
  it.each([
    ['john', 3, 16, 'Romans 5:8', 5],
    ['john', 3, 16, '1 John 4:9', 5],
    ['romans', 5, 8, 'John 3:16', 5],
    ['romans', 5, 8, '1 John 4:10', 5],
    ['romans', 6, 23, 'John 17:3', 5],
    ['ephesians', 2, 8, '2 Timothy 1:9', 5],
    ['john', 14, 6, 'John 11:25', 5],
    ['john', 14, 6, 'John 10:9-11', 10],
    ['matthew', 11, 28, 'John 6:37', 5],
    ['john', 1, 1, 'John 1:14', 5],
    ['john', 1, 1, 'John 17:5', 5],
    ['john1', 1, 9, 'Psalms 32:5', 5],
    ['acts', 4, 12, 'Acts 10:43', 5],
    ['revelation', 3, 20, 'John 14:23', 5],
    ['timothy2', 3, 16, '2 Peter 1:21', 5],
    ['galatians', 5, 22, 'Colossians 3:12', 5],
    ['matthew', 28, 19, 'Mark 16:15', 5],
    ['peter1', 2, 24, '1 Peter 3:18', 5],
  ] as const)('%s %i:%i lists %s among its first %i', (book, chapter, verse, classic, within) => {
    const shown = crossReferencesOf(book, chapter, verse, 'web').map((r) => r.reference);
    expect(shown.slice(0, within)).toContain(classic);
  });

  it('ranks a verse sharing more of the topics above one sharing fewer, and never lists the verse itself', () => {
    const refs = crossReferencesOf('john', 3, 16, 'web');
    expect(refs.map((r) => r.reference)).not.toContain('John 3:16');
    const romans = refs.findIndex((r) => r.reference === 'Romans 5:8');
    const psalm = refs.findIndex((r) => r.reference === 'Psalms 133:3');
    expect(romans).toBeGreaterThanOrEqual(0);
    expect(psalm === -1 || psalm > romans).toBe(true);
  });

  it('gives each its text, the Old Testament too, and a reader link in both testaments', () => {
    const refs = crossReferencesOf('timothy2', 3, 16, 'kjv');
    const peter = refs.find((r) => r.reference === '2 Peter 1:21')!;
    expect(peter).toMatchObject({
      book: 'peter2',
      chapter: 1,
      verse: 21,
      href: '/home?book=peter2&chapter=1&verse=21',
    });
    expect(peter.text).toContain('holy men of God spake as they were moved by the Holy Ghost');
    const exodus = refs.find((r) => r.book === 'exodus')!;
    expect(exodus.text.length).toBeGreaterThan(20);
    expect(exodus).toMatchObject({ href: `/home?book=exodus&chapter=${exodus!.chapter}&verse=${exodus!.verse}` });
  });
});

describe('the study of one verse', () => {
  it('John 3:16: Henry on the verse then his section, the Greek for "loved", Nave\'s topics', () => {
    const s = studyVerse('john', 3, 16, 'web')!;
    expect(s.reference).toBe('John 3:16');
    expect(s.commentary[0]!.source).toBe("Matthew Henry's Concise Commentary (1706-1721)");
    expect(s.commentary[0]!.text).toContain('God so loved the world');
    expect(s.commentary[1]!.source).toContain('on John 3:1-21');
    expect(s.words.find((w) => w.text === 'loved')).toMatchObject({
      strongs: 'G25',
      lemma: 'ἀγαπάω',
      transliteration: 'agapáō',
      definition: 'to love (in a social or moral sense)',
    });
    expect(s.words.find((w) => w.strongs === 'G25')!.occurrences).toBeGreaterThan(100);
    expect(s.topics).toContainEqual({ name: 'God: Love of', count: expect.any(Number) as number });
  });

  it("John 3:16 in the WEB: Scofield's note after Henry, the WEB's own words with G25 for 'loved', its footnote on 'only born'", () => {
    const s = studyVerse('john', 3, 16, 'web')!;
    expect(s.commentary.map((c) => c.source)).toEqual([
      "Matthew Henry's Concise Commentary (1706-1721)",
      "Matthew Henry's Concise Commentary (1706-1721), on John 3:1-21",
      'Scofield Reference Notes (C. I. Scofield, 1917)',
    ]);
    expect(s.commentary[1]!.section).toBe('John 3:1-21');
    expect(s.commentary[0]).not.toHaveProperty('section');
    const scofield = s.commentary[2]!;
    expect(scofield.text).toMatch(/^perish: /);
    expect(scofield.text).toContain('In no N.T. instance does it signify cessation of existence');
    expect(scofield).not.toHaveProperty('section');
    // Read cleanly, its references linked as written: 'Matthew 10:6; 15:24' and 'Luke 15:4,6,32'.
    expect(scofield.text).toMatch(
      /^perish: Greek ἀπόλλυμι, trans\. "marred," Mark 2:22, "lost," Matthew 10:6; 15:24; 18:11; Luke 15:4,6,32\./,
    );
    const linked = (scofield.links ?? []).map((l) => [
      scofield.text.slice(l.start, l.end),
      `${l.book} ${l.chapter}:${l.verse}`,
    ]);
    expect(linked).toEqual(
      expect.arrayContaining([
        ['Mark 2:22', 'mark 2:22'],
        ['15:24', 'matthew 15:24'],
        ['32', 'luke 15:32'],
      ]),
    );
    // Henry's too; and a reference to a verse that does not exist is not linked.
    expect(s.commentary[1]!.links!.length).toBeGreaterThan(0);
    expect(commentaryLinks('As in John 3:99 and John 3:16.').map((l) => l.verse)).toEqual([16]);
    // Strong's first sense (θεός is God, not 'a magistrate'), and 'whoever' as the phrase πᾶς ὁ, the article 'the' not glossed πᾶς.
    expect(s.words.find((w) => w.strongs === 'G2316')!.definition).toBe('a deity, especially the supreme Divinity');
    expect(s.words.find((w) => w.text === 'whoever')).toMatchObject({
      strongs: 'G3956 G3588',
      lemma: 'πᾶς ὁ',
      definition: 'πᾶς: all, any, every, the whole; ὁ: the definite article',
    });
    expect(s.words.find((w) => w.text === 'whoever')!.occurrences).toBeGreaterThan(3);
    expect(s.words.some((w) => w.text === 'the')).toBe(false);
    expect(s.words.every((w) => !/^[,;]/.test(w.definition))).toBe(true);
    // The WEB's English: 'believes' (the KJV says 'believeth').
    expect(s.words.find((w) => w.strongs === 'G4100')!.text).toBe('believes');
    expect(s.words.find((w) => w.text === 'loved')).toMatchObject({ strongs: 'G25', lemma: 'ἀγαπάω' });
    expect(s.footnotes).toEqual([
      { text: expect.stringContaining('The phrase “only born” is from the Greek word “μονογενη”') as string },
    ]);
  });

  it("in the KJV: the KJV's words and no WEB footnotes; a verse Scofield leaves alone has no note of his", () => {
    const kjv = studyVerse('john', 3, 16, 'kjv')!;
    expect(kjv.words.find((w) => w.strongs === 'G4100')!.text).toBe('believeth');
    expect(kjv).not.toHaveProperty('footnotes');
    const romans = studyVerse('romans', 5, 8, 'web')!;
    expect(romans.commentary.some((c) => c.source.startsWith('Scofield'))).toBe(false);
  });

  it("feeds Scofield's cited verses to the cross-references (Romans 3:23's note on sin cites Romans 6:23)", () => {
    expect(crossReferencesOf('romans', 3, 23, 'web').map((r) => r.reference)).toContain('Romans 6:23');
  });

  it('is null for a verse that does not exist', () => {
    expect(studyVerse('john', 3, 99, 'web')).toBeNull();
    expect(studyVerse('john', 99, 1, 'web')).toBeNull();
    expect(studyVerse('nobook', 1, 1, 'web')).toBeNull();
  });

  it("keeps a Strong's definition's meaning, not its etymology or the KJV's renderings", () => {
    expect(shortDefinition('from G3441 and G1096; only-born, i.e. sole:--only (begotten, child).')).toBe(
      'only-born, i.e. sole',
    );
  });
});
