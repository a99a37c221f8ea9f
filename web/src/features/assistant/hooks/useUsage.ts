import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UsageResponse } from '@lectio/contracts/assistant';
import { usageQuery } from '../api/usage';

export interface UsageState {
  usage: UsageResponse | null;
  loading: boolean;
  /** Set when the figures could not be read ('Could not fetch usage data' is logged). */
  error: Error | null;
}

/**
 * The reader's AI usage this billing period (GET /api/user/usage): the banner in the panel and the
 * AI Usage Statistics on the management page, one query for both. `useChat` invalidates it when
 * an answer completes. `enabled` false (signed out, no subscription) skips the call.
 */
export function useUsage(enabled = true): UsageState {
  const query = useQuery({ ...usageQuery, enabled });
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Could not fetch usage data', error);
  }, [error]);
  return {
    usage: enabled ? (query.data ?? null) : null,
    loading: enabled && query.isPending,
    error: enabled ? error : null,
  };
}
