import { describe, it } from 'vitest';
import type { PlanEvent } from '@lectio/contracts/plans';
import { spec } from '@lectio/platform/testing';
import { plansDecider } from './plans-decider';

const at = new Date('2026-11-20T06:30:00.000Z');
const started = (planId: string): PlanEvent => ({ type: 'PlanStarted', data: { planId, startedAt: at.toISOString() } });
const completed = (planId: string, day: number): PlanEvent => ({
  type: 'PlanDayCompleted',
  data: { planId, day, completedAt: at.toISOString() },
});

describe('plans decider', () => {
  it('starts a plan', () => {
    spec(plansDecider)
      .given([])
      .when({ type: 'StartPlan', planId: 'gospels-30', at })
      .then([started('gospels-30')]);
  });

  it('starting the plan already followed keeps its progress', () => {
    spec(plansDecider)
      .given([started('gospels-30'), completed('gospels-30', 1)])
      .when({ type: 'StartPlan', planId: 'gospels-30', at })
      .thenNothing();
  });

  it('starting another plan begins it', () => {
    spec(plansDecider)
      .given([started('gospels-30'), completed('gospels-30', 1)])
      .when({ type: 'StartPlan', planId: 'new-testament-90', at })
      .then([started('new-testament-90')]);
  });

  it('an unknown plan is refused', () => {
    spec(plansDecider)
      .given([])
      .when({ type: 'StartPlan', planId: 'psalms-in-a-week', at })
      .thenThrows('Reading plan not found');
    spec(plansDecider)
      .given([started('gospels-30')])
      .when({ type: 'CompleteDay', planId: 'nope', day: 1, at })
      .thenThrows('Reading plan not found');
  });

  it('marks a day read, in any order (a missed day can be caught up later)', () => {
    spec(plansDecider)
      .given([started('gospels-30'), completed('gospels-30', 1)])
      .when({ type: 'CompleteDay', planId: 'gospels-30', day: 3, at })
      .then([completed('gospels-30', 3)]);
  });

  it('a day marked twice is recorded once', () => {
    spec(plansDecider)
      .given([started('gospels-30'), completed('gospels-30', 2)])
      .when({ type: 'CompleteDay', planId: 'gospels-30', day: 2, at })
      .thenNothing();
  });

  it('a day outside the plan is refused', () => {
    for (const day of [0, 31, -1, 1.5]) {
      spec(plansDecider)
        .given([started('gospels-30')])
        .when({ type: 'CompleteDay', planId: 'gospels-30', day, at })
        .thenThrows('Choose a day from 1 to 30');
    }
  });

  it('a day of a plan not followed is refused', () => {
    spec(plansDecider)
      .given([])
      .when({ type: 'CompleteDay', planId: 'gospels-30', day: 1, at })
      .thenThrows('Start this plan before marking its days');
    spec(plansDecider)
      .given([started('gospels-30')])
      .when({ type: 'CompleteDay', planId: 'chapter-a-day', day: 1, at })
      .thenThrows('Start this plan before marking its days');
  });

  it('a restarted plan begins again at day 1', () => {
    spec(plansDecider)
      .given([started('gospels-30'), completed('gospels-30', 1), started('chapter-a-day'), started('gospels-30')])
      .when({ type: 'CompleteDay', planId: 'gospels-30', day: 1, at })
      .then([completed('gospels-30', 1)]);
  });
});
