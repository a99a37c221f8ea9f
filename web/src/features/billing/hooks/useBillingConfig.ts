import { useQuery } from '@tanstack/react-query';
import { billingConfigQuery, type BillingConfig } from '../api/billing';
import { billingErrorText } from '../state/errors';

/** Which card provider this server uses (sandbox or Stripe); asked once per page load. */
export function useBillingConfig(): { config: BillingConfig | null; error: string | null } {
  const query = useQuery(billingConfigQuery);
  return {
    config: query.data ?? null,
    error: query.isError ? billingErrorText(query.error, 'Failed to initialize payment setup') : null,
  };
}
