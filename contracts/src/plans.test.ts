import { describe, expect, it } from 'vitest';
import { TOTAL_CHAPTERS } from './books';
import { currentPlanDay, currentPlanOf, findPlan, planDay, READING_PLANS } from './plans';

const everyDay = (planId: string) => Array.from({ length: findPlan(planId)!.days }, (_, i) => planDay(planId, i + 1));

describe('reading plans', () => {
  it('the New Testament in 90 days reads all 260 chapters once, in order, two or three a day', () => {
    const days = everyDay('new-testament-90');
    expect(days).toHaveLength(90);
    const all = days.flat();
    expect(all).toHaveLength(TOTAL_CHAPTERS);
    expect(all[0]).toEqual({ reference: 'Matthew 1', book: 'matthew', chapter: 1 });
    expect(all.at(-1)).toEqual({ reference: 'Revelation 22', book: 'revelation', chapter: 22 });
    expect(new Set(all.map((c) => c.reference)).size).toBe(260);
    expect(new Set(days.map((d) => d.length))).toEqual(new Set([2, 3]));
  });

  it('the Gospels in 30 days read Matthew 1 to John 21, 89 chapters', () => {
    const all = everyDay('gospels-30').flat();
    expect(all).toHaveLength(89);
    expect(all.at(-1)?.reference).toBe('John 21');
    expect(new Set(all.map((c) => c.book))).toEqual(new Set(['matthew', 'mark', 'luke', 'john']));
  });

  it('one chapter a day starts at Matthew 1 and takes 260 days', () => {
    expect(planDay('chapter-a-day', 1)).toEqual([{ reference: 'Matthew 1', book: 'matthew', chapter: 1 }]);
    expect(planDay('chapter-a-day', 29)).toEqual([{ reference: 'Mark 1', book: 'mark', chapter: 1 }]);
    expect(planDay('chapter-a-day', 260)).toEqual([{ reference: 'Revelation 22', book: 'revelation', chapter: 22 }]);
    expect(everyDay('chapter-a-day').every((d) => d.length === 1)).toBe(true);
  });

  it('a day outside the plan, or an unknown plan, has no reading', () => {
    expect(planDay('gospels-30', 0)).toEqual([]);
    expect(planDay('gospels-30', 31)).toEqual([]);
    expect(planDay('nope', 1)).toEqual([]);
  });

  it('the day offered is the first not read, so a missed day is caught up, not skipped', () => {
    const plan = findPlan('gospels-30')!;
    expect(currentPlanDay(plan, [])).toBe(1);
    expect(currentPlanDay(plan, [1, 3, 4])).toBe(2);
    expect(
      currentPlanDay(
        plan,
        Array.from({ length: 30 }, (_, i) => i + 1),
      ),
    ).toBeNull();
    expect(currentPlanOf({ planId: 'gospels-30', completedDays: [2, 1, 1] })).toMatchObject({
      day: 3,
      completedDays: [1, 2],
    });
    expect(currentPlanOf(null)).toEqual({ planId: null, day: null, completedDays: [], today: [] });
  });

  it('lists the four plans', () => {
    expect(READING_PLANS.map((p) => p.id)).toEqual(['new-testament-90', 'gospels-30', 'chapter-a-day', 'bible-year']);
  });

  it('reads the whole Bible in a year: Genesis 1 on day 1, Revelation 22 on day 365, every chapter once, three or four a day', () => {
    const days = Array.from({ length: 365 }, (_, i) => planDay('bible-year', i + 1));
    const all = days.flat();
    expect(all).toHaveLength(1189);
    expect(new Set(all.map((c) => c.reference)).size).toBe(1189);
    expect(days[0]![0]).toEqual({ reference: 'Genesis 1', book: 'genesis', chapter: 1 });
    expect(days[364]!.at(-1)).toEqual({ reference: 'Revelation 22', book: 'revelation', chapter: 22 });
    expect(days.every((d) => d.length >= 3 && d.length <= 4)).toBe(true);
    expect(planDay('bible-year', 366)).toEqual([]);
  });
});
