import { useEffect, useState } from 'react';
import { getTrialStatus, type TrialStatus } from '../api/billing';

/** The trial status is cached 5 minutes. Billing changes clear it. */
const TTL_MS = 5 * 60 * 1000;
let cached: { key: string; at: number; value: TrialStatus } | null = null;

export function invalidateTrialStatus() {
  cached = null;
}

/**
 * GET /api/user/trial-status for the signed-in reader (`key` names them): undefined while it is
 * being read, null when signed out or when it cannot be read.
 */
export function useTrialStatus(key: string | null): TrialStatus | null | undefined {
  const fresh = cached && key && cached.key === key && Date.now() - cached.at < TTL_MS ? cached.value : key ? undefined : null;
  const [value, setValue] = useState<TrialStatus | null | undefined>(fresh);
  useEffect(() => {
    if (!key) {
      setValue(null);
      return;
    }
    if (cached && cached.key === key && Date.now() - cached.at < TTL_MS) {
      setValue(cached.value);
      return;
    }
    let live = true;
    getTrialStatus().then(
      (status) => {
        cached = { key, at: Date.now(), value: status };
        if (live) setValue(status);
      },
      // The banner is simply not shown when the status cannot be read.
      () => live && setValue(null),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return value;
}
