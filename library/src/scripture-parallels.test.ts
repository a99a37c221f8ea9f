import { describe, expect, it } from 'vitest';
import { getVerses } from './bible';
import { findReferences } from './references/scan';
import { scriptureParallelFor, scriptureParallelSpans } from './scripture-parallels';

const open = (reference: string) => {
  const [r] = findReferences(reference);
  if (!r?.book) throw new Error(`not a reference: ${reference}`);
  return [{ book: r.book.id, chapter: r.chapter, verse: r.verse }];
};

describe('the parallels outside the Gospels', () => {
  it('hold only places our text has', () => {
    for (const { id, place, span } of scriptureParallelSpans()) {
      expect(span, `${id}: ${place}`).not.toBeNull();
      const [r] = findReferences(place);
      const verses = r?.book ? getVerses('web', r.book.id, r.chapter) : [];
      expect(
        verses.some((v) => v.number === (r?.verse ?? 1)),
        `${id}: ${place}`,
      ).toBe(true);
      if (r?.verseEnd && !r.chapterEnd)
        expect(
          verses.some((v) => v.number === r.verseEnd),
          `${id}: ${place}`,
        ).toBe(true);
    }
  });

  it('are found by the passage open, the books the question names, or the title', () => {
    expect(scriptureParallelFor('isnt this psalm repeated somewhere else', open('Psalm 14:1'), [])?.id).toBe(
      'psalm-14-and-53',
    );
    expect(
      scriptureParallelFor("in 2 Samuel it says God incited David, here it's Satan", open('1 Chronicles 21:1'), [
        'samuel2',
      ])?.id,
    ).toBe('census-of-david');
    expect(
      scriptureParallelFor('how does this compare to the beginning of genesis', open('John 1:1'), ['genesis'])?.id,
    ).toBe('in-the-beginning-genesis-john');
    expect(scriptureParallelFor('are these two creation accounts', open('Genesis 1:27'), [])?.id).toBe(
      'two-creation-accounts',
    );
    expect(scriptureParallelFor('how does this compare with other chapters', open('Romans 8:1'), [])).toBeUndefined();
  });
});
