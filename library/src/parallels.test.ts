/**
 * The Gospel parallels: at least 100 episodes, every place a real passage of its own Gospel, every
 * quotation in the notes the WEB's or the KJV's words, and the episodes readers compare most present.
 */
import { describe, it, expect } from 'vitest';
import { checkCitations } from './citations';
import { GOSPELS, gospelEpisode, gospelParallels, parallelsFor } from './parallels';
import { gradeOf } from './questions/readability.testing';

describe('the Gospel parallels', () => {
  it('has at least 100 episodes, nearly all told by two Gospels or more', () => {
    const all = gospelParallels();
    const shared = all.filter((e) => GOSPELS.filter((g) => e[g]).length >= 2);
    console.log(
      `gospel parallels: ${all.length} episodes, ${shared.length} told by two Gospels or more, ${all.filter((e) => GOSPELS.every((g) => e[g])).length} by all four`,
    );
    expect(all.length).toBeGreaterThanOrEqual(100);
    expect(shared.length).toBeGreaterThanOrEqual(100);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
  });

  it('places every episode in real passages of the right Gospel, and cites and quotes truly in its notes', () => {
    const problems: string[] = [];
    let count = 0;
    for (const e of gospelParallels()) {
      if (e.differences.trim().length < 40) problems.push(`${e.id}: no note of the differences`);
      for (const g of GOSPELS) {
        const place = e[g];
        if (!place) continue;
        const [c] = checkCitations(place);
        count++;
        if (!c?.valid || c.book !== g) problems.push(`${e.id}: ${place}`);
      }
      const plain = e.plain ?? e.differences;
      if (gradeOf(plain) > 8) problems.push(`${e.id}: no plain note (grade ${gradeOf(plain).toFixed(1)})`);
      for (const c of checkCitations(`${e.differences} ${e.plain ?? ''}`)) {
        count++;
        if (!c.valid) problems.push(`${e.id}: ${c.text} in the note`);
        if (c.quote && !c.quote.matches) problems.push(`${e.id}: "${c.quote.text}" (${c.text})`);
      }
    }
    console.log(`gospel parallels: ${count} references checked`);
    expect(problems).toEqual([]);
  });

  it('holds the episodes readers compare most', () => {
    const titles = gospelParallels().map((e) => e.title.toLowerCase());
    for (const name of [
      'baptism',
      'temptation',
      'beatitudes',
      'five thousand',
      'transfiguration',
      'triumphal entry',
      'last supper',
      'arrest',
      'before pilate',
      'high priest',
      'crucifixion',
      'empty tomb',
      'appears to the disciples',
      'emmaus',
    ])
      expect(
        titles.some((t) => t.includes(name)),
        name,
      ).toBe(true);
    const baptism = gospelEpisode('the-baptism-of-jesus')!;
    expect([baptism.matthew, baptism.mark, baptism.luke, baptism.john]).toEqual([
      'Matthew 3:13-17',
      'Mark 1:9-11',
      'Luke 3:21-22',
      'John 1:29-34',
    ]);
  });

  it('finds the episodes a Gospel passage belongs to, narrowest first', () => {
    expect(parallelsFor('Luke 9:28').map((e) => e.id)).toEqual(['the-transfiguration']);
    expect(parallelsFor('Matthew 5:3').map((e) => e.id)).toEqual([
      'the-beatitudes',
      'the-great-sermon-on-the-mount-on-the-plain',
    ]);
    expect(parallelsFor('Mark 9').map((e) => e.id)).toContain('the-transfiguration');
    expect(parallelsFor('Romans 3:23')).toEqual([]);
  });
});
