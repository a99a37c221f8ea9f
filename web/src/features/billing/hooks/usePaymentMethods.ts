import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentMethodsQuery, type PaymentMethod } from '../api/billing';
import { billingMessages } from '../state/messages';

export interface PaymentMethodsState {
  methods: PaymentMethod[] | null;
  error: string | null;
  /** After a card was added, made default or removed: reads the list again. */
  reload: () => Promise<void>;
}

/** GET /api/payment-methods; a failure reads 'Failed to fetch payment methods'. */
export function usePaymentMethods(enabled = true): PaymentMethodsState {
  const queryClient = useQueryClient();
  const query = useQuery({ ...paymentMethodsQuery, enabled });
  const { error } = query;
  useEffect(() => {
    if (error) console.error(billingMessages.fetchMethodsFailed, error);
  }, [error]);
  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: paymentMethodsQuery.queryKey }),
    [queryClient],
  );
  return { methods: query.data ?? null, error: error ? billingMessages.fetchMethodsFailed : null, reload };
}
