import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { startLectio } from '@lectio/standalone';

const root = fileURLToPath(new URL('../../', import.meta.url));

it('npm run projections:rebuild replays the events into an emptied read model', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lectio-rebuild-'));
  const env = { NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' };
  let app = await startLectio(env);
  const reg = await fetch(`${app.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'phoebe', email: 'phoebe@example.com', password: 'servant of the church', confirmPassword: 'servant of the church' }),
  });
  expect(reg.status).toBe(201);
  const before = (await app.rt.db.query('SELECT user_id, username, email FROM users_view')).rows;
  // Damage the read model by hand; the rebuild must restore it from the events alone.
  await app.rt.db.query(`UPDATE users_view SET username = 'wrong'`);
  await app.close();

  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'projections/src/rebuild-cli.ts', 'users'], {
    cwd: root,
    // The embedded engines, whatever the surrounding environment points at.
    env: { ...process.env, DATABASE_URL: '', NATS_URL: '', EVENTSTOREDB_URL: '', ...env },
  });
  expect(stdout).toMatch(/rebuilt users to position \d+/);

  app = await startLectio(env);
  expect((await app.rt.db.query('SELECT user_id, username, email FROM users_view')).rows).toEqual(before);
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}, 90_000);
