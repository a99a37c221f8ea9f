import { describe, it, expect } from 'vitest';
import { checkCitations } from './citations';
import { disagreementsAbout, knownDisagreements } from './disagreements';
import { gradeOf } from './questions/readability.testing';

describe('known disagreements between sources', () => {
  it("says that Henry and Scofield make Heli Mary's father and Nave's and Easton Joseph's", () => {
    const [heli] = disagreementsAbout('Heli');
    expect(heli?.id).toBe('heli');
    expect(heli!.views.map((v) => v.source)).toEqual([
      "Matthew Henry's Concise Commentary",
      'Scofield Reference Notes',
      "Nave's Topical Bible",
      "Easton's Bible Dictionary",
    ]);
    expect(heli!.note).toMatch(/^The sources differ\./);
    expect(disagreementsAbout('Luke 3:23').map((d) => d.id)).toEqual(['heli', 'jesus-genealogies']);
  });

  it('finds them by name and by passage, and nothing elsewhere', () => {
    expect(disagreementsAbout('Judas Iscariot').map((d) => d.id)).toContain('death-of-judas');
    expect(disagreementsAbout('Acts 1:18').map((d) => d.id)).toEqual(['death-of-judas']);
    expect(disagreementsAbout('John 3:16')).toEqual([]);
    expect(disagreementsAbout('love')).toEqual([]);
  });

  it('cites only real verses and quotes the WEB or the KJV truly', () => {
    const problems: string[] = [];
    for (const d of knownDisagreements()) {
      if (d.views.length < 2) problems.push(`${d.id}: fewer than two views`);
      if (gradeOf(d.plain) > 8) problems.push(`${d.id}: plain note at grade ${gradeOf(d.plain).toFixed(1)}`);
      for (const text of [d.note, d.plain, ...d.references, ...d.views.flatMap((v) => [v.says, v.where])]) {
        for (const c of checkCitations(text)) {
          if (!c.valid) problems.push(`${d.id}: ${c.text}`);
          if (c.quote && !c.quote.matches) problems.push(`${d.id}: "${c.quote.text}" (${c.text})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
