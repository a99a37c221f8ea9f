import { useEffect, useState } from 'react';
import { getBillingConfig, type BillingConfig } from '../api/billing';
import { billingErrorText } from '../state/errors';

/** Which card provider this server uses (sandbox or Stripe); asked once per page load. */
export function useBillingConfig(): { config: BillingConfig | null; error: string | null } {
  const [state, setState] = useState<{ config: BillingConfig | null; error: string | null }>({ config: null, error: null });
  useEffect(() => {
    let live = true;
    getBillingConfig().then(
      (config) => live && setState({ config, error: null }),
      (e: unknown) => live && setState({ config: null, error: billingErrorText(e, 'Failed to initialize payment setup') }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
