/**
 * The Hebrew as the assistant uses it: the KJV Old Testament's tags joined to Strong's Hebrew
 * Dictionary, and our English-to-Hebrew map, every number of which must be Strong's own word.
 */
import { describe, it, expect } from 'vitest';
import { checkCitations } from './citations';
import {
  englishHebrewWord,
  englishHebrewWords,
  hebrewForEnglish,
  hebrewLetters,
  hebrewMeaning,
  hebrewUses,
  hebrewWordFor,
  hebrewWordForAny,
  hebrewWordsNamed,
  hebrewWordsOf,
  hebrewWordStudy,
  isOldTestamentBook,
} from './hebrew-lexicon';
import { loadStrongsHebrew } from './library-data';

describe('the Hebrew behind the English of an Old Testament verse', () => {
  it.each([
    ['mercy', 'micah', 6, 8, 'H2617'],
    ['mercy', 'psalms', 136, 1, 'H2617'],
    ['peace', 'numbers', 6, 26, 'H7965'],
    ['ground', 'genesis', 2, 7, 'H127'],
    ['man', 'genesis', 2, 7, 'H120'],
    ['soul', 'psalms', 23, 3, 'H5315'],
    ['AM', 'exodus', 3, 14, 'H1961'],
    ['Spirit', 'genesis', 1, 2, 'H7307'],
  ])("'%s' in %s %i:%i is %s (the KJV's word)", (english, book, chapter, verse, strongs) => {
    expect(hebrewWordFor(english, book, chapter, verse)?.strongs).toBe(strongs);
  });

  it("reaches the WEB's words through the KJV's renderings, not a word the WEB has as itself", () => {
    // Psalm 136:1: KJV 'his mercy', WEB 'his loving kindness'; tov ('good', in both) may be rendered 'kindness' too.
    expect(hebrewWordForAny('loving kindness', 'psalms', 136, 1)?.strongs).toBe('H2617');
    expect(hebrewWordForAny('I AM WHO I AM', 'exodus', 3, 14)?.strongs).toBe('H1961');
  });

  it('has nothing for small words, a word the verse lacks, or the New Testament', () => {
    expect(hebrewWordFor('the', 'genesis', 1, 1)).toBeNull();
    expect(hebrewWordFor('grace', 'micah', 6, 8)).toBeNull();
    expect(hebrewWordsOf('john', 3, 16)).toEqual([]);
    expect(isOldTestamentBook('samuel1')).toBe(true);
    expect(isOldTestamentBook('john')).toBe(false);
  });

  it('gives each word of a verse once, in order, with the KJV English', () => {
    const words = hebrewWordsOf('numbers', 6, 26);
    expect(words.map((w) => [w.strongs, w.kjvWord])).toEqual([
      ['H3068', 'LORD'],
      ['H5375', 'up'],
      ['H6440', 'countenance'],
      ['H7760', 'give'],
      ['H7965', 'peace'],
    ]);
    expect(words.at(-1)?.transliteration).toBe('shâlôm');
  });

  it('counts the Old Testament verses the KJV tags with a number, in canonical order', () => {
    const selah = hebrewUses('H5542', 3);
    // 71 in the Psalms and 3 in Habakkuk.
    expect(selah.count).toBe(74);
    expect(selah.references).toEqual(['Psalm 3:2', 'Psalm 3:4', 'Psalm 3:8']);
    expect(hebrewUses('H2617').count).toBeGreaterThan(200);
  });

  it("gives Strong's meaning without the origin and the KJV's renderings", () => {
    expect(hebrewMeaning(loadStrongsHebrew().entries.H2617!.definition)).toBe(
      'kindness; by implication (towards God) piety; rarely (by opprobrium) reproof, or (subjectively) beauty',
    );
  });
});

describe('our English-to-Hebrew map', () => {
  it('reaches a word by its English, an alias, a plural or a transliteration', () => {
    expect(englishHebrewWord('lovingkindness')?.english).toBe('mercy');
    expect(englishHebrewWord('hesed')?.english).toBe('mercy');
    expect(englishHebrewWord('Shalom')?.english).toBe('peace');
    expect(englishHebrewWord('covenants')?.english).toBe('covenant');
    expect(englishHebrewWord('propitiation')).toBeNull();
  });

  it('finds the words a question names, in its order, each once, the longest form first', () => {
    const named = (q: string) => hebrewWordsNamed(q).map((n) => [n.word.english, n.form, n.name]);
    expect(named('is there wordplay between adam and the ground in hebrew?')).toEqual([['man', 'adam', false]]);
    expect(named('The KJV says mercy, the WEB says loving kindness')).toEqual([['mercy', 'mercy', false]]);
    expect(named('what does hesed mean')).toEqual([['mercy', 'hesed', true]]);
    expect(named('hebrew for peace in the priestly blessing')).toEqual([
      ['peace', 'peace', false],
      ['bless', 'blessing', false],
    ]);
    expect(named('does it just mean no war')).toEqual([]);
  });

  it("gives the map's study of a word with Strong's beside ours", () => {
    const [hesed] = hebrewForEnglish('mercy');
    expect(hesed).toMatchObject({
      strongs: 'H2617',
      lemma: 'חֶסֶד',
      strongsLemma: 'חסד',
      transliteration: 'hesed',
      strongsTransliteration: 'chêsêd',
    });
    expect(hesed!.note).toMatch(/steadfast love/);
    // A word the map lacks: Strong's own.
    expect(hebrewWordStudy('H7462')).toMatchObject({ lemma: 'רעה', transliteration: 'râ‛âh' });
  });

  it("has between 25 and 40 words, each number Strong's and its pointed Hebrew Strong's letters", () => {
    const words = englishHebrewWords();
    expect(words.length).toBeGreaterThanOrEqual(25);
    expect(words.length).toBeLessThanOrEqual(40);
    const { entries } = loadStrongsHebrew();
    const problems: string[] = [];
    for (const w of words)
      for (const h of w.hebrew) {
        const entry = entries[h.strongs];
        if (!entry) problems.push(`${w.english}: ${h.strongs} is not in Strong's`);
        else if (![entry.lemma, ...(entry.variants ?? [])].map(hebrewLetters).includes(hebrewLetters(h.hebrew)))
          problems.push(`${w.english}: ${h.hebrew} is not ${h.strongs} (${entry.lemma})`);
      }
    expect(problems).toEqual([]);
  });

  it('cites real verses in its notes, and quotes them as the KJV or the WEB has them', () => {
    const problems: string[] = [];
    for (const w of englishHebrewWords())
      for (const h of w.hebrew)
        for (const c of checkCitations(h.note ?? '')) {
          if (!c.valid) problems.push(`${w.english}: ${c.text}`);
          if (c.quote && !c.quote.matches) problems.push(`${w.english}: "${c.quote.text}" (${c.text})`);
        }
    expect([...new Set(problems)]).toEqual([]);
  });
});
