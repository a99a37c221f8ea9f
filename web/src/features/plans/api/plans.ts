import { queryOptions } from '@tanstack/react-query';
import type { CurrentPlanResponse, PlansResponse } from '@lectio/contracts/plans';
import { getJson, postJson } from '../../../lib/api';

/** GET /api/plans: the reading plans on offer (they do not change while the page lives). */
export const plansQuery = queryOptions({
  queryKey: ['plans', 'list'],
  queryFn: ({ signal }) => getJson<PlansResponse>('/api/plans', { signal }),
  staleTime: Infinity,
});

/** Starts a plan (the one already followed keeps its progress); answers the reader's progress. */
export const startPlan = (planId: string) =>
  postJson<CurrentPlanResponse>(`/api/plans/${encodeURIComponent(planId)}/start`);
