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

  const atJohn = { book: 'john', chapter: 1, verse: 1 };

  it("reads 'looking for the verse: ...' and 'the verse that goes ...' as a verse to find, not the one open", () => {
    for (const q of [
      'looking for the verse: faith without deeds is dead',
      'what\'s the verse that goes "in this world you will have trouble. But take heart! I have overcome the world"',
    ]) {
      const u = understandQuestion(q, atJohn);
      expect(u.kind, q).toBe('where');
      expect(u.pointsAtVerse, q).toBe(false);
    }
    // The verse open is still the verse open.
    expect(understandQuestion('what does this verse mean', atJohn).pointsAtVerse).toBe(true);
  });

  it("reads a saying followed by 'which psalm is that' as a where-question, and its saying as the words before", () => {
    const u = understandQuestion('thank you for making me so wonderfully complex - which psalm is that', atJohn);
    expect(u.kind).toBe('where');
    expect(u.saying).toBe('thank you for making me so wonderfully complex');
    // 'Where does it come from?' asks where a word comes from, not where a saying is.
    expect(understandQuestion('I keep seeing the word redemption. Where does it come from?', atJohn).kind).not.toBe(
      'where',
    );
  });

  it("reads a verse's words given bare, with nothing asked, as a verse to find; off-topic words are not a verse", () => {
    for (const q of [
      'pray without ceasing',
      'I am the Alpha and the Omega, the First and the Last, the Beginning and the End',
    ])
      expect(understandQuestion(q, atJohn).kind, q).toBe('where');
    for (const q of [
      'Write a funny poem about my cat Mr Whiskers',
      'how many mg of ibuprofen can i take for back pain',
    ])
      expect(understandQuestion(q, atJohn).kind, q).toBe('offtopic');
    // The reader's own life in everyday words, which some verse always shares, is not a verse to find.
    expect(
      understandQuestion('i walked away from god for years. would he even take me back', {
        book: 'luke',
        chapter: 15,
        verse: 20,
      }).kind,
    ).not.toBe('where');
  });

  it("reads a book named in lower case after 'intro to' as the book, and 'X means Y in greek' as a word", () => {
    const intro = understandQuestion('give me an intro to lamentations', {
      book: 'lamentations',
      chapter: 1,
      verse: 1,
    });
    expect(intro.kind).toBe('book');
    expect(intro.books.map((b) => b.name)).toEqual(['Lamentations']);
    expect(
      understandQuestion('i heard sin means missing the mark in greek, is that true', {
        book: 'romans',
        chapter: 3,
        verse: 23,
      }).kind,
    ).toBe('word');
  });

  it("reads the meaning asked of a phrase of the verse open as the verse's meaning, a single word as the word", () => {
    expect(
      understandQuestion('great cloud of witnesses meaning', { book: 'hebrews', chapter: 12, verse: 1 }).kind,
    ).toBe('meaning');
    expect(
      understandQuestion('What is the meaning of eternal redemption?', { book: 'hebrews', chapter: 9, verse: 12 }).kind,
    ).toBe('word');
  });

  it('reads a misspelt name as the name, not a pronoun or an everyday word beside it', () => {
    const u = understandQuestion('who was jezzebel and why is her name an insult today', atJohn);
    expect(u.subject?.headword).toBe('Jezebel');
    // A word the question spells right is not corrected into another: 'parable' stays, the talent is asked.
    expect(understandQuestion('How much money was a talent in this parable?', atJohn).subject?.headword).toBe('Talent');
  });

  it("sets two of the dictionary's subjects side by side, in lower case too", () => {
    const u = understandQuestion('whats the difference between pharisees and sadducees', atJohn);
    expect(u.kind).toBe('compare');
    expect(u.subjects.map((s) => s.headword)).toEqual(['Pharisees', 'Sadducees']);
    // Two words of the lexicon stay a word question.
    expect(understandQuestion('Is grace the same as mercy?', atJohn).kind).toBe('word');
  });

  it("reads words keeping half a verse's word order, with nothing asked, as a verse to find", () => {
    for (const q of [
      'do not be conformed to this age but be transformed by the renewing of your mind',
      'so in everything, do to others what you would have them do to you',
    ])
      expect(understandQuestion(q, atJohn).kind, q).toBe('where');
    // A question that shares a verse's words still asks: 'the ark of the covenant' is in verses, the question is who/what.
    expect(understandQuestion('what was the ark of the covenant', atJohn).kind).not.toBe('where');
  });

  it("reads a saying followed by a book's name guessed as a where-question, not 'in john' after a question", () => {
    const u = understandQuestion('pride goes before destruction a haughty spirt before a fall. proverbs?', atJohn);
    expect(u.kind).toBe('where');
    expect(u.saying).toBe('pride goes before destruction a haughty spirt before a fall');
    expect(understandQuestion('god so loved the world is that in john?', atJohn).kind).toBe('where');
    expect(understandQuestion('what does love mean in john?', atJohn).kind).not.toBe('where');
  });

  it("reads 'who said ...' and a three-word saying before 'where is that' as where-questions", () => {
    const who = understandQuestion('who said here am i send me', atJohn);
    expect(who.kind).toBe('where');
    expect(who.saying).toBe('here am i send me');
    expect(understandQuestion('pray without ceasing where is that', atJohn).saying).toBe('pray without ceasing');
    expect(understandQuestion('eye for eye tooth for tooth where is that in the old testament', atJohn).kind).toBe(
      'where',
    );
    // 'How come ...' asks why, though a note's words share it.
    expect(
      understandQuestion('How come Jonah ran away instead of going to Nineveh?', {
        book: 'jonah',
        chapter: 4,
        verse: 2,
      }).kind,
    ).not.toBe('where');
  });
});
