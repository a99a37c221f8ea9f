import { z } from 'zod';
import type { PlanEvent } from './plans';

const Iso = z.string().datetime();

/** POST /api/plans/:id/progress: the day is checked against the plan's length by the decider. */
export const PlanProgressRequestSchema = z.object({ day: z.number().int() });
export type ParsedPlanProgress = z.output<typeof PlanProgressRequestSchema>;

export const planEventSchemas: Record<PlanEvent['type'], z.ZodType> = {
  PlanStarted: z.object({ planId: z.string(), startedAt: Iso }),
  PlanDayCompleted: z.object({ planId: z.string(), day: z.number().int().positive(), completedAt: Iso }),
};
