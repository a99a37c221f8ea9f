import type { CardFacts, ChargeFacts } from '@lectio/contracts/billing';
import { DAY_MS } from '@lectio/contracts/time';

/** The billing specs' calendar: day 0 is 2026-01-01, cards and monthly charges counted from it. */
export const t0 = new Date('2026-01-01T00:00:00.000Z');
export const at = (days: number) => new Date(t0.getTime() + days * DAY_MS);
export const iso = (days: number) => at(days).toISOString();
export const visa: CardFacts = { paymentMethodId: 'pm_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
export const mc: CardFacts = {
  paymentMethodId: 'pm_2',
  brand: 'mastercard',
  last4: '4444',
  expMonth: 1,
  expYear: 2031,
};
/** A $15.00 charge for the 30 days from `from`. */
export const charge = (id: string, from: number): ChargeFacts => ({
  invoiceId: id,
  amountCents: 1500,
  periodStart: iso(from),
  periodEnd: iso(from + 30),
});
