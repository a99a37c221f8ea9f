/**
 * The Greek lexicon as the assistant uses it: Abbott-Smith's entries by Strong's number and lemma,
 * senses in order, and our English-to-Greek map, so 'propitiation' or 'repent' reaches its Greek
 * without the reader typing 'Greek'.
 */
import { describe, it, expect } from 'vitest';
import { checkCitations } from './citations';
import {
  englishGreekWord,
  englishGreekWords,
  greekForEnglish,
  greekWordStudy,
  lexiconByLemma,
  lexiconEntry,
  shortGloss,
} from './lexicon';

/** Words a reader asks the meaning of, which must reach their Greek (a part of the map; the coverage figure is over the whole map). */
const MUST_REACH: Record<string, string> = {
  propitiation: 'ἱλασμός',
  justification: 'δικαίωσις',
  justified: 'δικαίωσις',
  redemption: 'ἀπολύτρωσις',
  repent: 'μετάνοια',
  grace: 'χάρις',
  faith: 'πίστις',
  righteousness: 'δικαιοσύνη',
  sanctification: 'ἁγιασμός',
  love: 'ἀγάπη',
  agape: 'ἀγάπη',
  phileo: 'φιλέω',
  hope: 'ἐλπίς',
  peace: 'εἰρήνη',
  joy: 'χαρά',
  church: 'ἐκκλησία',
  baptism: 'βάπτισμα',
  apostle: 'ἀπόστολος',
  gospel: 'εὐαγγέλιον',
  kingdom: 'βασιλεία',
  logos: 'λόγος',
  Word: 'λόγος',
  flesh: 'σάρξ',
  spirit: 'πνεῦμα',
  soul: 'ψυχή',
  'born again': 'ἀναγεννάω',
  Advocate: 'παράκλητος',
  anxiety: 'μέριμνα',
};

/** A gloss fit to answer with: words, short, no figurative or classical sense put first. */
const clean = (gloss: string): boolean =>
  gloss.length >= 2 && gloss.length <= 80 && !/figurative|magistrate|in cl\b|^of\b|\b(?:a|an|the)$/i.test(gloss);

describe('English words reach their Greek', () => {
  it('reaches at least 150 theological words, each Greek word with a clean gloss', () => {
    const words = [...new Set(englishGreekWords())];
    const heads = words.filter((w) => englishGreekWord(w)?.english === w);
    const reached = heads.filter((w) => {
      const studies = greekForEnglish(w);
      return studies.length > 0 && studies.every((s) => /\p{Script=Greek}/u.test(s.lemma) && clean(s.gloss));
    });
    console.log(
      `theological words reaching their Greek: ${reached.length} of ${heads.length} (${words.length} with their other forms)`,
    );
    expect(reached.length).toBeGreaterThanOrEqual(150);
    expect(heads.filter((w) => !reached.includes(w))).toEqual([]);
  });

  it.each(Object.entries(MUST_REACH))('%s -> %s', (english, lemma) => {
    expect(greekForEnglish(english).map((s) => s.lemma)).toContain(lemma);
  });

  it('tells agape from phileo, and θεός is God, not a magistrate', () => {
    const phileo = greekForEnglish('phileo')[0]!;
    expect(phileo.transliteration).toBe('philéō');
    expect(phileo.note).toMatch(/John 21:15-17/);
    expect(phileo.entry?.synonyms).toMatch(/ἀγαπάω/);
    expect(greekForEnglish('agape')[0]!.entry?.synonyms).toMatch(/love which chooses its object/);
    const god = greekForEnglish('God')[0]!;
    expect(god.gloss).toBe('God; a god');
    expect(shortGloss(lexiconEntry('G2316')!)).not.toMatch(/magistrate/);
  });

  it('cites valid verses in every note and quotes nothing wrongly', () => {
    const problems: string[] = [];
    for (const w of englishGreekWords()) {
      for (const s of greekForEnglish(w)) {
        for (const c of checkCitations(s.note ?? '')) {
          if (!c.valid) problems.push(`${w}: ${c.text}`);
          if (c.quote && !c.quote.matches) problems.push(`${w}: "${c.quote.text}" (${c.text})`);
        }
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });
});

describe("Abbott-Smith's lexicon", () => {
  it("finds an entry by Strong's number and by lemma, accents and case ignored", () => {
    expect(lexiconEntry('G2316')?.lemma).toBe('θεός');
    expect(lexiconEntry('2316')?.lemma).toBe('θεός');
    expect(lexiconByLemma('θεος')?.strongs).toBe('G2316');
    expect(lexiconByLemma('ΑΓΑΠΗ')?.strongs).toBe('G26');
    expect(lexiconEntry('G999999')).toBeNull();
  });

  it('keeps the senses in order with their glosses and New Testament references', () => {
    const theos = lexiconEntry('G2316')!;
    expect(theos.occurrences).toBe(1307);
    expect(theos.senses.map((s) => s.n).slice(0, 3)).toEqual(['', '1.', '2.']);
    expect(theos.senses[0]!.glosses).toEqual(['a god or deity', 'God']);
    expect(theos.senses[1]!.text).toMatch(/^In polytheistic sense, a god or deity: Acts 28:6, 1 Corinthians 8:4/);
    const hilaskomai = lexiconEntry('G2433')!;
    expect(hilaskomai.senses.map((s) => s.glosses[0])).toEqual(['to conciliate', 'to be propitious', 'to expiate']);
    expect(hilaskomai.references).toEqual(['luke 18:13', 'hebrews 2:17']);
    // The first New Testament sense, not the classical one Abbott-Smith puts first.
    expect(shortGloss(lexiconEntry('G652')!)).not.toMatch(/fleet/);
  });

  it("answers a Strong's number Abbott-Smith lacks from Strong's, and our gloss wins when we give one", () => {
    const hagios = greekWordStudy('G40', { gloss: 'holy' })!;
    expect(hagios.entry).toBeNull();
    expect(hagios.lemma).toBe('ἅγιος');
    expect(hagios.source).toBe("Strong's Greek Dictionary");
    expect(greekWordStudy('G3341')!.gloss).toBe('after-thought, change of mind, repentance');
  });
});
