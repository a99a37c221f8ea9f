import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../../lib/queryClient';
import { trialStatusKey, trialStatusQuery, type TrialStatus } from '../api/billing';

/** After a billing change (trial started, subscribed, cancelled): every reader's trial status is read again. */
export function invalidateTrialStatus() {
  void queryClient.invalidateQueries({ queryKey: trialStatusKey });
}

/**
 * GET /api/user/trial-status for the signed-in reader (`key` names them): undefined while it is
 * being read, null when signed out or when it cannot be read (the banner is then simply not shown).
 */
export function useTrialStatus(key: string | null): TrialStatus | null | undefined {
  const query = useQuery({ ...trialStatusQuery(key ?? ''), enabled: key !== null });
  if (key === null || query.isError) return null;
  return query.data;
}
