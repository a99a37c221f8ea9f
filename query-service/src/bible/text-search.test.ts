import { describe, it, expect } from 'vitest';
import { TextIndex, editDistance, escapeHtml, stem, tokenize } from './text-search';

const verse = (verse: number, text: string) => ({ bookId: 'x', bookName: 'X', chapter: 1, verse, text });

describe('stem', () => {
  it('brings the forms of a word together', () => {
    const forms = ['love', 'loves', 'loved', 'loving', 'loveth', 'lovest'].map(stem);
    expect(new Set(forms).size).toBe(1);
    expect(stem('Jesus'.toLowerCase())).toBe('jesus');
    expect(stem('bodies')).toBe(stem('body'));
  });
});

describe('tokenize', () => {
  it('case-folds and keeps inner apostrophes in the word', () => {
    expect(tokenize('Love doesn’t envy. God’s Kingdom!')).toEqual(['love', 'doesnt', 'envy', 'gods', 'kingdom']);
  });
});

describe('TextIndex', () => {
  const index = new TextIndex([
    verse(1, 'Be patient, therefore, brothers, until the coming of the Lord.'),
    verse(2, 'Love is patient and is kind.'),
    verse(3, 'Love one another; the patient one waits.'),
    verse(4, 'Forgiveness & <mercy> for all.'),
  ]);

  it('puts the phrase match first, then verses with every word', () => {
    const { results, total } = index.search('love is patient', 10);
    expect(results.map((r) => r.verse)).toEqual([2, 3]);
    expect(total).toBe(2);
  });

  it('falls back to partial matches when no verse has every word', () => {
    const { results } = index.search('patient zebra', 10);
    expect(results.map((r) => r.verse).sort()).toEqual([1, 2, 3]);
  });

  it('matches the last word as a prefix and escapes the rest of the text', () => {
    const { results } = index.search('forgiv', 10);
    expect(results[0]!.highlighted).toBe('<mark>Forgiveness</mark> &amp; &lt;mercy&gt; for all.');
  });

  it('returns nothing for a query without words', () => {
    expect(index.search('!!!', 10)).toEqual({ results: [], total: 0, suggestion: null });
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('spelling suggestions', () => {
  const index = new TextIndex([
    verse(1, 'Forgiveness of sins, and forgiveness again.'),
    verse(2, 'Faith, hope, and love remain.'),
    verse(3, 'The shepherd leads the sheep.'),
    verse(4, 'He went to the shore.'),
  ]);

  it('counts one edit per insertion, deletion, change or swap of neighbours', () => {
    expect(editDistance('forgivness', 'forgiveness')).toBe(1);
    expect(editDistance('lvoe', 'love')).toBe(1);
    expect(editDistance('shepard', 'shepherd')).toBe(2);
    expect(editDistance('abc', 'abc')).toBe(0);
  });

  it('given a query that finds nothing, when a word is misspelt, then the search offers the corrected query', () => {
    expect(index.search('forgivness', 10)).toMatchObject({ total: 0, suggestion: 'forgiveness' });
    // The other words still find partial matches; the suggestion is offered all the same.
    expect(index.search('faith hope lvoe', 10).suggestion).toBe('faith hope love');
    expect(index.search('good shepard', 10).suggestion).toContain('shepherd');
  });

  it('suggests nothing when the query finds verses, or when no known word is close', () => {
    expect(index.search('forgiveness', 10).suggestion).toBeNull();
    expect(index.search('forgiv', 10).suggestion).toBeNull(); // still typing: a prefix of a known word
    expect(index.suggest('xylophone')).toBeNull();
    expect(index.suggest('zzz')).toBeNull();
  });

  it('suggests nothing for a query that is not words, so a suggestion is never markup', () => {
    const shore = new TextIndex([
      verse(1, 'He went to the shore and saw an image.'),
      verse(2, 'Faith is the substance.'),
    ]);
    // Before the fix: 'Did you mean <im src=x>?'
    expect(shore.search('<img src=x>', 10).suggestion).toBeNull();
    expect(shore.suggest('<b>faiht</b>')).toBeNull();
    expect(shore.suggest('faiht=1')).toBeNull();
    expect(shore.suggest('javascript:alert(faiht)')).toBeNull();
    // Words with ordinary punctuation still get their correction.
    expect(shore.suggest('faiht, “substanse”!')).toBe('faith, “substance”!');
  });
});
