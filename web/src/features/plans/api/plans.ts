import type { CurrentPlanResponse, PlansResponse } from '@lectio/contracts/plans';
import { getJson, postJson } from '../../../lib/api';

export const fetchPlans = () => getJson<PlansResponse>('/api/plans');

export const fetchCurrentPlan = () => getJson<CurrentPlanResponse>('/api/plans/current');

/** Starts a plan (the one already followed keeps its progress); answers the reader's progress. */
export const startPlan = (planId: string) => postJson<CurrentPlanResponse>(`/api/plans/${encodeURIComponent(planId)}/start`);
