import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '@lectio/platform';
import { createTestDatabase, freePort } from '@lectio/platform/testing';
import { startTestLectio, type TestClient, unique } from '@lectio/standalone/testing';
import { createPostgresEventStore } from '@lectio/platform/eventstore';
import { runProjection, waitForProjections } from '@lectio/platform/projections';
import { readModelNames, readModels } from '@lectio/projections';
import { freshCardNumber } from '@lectio/testing/cards';

/**
 * A projector killed (SIGKILL, a real process on PostgreSQL) at random points of a rebuild, then
 * the projections service, itself killed once mid-way, takes over from what was left: the read
 * models end up equal to a clean rebuild from the same events.
 */
const pg = await createTestDatabase();
const root = fileURLToPath(new URL('../../../', import.meta.url));
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
      tables[table] = (
        await db.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM ${table} t ORDER BY 1`)
      ).rows.map((r) => r.row);
  const checkpoints = (
    await db.query<{ name: string; p: string }>(
      'SELECT name, position::text AS p FROM projection_checkpoints WHERE name = ANY($1) ORDER BY name',
      [readModelNames()],
    )
  ).rows;
  return { tables, checkpoints };
}

const checkpoints = (s: Awaited<ReturnType<typeof snapshot>>) => JSON.stringify(s.checkpoints);

/** Resolves when a checkpoint differs from `before` (the process has started its work), the process ended, or 20 s passed. */
async function firstMove(db: Db, before: string, child: ChildProcess) {
  const started = Date.now();
  const read = async () =>
    JSON.stringify(
      (
        await db.query(
          'SELECT name, position::text AS p FROM projection_checkpoints WHERE name = ANY($1) ORDER BY name',
          [readModelNames()],
        )
      ).rows,
    );
  while ((await read()) === before && child.exitCode === null && Date.now() - started < 20_000)
    await new Promise((r) => setTimeout(r, 2));
}

function run(
  script: string,
  args: string[] = [],
  env: Record<string, string> = {},
): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, script), ...args], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: pg!.url,
      NATS_URL: '',
      EVENTSTOREDB_URL: '',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
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
    return (
      await c.post('/api/sandbox/confirm-setup', {
        clientSecret,
        card: { number, expMonth: 12, expYear: 2031, cvc: '123' },
      })
    ).body;
  };
  // The command side reads a reader's e-mail from users_view: wait for it after a sign-up.
  const caughtUp = (c: TestClient) =>
    waitForProjections(t.lectio.rt.progress, readModelNames(), BigInt(c.position!), 10_000);
  for (let i = 0; i < 8; i++) {
    const c = t.client(`127.0.8.${i + 1}`); // loopback: activate-subscription is a development route
    const username = unique('replayed');
    if (i % 2 === 0) {
      const { clientSecret } = (await c.post('/api/trial-setup-intent')).body;
      const pm = (
        await c.post('/api/sandbox/confirm-setup', {
          clientSecret,
          card: { number: freshCardNumber(), expMonth: 12, expYear: 2031, cvc: '123' },
        })
      ).body;
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
    /** npm run projections:rebuild, killed `killAfterMs` after it first moved a checkpoint; else the ms from then to its exit. */
    const rebuild = async (killAfterMs?: number): Promise<number> => {
      const before = checkpoints(await snapshot(db));
      const r = run('projections/src/rebuild-cli.ts');
      await firstMove(db, before, r.child);
      const moved = performance.now();
      if (killAfterMs !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, killAfterMs));
        r.child.kill('SIGKILL');
      }
      const code = await r.exited;
      if (killAfterMs === undefined) expect(code).toBe(0);
      return performance.now() - moved;
    };
    try {
      // A clean rebuild, timed from the moment it first changes a checkpoint to its exit.
      const busy = await rebuild();
      const clean = await snapshot(db);
      expect(clean.tables.users_view!.length).toBe(8);
      expect(clean.checkpoints.map((c) => c.p)).toEqual(readModels.map(() => String(head)));

      // Killed at a random moment of that span; each time, the projectors (the service's code, here
      // in this process) resume from what the kill left and must reach the clean tables.
      const store = createPostgresEventStore(db);
      for (let kill = 0; kill < 6; kill++) {
        await rebuild(Math.random() * busy);
        const resumed = new AbortController();
        const running = Promise.all(
          readModels.map((projection) => runProjection({ db, store, projection, signal: resumed.signal })),
        );
        await expect
          .poll(async () => (await snapshot(db)).checkpoints.map((c) => c.p), { timeout: 30_000, interval: 50 })
          .toEqual(readModels.map(() => String(head)));
        resumed.abort();
        await running;
        expect(await snapshot(db), `after kill ${kill + 1}`).toEqual(clean);
      }

      // The projections service takes over from whatever the kills left; killed once mid-way.
      const first = run('projections/src/main.ts', [], { PORT: String(await freePort()) });
      await firstMove(db, checkpoints(await snapshot(db)), first.child);
      first.child.kill('SIGKILL');
      await first.exited;
      const second = run('projections/src/main.ts', [], { PORT: String(await freePort()) });
      try {
        await expect
          .poll(async () => (await snapshot(db)).checkpoints.every((c) => BigInt(c.p) === head), {
            timeout: 60_000,
            interval: 200,
          })
          .toBe(true);
        await expect
          .poll(async () => (await snapshot(db)).checkpoints.length, { timeout: 5000 })
          .toBe(readModels.length);
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
