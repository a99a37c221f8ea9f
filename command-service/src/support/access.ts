import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type EventMetadata, streams } from '@lectio/contracts/events';
import {
  SUPPORT_CALLS_PER_MINUTE,
  SUPPORT_LOOKUP_COALESCE_MS,
  SUPPORT_SESSION_MAX_MS,
  type SupportSearchShape,
  supportMessages,
} from '@lectio/contracts/support';
import { SupportLookupRecorded } from '@lectio/contracts/support-schemas';
import type { Runtime, SessionUser } from '@lectio/platform';
import { HttpError } from '@lectio/platform/http';
import type { UserStream } from '../accounts/user-stream';

/** The staff member a support request was let through for. */
export interface SupportStaff {
  staffId: string;
  session: SessionUser;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the support gate on the support module's routes (null on every other request). */
    supportStaff: SupportStaff | null;
  }
}

/** Whether `userId` holds the support role now (their user stream, folded by the user decider). */
export async function isSupportStaff(users: UserStream, userId: string): Promise<boolean> {
  const state = await users.load(userId);
  return state.registered && state.support === true;
}

/** The same answer as a route that does not exist: support calls are invisible to everyone else. */
const noRoute = (req: FastifyRequest, reply: FastifyReply) =>
  reply.status(404).send({ message: `No route for ${req.method} ${req.url.split('?')[0]}` });

/**
 * The gate of every support route (an onRequest hook of the support plugins): a 404 like an
 * unknown route for anyone signed out or without the role; a 401 once the support sign-in is older
 * than 8 hours; a 429 past the staff member's calls per minute. Calls are counted per process.
 * `app` is the support module's plugin: the staff member let through is decorated on its requests.
 */
export function supportGate(app: FastifyInstance, users: UserStream, options: { callsPerMinute?: number } = {}) {
  app.decorateRequest('supportStaff', null);
  const limit = options.callsPerMinute ?? SUPPORT_CALLS_PER_MINUTE;
  const windows = new Map<string, { start: number; count: number }>();
  // Named, so Fastify's route tree (and modules.test.ts) shows which routes it guards.
  return async function supportStaffOnly(req: FastifyRequest, reply: FastifyReply) {
    const session = await req.server.sessions.current(req);
    if (!session || !(await isSupportStaff(users, session.userId))) return noRoute(req, reply);
    const now = Date.now();
    if (now - session.createdAt.getTime() > SUPPORT_SESSION_MAX_MS)
      throw new HttpError(401, supportMessages.sessionExpired);
    const w = windows.get(session.userId);
    if (!w || now - w.start >= 60_000) windows.set(session.userId, { start: now, count: 1 });
    else if (++w.count > limit) {
      reply.header('Retry-After', String(Math.ceil((w.start + 60_000 - now) / 1000)));
      throw new HttpError(429, supportMessages.tooManyCalls);
    }
    req.supportStaff = { staffId: session.userId, session };
  };
}

/** The staff member behind a request that passed the gate. */
export function supportStaffOf(req: FastifyRequest): SupportStaff {
  const staff = req.supportStaff;
  if (!staff) throw new Error('support route without the support gate');
  return staff;
}

export const supportMetadata = (
  staffId: string,
  reason?: string,
  correlationId: string = crypto.randomUUID(),
): EventMetadata => ({
  correlationId,
  actor: { type: 'support', id: staffId },
  ...(reason ? { reason } : {}),
});

/** What a look-up records beyond who and when: why (an action's reason), and for a search its shape. */
type LookupDetails = Omit<SupportLookupRecorded, 'staffId' | 'action' | 'at'>;

async function appendLookup(
  rt: Pick<Runtime, 'store'>,
  readerId: string,
  data: SupportLookupRecorded,
  correlationId?: string,
): Promise<void> {
  await rt.store.append(
    streams.support(readerId),
    [
      {
        id: crypto.randomUUID(),
        type: 'SupportLookupRecorded',
        schemaVersion: 1,
        data,
        metadata: supportMetadata(data.staffId, data.reason, correlationId),
      },
    ],
    { expectedVersion: 'any' },
  );
}

const sameDetails = (a: LookupDetails, b: LookupDetails) =>
  a.reason === b.reason &&
  a.listed === b.listed &&
  a.query?.kind === b.query?.kind &&
  a.query?.length === b.query?.length;

/**
 * Records that a staff member read a reader's account (on support-<readerId>, so the reader's
 * history and their support-access list show it). The same read by the same person with the same
 * details within ten minutes is recorded once, so paging through a history is one look-up.
 * Actions are never merged: `recordAction`.
 */
export async function recordLookup(
  rt: Pick<Runtime, 'store' | 'clock'>,
  staffId: string,
  readerId: string,
  action: string,
  details: LookupDetails = {},
  correlationId?: string,
): Promise<void> {
  const now = rt.clock.now();
  const recent = await rt.store.readStream(streams.support(readerId), { direction: 'backwards', maxCount: 20 });
  const repeated = recent.some((e) => {
    const d = SupportLookupRecorded.safeParse(e.data);
    return (
      d.success &&
      d.data.staffId === staffId &&
      d.data.action === action &&
      sameDetails(d.data, details) &&
      now.getTime() - new Date(d.data.at).getTime() < SUPPORT_LOOKUP_COALESCE_MS
    );
  });
  if (repeated) return;
  await appendLookup(rt, readerId, { staffId, action, at: now.toISOString(), ...details }, correlationId);
}

/** Records an action of support on a reader's account with its reason: every one, however often it is repeated. */
export async function recordAction(
  rt: Pick<Runtime, 'store' | 'clock'>,
  staffId: string,
  readerId: string,
  action: string,
  reason: string,
): Promise<void> {
  await appendLookup(rt, readerId, { staffId, action, reason, at: rt.clock.now().toISOString() });
}

/**
 * Records a search on every account it listed, with the shape of the query (never its text: it
 * may be someone else's address) and how many it listed, under one correlation id: the accounts
 * one search returned are the support streams written with it.
 */
export async function recordSearch(
  rt: Pick<Runtime, 'store' | 'clock'>,
  staffId: string,
  query: string,
  readerIds: readonly string[],
): Promise<void> {
  const correlationId = crypto.randomUUID();
  const details: LookupDetails = { query: searchShapeOf(query), listed: readerIds.length };
  for (const readerId of readerIds) await recordLookup(rt, staffId, readerId, 'search', details, correlationId);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What kind of text a search was, and how long. */
export function searchShapeOf(query: string): SupportSearchShape {
  const text = query.trim();
  return { kind: UUID.test(text) ? 'id' : text.includes('@') ? 'e-mail' : 'words', length: text.length };
}
