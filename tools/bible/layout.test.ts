import { describe, expect, it } from 'vitest';
import { chapterVerses } from './convert';
import { blockAt, verseLayout } from './layout';

// The modules' own markup (WEB and KJV, trimmed of Strong's tags where they do not matter).
const JOHN_3_16 =
  '<q marker="" who="Jesus"><w lemma="strong:G1063">For</w> God so loved the world, that he gave his <w lemma="strong:G3439">only</w> born</q><note placement="foot"><reference type="annotateRef">3:16 </reference>The phrase “only born” is from the Greek word “μονογενη”.</note><q marker="" who="Jesus"><w lemma="strong:G5207">Son</w>, that whoever believes in him should not perish. </q>';
const MATTHEW_2_6 =
  '<div type="x-milestone" subType="x-preverse" sID="pv13780"/><lg sID="gen30294"/> <l level="1" sID="gen30295"/><div type="x-milestone" subType="x-preverse" eID="pv13780"/>‘You Bethlehem, land of Judah,<l eID="gen30295" level="1"/> <l level="2" sID="gen30296"/>are in no way least among the princes of Judah;<l eID="gen30296" level="2"/> <l level="1" sID="gen30297"/> for out of you shall come a governor <l eID="gen30297" level="1"/> <l level="2" sID="gen30298"/>who shall shepherd my people, Israel.’”<note type="crossReference"><reference>Micah 5:2</reference></note> <l eID="gen30298" level="2"/> <lg eID="gen30294"/>';
const PSALM_3_2 =
  '<l level="1" sID="a"/>Many there are who say of my soul,<l eID="a" level="1"/> <l level="2" sID="b"/>“There is no help for him in God.”<note placement="foot"><reference type="annotateRef">3:2 </reference>The Hebrew word rendered “God” is “Elohim”.</note><l eID="b" level="2"/> <l sID="c" type="selah"/>Selah.<l eID="c" type="selah"/>';

describe('verseLayout', () => {
  it("places the WEB's footnote in John 3:16 against 'only born', the text unchanged", () => {
    const layout = verseLayout(JOHN_3_16, { footnotes: true });
    expect(layout.text).toBe(
      'For God so loved the world, that he gave his only born Son, that whoever believes in him should not perish.',
    );
    expect(layout.notes).toEqual([
      [layout.text.indexOf(' Son'), 'The phrase “only born” is from the Greek word “μονογενη”.'],
    ]);
    expect(verseLayout(JOHN_3_16, { footnotes: false }).notes).toEqual([]);
  });

  it('finds the lines of an Old Testament quotation set as verse (Matthew 2:6), not its cross reference', () => {
    const layout = verseLayout(MATTHEW_2_6, { footnotes: true });
    const at = (words: string) => layout.text.indexOf(words);
    expect(layout.marks).toEqual([
      [0, 'stanza'],
      [0, 'l1'],
      [at('are in no way'), 'l2'],
      [at('for out of you'), 'l1'],
      [at('who shall shepherd'), 'l2'],
      [layout.text.length, 'end'],
    ]);
    expect(layout.notes).toEqual([]);
  });

  it('keeps a line of Selah apart from the footnote before it', () => {
    const layout = verseLayout(PSALM_3_2, { footnotes: true });
    expect(layout.text).toBe('Many there are who say of my soul, “There is no help for him in God.” Selah.');
    expect(layout.marks.at(-1)).toEqual([layout.text.indexOf('Selah'), 'selah']);
    expect(layout.notes[0]![0]).toBe(layout.text.indexOf(' Selah'));
  });

  it("reads the KJV's pilcrow paragraph and a psalm's canonical title", () => {
    const layout = verseLayout(
      '<div type="x-milestone" subType="x-preverse" sID="pv2"/><div sID="gen5" type="x-p"/> <div type="x-milestone" subType="x-preverse" eID="pv2"/>¶ And God said, Let there be a firmament.',
      { footnotes: false },
    );
    expect(layout).toEqual({ text: 'And God said, Let there be a firmament.', marks: [[0, 'para']], notes: [] });
    expect(
      verseLayout(
        '<title canonical="true" type="psalm">A Psalm by David.</title> <lg sID="x"/> <l level="1" sID="y"/>Yahweh is my shepherd;',
        {
          footnotes: true,
        },
      ),
    ).toMatchObject({
      text: 'Yahweh is my shepherd;',
      title: 'A Psalm by David.',
    });
  });
});

describe('blockAt', () => {
  it('makes one block of the marks at a position: a line, opening a stanza after a paragraph or a stanza mark', () => {
    expect(blockAt(['para'])).toBe('p');
    expect(blockAt(['l2'])).toBe('l2');
    expect(blockAt(['stanza', 'l1'])).toBe('s1');
    expect(blockAt(['end', 'para'])).toBe('p');
    expect(blockAt(['end'])).toBe('p');
    expect(blockAt(['selah'])).toBe('selah');
    expect(blockAt([])).toBeNull();
  });
});

describe('chapterVerses', () => {
  const layout = (markup: string) => verseLayout(markup, { footnotes: true });
  it("carries marks on the chapter's introduction and after a verse's last word to the next verse; the first paragraph is implied", () => {
    const verses = chapterVerses([
      { verse: 0, layout: layout('<div sID="g1" type="x-p"/><chapter n="2" sID="Matt.2"/>') },
      { verse: 1, layout: layout('Now when Jesus was born in Bethlehem,') },
      { verse: 2, layout: layout('they said, “In Bethlehem of Judea, <div eID="g1" type="x-p"/>') },
      { verse: 3, layout: layout(MATTHEW_2_6) },
      { verse: 4, layout: layout('Then Herod secretly called the wise men.') },
      {
        verse: 5,
        layout: layout('<note placement="foot">Only in a footnote.</note><lg sID="z"/><l level="1" sID="w"/>'),
      },
      { verse: 6, layout: layout('A line.') },
    ]);
    expect(verses.map((v) => [v.number, v.breaks?.map(([at, kind]) => `${at}:${kind}`) ?? []])).toEqual([
      [1, []],
      [2, []],
      [3, ['0:s1', '31:l2', '79:l1', '116:l2']],
      [4, ['0:p']],
      [6, ['0:s1']],
    ]);
  });
});
