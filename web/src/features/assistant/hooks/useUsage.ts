import { useCallback, useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { UsageResponse } from '@lectio/contracts/assistant';
import { fetchUsage } from '../api/usage';
import { usageVersionAtom } from '../state/atoms';

export interface UsageState {
  usage: UsageResponse | null;
  loading: boolean;
  /** Set when the figures could not be read ('Could not fetch usage data' is logged). */
  error: Error | null;
  /** Reads the figures again, here and in every other `useUsage()`. */
  refresh(): void;
}

/**
 * The reader's AI usage this billing period (GET /api/user/usage): the banner in the panel and the
 * AI Usage Statistics on the management page. Refreshed after every answer. `enabled` false
 * (signed out, no subscription) skips the call.
 */
export function useUsage(enabled = true): UsageState {
  const version = useAtomValue(usageVersionAtom);
  const bump = useSetAtom(usageVersionAtom);
  const [state, setState] = useState<Omit<UsageState, 'refresh'>>({ usage: null, loading: enabled, error: null });

  useEffect(() => {
    if (!enabled) {
      setState({ usage: null, loading: false, error: null });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    fetchUsage(controller.signal).then(
      (usage) => setState({ usage, loading: false, error: null }),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not fetch usage data', e);
        setState({ usage: null, loading: false, error: e instanceof Error ? e : new Error(String(e)) });
      },
    );
    return () => controller.abort();
  }, [enabled, version]);

  const refresh = useCallback(() => bump((n) => n + 1), [bump]);
  return { ...state, refresh };
}
