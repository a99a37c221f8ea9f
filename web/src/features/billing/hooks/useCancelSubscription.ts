import { useState } from 'react';
import { toast } from '../../../components/toast';
import { refreshAuth } from '../../../lib/auth';
import { formatLongDate } from '../../accounts';
import { cancelSubscription } from '../api/billing';
import { billingErrorText } from '../state/errors';
import { billingMessages } from '../state/messages';
import { invalidateTrialStatus } from './useTrialStatus';

/** POST /api/cancel-subscription; success refreshes the user, failure toasts 'Cancellation Failed'. */
export function useCancelSubscription() {
  const [pending, setPending] = useState(false);
  const cancel = async (): Promise<boolean> => {
    setPending(true);
    try {
      const res = await cancelSubscription();
      const until = res?.accessEndsAt ? ` Your access continues until ${formatLongDate(res.accessEndsAt)}.` : '';
      toast({
        title: billingMessages.cancelled,
        description: res?.accessEndsAt
          ? `You will keep premium access until the end of your billing period.${until}`
          : billingMessages.cancelledText,
      });
      invalidateTrialStatus();
      await refreshAuth();
      return true;
    } catch (e) {
      console.error(billingMessages.cancelFailed, e);
      toast({
        title: billingMessages.cancelFailedTitle,
        description: billingErrorText(e, billingMessages.cancelFailed),
        variant: 'destructive',
      });
      return false;
    } finally {
      setPending(false);
    }
  };
  return { pending, cancel };
}
