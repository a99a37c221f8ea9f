import type { PaymentMethodView } from './billing';
import type { UserResponse } from './user';

/**
 * The support console: what support staff read and do, and what a reader sees of it. Zod-free
 * (the web imports it); the servers parse requests with `support-schemas.ts`.
 */

/** A support sign-in is good for support work this long after it was made. */
export const SUPPORT_SESSION_MAX_MS = 8 * 60 * 60 * 1000;
/** An action needs the staff member's password again when it was last checked in their session longer ago than this (or never: a mailed sign-in link). */
export const SUPPORT_STEP_UP_MS = 15 * 60 * 1000;
/**
 * Password re-checks per staff member: this many in a window, then a 429 until it ends (a
 * stolen support cookie is worth no more guesses than a sign-in), and the staff member is mailed.
 */
export const SUPPORT_PASSWORD_ATTEMPTS = { max: 5, windowMs: 15 * 60 * 1000 } as const;
/** What support may credit to a reader's AI budget in one period, in dollars. */
export const SUPPORT_MAX_CREDIT_DOLLARS = 6;
/** Support calls per staff member per minute. */
export const SUPPORT_CALLS_PER_MINUTE = 120;
/** At most this many accounts answer a search. */
export const SUPPORT_SEARCH_LIMIT = 20;
/** Events per page of an account's history. */
export const SUPPORT_HISTORY_PAGE = 100;
/** A look-up repeated by the same staff member within this time is recorded once. */
export const SUPPORT_LOOKUP_COALESCE_MS = 10 * 60 * 1000;

export const supportMessages = {
  reasonRequired: 'A reason is required',
  sessionExpired: 'Your support session has ended. Please sign in again.',
  stepUpRequired: 'Please confirm your password to continue',
  passwordWrong: 'Password is incorrect',
  passwordAttemptsExceeded: 'Too many password attempts. Please wait before trying again.',
  tooManyCalls: 'Too many support requests. Please wait a minute.',
  accountNotFound: 'Account not found',
  trialExtended: (endsAt: string) => `Trial extended: it now ends ${endsAt}`,
  budgetCredited: (amount: string) => `${amount} credited to this period's AI budget`,
  cancelled: (endsAt: string) => `Subscription cancelled: access until ${endsAt}`,
  signedOut: (n: number) => `Signed out everywhere: ${n} ${n === 1 ? 'session' : 'sessions'} ended`,
  resetSent: 'Password reset link sent',
  rebuilt: "This account's rows were rebuilt from its events",
  exported: 'Data export produced',
} as const;

export interface SupportAccount {
  id: string;
  username: string;
  email: string;
  subscriptionStatus: string;
  createdAt: string;
}
export interface SupportAccountsResponse {
  accounts: SupportAccount[];
}

export type SupportActorKind = 'reader' | 'support' | 'system' | 'provider';
export interface SupportActor {
  kind: SupportActorKind;
  id?: string;
}

/** Which part of an account an event belongs to (the history's filter). */
export type HistoryKind = 'account' | 'subscription' | 'usage' | 'support';
export const HISTORY_KINDS: readonly HistoryKind[] = ['account', 'subscription', 'usage', 'support'];

export interface HistoryEvent {
  id: string;
  position: string;
  at: string;
  stream: string;
  kind: HistoryKind;
  type: string;
  actor: SupportActor;
  /** A sentence a support person understands ("Trial started, ends 8 Dec"). */
  summary: string;
  /** The event's non-private fields. */
  data: Record<string, unknown>;
  correlationId: string;
  causationId?: string;
  /** Why, when support did it. */
  reason?: string;
}
export interface HistoryResponse {
  events: HistoryEvent[];
  /** Pass as `after` for the next page; absent on the last page. */
  next?: string;
}

export interface ReplayedPaymentMethod {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}
export interface ReplayedState {
  /** The position the state is taken right after ('0' before any event). */
  position: string;
  user: {
    registered: boolean;
    username: string | null;
    email: string | null;
    support: boolean;
    faithJourney: string | null;
    communicationStyle: string | null;
    passwordChangedAt: string | null;
  };
  subscription: {
    status: string;
    trialUsed: boolean;
    trialEndsAt: string | null;
    currentPeriodStart: string | null;
    currentPeriodEnd: string | null;
    accessEndsAt: string | null;
    cancelledDuringTrial: boolean;
    lastPaymentError: string | null;
    paymentMethods: ReplayedPaymentMethod[];
  };
  usage: {
    /** The period key (YYYYMMDD of its start) of the newest usage stream at that position. */
    period: string | null;
    spentMicros: number;
    /** Dollars, as the reader's usage shows them. */
    spent: number;
    heldMicros: number;
    questions: number;
    tokens: number;
    thresholds: number[];
  };
}

/** A support search as its record keeps it: what kind of text it was and how long, never the text. */
export interface SupportSearchShape {
  kind: 'e-mail' | 'id' | 'words';
  length: number;
}

/** One look-up or action of support on a reader's account, as the reader sees it. */
export interface SupportLookup {
  at: string;
  action?: string;
  reason?: string;
}
export interface SupportAccessResponse {
  lookups: SupportLookup[];
}

export interface SupportActionResponse {
  message: string;
}

/** GET /api/support/me: the signed-in staff member (everyone else gets the 404 of an unknown route), so the account menu offers Support. */
export interface SupportMeResponse {
  staffId: string;
}

/** GET /api/support/operations: how far each consumer of the event log has come, and what waits. */
export interface SupportOperationsResponse {
  at: string;
  headPosition: string;
  projections: { name: string; position: string; lag: string; updatedAt: string }[];
  busRelay: { position: string; backlog: string; updatedAt: string | null };
  billingAutomation: {
    consumer: string;
    handled: number;
    lastHandledAt: string | null;
    unsentMails: number;
    oldestUnsentAt: string | null;
  };
  mail: {
    waiting: number;
    failed: { subject: string; createdAt: string; failedAt: string; lastError: string | null }[];
  };
}

/** GET /api/support/accounts/:id/drift: the replayed state beside the account's read-model rows. */
export interface DriftField {
  field: string;
  replayed: unknown;
  readModel: unknown;
  differs: boolean;
}
export interface DriftResponse {
  position: string;
  differences: number;
  fields: DriftField[];
}

/**
 * POST /api/support/accounts/:id/export: what Lectio holds about a reader, for a data request, as
 * support may see it: the account's rows and every event with its non-private fields (the texts of
 * questions and answers stay with the reader's own download, GET /api/user/export).
 */
export interface SupportExportResponse {
  exportedAt: string;
  user: UserResponse | null;
  paymentMethods: PaymentMethodView[];
  events: HistoryEvent[];
}
