import { describe, it, expect } from 'vitest';
import { passageContext, commentaryOn, topicsFor } from './passage';
import { excerpt, librarySearch } from './search';

describe('passageContext', () => {
  const john316 = passageContext({ bookId: 'john', chapter: 3, verse: 16, translation: 'web' })!;

  it('gives the verse with two neighbours each side in the asked translation', () => {
    expect(john316.reference).toBe('John 3:16');
    expect(john316.verses.map((v) => v.number)).toEqual([14, 15, 16, 17, 18]);
    expect(john316.verses[2]!.text).toMatch(/^For God so loved the world/);
    const kjv = passageContext({ bookId: 'john', chapter: 3, verse: 16, translation: 'kjv' })!;
    expect(kjv.verses[2]!.text).toMatch(/only begotten Son/);
    expect(
      passageContext({ bookId: 'john', chapter: 1, verse: 1, translation: 'web' })!.verses.map((v) => v.number),
    ).toEqual([1, 2, 3]);
  });

  it("gives Matthew Henry's section that covers the verse", () => {
    expect(john316.commentary).toMatchObject({
      source: "Matthew Henry's Concise Commentary",
      reference: 'John 3:1-21',
    });
    expect(john316.commentary!.text).toContain('God so loved the world');
  });

  it("gives Nave's topics that cite the verse, with other references", () => {
    expect(john316.topics.length).toBeGreaterThan(0);
    expect(john316.topics.map((t) => t.topic)).toContain('God: Love of');
    for (const t of john316.topics) expect(t.references).not.toContain('John 3:16');
  });

  it("gives the Greek behind the KJV's words", () => {
    expect(john316.wordStudies.find((w) => w.strongs === 'G25')).toMatchObject({
      lemma: 'ἀγαπάω',
      transliteration: 'agapáō',
      kjvWord: 'loved',
    });
    expect(john316.wordStudies.find((w) => w.strongs === 'G25')!.definition).toMatch(/to love/);
  });

  it('holds the Old Testament too (no Greek word studies there)', () => {
    const isa = passageContext({ bookId: 'isaiah', chapter: 53, verse: 5, translation: 'web' })!;
    expect(isa.reference).toBe('Isaiah 53:5');
    expect(isa.verses.find((v) => v.number === 5)!.text).toContain('by his wounds we are healed');
    expect(isa.commentary?.text.length).toBeGreaterThan(100);
    expect(isa.wordStudies).toEqual([]);
  });

  it('is null for a verse we do not hold', () => {
    expect(passageContext({ bookId: 'john', chapter: 3, verse: 99, translation: 'web' })).toBeNull();
    expect(passageContext({ bookId: 'hezekiah', chapter: 1, verse: 1, translation: 'web' })).toBeNull();
  });

  it('finds commentary and topics on their own', () => {
    expect(commentaryOn('romans', 8, 28)?.reference).toMatch(/^Romans 8:/);
    expect(topicsFor('corinthians1', 13, 4).length).toBeGreaterThan(0);
  });
});

describe('librarySearch', () => {
  it('starts an excerpt at a sentence, or at the section start when no sentence ends before the word (never mid-word)', () => {
    expect(excerpt('To make application of this, consider the fig tree.', ['application'])).toBe(
      'To make application of this, consider the fig tree.',
    );
    expect(excerpt('He came. Then he taught them grace and truth.', ['grace'])).toBe(
      'Then he taught them grace and truth.',
    );
  });

  it('finds the commentary on the new birth for a question about being born again', () => {
    const hits = librarySearch('What does it mean to be born again?', 5);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.some((h) => h.kind === 'commentary' && h.bookId === 'john' && h.chapter === 3)).toBe(true);
    expect(hits[0]!.text.length).toBeLessThanOrEqual(401);
  });
  it('finds topics by name', () => {
    const hits = librarySearch('forgiveness', 10);
    expect(hits.some((h) => h.kind === 'topic' && /forgiv/i.test(h.title))).toBe(true);
  });
  it('gives nothing for words it does not hold, or only stop words', () => {
    expect(librarySearch('xqzv blorp', 5)).toEqual([]);
    expect(librarySearch('what is the', 5)).toEqual([]);
    expect(librarySearch('love', 0)).toEqual([]);
  });
  it('returns at most the limit, best first', () => {
    const hits = librarySearch('love one another', 3);
    expect(hits).toHaveLength(3);
    expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[2]!.score);
  });
});
