import { useEffect, useState } from 'react';
import { getUsage, type Usage } from '../api/billing';

/** GET /api/user/usage; on the management pages a failure is only logged. */
export function useUsage(enabled: boolean): Usage | null {
  const [usage, setUsage] = useState<Usage | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    getUsage().then(
      (u) => live && setUsage(u),
      (e: unknown) => console.error('Could not fetch usage data', e),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return usage;
}
