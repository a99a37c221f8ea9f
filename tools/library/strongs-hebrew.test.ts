import { describe, it, expect } from 'vitest';
import {
  hebrewFirstSense,
  hebrewKey,
  mendCommas,
  parseHebrewEntry,
  parseKjvStrongsOt,
  parseStrongsHebrew,
} from './strongs-hebrew';
import { verseStrongs } from './strongs';

// Entries as mod2imp exports them from Debian's sword-dict-strongs-hebrew.
const HESED = `<entryFree n="2617"> 		<orth>חסד</orth><lb/> 		<orth rend="bold" type="trans">chêsêd</orth> 		<pron rend="italic">kheh'-sed</pron><lb/> 		<def>From <ref target="StrongsHebrew:2616">H2616</ref>; <hi rend="italic">kindness</hi>; by implication (towards God) <hi rend="italic">piety</hi>; rarely (by opprobrium) <hi rend="italic">{reproof}</hi> or (subjectively) <hi rend="bold">beauty:</hi> - {favour} good deed ({-liness} {-ness}) {kindly} (loving-) {kindness} merciful ({kindness}) {mercy} {pity} {reproach} wicked thing.</def> 	</entryFree>`;
const SHALOM = `<entryFree n="7965"> 		<orth>שׁלם    שׁלום</orth><lb/> 		<orth rend="bold" type="trans">shâlôm  shâlôm</orth> 		<pron rend="italic">{shaw-lome'} shaw-lome'</pron><lb/> 		<def>From <ref target="StrongsHebrew:7999">H7999</ref>; <hi rend="italic">{safe}</hi> that {is} (figuratively) <hi rend="italic">{well}</hi> <hi rend="italic">happy</hi>6<lb/> <hi rend="italic">friendly</hi>; also (abstractly) <hi rend="italic">{welfare}</hi> that {is} {health} {prosperity} <hi rend="bold">peace:</hi> -  X {do} {familiar} X {fare} {favour} + {friend} X {greet} (good) {health} (X {perfect} such as be at) peace ({-able} {-ably}) prosper ({-ity} {-ous}) {rest} safe ({-ly}) {salute} {welfare} (X all {is} be) {well} X wholly.</def> 	</entryFree>`;
const YHWH = `<entryFree n="3068"> 		<orth>יהוה</orth><lb/> 		<orth rend="bold" type="trans">y<hi rend="super">e</hi>hôvâh</orth> 		<pron rend="italic">yeh-ho-vaw'</pron><lb/> 		<def>From <ref target="StrongsHebrew:1961">H1961</ref>; (the) <hi rend="italic">self Existent</hi> or eternal;<lb/> <hi rend="italic">{Jehovah}</hi> Jewish national name of God: - {Jehovah} the Lord. Compare {<ref target="StrongsHebrew:3050">H3050</ref>} <ref target="StrongsHebrew:3069">H3069</ref>.</def> 	</entryFree>`;
const AB_CHALDEE = `<entryFree n="2"> 		<orth>אב</orth><lb/> 		<orth rend="bold" type="trans">'ab</orth> 		<pron rend="italic">ab</pron><lb/> 		<def>(Chaldee); corresponding to <ref target="StrongsHebrew:1">H1</ref>: - father.</def> 	</entryFree>`;

describe("Strong's Hebrew dictionary", () => {
  it("reads the module's braces and 6s as Strong's commas", () => {
    expect(mendCommas('<hi>{safe}</hi> that {is} (figuratively) <hi>happy</hi>6<lb/>')).toBe(
      '<hi>safe,</hi> that is, (figuratively) <hi>happy,</hi><lb/>',
    );
    expect(mendCommas('the {species} {<hi rend="italic">mankind</hi>} etc.')).toBe(
      'the species, <hi rend="italic">mankind</hi>, etc.',
    );
  });

  it('reads lemma, transliteration, pronunciation, definition and a clean first sense', () => {
    expect(parseHebrewEntry(HESED)).toEqual({
      lemma: 'חסד',
      transliteration: 'chêsêd',
      pronunciation: "kheh'-sed",
      definition:
        'From H2616; kindness; by implication (towards God) piety; rarely (by opprobrium) reproof, or (subjectively) beauty: - favour, good deed (-liness, -ness), kindly, (loving-) kindness, merciful (kindness), mercy, pity, reproach, wicked thing.',
      gloss: 'kindness',
    });
  });

  it('keeps a second spelling apart and the first transliteration and pronunciation', () => {
    const shalom = parseHebrewEntry(SHALOM)!;
    expect([shalom.lemma, shalom.variants, shalom.transliteration, shalom.pronunciation]).toEqual([
      'שׁלם',
      ['שׁלום'],
      'shâlôm',
      "shaw-lome'",
    ]);
    expect(shalom.gloss).toBe('safe, that is, (figuratively) well, happy, friendly');
    expect(shalom.definition).toContain('welfare, that is, health, prosperity, peace: - X do, familiar,');
  });

  it("writes a shewa's superscript e on the line and drops a cross-reference's braces", () => {
    const yhwh = parseHebrewEntry(YHWH)!;
    expect(yhwh.transliteration).toBe('yehôvâh');
    expect(yhwh.definition).toBe(
      'From H1961; (the) self Existent or eternal; Jehovah, Jewish national name of God: - Jehovah, the Lord. Compare H3050, H3069.',
    );
  });

  it("takes the KJV's renderings when the entry has no sense of its own", () => {
    expect(parseHebrewEntry(AB_CHALDEE)!.gloss).toBe('father');
    expect(
      hebrewFirstSense('A primitive root; to turn back (hence, away); generally to retreat: - again, return.'),
    ).toBe('to turn back (hence, away)');
    expect(
      hebrewFirstSense('A primitive particle; lo! also (as expressing surprise) if: - behold, if, lo, though.'),
    ).toBe('lo! also (as expressing surprise) if');
  });

  it('keys entries H + number, no zeros', () => {
    expect(hebrewKey('02617')).toBe('H2617');
    const file = parseStrongsHebrew(`$$$02617\n${HESED}\n$$$07965\n${SHALOM}\n$$$META\nnot an entry\n`);
    expect(Object.keys(file.entries)).toEqual(['H2617', 'H7965']);
  });
});

describe("The KJV Old Testament's Strong's tags", () => {
  const MICAH = `He hath <w lemma="strong:H5046">shewed</w> thee, O <w lemma="strong:H0120">man</w>, what <transChange type="added">is</transChange> <w lemma="strong:H2896">good</w>; and what doth the <divineName><w lemma="strong:H3068">LORD</w></divineName> <w lemma="strong:H1875">require</w> of thee, but to <w lemma="strong:H6213">do</w> <w lemma="strong:H4941">justly</w>, and to <w lemma="strong:H0160">love</w> <w lemma="strong:H2617">mercy</w>`;

  it('reads the Hebrew numbers of a verse, each once with its English', () => {
    expect(verseStrongs(MICAH, 'H')).toEqual([
      ['H5046', 'shewed'],
      ['H120', 'man'],
      ['H2896', 'good'],
      ['H3068', 'LORD'],
      ['H1875', 'require'],
      ['H6213', 'do'],
      ['H4941', 'justly'],
      ['H160', 'love'],
      ['H2617', 'mercy'],
    ]);
    // The Greek reader takes none of them.
    expect(verseStrongs(MICAH)).toEqual([]);
  });

  it("keys verses by our Old Testament book ids and leaves the New Testament's alone", () => {
    const imp = `$$$Micah 6:8\n${MICAH}\n$$$I Samuel 3:4\nThat the <divineName><w lemma="strong:H3068">LORD</w></divineName> <w lemma="strong:H7121">called</w>\n$$$John 3:16\nFor <w lemma="strong:G2316">God</w>\n`;
    const file = parseKjvStrongsOt(imp);
    expect(Object.keys(file.books)).toEqual(['micah', 'samuel1']);
    expect(file.books.micah!['6']!['8']!.at(-1)).toEqual(['H2617', 'mercy']);
    expect(file.books.samuel1!['3']!['4']).toEqual([
      ['H3068', 'LORD'],
      ['H7121', 'called'],
    ]);
  });
});
