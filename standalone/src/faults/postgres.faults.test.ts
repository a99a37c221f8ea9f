import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '@lectio/platform';
import { UNAVAILABLE_MESSAGE } from '@lectio/platform/http';
import { createTestDatabase, freePort, PostgresCluster } from '@lectio/platform/testing';
import { LectioProcess } from '../testing';
import { CommandLoad, type LoadAnswer } from './command-load';
import { SilentNetwork } from './silent-network';

/**
 * PostgreSQL going away under a command load, seen from outside: the server runs in its own
 * process (an exit would be an operator's outage), readers send commands over HTTP. Whatever
 * happens, every acknowledged command is stored, failures are quick 503s with a clear message,
 * and the server serves again once the database is back, without a restart.
 */
const pg = await createTestDatabase();
const dirs: string[] = [];
const servers: LectioProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.kill();
  await pg?.drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function startServer(databaseUrl: string) {
  const dir = mkdtempSync(join(tmpdir(), 'lectio-pg-fault-'));
  dirs.push(dir);
  const server = await LectioProcess.start(
    { NODE_ENV: 'test', DATABASE_URL: databaseUrl, DATA_DIR: dir, LOG_LEVEL: 'warn' },
    dir,
  );
  servers.push(server);
  return server;
}

/** What a reader may see when something fails: a 503 with the clear message, never a 500, a stack, or nothing. */
function expectOnlyCleanUnavailable(failures: LoadAnswer[]) {
  const unexpected = failures.filter((f) => f.status !== 503 || f.message !== UNAVAILABLE_MESSAGE);
  expect(unexpected.slice(0, 5), `${unexpected.length} unexpected answers`).toEqual([]);
}

/** Every reader's command succeeds again (the same process: no restart). */
async function expectRecovered(load: CommandLoad) {
  for (const reader of load.readers) {
    await expect
      .poll(async () => (await load.send(reader, 'POST', '/api/user/preference-reminder/dismiss')).status, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe(200);
  }
}

describe.skipIf(!pg)('PostgreSQL faults under a command load', () => {
  it('connections cut every 2 s (pg_terminate_backend): the process lives, nothing acknowledged is lost, failures are 503s', async () => {
    const server = await startServer(pg!.url);
    const load = await CommandLoad.signUp(server.url, 4);
    const admin = await openPostgres(pg!.url, { max: 1 });
    const database = new URL(pg!.url).pathname.slice(1);
    load.start();
    let cut = 0;
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 2000));
      const r = await admin.query<{ n: number }>(
        'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database],
      );
      cut += r.rows[0]!.n;
    }
    await new Promise((r) => setTimeout(r, 1000));
    await load.stop();
    await admin.close();

    expect(cut).toBeGreaterThanOrEqual(5);
    expect(server.exitStatus, server.log().slice(-3000)).toBeUndefined();
    expect(load.acknowledged.length).toBeGreaterThan(20);
    expectOnlyCleanUnavailable(load.failures);
    expect(await load.lost(pg!.url)).toEqual([]);
    await expectRecovered(load);
  }, 240_000);

  const clusterPresent = PostgresCluster.available();
  it.skipIf(!clusterPresent)(
    'the server stopped for 4 s and started again: quick 503s meanwhile, then it serves again, nothing acknowledged lost',
    async () => {
      const cluster = await PostgresCluster.create(await freePort());
      try {
        const setup = await openPostgres(cluster.url, { max: 1 });
        await setup.query('CREATE DATABASE lectio');
        await setup.close();
        const url = cluster.url.replace(/\/postgres$/, '/lectio');
        const server = await startServer(url);
        const load = await CommandLoad.signUp(server.url, 4);
        load.start();
        await new Promise((r) => setTimeout(r, 2000));
        await cluster.stop('fast');
        const down = load.answers.length;
        await new Promise((r) => setTimeout(r, 4000));
        const during = load.answers.slice(down);
        const health = await fetch(`${server.url}/api/health`);
        await cluster.start();
        await expectRecovered(load);
        await new Promise((r) => setTimeout(r, 1000));
        await load.stop();

        expect(server.exitStatus, server.log().slice(-3000)).toBeUndefined();
        expect(health.status).toBe(503);
        expect((await health.json()).ports.eventStore.up).toBe(false);
        // While the database is away, readers are answered at once rather than left waiting.
        expect(during.length).toBeGreaterThan(20);
        expectOnlyCleanUnavailable(during.filter((a) => a.status !== 200));
        const slow = during.filter((a) => a.ms > 2000);
        expect(slow.map((a) => Math.round(a.ms))).toEqual([]);
        expectOnlyCleanUnavailable(load.failures);
        expect(await load.lost(url)).toEqual([]);
      } finally {
        await cluster.dispose();
      }
    },
    120_000,
  );

  it('the network to PostgreSQL goes silent for 9 s: within seconds readers get quick 503s, nothing hangs, then it serves again', async () => {
    const target = new URL(pg!.url);
    const network = await SilentNetwork.start({ host: target.hostname, port: Number(target.port || 5432) });
    try {
      const url = new URL(pg!.url);
      url.port = String(network.port);
      const server = await startServer(url.toString());
      const load = await CommandLoad.signUp(server.url, 4);
      load.start();
      load.probe();
      await new Promise((r) => setTimeout(r, 2000));
      network.silence();
      const silenced = performance.now();
      await new Promise((r) => setTimeout(r, 9000));
      network.restore();
      await expectRecovered(load);
      await load.stop();

      expect(server.exitStatus, server.log().slice(-3000)).toBeUndefined();
      // Once a connection attempt has timed out (5 s), the others are answered at once; a few
      // requests that were already waiting on a connection the network swallowed answer later.
      const settled = load.answers.filter((a) => a.at > silenced + 6000 && a.at < silenced + 9000);
      expect(settled.length).toBeGreaterThan(20);
      const slow = settled.filter((a) => a.ms > 2000);
      expect(slow.length, JSON.stringify(slow.slice(0, 5))).toBeLessThanOrEqual(2);
      expectOnlyCleanUnavailable(load.failures);
      expect(await load.lost(pg!.url)).toEqual([]);
    } finally {
      await network.close();
    }
  }, 240_000);
});
