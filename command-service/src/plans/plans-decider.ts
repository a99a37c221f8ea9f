import { findPlan, planMessages, type PlanEvent } from '@lectio/contracts/plans';
import { type Decider, DomainError, VersionedSet } from '@lectio/platform';

export class PlanNotFound extends DomainError {
  readonly kind = 'not_found';
  constructor() {
    super(planMessages.notFound);
  }
}

export class PlanDayOutOfRange extends DomainError {
  readonly kind = 'invalid';
  constructor(days: number) {
    super(planMessages.dayOutOfRange(days), { errors: [{ field: 'day', message: planMessages.dayOutOfRange(days) }] });
  }
}

/** A day of a plan the reader does not follow (another plan, or none). */
export class PlanNotStarted extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super(planMessages.notStarted);
  }
}

/** The plans-<userId> stream. */
export type PlanCommand =
  { type: 'StartPlan'; planId: string; at: Date } | { type: 'CompleteDay'; planId: string; day: number; at: Date };

/** The plan the reader follows and the days of it they have read (any order: catching up is allowed). */
export interface PlanState {
  current: { planId: string; completedDays: VersionedSet<number> } | null;
}

export const plansDecider: Decider<PlanCommand, PlanEvent, PlanState> = {
  initialState: () => ({ current: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'PlanStarted':
        return { current: { planId: event.data.planId, completedDays: VersionedSet.empty() } };
      case 'PlanDayCompleted': {
        const current = state.current;
        if (!current || current.planId !== event.data.planId || current.completedDays.has(event.data.day)) return state;
        return { current: { ...current, completedDays: current.completedDays.add(event.data.day) } };
      }
    }
  },

  decide(command, state) {
    const plan = findPlan(command.planId);
    if (!plan) throw new PlanNotFound();
    switch (command.type) {
      // Starting the plan already followed keeps its progress (a retried start changes nothing);
      // starting another one begins it at day 1.
      case 'StartPlan':
        if (state.current?.planId === plan.id) return [];
        return [{ type: 'PlanStarted', data: { planId: plan.id, startedAt: command.at.toISOString() } }];
      case 'CompleteDay':
        if (!Number.isInteger(command.day) || command.day < 1 || command.day > plan.days)
          throw new PlanDayOutOfRange(plan.days);
        if (state.current?.planId !== plan.id) throw new PlanNotStarted();
        // A day marked twice (a retry, a second tab) is recorded once.
        if (state.current.completedDays.has(command.day)) return [];
        return [
          {
            type: 'PlanDayCompleted',
            data: { planId: plan.id, day: command.day, completedAt: command.at.toISOString() },
          },
        ];
    }
  },
};
