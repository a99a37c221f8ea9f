import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { createLogger, loadConfig, migrate, openPglite, platformMigrations, Sessions } from '@lectio/platform';
import { accountMigrations } from './migrations';
import { runHousekeeping } from './housekeeping';

it('given expired and live sessions and reset tokens, housekeeping removes only the expired ones', async () => {
  const db = await openPglite();
  await migrate(db, [...platformMigrations, ...accountMigrations]);
  const user = randomUUID();
  const day = 24 * 3600_000;
  const at = (ms: number) => new Date(Date.now() + ms);
  const session = (id: string, lastSeen: Date, expires: Date) =>
    db.query('INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $3, $4)', [
      id,
      user,
      lastSeen,
      expires,
    ]);
  await session('live', at(-60_000), at(10 * day));
  await session('idle', at(-8 * day), at(10 * day)); // past the 7-day idle timeout
  await session('old', at(-60_000), at(-1000)); // past its absolute lifetime
  const token = (hash: string, expires: Date) =>
    db.query('INSERT INTO password_reset_tokens (id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)', [
      randomUUID(),
      user,
      hash,
      expires,
    ]);
  await token('fresh', at(3600_000));
  await token('stale', at(-2 * day));

  const rt = { db, sessions: new Sessions(db, loadConfig({})), logger: createLogger({ level: 'silent' }) };
  const ac = new AbortController();
  const run = runHousekeeping(rt, ac.signal, 60_000);
  await new Promise((r) => setTimeout(r, 300));
  ac.abort();
  await run;
  expect((await db.query<{ id: string }>('SELECT id FROM sessions ORDER BY id')).rows.map((r) => r.id)).toEqual([
    'live',
  ]);
  expect(
    (await db.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens')).rows.map(
      (r) => r.token_hash,
    ),
  ).toEqual(['fresh']);
  await db.close();
});
