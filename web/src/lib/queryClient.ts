import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of the reader's server data (TanStack Query; jotai keeps the local state). Each
 * endpoint is one query, read again when a write that changes it invalidates it. A failed read is
 * not retried and a returning tab does not refetch: each screen says what a failure means (the
 * banner hidden, zeros shown, the error text), as it did when every hook fetched for itself.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
  },
});
