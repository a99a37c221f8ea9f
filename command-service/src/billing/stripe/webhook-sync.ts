import type { EventMetadata } from '@lectio/contracts/events';
import { DomainError } from '@lectio/platform';
import type { BillingService } from '../billing-service';
import { chargeOf, paymentFailureOf } from '../choices';
import type { SubscriptionCommand, SubscriptionState } from '../subscription-decider';
import { cardOf, idOf, invoiceResultOf, mapStripeError, type StripeProvider } from './stripe-provider';

/**
 * Brings a reader's subscription stream in line with what Stripe holds now. A webhook only says
 * whom to look at: Stripe delivers events late, twice and out of order, so the facts are fetched
 * again from Stripe and turned into the same subscription commands the sandbox path uses, decided
 * by the same decider. An old event therefore never overwrites newer state (it is never read), and
 * a repeated one finds every fact already recorded (the decider ignores a card, an invoice, a
 * cancellation it has seen).
 */

/** A subscription our stream does not know yet is adopted only after this long: the use case that made it records it first. */
export const ADOPT_AFTER_SECONDS = 120;

const ms = (iso: string | null) => (iso ? new Date(iso).getTime() : NaN);
const later = (...times: number[]) => new Date(Math.max(...times.filter(Number.isFinite)));

export interface SyncResult {
  written: number;
  /** Commands the decider refused (a rule said no): logged, nothing written. */
  refused: string[];
}

export async function syncFromStripe(
  service: BillingService,
  provider: StripeProvider,
  input: { userId: string; customerId: string; at: Date; meta: EventMetadata; trialWillEnd?: boolean },
): Promise<SyncResult> {
  const { stripe } = provider;
  const { userId, customerId, meta } = input;
  const result: SyncResult = { written: 0, refused: [] };
  const fetch = async <T>(fn: () => Promise<T>) => {
    try {
      return await fn();
    } catch (err) {
      throw mapStripeError(err);
    }
  };
  const [customer, cards, subs, invoices] = await Promise.all([
    fetch(() => stripe.customers.retrieve(customerId)),
    fetch(() => stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 })),
    fetch(() => stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })),
    fetch(() =>
      stripe.invoices.list({ customer: customerId, limit: 100, expand: ['data.payments.data.payment.payment_intent'] }),
    ),
  ]);
  if (customer.deleted) return result;
  const stripeDefault = idOf(customer.invoice_settings?.default_payment_method ?? null);

  const run = async (command: SubscriptionCommand) => {
    try {
      result.written += (await service.handler.handle(userId, command, meta)).events.length;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      result.refused.push(`${command.type}: ${err.message}`);
    }
  };
  const state = async (): Promise<SubscriptionState> => (await service.load(userId)).state;
  const at = input.at;

  // 1. Cards: those Stripe holds, the default Stripe charges, none that Stripe no longer has.
  let s = await state();
  for (const pm of cards.data) {
    if (pm.card && !s.cards.has(pm.id))
      await run({ type: 'AddPaymentMethod', at, customerId, card: cardOf(pm), makeDefault: pm.id === stripeDefault });
  }
  s = await state();
  if (stripeDefault && s.defaultPaymentMethodId !== stripeDefault && s.cards.has(stripeDefault))
    await run({ type: 'SetDefaultPaymentMethod', at, paymentMethodId: stripeDefault });
  for (const c of (await state()).cards.values()) {
    if (!cards.data.some((pm) => pm.id === c.paymentMethodId))
      await run({ type: 'RemovePaymentMethod', at, paymentMethodId: c.paymentMethodId });
  }

  // 2. The subscription: ours if the stream names it, else the newest Stripe holds.
  s = await state();
  const ordered = [...subs.data].sort((a, b) => b.created - a.created);
  const sub =
    ordered.find((x) => x.id === s.providerSubscriptionId) ??
    ordered.find((x) => x.status !== 'canceled' && x.status !== 'incomplete_expired') ??
    null;
  const nowS = Math.floor(at.getTime() / 1000);
  if (sub && sub.status === 'trialing' && !s.trialUsed && sub.trial_end && nowS - sub.created >= ADOPT_AFTER_SECONDS) {
    // Our append after Stripe's answer was lost (a crash): the trial Stripe runs is recorded now.
    await run({
      type: 'StartTrial',
      at: new Date((sub.trial_start ?? sub.created) * 1000),
      trialEndsAt: new Date(sub.trial_end * 1000),
      customerId,
      providerSubscriptionId: sub.id,
      // Recorded as Stripe runs it: the claims of one trial per person are our sign-ups' own.
      priorTrial: null,
    });
  }

  // 3. Charges: every invoice with money on it that the stream has not recorded, oldest first.
  const charged = invoices.data.filter((i) => i.amount_due > 0).sort((a, b) => a.created - b.created);
  for (const inv of charged) {
    const r = invoiceResultOf(inv);
    if (!r) continue;
    s = await state();
    if (s.paidInvoices.has(r.invoiceId) || s.failedInvoices.has(r.invoiceId)) continue;
    const subId = idOf(inv.parent?.subscription_details?.subscription ?? null);
    const ofSub = subs.data.find((x) => x.id === subId);
    const start = ms(r.periodStart);
    if (r.status === 'paid') {
      if (s.status === 'trial') {
        const upgraded = start < ms(s.trialEndsAt) - 1000;
        const when = upgraded ? new Date(start) : later(start, ms(s.trialEndsAt));
        await run({
          type: 'ConvertTrial',
          at: when,
          reason: upgraded ? 'upgraded' : 'trial_ended',
          customerId,
          providerSubscriptionId: subId ?? s.providerSubscriptionId!,
          charge: chargeOf(r),
        });
      } else if (s.status === 'active' || s.status === 'past_due') {
        await run({ type: 'RecordRenewal', at: later(start, ms(s.periodEnd), at.getTime()), charge: chargeOf(r) });
      } else if (subId && ofSub && ofSub.status !== 'canceled') {
        // A subscription started outside our use cases (Stripe Checkout): activated by its first paid invoice.
        await run({
          type: 'Activate',
          at: later(start, at.getTime()),
          customerId,
          providerSubscriptionId: subId,
          charge: chargeOf(r),
        });
      }
    } else if (ofSub && (ofSub.status === 'past_due' || ofSub.status === 'unpaid')) {
      await run(paymentFailureOf(r, later(start, at.getTime())));
    }
  }

  // 4. Cancel at period end, or its withdrawal, as Stripe now has it.
  s = await state();
  const current = subs.data.find((x) => x.id === s.providerSubscriptionId) ?? null;
  if (current && current.status !== 'canceled') {
    if (current.cancel_at_period_end && (s.status === 'trial' || s.status === 'active'))
      await run({ type: 'Cancel', at });
    else if (!current.cancel_at_period_end && s.status === 'canceled') await run({ type: 'Resume', at });
  }

  // 5. Ended at Stripe: a trial with no card expires; a cancelled or unpaid subscription ends.
  s = await state();
  if (current && current.status === 'canceled') {
    const ended = later(at.getTime(), (current.ended_at ?? 0) * 1000);
    if (s.status === 'trial' && !s.defaultPaymentMethodId)
      await run({ type: 'ExpireTrial', at: later(ended.getTime(), ms(s.trialEndsAt)) });
    else if (s.status === 'canceled' || s.status === 'past_due') await run({ type: 'EndSubscription', at: ended });
  }

  // 6. customer.subscription.trial_will_end: the notice (the decider writes it once, and only in its window).
  if (input.trialWillEnd) await run({ type: 'NoticeTrialEnding', at });
  return result;
}
