import {
  PREMIUM_PRICE_LABEL,
  SUBSCRIPTION_EVENT_TYPES,
  type SubscriptionEvent,
  TRIAL_ENDING_NOTICE_DAYS,
} from '@lectio/contracts/billing';
import { EventMessage, streams } from '@lectio/contracts/events';
import { SUBSCRIPTION_EVENTS_SUBJECT } from '@lectio/contracts/subjects';
import type { Bus, BusMessage } from '@lectio/platform/bus';
import type { Db, Logger, Queryable } from '@lectio/platform';
import { handleOnce, isEventOf, readInboxState } from '@lectio/platform/projections';
import { readUser } from '@lectio/projections';
import type { MailMessage, MailPort } from '../mail/port';

/**
 * Billing automation: reads subscription events from the bus as an outside consumer would (a
 * durable consumer on lectio.events.subscription.>, the wire form of contracts' EventMessage) and
 * mails the reader: the trial ends in 3 days, a payment failed, the subscription was cancelled.
 * Exactly once per event: the inbox row (keyed by event id) and the mail to send are written in
 * one transaction, so a redelivered message finds the inbox row and sends nothing; the mail is
 * then sent and marked sent (table billing_mails). A crash between sending and marking can only
 * repeat a send to the SMTP server, never skip one.
 */
export const AUTOMATION_CONSUMER = 'billing-automation';

const date = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mail an event calls for, or null. */
export function billingMail(
  event: SubscriptionEvent,
  baseUrl: string,
): (Omit<MailMessage, 'to'> & { kind: string }) | null {
  const paragraphs = (lines: string[], link?: { href: string; label: string }) => ({
    text: [...lines, ...(link ? [`${link.label}: ${link.href}`] : [])].join('\n\n'),
    html: [
      ...lines.map((l) => `<p>${esc(l)}</p>`),
      ...(link ? [`<p><a href="${esc(link.href)}">${esc(link.label)}</a></p>`] : []),
    ].join('\n'),
  });
  switch (event.type) {
    case 'TrialWillEnd': {
      const d = event.data;
      const lines = d.paymentMethodProvided
        ? [
            `Your Lectio free trial ends in ${TRIAL_ENDING_NOTICE_DAYS} days, on ${date(d.trialEndsAt)}.`,
            `After that, Premium continues at ${PREMIUM_PRICE_LABEL}, charged to the card you saved. Nothing is charged before then.`,
            'Not for you? Cancel any time before then from Account Settings, Subscription tab, Cancel Subscription; you will not be charged.',
          ]
        : [
            `Your Lectio free trial ends in ${TRIAL_ENDING_NOTICE_DAYS} days, on ${date(d.trialEndsAt)}.`,
            `To keep Premium at ${PREMIUM_PRICE_LABEL}, add a payment method before then. Otherwise the trial simply ends; nothing is charged.`,
          ];
      return {
        kind: 'trial_will_end',
        subject: `Your Lectio trial ends in ${TRIAL_ENDING_NOTICE_DAYS} days`,
        ...paragraphs(lines, { href: `${baseUrl}/account`, label: 'Manage your subscription' }),
      };
    }
    case 'PaymentFailed': {
      const d = event.data;
      return {
        kind: 'payment_failed',
        subject: 'Your Lectio payment failed',
        ...paragraphs(
          [
            `We could not charge ${PREMIUM_PRICE_LABEL} for your Lectio Premium subscription on ${date(d.failedAt)}: ${d.reason}`,
            'Your subscription is past due and Premium is paused. Update your card and we will charge it right away.',
          ],
          { href: `${baseUrl}/manage-subscription`, label: 'Fix your payment method' },
        ),
      };
    }
    case 'SubscriptionCancelled': {
      const d = event.data;
      const lines = d.duringTrial
        ? [
            `Your Lectio trial is cancelled. You will not be charged. Your trial access ends on ${date(d.accessEndsAt)}.`,
          ]
        : [
            `Your Lectio Premium subscription is cancelled. You keep Premium until ${date(d.accessEndsAt)}; nothing more will be charged.`,
            'Changed your mind? Renew any time before then.',
          ];
      return {
        kind: 'subscription_cancelled',
        subject: 'Your Lectio subscription is cancelled',
        ...paragraphs(lines, { href: `${baseUrl}/account`, label: 'Your subscription' }),
      };
    }
    case 'TrialExtended': {
      const d = event.data;
      return {
        kind: 'trial_extended',
        subject: 'Your Lectio trial was extended',
        ...paragraphs(
          [
            `Good news: our support team extended your Lectio free trial by ${d.days} ${d.days === 1 ? 'day' : 'days'}. It now ends on ${date(d.trialEndsAt)}.`,
            'Nothing is charged before then, and you can cancel any time from Account Settings.',
          ],
          { href: `${baseUrl}/account`, label: 'Your subscription' },
        ),
      };
    }
    default:
      return null;
  }
}

export interface AutomationOptions {
  db: Db;
  bus: Bus;
  mail: MailPort;
  logger: Logger;
  baseUrl: string;
  signal: AbortSignal;
  consumer?: string;
}

/** Handles one bus message: records the mail it owes once, then sends what is unsent. */
export async function handleAutomationMessage(
  o: Omit<AutomationOptions, 'bus' | 'signal'>,
  msg: BusMessage,
): Promise<void> {
  const parsed = EventMessage.safeParse(msg.payload);
  if (!parsed.success) {
    o.logger.warn({ subject: msg.subject, id: msg.id }, 'billing automation: a message that is not an event; skipped');
    return;
  }
  const e = parsed.data;
  const mail = isEventOf<SubscriptionEvent>(e, SUBSCRIPTION_EVENT_TYPES) ? billingMail(e, o.baseUrl) : null;
  await handleOnce(o.db, o.consumer ?? AUTOMATION_CONSUMER, e.id, async (tx: Queryable) => {
    const userId = streams.subscription.userIdOf(e.streamId);
    if (!mail || !userId) return;
    const user = await readUser(tx, userId);
    if (!user)
      return void o.logger.warn({ eventId: e.id }, 'billing automation: no reader for this subscription; no mail');
    await tx.query(
      'INSERT INTO billing_mails (event_id, kind, recipient, subject, text, html) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING',
      [e.id, mail.kind, user.email, mail.subject, mail.text, mail.html],
    );
  });
  await sendPending(o);
}

async function sendPending(o: Pick<AutomationOptions, 'db' | 'mail' | 'logger'>) {
  const pending = await o.db.query<{
    event_id: string;
    recipient: string;
    subject: string;
    text: string;
    html: string;
    kind: string;
  }>(
    'SELECT event_id, recipient, subject, text, html, kind FROM billing_mails WHERE sent_at IS NULL ORDER BY created_at LIMIT 50',
  );
  for (const m of pending.rows) {
    // Keyed by the event: a crash before the row below is marked cannot mail it twice.
    await o.mail.send(
      { to: m.recipient, subject: m.subject, text: m.text, html: m.html },
      { key: `billing:${m.event_id}` },
    );
    await o.db.query('UPDATE billing_mails SET sent_at = now() WHERE event_id = $1', [m.event_id]);
    o.logger.info({ eventId: m.event_id, kind: m.kind }, 'billing automation: mail accepted for delivery');
  }
}

/** Runs until `signal` aborts. */
export function runBillingAutomation(o: AutomationOptions): Promise<void> {
  return o.bus.consume({
    consumer: o.consumer ?? AUTOMATION_CONSUMER,
    filterSubject: SUBSCRIPTION_EVENTS_SUBJECT,
    signal: o.signal,
    handler: (msg) => handleAutomationMessage(o, msg),
    onError: (err) =>
      o.logger.warn({ err: String(err) }, 'billing automation: a message failed; it will be redelivered'),
  });
}

/** Billing automation as operations see it: events handled, and mails recorded but not sent yet. */
export async function readAutomationState(db: Queryable): Promise<{
  consumer: string;
  handled: number;
  lastHandledAt: string | null;
  unsentMails: number;
  oldestUnsentAt: string | null;
}> {
  const inbox = await readInboxState(db, AUTOMATION_CONSUMER);
  const r = await db.query<{ n: string; oldest: Date | string | null }>(
    'SELECT count(*)::text AS n, min(created_at) AS oldest FROM billing_mails WHERE sent_at IS NULL',
  );
  return {
    consumer: AUTOMATION_CONSUMER,
    ...inbox,
    unsentMails: Number(r.rows[0]?.n ?? 0),
    oldestUnsentAt: r.rows[0]?.oldest ? new Date(r.rows[0].oldest).toISOString() : null,
  };
}
