import { describe, expect, it } from 'vitest';
import { SAFETY_RESOURCES } from '@lectio/contracts/safety';
import { checkCitations } from '../citations';
import { quoteVerse } from '../quote';
import { besideDistress, carriesResources, fitBesideDistress } from './distress';
import { checkInText } from './respond';

const checkIn = { band: 'check_in', category: 'suicide' } as const;
const options = (bookId: string, chapter: number, verse: number) => ({
  translation: 'web' as const,
  style: 'moderate' as const,
  at: { bookId, chapter, verse },
});

/** An answer as the offline assistant puts one together: the verse, Henry on it, and a list of topics. */
function answerOn(bookId: string, chapter: number, verse: number, henry: string, topics: string[]): string {
  return [
    'This is an offline answer from the Lectio library, not from an AI model.',
    quoteVerse('web', bookId, chapter, verse),
    `Matthew Henry's Concise Commentary: ${henry}`,
    ['Topics this verse belongs to:', ...topics.map((t) => `- ${t}`)].join('\n'),
    'Sources: World English Bible (public domain).',
  ].join('\n\n');
}

describe('an answer beside distress', () => {
  it('at Philippians 1:23 leaves out "to die is gain", Henry on death as deliverance and "Death: Desired", and says Paul chose to stay', () => {
    const answer = answerOn(
      'philippians',
      1,
      23,
      'Death is a great loss to a carnal, worldly man; but to a true believer it is gain, for it is the end of all his weakness and misery. It delivers him from all the evils of life, and brings him to possess the chief good.',
      ['Death: Desired: Paul: 2 Corinthians 5:8; Philippians 1:20-23', 'Love: Of man for Jesus: Matthew 10:37'],
    );
    expect(answer).toContain('It delivers him from all the evils of life');
    const text = besideDistress(answer, checkIn, options('philippians', 1, 23));
    expect(text).toMatch(/^If you're carrying something heavy right now/);
    for (const r of SAFETY_RESOURCES.suicide) expect(text).toContain(r.line);
    expect(text).not.toContain('desire to depart');
    expect(text).not.toContain('delivers him from all the evils of life');
    expect(text).not.toContain('Death: Desired');
    expect(text).toContain('Love: Of man for Jesus');
    expect(text).toContain('he chooses to stay');
    expect(text).toContain('"Having this confidence, I know that I will remain');
    expect(text).toContain('(Psalm 34:18)');
    expect(text.trim().endsWith('Sources: World English Bible (public domain).')).toBe(true);
    for (const c of checkCitations(text)) if (c.quote) expect(c.quote.matches, c.text).toBe(true);
  });

  it('never gives Hebrews 6:4-8 without Hebrews 6:9', () => {
    const text = besideDistress(
      answerOn('hebrews', 6, 6, 'It is impossible to renew them again unto repentance.', ['Apostasy: Hebrews 6:4-6']),
      { band: 'check_in', category: 'self_harm' },
      options('hebrews', 6, 6),
    );
    expect(text).not.toContain('(Hebrews 6:6)');
    expect(text).toContain('"But, beloved, we are persuaded of better things for you');
  });

  it('leaves out anxiety called sin and folly, and warnings of judgement, keeps the rest', () => {
    expect(fitBesideDistress('Henry: anxious care about the morrow is sin and folly.')).toBe(false);
    expect(
      fitBesideDistress(
        'There is scarcely any sin against which our Lord more warns his disciples than distrustful cares.',
      ),
    ).toBe(false);
    expect(fitBesideDistress('Such as fall away fall into everlasting destruction.')).toBe(false);
    expect(
      fitBesideDistress('There is therefore now no condemnation for those who are in Christ Jesus (Romans 8:1).'),
    ).toBe(true);
    expect(fitBesideDistress('Jesus wept (John 11:35): he shares our grief.')).toBe(true);
  });

  it("keeps a model's own check-in instead of adding a second, and adds ours when it left the helplines out", () => {
    const withHelp = `I'm sorry it's so hard. ${SAFETY_RESOURCES.suicide.map((r) => r.line).join(' ')}\n\nJohn 3:16 shows God's love.`;
    expect(carriesResources(withHelp, 'suicide')).toBe(true);
    const kept = besideDistress(withHelp, checkIn, options('john', 3, 16));
    expect(kept.match(/988/g)).toHaveLength(1);
    expect(kept).toMatch(/^I'm sorry it's so hard\./);
    // Our own check-in passes through untouched.
    const ours = `${checkInText('suicide', 'moderate')}\n\nJohn 3:16 shows God's love.`;
    expect(besideDistress(ours, checkIn, options('john', 3, 16)).startsWith(checkInText('suicide', 'moderate'))).toBe(
      true,
    );
    expect(besideDistress(ours, checkIn, options('john', 3, 16)).match(/988/g)).toHaveLength(1);
    const without = besideDistress("John 3:16 shows God's love.", checkIn, options('john', 3, 16));
    expect(carriesResources(without, 'suicide')).toBe(true);
    expect(without.indexOf('988')).toBeLessThan(without.indexOf('John 3:16'));
  });
});
