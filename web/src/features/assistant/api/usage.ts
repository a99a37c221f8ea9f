import type { UsageResponse } from '@lectio/contracts/assistant';
import { getJson } from '../../../lib/api';

/** GET /api/user/usage: the real figures of the current billing period. */
export const fetchUsage = (signal?: AbortSignal) => getJson<UsageResponse>('/api/user/usage', { signal });
