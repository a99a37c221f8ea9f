import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { streams } from '@lectio/contracts/events';
import { createLogger, loadConfig, openRuntime } from '@lectio/platform';
import { readModelMigrations } from './index';

const root = fileURLToPath(new URL('../../', import.meta.url));

it('npm run projections:rebuild replays the events into an emptied read model', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lectio-rebuild-'));
  const env = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  // The data directory as a stopped app leaves it: a registration in the events, a damaged row in users_view.
  const open = () =>
    openRuntime(loadConfig(env), createLogger({ level: 'silent', name: 'rebuild-test' }), {
      migrations: readModelMigrations,
    });
  let rt = await open();
  const userId = randomUUID();
  await rt.store.append(streams.user(userId), [
    {
      id: randomUUID(),
      type: 'UserRegistered',
      schemaVersion: 1,
      data: { userId, username: 'phoebe', email: 'phoebe@example.com', registeredAt: '2025-01-05T00:00:00.000Z' },
      metadata: { correlationId: randomUUID(), actor: { type: 'system' } },
    },
  ]);
  await rt.db.query(
    `INSERT INTO users_view (user_id, username, email, created_at) VALUES ($1, 'wrong', 'wrong@example.com', now())`,
    [userId],
  );
  await rt.close();

  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'projections/src/rebuild-cli.ts', 'users'],
    {
      cwd: root,
      // The embedded engines, whatever the surrounding environment points at.
      env: { ...process.env, DATABASE_URL: '', NATS_URL: '', EVENTSTOREDB_URL: '', ...env },
    },
  );
  expect(stdout).toMatch(/rebuilt users to position \d+/);

  rt = await open();
  expect((await rt.db.query('SELECT user_id, username, email FROM users_view')).rows).toEqual([
    { user_id: userId, username: 'phoebe', email: 'phoebe@example.com' },
  ]);
  await rt.close();
  rmSync(dataDir, { recursive: true, force: true });
}, 90_000);
