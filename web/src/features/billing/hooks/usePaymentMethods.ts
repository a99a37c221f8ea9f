import { useCallback, useEffect, useState } from 'react';
import { listPaymentMethods, type PaymentMethod } from '../api/billing';
import { billingMessages } from '../state/messages';

export interface PaymentMethodsState {
  methods: PaymentMethod[] | null;
  error: string | null;
  reload: () => Promise<void>;
}

/** GET /api/payment-methods; a failure reads 'Failed to fetch payment methods'. */
export function usePaymentMethods(enabled = true): PaymentMethodsState {
  const [methods, setMethods] = useState<PaymentMethod[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      const list = await listPaymentMethods();
      setMethods(list);
      setError(null);
    } catch (e) {
      console.error(billingMessages.fetchMethodsFailed, e);
      setError(billingMessages.fetchMethodsFailed);
    }
  }, []);
  useEffect(() => {
    if (enabled) void reload();
  }, [enabled, reload]);
  return { methods, error, reload };
}
