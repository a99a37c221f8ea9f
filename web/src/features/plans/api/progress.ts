import type { CurrentPlanResponse, PlanProgressRequest } from '@lectio/contracts/plans';
import { postJson } from '../../../lib/api';

// Apart from api/plans.ts (the plans page's): a module both lazy chunks shared would become a
// chunk of its own, one more name in the reader's first load.
/** Marks a day read; answers the progress with the next day to read. */
export const completeDay = (planId: string, day: number) => {
  const body: PlanProgressRequest = { day };
  return postJson<CurrentPlanResponse>(`/api/plans/${encodeURIComponent(planId)}/progress`, body);
};
