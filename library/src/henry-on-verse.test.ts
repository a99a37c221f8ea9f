import { describe, expect, it } from 'vitest';
import { alignSentences, henryOnVerse, sentencesOf, withoutOutline } from './henry-on-verse';

describe("Henry's sentences about one verse", () => {
  it('gives John 3:16 the sentences on God so loving the world, not the section on Nicodemus, and the whole section after', () => {
    const h = henryOnVerse('john', 3, 16)!;
    expect(h).toMatchObject({
      source: "Matthew Henry's Concise Commentary",
      author: 'Matthew Henry',
      year: '1706-1721',
      sectionReference: 'John 3:1-21',
    });
    expect(h.text).toContain('God so loved the world');
    expect(h.text).not.toContain('Nicodemus');
    expect(h.text.length).toBeLessThan(h.section.length / 5);
    expect(h.section).toContain('Nicodemus was afraid');
  });

  it.each([
    ['matthew', 5, 3, 'The poor in spirit are happy', 'Those that mourn'],
    ['matthew', 5, 4, 'Those that mourn are happy', 'The poor in spirit'],
    ['john', 14, 6, "Christ is the sinner's Way", 'Let not your heart'],
    ['hebrews', 11, 1, 'Faith proves to the mind', 'Abel'],
    ['romans', 8, 28, 'Every providence tends to the spiritual good of those that love God', 'Whom he justified'],
    ['ephesians', 2, 8, 'The grace that saves is the free, undeserved goodness', 'Sin is the death of the soul'],
  ] as const)('%s %i:%i says "%s" and not "%s"', (book, chapter, verse, says, not) => {
    const h = henryOnVerse(book, chapter, verse)!;
    expect(h.text).toContain(says);
    expect(h.text).not.toContain(not);
  });

  it("leaves out the book's introduction and the chapter's outline (John 1:1)", () => {
    const h = henryOnVerse('john', 1, 1)!;
    expect(h.text).toMatch(/^The plainest reason why the Son of God is called the Word/);
    expect(h.section).toContain('youngest of the twelve');
  });

  it('gives the whole section when it is on one verse, and nothing for a verse he has no section on', () => {
    const jude = henryOnVerse('jude', 1, 25)!;
    expect(jude.sectionReference).toBe('Jude 1:24-25');
    expect(henryOnVerse('john', 3, 99)).toBeNull();
    expect(henryOnVerse('hezekiah', 1, 1)).toBeNull();
  });
});

describe('sentences and their verses', () => {
  it('keeps a list number with its sentence', () => {
    expect(sentencesOf('Eight characters. 1. The poor in spirit are happy. 2. Those that mourn are happy.')).toEqual([
      'Eight characters.',
      '1. The poor in spirit are happy.',
      '2. Those that mourn are happy.',
    ]);
  });

  it('drops an outline whose verses follow on from verse 1, and an enumeration is not one', () => {
    expect(withoutOutline("Intro. Christ's discourse. (1-21) The baptism. (22-36) Nicodemus came.")).toBe(
      'Nicodemus came.',
    );
    expect(withoutOutline('He can neither (1) obey nor (2) please God.')).toBe(
      'He can neither (1) obey nor (2) please God.',
    );
  });

  it('moves on freely, goes back only for a clear match, and keeps an unmatched sentence with the verse before', () => {
    // Sentences x 3 verses: 0 on verse 0, 1 matches nothing, 2 on verse 2, 3 weakly on verse 1, 4 clearly on verse 0.
    const score = [
      [5, 0, 0],
      [0, 0, 0],
      [0, 0, 10],
      [0, 2, 1],
      [20, 0, 0],
    ];
    expect(alignSentences(score, 3)).toEqual([0, 0, 2, 2, 0]);
  });
});

describe('sentencesOf on the library prose', () => {
  it("keeps a sentence whole across abbreviations and brackets ('comp.', 'Matt.', 'cf.')", () => {
    expect(
      sentencesOf(
        'They settled in the cities of Samaria (2 Kings 17:24; comp. Luke 17:18) and amalgamated with the Jews. The fig-tree is mentioned (Deut. 8:8) as one of the valuable products. Parable of the talents (Matt. 18:24; 25:15). It is said, cf. Rom. 3:25, that he was set forth.',
      ),
    ).toEqual([
      'They settled in the cities of Samaria (2 Kings 17:24; comp. Luke 17:18) and amalgamated with the Jews.',
      'The fig-tree is mentioned (Deut. 8:8) as one of the valuable products.',
      'Parable of the talents (Matt. 18:24; 25:15).',
      'It is said, cf. Rom. 3:25, that he was set forth.',
    ]);
  });
});
