/**
 * The running revenue and churn summary, folded from Lectio's subscription events as published on
 * NATS (see GET /api/events/asyncapi.json for every field). Pure: the consumer feeds it messages.
 */
export interface PublishedEvent {
  id: string;
  type: string;
  streamId: string;
  createdAt: string;
  data: Record<string, unknown>;
}

export interface RevenueSummary {
  /** Event ids already counted: a redelivered message (same Nats-Msg-Id) changes nothing. */
  seen: string[];
  revenueCents: number;
  charges: number;
  trialsStarted: number;
  /** Readers paying now (stream ids). */
  paying: string[];
  /** Readers who ever paid. */
  everPaid: string[];
  cancellations: number;
  ended: number;
  endedByReason: Record<string, number>;
}

export const emptySummary = (): RevenueSummary => ({
  seen: [],
  revenueCents: 0,
  charges: 0,
  trialsStarted: 0,
  paying: [],
  everPaid: [],
  cancellations: 0,
  ended: 0,
  endedByReason: {},
});

const CHARGES = new Set(['SubscriptionActivated', 'TrialConverted', 'SubscriptionRenewed']);

/** Folds one event in; an event id seen before is skipped (returns false). */
export function apply(s: RevenueSummary, e: PublishedEvent): boolean {
  if (s.seen.includes(e.id)) return false;
  s.seen.push(e.id);
  const reader = e.streamId;
  if (e.type === 'TrialStarted') s.trialsStarted++;
  if (CHARGES.has(e.type) && typeof e.data.amountCents === 'number') {
    s.revenueCents += e.data.amountCents;
    s.charges++;
    if (!s.paying.includes(reader)) s.paying.push(reader);
    if (!s.everPaid.includes(reader)) s.everPaid.push(reader);
  }
  if (e.type === 'SubscriptionCancelled') s.cancellations++;
  if (e.type === 'SubscriptionEnded') {
    s.ended++;
    const reason = typeof e.data.reason === 'string' ? e.data.reason : 'unknown';
    s.endedByReason[reason] = (s.endedByReason[reason] ?? 0) + 1;
    s.paying = s.paying.filter((r) => r !== reader);
  }
  return true;
}

/** Churn: readers who paid and no longer do, out of all who ever paid. */
export function churnPercent(s: RevenueSummary): number {
  if (s.everPaid.length === 0) return 0;
  return Math.round(((s.everPaid.length - s.paying.length) / s.everPaid.length) * 1000) / 10;
}

export function formatSummary(s: RevenueSummary): string {
  return [
    `revenue $${(s.revenueCents / 100).toFixed(2)} from ${s.charges} charges`,
    `paying ${s.paying.length}`,
    `trials ${s.trialsStarted}`,
    `cancelled ${s.cancellations}`,
    `ended ${s.ended}`,
    `churn ${churnPercent(s)}%`,
  ].join('; ');
}
