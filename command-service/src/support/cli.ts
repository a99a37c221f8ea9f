/**
 * `npm run support -- grant <email> | revoke <email> | list`: the support role, from the command
 * line only. With DATABASE_URL it writes to that database (and EVENTSTOREDB_URL's store); on the
 * embedded default it asks the running server over its local channel, or opens DATA_DIR itself
 * when no server is running.
 */
import { ConfigError, createLogger, loadConfig, openRuntime } from '@lectio/platform';
import { commandMigrations } from '../migrations';
import { CHANNEL_PATH, CHANNEL_TOKEN_HEADER, readChannel } from './channel';
import { userStream } from '../accounts/user-stream';
import { type RoleAnswer, supportRoleCommand } from './role';

const USAGE = 'Usage: npm run support -- grant <email> | revoke <email> | list';

async function viaChannel(url: string, token: string, action: string, email?: string): Promise<RoleAnswer | undefined> {
  try {
    const res = await fetch(url + CHANNEL_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CHANNEL_TOKEN_HEADER]: token },
      body: JSON.stringify({ action, email }),
    });
    if (res.status === 404) return undefined; // another server on that port now: open the data directly
    const body: unknown = await res.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      const staff = 'staff' in body && Array.isArray(body.staff) ? body.staff.map(String) : undefined;
      return res.ok ? { ok: true, message: body.message, staff } : { ok: false, message: body.message };
    }
    return { ok: false, message: `The server answered ${res.status}` };
  } catch {
    return undefined; // nothing listening: the server stopped without removing its file
  }
}

async function main(args: string[]): Promise<number> {
  const [action, email] = args;
  if ((action !== 'grant' && action !== 'revoke' && action !== 'list') || (action !== 'list' && !email)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  let answer: RoleAnswer | undefined;
  const channel = config.DATABASE_URL ? undefined : readChannel(config);
  if (channel) answer = await viaChannel(channel.url, channel.token, action, email);
  if (!answer) {
    const rt = await openRuntime(config, createLogger({ level: 'warn', name: 'support-cli' }), {
      service: 'support-cli',
      migrations: commandMigrations,
    });
    try {
      answer = await supportRoleCommand(rt, userStream(rt.store), action, email);
    } finally {
      await rt.close();
    }
  }
  if (!answer.ok) {
    console.error(answer.message);
    return 1;
  }
  if (action === 'list') console.log(answer.staff?.length ? answer.staff.join('\n') : 'No one has the support role');
  else console.log(answer.message);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(err instanceof ConfigError ? 2 : 1);
  },
);
