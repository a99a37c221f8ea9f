import type { FastifyReply, FastifyRequest } from 'fastify';
import { type EventMetadata, streams } from '@lectio/contracts/events';
import { SUPPORT_CALLS_PER_MINUTE, SUPPORT_LOOKUP_COALESCE_MS, SUPPORT_SESSION_MAX_MS, supportMessages } from '@lectio/contracts/support';
import { SupportLookupRecorded } from '@lectio/contracts/support-schemas';
import type { Runtime, SessionUser } from '@lectio/platform';
import { HttpError } from '@lectio/platform/http';
import { userStream } from '../accounts/user-stream';

/** The staff member a support request was let through for. */
export interface SupportStaff {
  staffId: string;
  session: SessionUser;
}

const staffOfRequest = new WeakMap<FastifyRequest, SupportStaff>();

/** Whether `userId` holds the support role now (their user stream, folded by the user decider). */
export async function isSupportStaff(rt: Pick<Runtime, 'store'>, userId: string): Promise<boolean> {
  const state = await userStream(rt.store).load(userId);
  return state.registered && state.support === true;
}

/** The same answer as a route that does not exist: support calls are invisible to everyone else. */
const noRoute = (req: FastifyRequest, reply: FastifyReply) => reply.status(404).send({ message: `No route for ${req.method} ${req.url.split('?')[0]}` });

/**
 * The gate of every support route (an onRequest hook of the support plugins): a 404 like an
 * unknown route for anyone signed out or without the role; a 401 once the support sign-in is older
 * than 8 hours; a 429 past the staff member's calls per minute. Calls are counted per process.
 */
export function supportGate(rt: Pick<Runtime, 'store'>, options: { callsPerMinute?: number } = {}) {
  const limit = options.callsPerMinute ?? SUPPORT_CALLS_PER_MINUTE;
  const windows = new Map<string, { start: number; count: number }>();
  // Named, so Fastify's route tree (and modules.test.ts) shows which routes it guards.
  return async function supportStaffOnly(req: FastifyRequest, reply: FastifyReply) {
    const session = await req.server.sessions.current(req);
    if (!session || !(await isSupportStaff(rt, session.userId))) return noRoute(req, reply);
    const now = Date.now();
    if (now - session.createdAt.getTime() > SUPPORT_SESSION_MAX_MS) throw new HttpError(401, supportMessages.sessionExpired);
    const w = windows.get(session.userId);
    if (!w || now - w.start >= 60_000) windows.set(session.userId, { start: now, count: 1 });
    else if (++w.count > limit) {
      reply.header('Retry-After', String(Math.ceil((w.start + 60_000 - now) / 1000)));
      throw new HttpError(429, supportMessages.tooManyCalls);
    }
    staffOfRequest.set(req, { staffId: session.userId, session });
  };
}

/** The staff member behind a request that passed the gate. */
export function supportStaffOf(req: FastifyRequest): SupportStaff {
  const staff = staffOfRequest.get(req);
  if (!staff) throw new Error('support route without the support gate');
  return staff;
}

export const supportMetadata = (staffId: string, reason?: string, correlationId: string = crypto.randomUUID()): EventMetadata => ({
  correlationId,
  actor: { type: 'support', id: staffId },
  ...(reason ? { reason } : {}),
});

/**
 * Records that a staff member looked at a reader's account (on support-<readerId>, so the reader's
 * history and their support-access list show it). The same look-up by the same person within ten
 * minutes is recorded once, so paging through a history is one look-up.
 */
export async function recordLookup(rt: Pick<Runtime, 'store' | 'clock'>, staffId: string, readerId: string, action: string, reason?: string): Promise<void> {
  const now = rt.clock.now();
  const streamId = streams.support(readerId);
  const recent = await rt.store.readStream(streamId, { direction: 'backwards', maxCount: 20 });
  const repeated = recent.some((e) => {
    const d = SupportLookupRecorded.safeParse(e.data);
    return (
      d.success &&
      d.data.staffId === staffId &&
      d.data.action === action &&
      d.data.reason === reason &&
      now.getTime() - new Date(d.data.at).getTime() < SUPPORT_LOOKUP_COALESCE_MS
    );
  });
  if (repeated) return;
  const data: SupportLookupRecorded = { staffId, action, at: now.toISOString(), ...(reason ? { reason } : {}) };
  await rt.store.append(
    streamId,
    [{ id: crypto.randomUUID(), type: 'SupportLookupRecorded', schemaVersion: 1, data, metadata: supportMetadata(staffId, reason) }],
    {
      expectedVersion: 'any',
    },
  );
}
