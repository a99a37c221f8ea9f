import { describe, it, expect } from 'vitest';
import { osisToText } from './osis-text';

describe('osisToText', () => {
  it('removes a footnote between two words without gluing them (WEB John 3:16)', () => {
    const osis =
      '<q marker="" who="Jesus"><w lemma="strong:G3439">only</w> born</q><note placement="foot"><reference type="annotateRef">3:16 </reference>The phrase “only born” is from the Greek word “μονογενη”.</note><q marker="" who="Jesus"><w lemma="strong:G5207">Son</w>, <w lemma="strong:G2443">that</w></q>';
    expect(osisToText(osis)).toBe('only born Son, that');
  });

  it('keeps punctuation against the word when a note sits before it (WEB Luke 12:6)', () => {
    const osis =
      '<q>“Aren’t five sparrows sold for two assaria coins</q> <note placement="foot">An assarion was a coin.</note> <q>? Not one</q>';
    expect(osisToText(osis)).toBe('“Aren’t five sparrows sold for two assaria coins? Not one');
    expect(osisToText('the very last penny.</q> <note>literally, lepton.</note> <q>”</q>')).toBe(
      'the very last penny.”',
    );
  });

  it('does not glue a note that closes up to the next word (WEB Mark 16:8)', () => {
    expect(
      osisToText('<w>went</w> <w>out</w>,<note placement="foot">TR adds “quickly”</note><w>and</w> <w>fled</w>'),
    ).toBe('went out, and fled');
  });

  it('separates poetry lines and paragraphs but not inline markup', () => {
    const osis =
      '<lg sID="a"/><l level="1" sID="b"/>“<w>Behold</w>, <w>the</w> <w>virgin</w>,<l eID="b"/><l level="2" sID="c"/><w>and</w> <w>shall</w> <w>give</w>n<l eID="c"/>';
    expect(osisToText(osis)).toBe('“Behold, the virgin, and shall given');
  });

  it('drops cross references, titles, pilcrows and preverse headings; decodes entities', () => {
    const osis =
      '<div type="x-milestone" subType="x-preverse" sID="p"/><title type="main">Heading</title><q>¶ <w>For</w> <transChange type="added">it is</transChange> &amp; so</q><note type="crossReference"><reference>Gen 1:1</reference></note>.';
    expect(osisToText(osis)).toBe('For it is & so.');
  });

  it('cuts the glossary that the WEB module appends to Revelation 22:21', () => {
    const osis =
      'saints. Amen. <chapter eID="Rev.22"/> <div sID="g" type="glossary"/> <title>World English Bible Glossary</title> Abaddon is Hebrew for destruction.';
    expect(osisToText(osis)).toBe('saints. Amen.');
  });

  it('returns an empty string for a verse that is only a footnote (WEB Acts 8:37)', () => {
    expect(
      osisToText(
        '<div type="x-p" sID="1"/><note placement="foot">TR adds <rdg type="alternate">Philip said…</rdg></note>',
      ),
    ).toBe('');
  });
});
