import { randomUUID } from 'node:crypto';
import type { Runtime } from '@lectio/platform';
import { streams } from '@lectio/contracts/events';
import { AccountStore } from '../accounts/account-store';
import type { UserStream } from '../accounts/user-stream';

export type RoleAnswer = { ok: true; message: string; staff?: string[] } | { ok: false; message: string };

const cliMetadata = () => ({ correlationId: randomUUID(), actor: { type: 'system' as const, id: 'support-cli' } });

/**
 * The support role's three commands, as the command line gives them: grant and revoke are
 * SupportRoleGranted / SupportRoleRevoked on the staff member's user stream (decided by the user
 * decider, through `users`, the process's handler of that stream); list folds every user stream that
 * ever held the role.
 */
export async function supportRoleCommand(
  rt: Pick<Runtime, 'db' | 'store' | 'clock'>,
  users: UserStream,
  action: 'grant' | 'revoke' | 'list',
  email?: string,
): Promise<RoleAnswer> {
  const accounts = new AccountStore(rt.db);
  if (action === 'list') return { ok: true, message: '', staff: await listSupportStaff(rt, users, accounts) };
  if (!email) return { ok: false, message: `An e-mail address is needed: support ${action} <email>` };
  const account = await accounts.findByEmail(email);
  if (!account) return { ok: false, message: `No account has the e-mail ${email}` };
  const { events } = await users.handle(
    account.userId,
    { type: action === 'grant' ? 'GrantSupportRole' : 'RevokeSupportRole', at: rt.clock.now() },
    cliMetadata(),
  );
  const verb = action === 'grant' ? 'now has' : 'no longer has';
  if (events.length === 0)
    return {
      ok: true,
      message: `${account.email} ${action === 'grant' ? 'already has' : 'did not have'} the support role`,
    };
  return { ok: true, message: `${account.email} ${verb} the support role` };
}

async function listSupportStaff(
  rt: Pick<Runtime, 'store'>,
  users: UserStream,
  accounts: AccountStore,
): Promise<string[]> {
  const candidates = new Set<string>();
  let after = 0n;
  for (;;) {
    const page = await rt.store.readAll({ after, maxCount: 1000 });
    if (page.length === 0) break;
    for (const e of page)
      if (e.type === 'SupportRoleGranted') {
        const userId = streams.user.userIdOf(e.streamId);
        if (userId) candidates.add(userId);
      }
    after = page[page.length - 1]!.position;
  }
  const staff: string[] = [];
  for (const userId of candidates) {
    const state = await users.load(userId);
    if (state.registered && state.support) staff.push((await accounts.findById(userId))?.email ?? state.email);
  }
  return staff.sort();
}
