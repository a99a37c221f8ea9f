import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCitations } from './citations';
import { dataPath } from './data';
import { dictionaryEntry } from './dictionary';
import { readingGrade } from './text/readability';

const notes = Object.entries<string>(JSON.parse(readFileSync(dataPath('dictionary/in-brief.json'), 'utf8')).entries);

describe('our notes in brief (dictionary/in-brief.json)', () => {
  it('read at grade 8 or lower, each note', () => {
    expect(notes.filter(([, text]) => readingGrade(text) > 8).map(([name]) => name)).toEqual([]);
  });

  it('cite only verses that exist', () => {
    const cited = notes.map(([name, text]) => ({ name, citations: checkCitations(text) }));
    expect(cited.filter((c) => c.name !== 'essenes' && c.citations.length === 0).map((c) => c.name)).toEqual([]);
    expect(cited.flatMap((c) => c.citations.filter((x) => !x.valid).map((x) => `${c.name}: ${x.text}`))).toEqual([]);
  });

  it('answer who or what first, before Easton', () => {
    expect(dictionaryEntry('tax collector')?.inBrief).toMatch(/^A tax collector gathered taxes for Rome/);
    expect(dictionaryEntry('Pontius Pilate')?.inBrief).toMatch(/Roman governor of Judea/);
    // A numbered sense is answered by the note on the name asked, never another person's of the same name.
    expect(dictionaryEntry('Judas Iscariot')?.inBrief).toBeUndefined();
  });
});
