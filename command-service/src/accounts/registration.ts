import { randomUUID } from 'node:crypto';
import type { UserRegistered } from '@lectio/contracts/accounts';
import { streams, type EventMetadata } from '@lectio/contracts/events';
import { DuplicateAccountError } from './account-store';
import { duplicateError, type AccountsContext } from './context';

/** A claim whose UserRegistered never arrived within this long belongs to a crashed sign-up. */
export const STALE_CLAIM_MS = 10 * 60_000;

/**
 * Registration: claim the username and e-mail (unique indexes), store the hash, then append
 * UserRegistered. If the append fails, the claim is given back so the names are free again; if the
 * process died in between, the next sign-up with those names finds a claim with no user stream
 * behind it and frees it.
 */
export async function registerUser(
  ctx: AccountsContext,
  input: { username: string; email: string; password: string },
  metadata: (userId: string) => EventMetadata,
): Promise<{ registered: UserRegistered; position: bigint }> {
  await releaseStaleClaims(ctx, input.username, input.email);
  const taken = await ctx.accounts.taken(input.username, input.email);
  if (taken.length) throw duplicateError(taken);
  const userId = randomUUID();
  const passwordHash = await ctx.hasher.hash(input.password);
  try {
    await ctx.accounts.reserve({ userId, username: input.username, email: input.email, passwordHash });
  } catch (err) {
    if (err instanceof DuplicateAccountError) throw duplicateError(err.fields);
    throw err;
  }
  try {
    const result = await ctx.users.handle(
      userId,
      { type: 'Register', userId, username: input.username, email: input.email, at: new Date() },
      metadata(userId),
    );
    const [registered] = result.events;
    // The decider answers Register with UserRegistered or refuses.
    if (registered?.type !== 'UserRegistered') throw new Error('Register decided no UserRegistered');
    return { registered: registered.data, position: result.position };
  } catch (err) {
    await ctx.accounts
      .release(userId)
      .catch((e) => ctx.rt.logger.error({ err: e }, 'could not release an account reservation'));
    throw err;
  }
}

async function releaseStaleClaims(ctx: AccountsContext, username: string, email: string) {
  const candidates = await ctx.accounts.claimsOn(username, email, new Date(Date.now() - STALE_CLAIM_MS));
  for (const userId of candidates) {
    const events = await ctx.rt.store.readStream(streams.user(userId), { maxCount: 1 });
    if (events.length === 0) {
      ctx.rt.logger.warn({ userId }, 'freeing the names of a sign-up that never completed');
      await ctx.accounts.release(userId);
    }
  }
}
