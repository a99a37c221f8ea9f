import { describe, expect, it } from 'vitest';
import { COMMUNICATION_STYLES } from '@lectio/contracts/assistant';
import { SAFETY_CATEGORIES, SAFETY_RESOURCES } from '@lectio/contracts/safety';
import { checkCitations } from '../citations';
import { checkInText, safetyAnswer } from './respond';

describe('the answer to a reader in danger', () => {
  it('starts with care and the helplines, and quotes Scripture exactly in the reader translation, for every category and style', () => {
    for (const category of SAFETY_CATEGORIES) {
      for (const translation of ['web', 'kjv'] as const) {
        for (const style of COMMUNICATION_STYLES) {
          const text = safetyAnswer(category, { translation, style });
          const where = `${category}/${translation}/${style}`;
          expect(text.indexOf('local emergency number'), where).toBeGreaterThan(0);
          expect(text.indexOf('local emergency number'), where).toBeLessThan(400);
          for (const r of SAFETY_RESOURCES[category]) expect(text, where).toContain(r.line);
          const citations = checkCitations(text);
          expect(citations.length, where).toBeGreaterThan(0);
          for (const c of citations) {
            expect(c.valid, `${where}: ${c.text}`).toBe(true);
            if (c.quote) expect(c.quote.matches, `${where}: "${c.quote.text}" (${c.text})`).toBe(true);
          }
        }
      }
    }
  });

  it('names 988, Samaritans and findahelpline.com for suicidal thoughts, and a domestic-abuse hotline for abuse', () => {
    const suicide = safetyAnswer('suicide', { translation: 'web', style: 'simple' });
    expect(suicide).toContain('call or text 988');
    expect(suicide).toContain('Samaritans on 116 123');
    expect(suicide).toContain('findahelpline.com');
    expect(suicide).toContain(
      '"Yahweh is near to those who have a broken heart, and saves those who have a crushed spirit" (Psalm 34:18)',
    );
    expect(safetyAnswer('suicide', { translation: 'kjv', style: 'moderate' })).toContain(
      '"The LORD is nigh unto them that are of a broken heart',
    );
    expect(safetyAnswer('abuse', { translation: 'web', style: 'moderate' })).toContain(
      'National Domestic Violence Hotline, call 1-800-799-7233',
    );
  });

  it('puts the emergency number first for a described emergency, and names coercive control as abuse', () => {
    for (const style of COMMUNICATION_STYLES)
      expect(safetyAnswer('medical_emergency', { translation: 'web', style })).toMatch(
        /^Please call your local emergency number now \(911 in the US and Canada, 999 in the UK, 112/,
      );
    for (const style of COMMUNICATION_STYLES)
      expect(safetyAnswer('abuse', { translation: 'web', style })).toContain(
        'locked in, cut off from your phone, your money or the people you love, or told to keep it secret, even by a relative or a church leader, is abuse',
      );
  });

  it('opens a check-in with a warm sentence and every helpline, whatever the style', () => {
    for (const category of SAFETY_CATEGORIES)
      for (const style of COMMUNICATION_STYLES) {
        const text = checkInText(category, style);
        expect(text.length).toBeLessThan(900);
        for (const r of SAFETY_RESOURCES[category]) expect(text).toContain(r.line);
        expect(text).toContain('911');
      }
    expect(checkInText('suicide', 'moderate')).toMatch(
      /^If you're carrying something heavy right now, you don't have to carry it alone\./,
    );
  });

  it('says plainly that a dangerous practice is not commanded', () => {
    const text = safetyAnswer('dangerous_practice', { translation: 'web', style: 'simple' });
    expect(text).toMatch(
      /^Please do not do this\. Scripture does not command anyone to handle snakes, drink poison, stop taking medicine/,
    );
    expect(text).toContain('Mark 16:17-18');
  });

  it('keeps the simple style short without dropping any helpline', () => {
    const simple = safetyAnswer('abuse', { translation: 'web', style: 'simple' });
    const scholarly = safetyAnswer('abuse', { translation: 'web', style: 'scholarly' });
    expect(simple.length).toBeLessThan(scholarly.length);
    for (const r of SAFETY_RESOURCES.abuse) expect(simple).toContain(r.display);
  });
});
