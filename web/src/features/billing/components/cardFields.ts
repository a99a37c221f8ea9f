import type { MutableRefObject } from 'react';
import type { ConfirmedCard } from '../api/billing';

/** What confirming a card with the provider gave: the card, or a message (null when the fields already say what is wrong). */
export type ConfirmOutcome = { ok: true; card: ConfirmedCard } | { ok: false; message: string | null };

/** The provider's fields register how to confirm the card set up under the client secret. */
export interface CardFieldsProps {
  clientSecret: string;
  confirmRef: MutableRefObject<(() => Promise<ConfirmOutcome>) | null>;
  disabled: boolean;
  publishableKey?: string | null;
}
