import { existsSync, readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { ABBOTT_SMITH_OUTPUT, ABBOTT_SMITH_SOURCE, convertAbbottSmith, convertEntry, strongsKey } from './abbott-smith';

const PHILEO = `<entry lemma="φιλέω" strong="G5368">
  <note type="occurrencesNT">25</note>
<form><orth>φιλέω</orth>, <foreign xml:lang="grc">-ῶ</foreign></form>
<etym><seg type="derivation">(&lt; <ref><foreign xml:lang="grc">φίλος</foreign></ref>), </seg>
  <seg type="septuagint">[in LXX: <ref osisRef="Gen.27.4">Ge 27:4</ref>, al.;]</seg></etym>
  <sense n="1."><gloss>to love</gloss> (with the love of emotion): c. acc. pers., <ref osisRef="Matt.10.37">Mt 10:37</ref>, <ref osisRef="John.5.20">Jo 5:20</ref>; <pb n="470" /> <!-- typed --> <ref osisRef="John.11.3">Jo 11:3</ref>, <ref osisRef="John.11.36">36</ref> <ref osisRef="John.21.15-John.21.17">21:15-17</ref>.</sense>
  <sense n="2."><gloss>to kiss</gloss>: <ref osisRef="Matt.26.48">Mt 26:48</ref>
    <sense n="(a)">of Judas, <ref osisRef="Mark.14.44">Mk 14:44</ref>.†</sense></sense>
  <re><emph>SYN.</emph>: <ref><foreign xml:lang="grc" n="G25">ἀγαπάω</foreign></ref> (q.v.), the love of duty</re>
</entry>`;

describe("Abbott-Smith's lexicon converter", () => {
  it('reads number, lemma, count, derivation, senses in order with their glosses and New Testament references, and the synonyms', () => {
    expect(convertEntry(PHILEO)).toEqual({
      strongs: 'G5368',
      lemma: 'φιλέω',
      occurrences: 25,
      derivation: '< φίλος',
      glosses: ['to love', 'to kiss'],
      senses: [
        {
          n: '1.',
          text: 'to love (with the love of emotion): c. acc. pers., Matthew 10:37, John 5:20; John 11:3, 36 21:15-17.',
          glosses: ['to love'],
          references: ['matthew 10:37', 'john 5:20', 'john 11:3', 'john 11:36', 'john 21:15-17'],
        },
        { n: '2.', text: 'to kiss: Matthew 26:48', glosses: ['to kiss'], references: ['matthew 26:48'] },
        { n: '2. (a)', text: 'of Judas, Mark 14:44.', glosses: [], references: ['mark 14:44'] },
      ],
      references: [
        'matthew 10:37',
        'john 5:20',
        'john 11:3',
        'john 11:36',
        'john 21:15-17',
        'matthew 26:48',
        'mark 14:44',
      ],
      synonyms: 'SYN.: ἀγαπάω (q.v.), the love of duty',
    });
  });

  it("writes Strong's numbers as the library does and gives a repeated number to its first entry only", () => {
    expect(strongsKey('G0901a')).toBe('G901a');
    const file = convertAbbottSmith(`${PHILEO}\n${PHILEO.replace('φιλέω"', 'φιλέω2"')}`);
    expect(file.entries.map((e) => [e.lemma, e.strongs])).toEqual([
      ['φιλέω', 'G5368'],
      ['φιλέω2', null],
    ]);
  });

  it.skipIf(!existsSync(ABBOTT_SMITH_SOURCE))(
    `reproduces ${ABBOTT_SMITH_OUTPUT} from Debian's bibledit-data${existsSync(ABBOTT_SMITH_SOURCE) ? '' : ' (skipped: bibledit-data not installed)'}`,
    () => {
      const out = JSON.stringify(convertAbbottSmith(readFileSync(ABBOTT_SMITH_SOURCE, 'utf8'))) + '\n';
      expect(out).toBe(readFileSync(new URL(`../../library/data/${ABBOTT_SMITH_OUTPUT}`, import.meta.url), 'utf8'));
    },
  );
});
