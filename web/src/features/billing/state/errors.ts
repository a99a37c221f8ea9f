import { ApiError } from '../../../lib/api';
import { failureText } from '../../../lib/apiErrors';

/**
 * What a billing failure says: the server's message (or its field errors) when it sent one, the
 * message of an error we raised ourselves (e.g. 'Invalid setup intent response'), else the fallback.
 */
export function billingErrorText(e: unknown, fallback: string): string {
  if (e instanceof ApiError) return failureText(e, fallback);
  if (e instanceof Error && e.message && !/fetch|network|load failed/i.test(e.message)) return e.message;
  return fallback;
}

/** The raw text of a failed call, for the real checkout page ('On error the raw text is shown'). */
export function rawErrorText(e: unknown, fallback: string): string {
  if (e instanceof ApiError) return e.bodyText || e.message;
  if (e instanceof Error && e.message) return e.message;
  return fallback;
}
