import { describe, expect, it } from 'vitest';
import { namesAny, replyAsReader } from './as-reader.testing';

describe('comparing passages', () => {
  it('sets passages outside the Gospels that tell the same thing side by side', () => {
    const psalm = replyAsReader("isn't this psalm repeated somewhere else almost word for word", 'Psalm 14:1');
    expect(namesAny(psalm, ['Psalm 53:1'])).toBe(true);
    const census = replyAsReader(
      "Wait, in 2 Samuel it says God incited David to take the census, here it's Satan. Which is right?",
      '1 Chronicles 21:1',
    );
    expect(census).toContain("David's census: who incited him?");
    expect(namesAny(census, ['2 Samuel 24:1'])).toBe(true);
  });

  it('gives no Gospel episode for a passage outside the Gospels that shares one word with it', () => {
    const creation = replyAsReader(
      'Are Genesis 1 and Genesis 2 two different creation stories? how do they compare',
      'Genesis 1:27',
    );
    expect(creation).not.toContain('No one can serve two masters');
    expect(creation).toContain('The two creation accounts');
  });
});

describe('off-topic questions', () => {
  it('declines what is not about the Bible, and keeps a question in the words of the verse open', () => {
    expect(replyAsReader("what's the maximum dose of advil for an adult", 'Psalm 38:7')).toContain(
      'I can only help with the Bible',
    );
    const anoint = replyAsReader('Should we anoint the sick with oil today? Is it a sacrament?', 'James 5:14');
    expect(anoint).not.toContain('I can only help with the Bible');
    expect(anoint).toMatch(/Catholic|Orthodox/);
  });
});

describe('who is this person', () => {
  it('answers with the person in the verse open, not a dictionary article on a word of the question', () => {
    const answer = replyAsReader('who was this ethiopian guy', 'Acts 8:27');
    expect(answer).toContain('a eunuch of great authority under Candace');
    expect(answer).not.toMatch(/^Ethiopia: /m);
  });
});

describe('words in the original', () => {
  it("says a word the Gospels keep in Aramaic is Aramaic, what it means, and quotes the reader's verse", () => {
    const talitha = replyAsReader('what language is talitha koum and what does it mean', 'Mark 5:41');
    expect(talitha).toContain("'Talitha cumi' is Aramaic");
    expect(talitha).toContain("'little girl, get up'");
    const abba = replyAsReader('what does abba mean', 'Romans 8:15');
    expect(abba).toContain("It means 'Father'");
    expect(abba).toContain('(Romans 8:15).');
  });

  it("studies the word before a dash: 'another comforter - greek word pls'", () => {
    expect(replyAsReader('another comforter - greek word pls', 'John 14:16')).toContain('παράκλητος');
  });
});
