import { queryOptions } from '@tanstack/react-query';
import type { CurrentPlanResponse } from '@lectio/contracts/plans';
import { getJson } from '../../../lib/api';

/**
 * GET /api/plans/current: the plan the reader follows and the day to read. Starting a plan and
 * marking a day read answer the new progress, which replaces it. (Apart from api/plans.ts: the
 * reader's panel needs this alone.)
 */
export const currentPlanQuery = queryOptions({
  queryKey: ['plans', 'current'],
  queryFn: ({ signal }) => getJson<CurrentPlanResponse>('/api/plans/current', { signal }),
});
