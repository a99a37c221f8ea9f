import { describe, expect, it } from 'vitest';
import { understandQuestion } from './understand';
import { asksWording } from './wording-asked';

const philippians412 = { book: 'philippians', chapter: 4, verse: 12 };

describe('asksWording', () => {
  it.each([
    'quote it',
    'Exact text please, whichever translation.',
    'need the kjv of this verse verbatim for a card im making for my nephew',
    'can you give me this word for word',
    'whats the next verse say? the one about doing all things',
    "what's the verse right before this one, exact wording",
    'quote the following verse too',
  ])('%s: asks for the words themselves', (question) => {
    expect(asksWording(question)).toBe(true);
  });

  it.each([
    'what does this verse say about love?',
    'what does the next verse say about the law?',
    'what is going on here?',
    'who wrote this?',
    'why did Jesus quote that psalm on the cross?',
    'is Paul quoting someone here?',
    "isn't this psalm repeated somewhere else almost word for word",
    'whats the shortest verse in the bible? quote it exactly',
  ])('%s: not a request for the words themselves', (question) => {
    expect(asksWording(question)).toBe(false);
  });

  it('is a quotation of the verse open, or of the one it points to, in the translation asked for', () => {
    expect(understandQuestion('quote it in the KJV', philippians412)).toMatchObject({
      kind: 'quote',
      places: [],
      translation: 'kjv',
    });
    expect(
      understandQuestion('whats the next verse say? the one about doing all things', philippians412),
    ).toMatchObject({ kind: 'quote', places: [{ book: 'philippians', chapter: 4, verse: 13 }] });
    expect(understandQuestion("what's the verse right before this one, exact wording", philippians412)).toMatchObject({
      kind: 'quote',
      places: [{ book: 'philippians', chapter: 4, verse: 11 }],
    });
  });
});
