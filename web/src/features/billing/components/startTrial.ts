import { ApiError } from '../../../lib/api';
import { toast } from '../../../components/toast';
import { startTrial } from '../api/billing';
import { invalidateTrialStatus } from '../hooks/useTrialStatus';
import { trialMessages as billingMessages } from '../state/trialMessages';

/**
 * POST /api/start-trial with the spec's toasts: 'Your 14-Day Free Trial Has Started!' on success,
 * 'Could not start trial' with the server's message on a refusal, 'Error' when the network failed.
 * Null when the trial started (the caller refreshes the user), else the message shown.
 */
export async function startTrialNow(): Promise<string | null> {
  try {
    await startTrial();
  } catch (e) {
    if (e instanceof ApiError) {
      const message = e.serverMessage ?? billingMessages.trialStartUnexpected;
      toast({ title: billingMessages.trialStartFailed, description: message, variant: 'destructive' });
      return message;
    }
    toast({ title: 'Error', description: billingMessages.trialStartNetwork, variant: 'destructive' });
    return billingMessages.trialStartNetwork;
  }
  invalidateTrialStatus();
  toast({ title: billingMessages.trialStarted, description: billingMessages.trialStartedText });
  return null;
}
