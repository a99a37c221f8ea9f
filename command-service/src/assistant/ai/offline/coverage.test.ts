/**
 * How much of the library the offline assistant reaches when a reader asks in plain words: every
 * introduction for author and date, the dictionary's people, places and things by "who/what was X",
 * theological words to their Greek without the word 'Greek', and random passages of both
 * testaments quoted word for word in the translation asked for (a seeded sampler: the same 300 every run).
 */
import { describe, expect, it } from 'vitest';
import { ALL_BOOKS } from '@lectio/contracts/books';
import { formatReference } from '@lectio/contracts/reference';
import {
  bookIntroductions,
  dictionaryArticles,
  englishGreekWords,
  getVerses,
  greekForEnglish,
  lastVerse,
  normaliseWords,
} from '@lectio/library';
import { composeLibraryAnswer } from '../library-assistant';

const ask = (text: string, at: [string, number, number | null] = ['john', 1, 1]) =>
  composeLibraryAnswer({
    text,
    context: { book: at[0], chapter: at[1], verse: at[2], verseText: '' },
    preferences: { faithJourney: null, communicationStyle: null },
    translation: 'web',
  });

/** A small seeded generator: the same sample on every run. */
function seeded(seed: number) {
  let s = seed;
  return () => (s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
}

const words = (s: string) => ` ${normaliseWords(s)} `;

describe('what the offline assistant reaches', () => {
  it('answers author and date from all 27 introductions', () => {
    const intros = bookIntroductions();
    expect(intros).toHaveLength(27);
    const missed = intros.filter((intro) => {
      const name = ALL_BOOKS.find((b) => b.id === intro.book)!.name;
      const answer = words(ask(`Who wrote ${name} and when?`, ['matthew', 5, 3]));
      // The opening words of the introduction's author and date lines.
      const start = (s: string) => words(s.split(/[.;:]/)[0]!.split(' ').slice(0, 6).join(' '));
      return !answer.includes(start(intro.author)) || !answer.includes(start(intro.date));
    });
    expect(missed.map((m) => m.book)).toEqual([]);
  }, 60_000);

  it('answers at least 300 dictionary subjects asked "who was" or "what was"', () => {
    const random = seeded(3);
    // People, places and things with a one-word name (a name a reader types), 400 of them.
    const sample = dictionaryArticles()
      .filter((a) => /^[A-Z][a-z]{3,}$/.test(a.headword) && a.paragraphs.join(' ').length > 80)
      .map((a) => [random(), a] as const)
      .sort((x, y) => x[0] - y[0])
      .slice(0, 400)
      .map(([, a]) => a);
    const answered = sample.filter((a) => {
      const answer = ask(
        `${/^[A-Z][a-z]+$/.test(a.headword) && /\b(?:son|king|prophet|wife|daughter)\b/.test(a.paragraphs[0] ?? '') ? 'Who' : 'What'} was ${a.headword}?`,
      );
      return answer.includes(a.headword) && answer.includes("Easton's Bible Dictionary");
    }).length;
    console.log(`dictionary subjects answered: ${answered} of ${sample.length}`);
    expect(answered).toBeGreaterThanOrEqual(300);
  }, 120_000);

  it('takes at least 150 theological words to their Greek when asked what they mean', () => {
    const english = [...new Set(englishGreekWords())];
    const reached = english.filter((w) => {
      const greek = greekForEnglish(w)[0];
      return greek !== undefined && ask(`What does ${w} mean?`).includes(greek.lemma);
    }).length;
    console.log(`theological words reaching their Greek: ${reached} of ${english.length}`);
    expect(reached).toBeGreaterThanOrEqual(150);
  }, 120_000);

  it('quotes 300 random passages word for word, both testaments, WEB and KJV, single verses and ranges', () => {
    const random = seeded(42);
    const failures: string[] = [];
    for (let i = 0; i < 300; i++) {
      const book = ALL_BOOKS[Math.floor(random() * ALL_BOOKS.length)]!;
      const chapter = 1 + Math.floor(random() * book.chapters);
      const last = lastVerse(book.id, chapter);
      const verse = 1 + Math.floor(random() * last);
      const verseEnd = i % 3 === 0 ? Math.min(last, verse + 1 + Math.floor(random() * 3)) : verse;
      const translation = i % 2 === 0 ? 'kjv' : 'web';
      const reference = formatReference({
        bookId: book.id,
        chapter,
        verse,
        verseEnd: verseEnd > verse ? verseEnd : undefined,
      });
      const answer = ask(
        `Quote ${reference} in the ${translation === 'kjv' ? 'King James Version' : 'World English Bible'}, word for word`,
        ['matthew', 1, 1],
      );
      const text = getVerses(translation, book.id, chapter)
        .filter((v) => v.number >= verse && v.number <= verseEnd)
        .map((v) => v.text)
        .join(' ');
      if (!text || !words(answer).includes(words(text))) failures.push(`${reference} (${translation})`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
