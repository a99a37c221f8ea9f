import { queryOptions } from '@tanstack/react-query';
import type { UsageResponse } from '@lectio/contracts/assistant';
import { getJson } from '../../../lib/api';

/** GET /api/user/usage: the real figures of the current billing period; an answer changes them. */
export const usageQuery = queryOptions({
  queryKey: ['user', 'usage'],
  queryFn: ({ signal }) => getJson<UsageResponse>('/api/user/usage', { signal }),
});
