import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type RecordedEvent, streams, toEventMessage } from '@lectio/contracts/events';
import {
  type DriftField,
  type DriftResponse,
  type HistoryEvent,
  type HistoryResponse,
  type ReplayedState,
  SUPPORT_SEARCH_LIMIT,
  type SupportAccessResponse,
  type SupportAccountsResponse,
  type SupportExportResponse,
  type SupportMeResponse,
  type SupportOperationsResponse,
  supportMessages,
} from '@lectio/contracts/support';
import {
  SupportAccountParams,
  SupportHistoryQuery,
  SupportLookupRecorded,
  SupportSearchQuery,
  SupportStateQuery,
} from '@lectio/contracts/support-schemas';
import { recordLookup, recordSearch, type supportGate, supportStaffOf } from './access';
import { commandSideOperations } from './operations';
import { replayAccount } from './replay';
import type { UserStream } from '../accounts/user-stream';
import type { UsageStream } from '../assistant/budget/usage-stream';
import { requireUser, type Runtime } from '@lectio/platform';
import { HttpError, jsonObjectStream, RateLimiter } from '@lectio/platform/http';
import { DOWNLOADS_PER_HOUR, notesMessages } from '@lectio/contracts/notes';
import {
  accountEventBatches,
  accountEvents,
  allNotes,
  RELAY_NAME,
  readPaymentMethods,
  readSubscriptionFacts,
  readUser,
  searchUsers,
} from '@lectio/projections';
import { readCheckpoints } from '@lectio/platform/projections';
import { actorOf, describe, kindOf } from './summaries';

export function toHistoryEvent(e: RecordedEvent): HistoryEvent {
  const { summary, data } = describe(e);
  return {
    id: e.id,
    position: e.position.toString(),
    at: e.createdAt.toISOString(),
    stream: e.streamId,
    kind: kindOf(e.streamId),
    type: e.type,
    actor: actorOf(e),
    summary,
    data,
    correlationId: e.metadata.correlationId,
    ...(e.metadata.causationId ? { causationId: e.metadata.causationId } : {}),
    ...(e.metadata.reason ? { reason: e.metadata.reason } : {}),
  };
}

/**
 * GET /api/support/accounts?q= and /api/support/accounts/:id/history: support staff only (everyone
 * else gets the 404 of an unknown route). Each look-up of an account is recorded for its reader.
 */
export async function registerSupportQueries(
  q: FastifyInstance,
  rt: Runtime,
  gate: ReturnType<typeof supportGate>,
  handlers: { users: UserStream; usage: UsageStream },
) {
  q.addHook('onRequest', gate);
  // The reader's id, then the query, by their schemas (after the gate).
  const routes = q.withTypeProvider<ZodTypeProvider>();
  q.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  const account = async (id: string) => {
    const user = await readUser(rt.db, id);
    if (!user) throw new HttpError(404, supportMessages.accountNotFound);
    return user;
  };

  routes.get(
    '/api/support/accounts',
    { schema: { querystring: SupportSearchQuery } },
    async (req): Promise<SupportAccountsResponse> => {
      const { q: text } = req.query;
      const found = await searchUsers(rt.db, text, SUPPORT_SEARCH_LIMIT);
      // Listing an account shows its name, e-mail and status: each one listed records it.
      await recordSearch(
        rt,
        supportStaffOf(req).staffId,
        text,
        found.map((u) => u.id),
      );
      return {
        accounts: found.map((u) => ({
          id: u.id,
          username: u.username,
          email: u.email,
          subscriptionStatus: u.subscriptionStatus,
          createdAt: u.createdAt,
        })),
      };
    },
  );

  routes.get(
    '/api/support/accounts/:id/history',
    { schema: { params: SupportAccountParams, querystring: SupportHistoryQuery } },
    async (req): Promise<HistoryResponse> => {
      const { id } = req.params;
      const { query } = req;
      await account(id);
      await recordLookup(rt, supportStaffOf(req).staffId, id, 'history');
      const after = query.after ? BigInt(query.after) : 0n;
      const kinds = query.kind;
      const matching = (await accountEvents(rt, id)).filter(
        (e) => e.position > after && (!kinds || kinds.includes(kindOf(e.streamId))),
      );
      const page = matching.slice(0, query.limit);
      const more = matching.length > page.length;
      return {
        events: page.map(toHistoryEvent),
        ...(more ? { next: page[page.length - 1]!.position.toString() } : {}),
      };
    },
  );

  routes.get(
    '/api/support/accounts/:id/drift',
    { schema: { params: SupportAccountParams } },
    async (req): Promise<DriftResponse> => {
      const { id } = req.params;
      const user = await account(id);
      await recordLookup(rt, supportStaffOf(req).staffId, id, 'drift');
      const state = replayAccount(handlers, await accountEvents(rt, id));
      const facts = await readSubscriptionFacts(rt.db, id);
      const cards = await readPaymentMethods(rt.db, id);
      const s = state.subscription;
      const pairs: Array<[string, unknown, unknown]> = [
        ['username', state.user.username, user.username],
        ['email', state.user.email, user.email],
        ['subscriptionStatus', s.status, facts?.subscriptionStatus ?? null],
        ['trialEndsAt', s.trialEndsAt, facts?.trialEndsAt ?? null],
        ['accessEndsAt', s.accessEndsAt, facts?.accessEndsAt ?? null],
        ['paymentMethodProvided', s.paymentMethods.some((m) => m.isDefault), facts?.paymentMethodProvided ?? null],
        ['lastPaymentError', s.lastPaymentError, facts?.lastPaymentError ?? null],
        [
          'paymentMethods',
          s.paymentMethods.map((m) => `${m.last4}${m.isDefault ? ' (default)' : ''}`).sort(),
          cards.map((m) => `${m.last4}${m.isDefault ? ' (default)' : ''}`).sort(),
        ],
      ];
      const fields: DriftField[] = pairs.map(([field, replayed, readModel]) => ({
        field,
        replayed,
        readModel,
        differs: JSON.stringify(replayed) !== JSON.stringify(readModel),
      }));
      return { position: state.position, differences: fields.filter((f) => f.differs).length, fields };
    },
  );

  // Asked by the account menu to offer Support: records nothing, as it looks at no reader's account.
  q.get('/api/support/me', async (req): Promise<SupportMeResponse> => ({ staffId: supportStaffOf(req).staffId }));

  q.get('/api/support/operations', async (): Promise<SupportOperationsResponse> => {
    const [head, checkpoints, command] = await Promise.all([
      rt.store.headPosition(),
      readCheckpoints(rt.db),
      commandSideOperations(rt),
    ]);
    const lag = (p: bigint) => (head > p ? head - p : 0n).toString();
    const relay = checkpoints.find((c) => c.name === RELAY_NAME);
    return {
      at: new Date().toISOString(),
      headPosition: head.toString(),
      projections: checkpoints
        .filter((c) => c.name !== RELAY_NAME)
        .map((c) => ({ name: c.name, position: c.position.toString(), lag: lag(c.position), updatedAt: c.updatedAt })),
      busRelay: {
        position: (relay?.position ?? 0n).toString(),
        backlog: lag(relay?.position ?? 0n),
        updatedAt: relay?.updatedAt ?? null,
      },
      ...command,
    };
  });

  routes.get(
    '/api/support/accounts/:id/state',
    { schema: { params: SupportAccountParams, querystring: SupportStateQuery } },
    async (req): Promise<ReplayedState> => {
      const { id } = req.params;
      const { position } = req.query;
      await account(id);
      await recordLookup(rt, supportStaffOf(req).staffId, id, 'state');
      return replayAccount(
        handlers,
        await accountEvents(rt, id),
        position === undefined ? undefined : BigInt(position),
      );
    },
  );
}

/**
 * GET /api/user/support-access: every time support looked at or acted on the signed-in reader's
 * account, newest first (what and why, never who).
 */
export async function registerSupportAccessQuery(q: FastifyInstance, rt: Pick<Runtime, 'store'>) {
  q.get('/api/user/support-access', async (req, reply): Promise<SupportAccessResponse> => {
    const { userId } = await requireUser(req);
    reply.header('Cache-Control', 'no-store');
    const lookups = (await rt.store.readStream(streams.support(userId))).flatMap((e) => {
      const d = SupportLookupRecorded.safeParse(e.data);
      return d.success
        ? [{ at: d.data.at, action: d.data.action, ...(d.data.reason ? { reason: d.data.reason } : {}) }]
        : [];
    });
    return { lookups: lookups.reverse() };
  });
}

/**
 * GET /api/user/export: everything Lectio holds about the signed-in reader, as JSON to download:
 * every event of their account (their questions included: they are theirs) and their read-model
 * rows. Which staff member looked is left out, as in support-access.
 */
export async function registerDataExport(q: FastifyInstance, rt: Pick<Runtime, 'db' | 'store' | 'clock'>) {
  const downloads = new RateLimiter(
    rt.db,
    { dataExportPerReader: { max: DOWNLOADS_PER_HOUR, windowMs: 3_600_000 } },
    notesMessages.tooManyDownloads,
    () => rt.clock.now(),
  );
  const shown = (e: RecordedEvent) => {
    const m = toEventMessage(e);
    if (m.metadata.actor.type !== 'support') return m;
    const data = SupportLookupRecorded.safeParse(m.data);
    return {
      ...m,
      data: data.success ? { action: data.data.action, reason: data.data.reason, at: data.data.at } : m.data,
      metadata: { ...m.metadata, actor: { type: 'support' as const } },
    };
  };
  async function* eventBatches(userId: string) {
    for await (const batch of accountEventBatches(rt, userId)) yield batch.map(shown);
  }
  q.get('/api/user/export', async (req, reply) => {
    const { userId } = await requireUser(req);
    await downloads.enforce(reply, [['dataExportPerReader', userId]]);
    const head = {
      exportedAt: rt.clock.now().toISOString(),
      user: (await readUser(rt.db, userId)) ?? null,
      paymentMethods: await readPaymentMethods(rt.db, userId),
    };
    reply.header('Cache-Control', 'no-store');
    reply.header('Content-Type', 'application/json; charset=utf-8');
    reply.header('Content-Disposition', 'attachment; filename="lectio-my-data.json"');
    // Streamed a batch at a time: an account with many notes is never held whole.
    return reply.send(jsonObjectStream(head, { notes: allNotes(rt.db, userId), events: eventBatches(userId) }));
  });
}

/** Support's copy of a reader's data for a data request: rows, and events with their non-private fields. */
export async function supportExportOf(
  rt: Pick<Runtime, 'db' | 'store'>,
  userId: string,
): Promise<SupportExportResponse> {
  return {
    exportedAt: new Date().toISOString(),
    user: (await readUser(rt.db, userId)) ?? null,
    paymentMethods: await readPaymentMethods(rt.db, userId),
    events: (await accountEvents(rt, userId)).map(toHistoryEvent),
  };
}
