import { describe, expect, it } from 'vitest';
import { getVerses } from '../bible';
import { findReferences } from '../references/scan';
import { findNamedPassage, listedNamedPassages } from './named-passages';

describe('passages known by a name', () => {
  it.each([
    ["Where's the passage about putting on the full armor of God?", 'Ephesians 6:10-18'],
    ['where is the golden rule in the gospels', 'Matthew 7:12'],
    ['which chapter is the love chapter', '1 Corinthians 13'],
    ['where is the story of the feeding of the five thousand', 'Matthew 14:13-21'],
    ['where can I read about the road to Emmaus?', 'Luke 24:13-35'],
    ["where's the suffering servant passage", 'Isaiah 52:13-53:12'],
  ])('%s: %s', (question, first) => {
    expect(findNamedPassage(question)?.places[0]).toBe(first);
  });

  it.each(['where does it say God is love', 'where does the Bible talk about forgiveness', 'where is Jesus born'])(
    '%s: names no passage',
    (question) => {
      expect(findNamedPassage(question)).toBeNull();
    },
  );

  it('lists only places our text holds', () => {
    for (const { name, places } of listedNamedPassages())
      for (const place of places) {
        const [at] = findReferences(place);
        const verses = at?.book ? getVerses('web', at.book.id, at.chapter) : [];
        expect(
          verses.some((v) => v.number === (at?.verse ?? 1)),
          `${name}: ${place}`,
        ).toBe(true);
      }
  });
});
