import { ApiError } from '../../../lib/api';
import { toast } from '../../../components/toast';
import { startTrial } from '../api/billing';
import { invalidateTrialStatus } from '../hooks/useTrialStatus';
import { trialMessages as billingMessages } from '../state/trialMessages';

/**
 * POST /api/start-trial with the spec's toasts: 'Your 14-Day Free Trial Has Started!' on success,
 * 'Could not start trial' with the server's message on a refusal, 'Error' when the network failed.
 * True when the trial started (the caller refreshes the user; the protected routes then ask for a card).
 */
export async function startTrialNow(): Promise<boolean> {
  try {
    await startTrial();
  } catch (e) {
    if (e instanceof ApiError)
      toast({ title: billingMessages.trialStartFailed, description: e.serverMessage ?? billingMessages.trialStartUnexpected, variant: 'destructive' });
    else toast({ title: 'Error', description: billingMessages.trialStartNetwork, variant: 'destructive' });
    return false;
  }
  invalidateTrialStatus();
  toast({ title: billingMessages.trialStarted, description: billingMessages.trialStartedText });
  return true;
}
