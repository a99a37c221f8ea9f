import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '@lectio/platform';
import { createTestDatabase, freePort } from '@lectio/platform/testing';
import { startTestLectio, type TestClient, unique } from '@lectio/standalone/testing';
import { waitForProjections } from '@lectio/platform/projections';
import { readModelNames, readModels } from './index';

/**
 * A projector killed (SIGKILL, a real process on PostgreSQL) at random points of a rebuild, then
 * the projections service, itself killed once mid-way, takes over from what was left: the read
 * models end up equal to a clean rebuild from the same events.
 */
const pg = await createTestDatabase();
const root = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'lectio-rebuild-kill-'));
afterAll(async () => {
  await pg?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every read model's rows, in a stable order, and where each projection stands. */
async function snapshot(db: Db) {
  const tables: Record<string, string[]> = {};
  for (const p of readModels)
    for (const table of p.tables)
      tables[table] = (await db.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM ${table} t ORDER BY 1`)).rows.map((r) => r.row);
  const checkpoints = (
    await db.query<{ name: string; p: string }>('SELECT name, position::text AS p FROM projection_checkpoints WHERE name = ANY($1) ORDER BY name', [
      readModelNames(),
    ])
  ).rows;
  return { tables, checkpoints };
}

function run(script: string, args: string[] = [], env: Record<string, string> = {}): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: pg!.url, NATS_URL: '', EVENTSTOREDB_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  return { child, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

/** Readers doing what readers do, so that every read model has rows: trials with cards, Premium, questions, preferences, cancellations. */
const ok = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBe(200);

async function history(t: Awaited<ReturnType<typeof startTestLectio>>) {
  const password = 'Psalm-23:1 shepherd';
  const card = async (c: TestClient, number: string) => {
    const { clientSecret } = (await c.post('/api/create-setup-intent')).body;
    return (await c.post('/api/sandbox/confirm-setup', { clientSecret, card: { number, expMonth: 12, expYear: 2031, cvc: '123' } })).body;
  };
  // The command side reads a reader's e-mail from users_view: wait for it after a sign-up.
  const caughtUp = (c: TestClient) => waitForProjections(t.lectio.rt.db, readModelNames(), BigInt(c.position!), 10_000);
  for (let i = 0; i < 8; i++) {
    const c = t.client(`127.0.8.${i + 1}`); // loopback: activate-subscription is a development route
    const username = unique('replayed');
    if (i % 2 === 0) {
      const { clientSecret } = (await c.post('/api/trial-setup-intent')).body;
      const pm = (await c.post('/api/sandbox/confirm-setup', { clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' } }))
        .body;
      const r = await c.post('/api/register-with-payment', {
        userData: { username, email: `${username}@example.com`, password, confirmPassword: password },
        paymentMethodId: pm.paymentMethodId,
      });
      expect(r.status).toBe(201);
      await caughtUp(c);
      const second = await card(c, '4000000000000341');
      ok(await c.post('/api/add-payment-method', { paymentMethodId: second.paymentMethodId }));
      ok(await c.post('/api/set-default-payment-method', { paymentMethodId: second.paymentMethodId }));
      ok(await c.post('/api/remove-payment-method', { paymentMethodId: pm.paymentMethodId }));
    } else {
      expect((await c.register(username, `${username}@example.com`, password)).status).toBe(201);
      await caughtUp(c);
      ok(await c.post('/api/activate-subscription'));
    }
    for (const [faithJourney, communicationStyle] of [
      ['new_to_christianity', 'simple'],
      ['bible_scholar', 'scholarly'],
    ])
      ok(await c.post('/api/user/preferences', { faithJourney, communicationStyle }));
    for (let q = 0; q < 3; q++) {
      ok(
        await c.post('/api/chat', {
          message: 'Who wrote Romans, and why did he write it?',
          context: { book: 'romans', chapter: 1, verse: 1 + q, verseText: '' },
        }),
      );
    }
    for (let d = 0; d < 5; d++) ok(await c.post('/api/user/preference-reminder/dismiss'));
    if (i % 3 === 0) ok(await c.post('/api/cancel-subscription'));
  }
}

describe.skipIf(!pg)('projector killed during a rebuild (PostgreSQL)', () => {
  it('killed at random points, then taken over by the projections service (killed once too): the tables equal a clean rebuild', async () => {
    const t = await startTestLectio({ env: { DATABASE_URL: pg!.url } });
    let head: bigint;
    try {
      await history(t);
      head = await t.lectio.rt.store.headPosition();
    } finally {
      await t.close();
    }
    const db = await openPostgres(pg!.url, { max: 2 });
    try {
      expect(await (await run('projections/src/rebuild-cli.ts')).exited).toBe(0);
      const clean = await snapshot(db);
      expect(clean.tables.users_view!.length).toBe(8);
      expect(clean.checkpoints.map((c) => c.p)).toEqual(readModels.map(() => String(head)));

      // Killed as soon as the rebuild has moved (a checkpoint deleted or written), plus a random moment.
      const moved = async (before: string) => JSON.stringify((await snapshot(db)).checkpoints) !== before;
      for (let kill = 0; kill < 4; kill++) {
        const before = JSON.stringify((await snapshot(db)).checkpoints);
        const rebuild = run('projections/src/rebuild-cli.ts');
        while (!(await moved(before)) && rebuild.child.exitCode === null) await new Promise((r) => setTimeout(r, 2));
        await new Promise((r) => setTimeout(r, Math.random() * 40));
        rebuild.child.kill('SIGKILL');
        await rebuild.exited;
      }

      // The projections service takes over from whatever the kills left; killed once mid-way.
      const env = { PORT: String(await freePort()) };
      const first = run('projections/src/main.ts', [], env);
      const before = JSON.stringify((await snapshot(db)).checkpoints);
      while (!(await moved(before)) && first.child.exitCode === null) await new Promise((r) => setTimeout(r, 2));
      first.child.kill('SIGKILL');
      await first.exited;
      const second = run('projections/src/main.ts', [], { PORT: String(await freePort()) });
      try {
        await expect.poll(async () => (await snapshot(db)).checkpoints.every((c) => BigInt(c.p) === head), { timeout: 60_000, interval: 200 }).toBe(true);
        await expect.poll(async () => (await snapshot(db)).checkpoints.length, { timeout: 5000 }).toBe(readModels.length);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
      expect(await snapshot(db)).toEqual(clean);
    } finally {
      await db.close();
    }
  }, 240_000);
});
