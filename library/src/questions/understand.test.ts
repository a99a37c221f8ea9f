import { describe, expect, it } from 'vitest';
import { understandQuestion } from './understand';

describe('understandQuestion', () => {
  it("reads a reader's own trouble as personal, though a 'where' or a 'says' is in it", () => {
    expect(
      understandQuestion('we lost our baby at 12 weeks. where is God in this', {
        book: 'psalms',
        chapter: 34,
        verse: 18,
      }).kind,
    ).toBe('personal');
    expect(
      understandQuestion(
        "Our 17 year old daughter says she doesn't believe in God anymore. We raised her in church. What did we do wrong?",
        { book: 'proverbs', chapter: 22, verse: 6 },
      ).kind,
    ).toBe('personal');
    // A saying to find is still a where-question.
    expect(
      understandQuestion('where does the Bible say God is our refuge and strength', {
        book: 'john',
        chapter: 1,
        verse: 1,
      }).kind,
    ).toBe('where');
  });

  it("reads 'where's the passage about ...' as a passage to find, not the one open", () => {
    const u = understandQuestion("Where's the passage about putting on the full armor of God?", {
      book: 'ephesians',
      chapter: 6,
      verse: 1,
    });
    expect(u.kind).toBe('where');
    expect(u.pointsAtVerse).toBe(false);
  });

  it('reads two passages set against each other as a comparison', () => {
    expect(
      understandQuestion(
        "Wait, in 2 Samuel it says God incited David to take the census, here it's Satan. Which is right?",
        {
          book: 'chronicles1',
          chapter: 21,
          verse: 1,
        },
      ).kind,
    ).toBe('compare');
  });
});
