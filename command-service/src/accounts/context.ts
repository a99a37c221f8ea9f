import { accountMessages, type UserEvent, type UserResponse } from '@lectio/contracts/accounts';
import { READ_YOUR_WRITES_TIMEOUT_MS } from '@lectio/contracts/constants';
import { streams } from '@lectio/contracts/events';
import { HttpError } from '@lectio/platform/http';
import { eventsOf, waitForProjections } from '@lectio/platform/projections';
import type { Runtime, Sessions } from '@lectio/platform';
import { withShownStatus } from '@lectio/contracts/billing';
import { newUserResponse, readUser, usersProjection } from '@lectio/projections';
import type { AccountField } from './account-store';
import type { AccountsServices } from './services';

/** What the accounts handlers share: the services built once, and this app's sessions. */
export interface AccountsContext extends AccountsServices {
  rt: Runtime;
  sessions: Sessions;
}

export function runInBackground(ctx: AccountsContext, work: Promise<unknown>) {
  const tracked = work
    .catch((err) => ctx.rt.logger.error({ err }, 'background accounts work failed'))
    .finally(() => ctx.background.delete(tracked));
  ctx.background.add(tracked);
}

/** A 400 in the spec's shape: `{ message, errors: [{ field, message }] }`. */
export function fieldErrors(errors: { field: string; message: string }[]) {
  return new HttpError(400, errors[0]!.message, { errors });
}

const FIELD_MESSAGES: Record<AccountField, string> = {
  email: accountMessages.emailTaken,
  username: accountMessages.usernameTaken,
};
export const duplicateError = (fields: AccountField[]) =>
  fieldErrors(fields.map((field) => ({ field, message: FIELD_MESSAGES[field] })));

/**
 * The user as GET /api/user shows them, read at the position of the newest event of the streams
 * the users row is built from (user-<id> and subscription-<id>) or of what the command just wrote
 * (`written`), whichever is later: an answer never shows the row from before a write. Waits
 * (bounded) for the users read model to pass it; `current` is false when it is still behind, and
 * the caller then answers from its own streams (with no row, this is the registration itself).
 */
export async function loadUser(
  ctx: AccountsContext,
  userId: string,
  written = 0n,
): Promise<{ user: UserResponse; position: bigint; current: boolean }> {
  const { rt } = ctx;
  const newest = await Promise.all(
    [streams.user(userId), streams.subscription(userId)].map(
      async (id) => (await rt.store.readStream(id, { direction: 'backwards', maxCount: 1 }))[0]?.position ?? 0n,
    ),
  );
  const position = [written, ...newest].reduce((a, b) => (a > b ? a : b));
  const current = await waitForProjections(rt.progress, [usersProjection.name], position, READ_YOUR_WRITES_TIMEOUT_MS);
  const user = await readUser(rt.db, userId);
  if (user) return { user: withShownStatus(user, rt.clock.now()), position, current };
  const [registered] = eventsOf<Extract<UserEvent, { type: 'UserRegistered' }>>(
    await rt.store.readStream(streams.user(userId)),
    ['UserRegistered'],
  );
  if (!registered) throw new HttpError(401, accountMessages.invalidCredentials);
  return { user: newUserResponse(registered.data), position, current: false };
}
