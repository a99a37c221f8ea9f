import { describe, expect, it } from 'vitest';
import { namesAny, replyAsReader } from './as-reader.testing';

describe('where does the Bible say ...', () => {
  it('finds a passage known by its name, not by its words', () => {
    const armour = replyAsReader("Where's the passage about putting on the full armor of God?", 'Ephesians 6:1');
    expect(armour).toContain('The armour of God: Ephesians 6:10-18.');
    expect(armour).toContain('Finally, be strong in the Lord');
    const golden = replyAsReader('where is the golden rule in the gospels', 'Leviticus 19:18');
    expect(namesAny(golden, ['Matthew 7:12'])).toBe(true);
    expect(namesAny(golden, ['Luke 6:31'])).toBe(true);
  });

  it("gives the first place a thing is said when asked for 'the first time'", () => {
    const answer = replyAsReader("where's the first time god tells people to be fruitful and multiply", 'Genesis 9:1');
    expect(answer).toMatch(/The nearest is Genesis 1:2[28]/);
  });

  it('says a misquotation is not in the Bible in those words, and where the nearest verse is', () => {
    const answer = replyAsReader(
      'A friend told me the Bible promises God will never give you more than you can handle. Where does it say that?',
      'John 1:1',
    );
    expect(answer).toContain("'God won't give you more than you can handle' is not in the Bible in those words");
    expect(namesAny(answer, ['1 Corinthians 10:13'])).toBe(true);
  });

  it('finds a verse given bare or after "looking for the verse:"; words quoted are not taken for a passage\'s name', () => {
    expect(namesAny(replyAsReader('pray without ceasing', 'John 1:1'), ['1 Thessalonians 5:17'])).toBe(true);
    expect(
      namesAny(replyAsReader('looking for the verse: faith without deeds is dead', 'John 1:1'), ['James 2:26']),
    ).toBe(true);
    const prayer = replyAsReader(
      "what I have vowed I will make good. I will say, 'Salvation comes from the LORD' - where is that prayer",
      'John 1:1',
    );
    expect(prayer).not.toContain("The Lord's Prayer");
  });
});
