import { findAnyBook } from '@lectio/contracts/books';
import { type RecordedEvent, streamCategory, streams } from '@lectio/contracts/events';
import type { HistoryKind, SupportActor } from '@lectio/contracts/support';

/**
 * How support reads an event: a sentence, its non-private fields, who caused it. Fields are
 * listed per type (an event type not named here shows no data), so a field added to an event
 * later is private until someone decides otherwise. Never shown: the text of questions and
 * answers, a safety answer's category, hashes, tokens, card numbers.
 */

const day = (iso: unknown) =>
  typeof iso === 'string'
    ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
    : '?';
const dollars = (cents: unknown) => (typeof cents === 'number' ? `$${(cents / 100).toFixed(2)}` : '?');
const microDollars = (micros: unknown) =>
  typeof micros === 'number' ? `$${(micros / 1_000_000).toFixed(micros < 10_000 ? 4 : 2)}` : '?';
/** 'John 3:16': the book's name, not its id ('john'). */
const passage = (d: Record<string, unknown>) =>
  `${findAnyBook(String(d.book))?.name ?? String(d.book)} ${String(d.chapter)}${d.verse ? `:${String(d.verse)}` : ''}`;

const searchKind = (q: unknown) => (typeof q === 'object' && q !== null && 'kind' in q ? String(q.kind) : '?');

interface View {
  fields: readonly string[];
  summary: (d: Record<string, unknown>) => string;
}

const VIEWS: Record<string, View> = {
  // user-<id>
  UserRegistered: {
    fields: ['userId', 'username', 'email', 'registeredAt'],
    summary: (d) => `Registered as ${String(d.username)}`,
  },
  PasswordChanged: {
    fields: ['reason', 'changedAt'],
    summary: (d) => (d.reason === 'reset' ? 'Password reset with a mailed link' : 'Password changed'),
  },
  PasswordResetRequested: { fields: ['requestedAt', 'expiresAt'], summary: () => 'Password reset link mailed' },
  PreferencesUpdated: {
    fields: ['faithJourney', 'communicationStyle', 'updatedAt'],
    summary: (d) =>
      `Answer preferences set: ${String(d.faithJourney ?? 'no journey')}, ${String(d.communicationStyle ?? 'no style')}`,
  },
  PreferenceReminderDismissed: { fields: ['dismissedAt'], summary: () => 'Preferences reminder closed' },
  SupportRoleGranted: { fields: ['grantedAt'], summary: () => 'Support role granted' },
  SupportRoleRevoked: { fields: ['revokedAt'], summary: () => 'Support role revoked' },
  SignedOutEverywhere: {
    fields: ['sessions', 'endedAt'],
    summary: (d) => `Signed out everywhere (${String(d.sessions)} sessions ended)`,
  },
  // subscription-<id>
  TrialStarted: { fields: ['startedAt', 'trialEndsAt'], summary: (d) => `Trial started, ends ${day(d.trialEndsAt)}` },
  PaymentMethodAdded: {
    fields: ['paymentMethodId', 'brand', 'last4', 'expMonth', 'expYear', 'addedAt'],
    summary: (d) =>
      `Card •••• ${String(d.last4)} added (${String(d.brand)}, expires ${String(d.expMonth)}/${String(d.expYear)})`,
  },
  DefaultPaymentMethodSet: { fields: ['paymentMethodId', 'setAt'], summary: () => 'Default card changed' },
  PaymentMethodRemoved: { fields: ['paymentMethodId', 'removedAt'], summary: () => 'Card removed' },
  SubscriptionActivated: {
    fields: ['invoiceId', 'amountCents', 'periodStart', 'periodEnd', 'activatedAt'],
    summary: (d) => `Premium started: charged ${dollars(d.amountCents)}, paid until ${day(d.periodEnd)}`,
  },
  TrialConverted: {
    fields: ['invoiceId', 'amountCents', 'periodStart', 'periodEnd', 'convertedAt', 'reason'],
    summary: (d) =>
      `${d.reason === 'upgraded' ? 'Upgraded from the trial early' : 'Trial ended and converted'}: charged ${dollars(d.amountCents)}, paid until ${day(d.periodEnd)}`,
  },
  TrialWillEnd: {
    fields: ['trialEndsAt', 'noticedAt', 'paymentMethodProvided'],
    summary: (d) =>
      `Trial ends ${day(d.trialEndsAt)}: ${d.paymentMethodProvided ? 'will convert to Premium' : 'no card, will expire'}`,
  },
  TrialExtended: {
    fields: ['days', 'trialEndsAt', 'extendedAt'],
    summary: (d) => `Trial extended by ${String(d.days)} days, ends ${day(d.trialEndsAt)}`,
  },
  TrialExpired: { fields: ['trialEndsAt', 'expiredAt'], summary: () => 'Trial expired' },
  SubscriptionCancelled: {
    fields: ['cancelledAt', 'accessEndsAt', 'duringTrial'],
    summary: (d) =>
      `${d.duringTrial ? 'Trial cancelled' : 'Subscription cancelled'}, access until ${day(d.accessEndsAt)}`,
  },
  SubscriptionResumed: { fields: ['resumedAt'], summary: () => 'Cancellation withdrawn: the subscription continues' },
  SubscriptionRenewed: {
    fields: ['invoiceId', 'amountCents', 'periodStart', 'periodEnd', 'renewedAt'],
    summary: (d) => `Renewed: charged ${dollars(d.amountCents)}, paid until ${day(d.periodEnd)}`,
  },
  SubscriptionEnded: {
    fields: ['endedAt', 'reason'],
    summary: (d) => `Subscription ended (${String(d.reason).replace(/_/g, ' ')})`,
  },
  PaymentFailed: {
    fields: ['invoiceId', 'amountCents', 'failedAt', 'reason', 'periodStart', 'periodEnd'],
    summary: (d) => `Payment of ${dollars(d.amountCents)} failed: ${String(d.reason)}`,
  },
  // usage-<id>-<period>: book, chapter, verse, kind and cost, never the question
  QuestionAsked: {
    fields: ['kind', 'book', 'chapter', 'verse', 'reservedMicros'],
    summary: (d) => `Asked a ${String(d.kind)} question on ${passage(d)}`,
  },
  QuestionAnswered: {
    fields: ['costMicros', 'totalTokens', 'completed'],
    summary: (d) => `Answered, cost ${microDollars(d.costMicros)}`,
  },
  QuestionReleased: {
    fields: ['reason'],
    summary: (d) => `Question not answered (${String(d.reason).replace(/_/g, ' ')}), nothing charged`,
  },
  BudgetThresholdReached: {
    fields: ['threshold', 'spentMicros', 'budgetMicros'],
    summary: (d) => `${String(d.threshold)}% of the monthly AI budget used`,
  },
  BudgetCredited: {
    fields: ['amountMicros', 'creditedAt'],
    summary: (d) => `AI budget credited ${microDollars(d.amountMicros)}`,
  },
  // chat-<id>: where and what kind, never the text
  ChatExchanged: {
    fields: ['kind', 'book', 'chapter', 'verse'],
    summary: (d) => `Conversation on ${passage(d)} (${String(d.kind)} question)`,
  },
  SafetyResponseGiven: {
    fields: ['book', 'chapter', 'verse'],
    summary: (d) => `Care and helplines given on ${passage(d)}`,
  },
  // notes-<id>: where and what kind, never the note's words
  NoteSaved: {
    fields: ['noteId', 'kind', 'book', 'chapter', 'verse', 'verseEnd', 'color', 'savedAt'],
    summary: (d) => `${String(d.kind)} saved on ${passage(d)}`,
  },
  NoteDeleted: { fields: ['noteId', 'deletedAt'], summary: () => 'Note deleted' },
  // support-<id>
  SupportLookupRecorded: {
    fields: ['staffId', 'action', 'reason', 'query', 'listed'],
    summary: (d) =>
      d.action === 'search'
        ? `Support listed the account in a search (${searchKind(d.query)}, ${String(d.listed)} ${d.listed === 1 ? 'account' : 'accounts'} found)`
        : `Support looked at the account (${String(d.action)})${d.reason ? `: ${String(d.reason)}` : ''}`,
  },
};

export function kindOf(streamId: string): HistoryKind {
  const category = streamCategory(streamId);
  if (category === streams.subscription.category) return 'subscription';
  if (category === streams.usage.category || category === streams.chat.category) return 'usage';
  if (category === streams.support.category) return 'support';
  return 'account';
}

const PROVIDERS = new Set(['stripe-webhook']);

export function actorOf(e: RecordedEvent): SupportActor {
  const a = e.metadata.actor;
  if (a.type === 'support') return { kind: 'support', ...(a.id ? { id: a.id } : {}) };
  if (a.type === 'system')
    return a.id && PROVIDERS.has(a.id)
      ? { kind: 'provider', id: a.id }
      : { kind: 'system', ...(a.id ? { id: a.id } : {}) };
  return { kind: 'reader', ...(a.id ? { id: a.id } : {}) };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function describe(e: RecordedEvent): { summary: string; data: Record<string, unknown> } {
  const view = VIEWS[e.type];
  const raw = isRecord(e.data) ? e.data : {};
  if (!view) return { summary: e.type.replace(/([a-z])([A-Z])/g, '$1 $2'), data: {} };
  const data = Object.fromEntries(view.fields.filter((f) => f in raw).map((f) => [f, raw[f]]));
  return { summary: view.summary(raw), data };
}
