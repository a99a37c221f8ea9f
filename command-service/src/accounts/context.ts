import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountMessages, type UserEvent, type UserResponse } from '@lectio/contracts/accounts';
import { POSITION_HEADER, READ_YOUR_WRITES_TIMEOUT_MS } from '@lectio/contracts/constants';
import { type Actor, type EventMetadata, streams } from '@lectio/contracts/events';
import { HttpError } from '@lectio/platform/http';
import { eventsOf, waitForProjections } from '@lectio/platform/projections';
import type { Runtime, Sessions } from '@lectio/platform';
import { withShownStatus } from '@lectio/contracts/billing';
import { newUserResponse, readUser, usersProjection } from '@lectio/projections';
import type { MailPort } from '../mail/port';
import type { AccountField, AccountStore } from './account-store';
import type { PasswordHasher } from './passwords';
import type { RateLimiter } from './rate-limits';

/** What the accounts handlers share. */
export interface AccountsContext {
  rt: Runtime;
  sessions: Sessions;
  accounts: AccountStore;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  mail: MailPort;
  /** Work finished after the answer (reset mails); awaited when the app closes. */
  background: Set<Promise<unknown>>;
}

export function runInBackground(ctx: AccountsContext, work: Promise<unknown>) {
  const tracked = work.catch((err) => ctx.rt.logger.error({ err }, 'background accounts work failed')).finally(() => ctx.background.delete(tracked));
  ctx.background.add(tracked);
}

const CORRELATION = /^[A-Za-z0-9._:-]{1,100}$/;

export function metadataFor(req: FastifyRequest, actor: Actor): EventMetadata {
  const given = req.headers['x-correlation-id'];
  return { correlationId: typeof given === 'string' && CORRELATION.test(given) ? given : randomUUID(), actor };
}

/** Read-your-writes: the position of the events this command wrote ('0' when none). */
export function answerPosition(reply: FastifyReply, position: bigint) {
  reply.header(POSITION_HEADER, position.toString());
}

/** A 400 in the spec's shape: `{ message, errors: [{ field, message }] }`. */
export function fieldErrors(errors: { field: string; message: string }[]) {
  return new HttpError(400, errors[0]!.message, { errors });
}

const FIELD_MESSAGES: Record<AccountField, string> = { email: accountMessages.emailTaken, username: accountMessages.usernameTaken };
export const duplicateError = (fields: AccountField[]) => fieldErrors(fields.map((field) => ({ field, message: FIELD_MESSAGES[field] })));

/**
 * The user as GET /api/user shows them, with the position of their newest event. Waits (bounded)
 * for the users read model to pass that position; if it is still behind, answers from the stream.
 */
export async function loadUser(ctx: AccountsContext, userId: string): Promise<{ user: UserResponse; position: bigint }> {
  const { rt } = ctx;
  const last = await rt.store.readStream(streams.user(userId), { direction: 'backwards', maxCount: 1 });
  const position = last[0]?.position ?? 0n;
  await waitForProjections(rt.db, [usersProjection.name], position, READ_YOUR_WRITES_TIMEOUT_MS);
  const user = await readUser(rt.db, userId);
  if (user) return { user: withShownStatus(user, rt.clock.now()), position };
  const [registered] = eventsOf<Extract<UserEvent, { type: 'UserRegistered' }>>(await rt.store.readStream(streams.user(userId)), ['UserRegistered']);
  if (!registered) throw new HttpError(401, accountMessages.invalidCredentials);
  return { user: newUserResponse(registered.data), position };
}
