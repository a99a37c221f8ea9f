/**
 * Read-your-writes abuse: 400 connections send `x-lectio-min-position: 99999999999999999999` to
 * GET /api/bible/books while a probe asks GET /api/health every 50 ms (open loop); prints the probe's p50/p99
 * and a small write's latency, on PGlite and on PostgreSQL.
 *   npx tsx bench/stall.ts [seconds=8] [connections=400]
 * The server runs in its own process and the load in wrk, so neither delays the probe.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, percentile } from '@lectio/platform/testing';
import { LectioProcess } from '@lectio/standalone/testing';
import { requireTools } from './tools';

const seconds = Number(process.argv[2] ?? 8);
const connections = Number(process.argv[3] ?? 400);
const BOGUS = '99999999999999999999';

export interface StallResult {
  engine: string;
  healthP50: number;
  healthP99: number;
  writeP50: number;
  booksPerSecond: number;
}

function request(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `npm start`'s compiled server in production mode, in its own process (so the load does not delay
 * it from here); BENCH_CPU_PROF=<dir> writes its CPU profile (node --cpu-prof) there.
 */
export function startServer(env: Record<string, string>, dir: string) {
  return LectioProcess.start(
    {
      NODE_ENV: 'production',
      BILLING_SANDBOX: '1',
      SESSION_SECRET: 's'.repeat(32),
      PUBLIC_URL: 'http://127.0.0.1',
      ...env,
    },
    dir,
    {
      built: true,
      timeoutMs: 60_000,
      nodeArgs: process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [],
    },
  );
}

/** The load runs in wrk (its own process, in C): a load generator in this process would delay the probe itself. */
function startLoad(port: number, durationSeconds: number): Promise<{ requests: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'wrk',
      [
        '-t1',
        `-c${connections}`,
        `-d${durationSeconds}s`,
        '--timeout',
        '10s',
        '-H',
        `x-lectio-min-position: ${BOGUS}`,
        `http://127.0.0.1:${port}/api/bible/books`,
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', () => {
      const requests = Number(/(\d+) requests in ([\d.]+)(m?s)/.exec(out)?.[1] ?? NaN);
      resolve({ requests, seconds: durationSeconds });
    });
  });
}

async function measure(engine: string, port: number): Promise<StallResult> {
  const load = startLoad(port, seconds + 1);
  await new Promise((r) => setTimeout(r, 1000)); // let the load build up
  // Open loop: a probe every 50 ms whatever the previous one is doing, so one slow answer does
  // not stop the sampling (p50 over every probe sent in the window).
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const health: Promise<number>[] = [];
  const writes: Promise<number>[] = [];
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const timed = (send: () => Promise<number>) => {
    const t0 = performance.now();
    return send().then(
      () => performance.now() - t0,
      () => performance.now() - t0,
    );
  };
  let i = 0;
  while (Date.now() < deadline) {
    health.push(timed(() => request(probeAgent, port, 'GET', '/api/health')));
    // A request that touches the database (a failed sign-in: scrypt on a dummy hash, a rate-limit row), every 250 ms.
    if (i++ % 5 === 0) {
      const body = JSON.stringify({ email: `bench${i}@example.com`, password: 'not the password' });
      writes.push(
        timed(() =>
          request(
            probeAgent,
            port,
            'POST',
            '/api/login',
            { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
            body,
          ),
        ),
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const [healthMs, writeMs] = [await Promise.all(health), await Promise.all(writes)];
  probeAgent.destroy();
  const { requests } = await load;
  const booksPerSecond = requests / (seconds + 1);
  return {
    engine,
    healthP50: percentile(healthMs, 50),
    healthP99: percentile(healthMs, 99),
    writeP50: percentile(writeMs, 50),
    booksPerSecond,
  };
}

export async function runStallBench(): Promise<StallResult[]> {
  const results: StallResult[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'lectio-stall-'));
  const servers: LectioProcess[] = [];
  const database = await createTestDatabase().catch(() => undefined);
  try {
    const lite = await startServer({ DATA_DIR: join(dir, 'data') }, dir);
    servers.push(lite);
    results.push(await measure('PGlite', lite.port));
    await lite.kill('SIGTERM');
    if (database) {
      const pgServer = await startServer({ DATA_DIR: join(dir, 'data-pg'), DATABASE_URL: database.url }, dir);
      servers.push(pgServer);
      results.push(await measure('PostgreSQL', pgServer.port));
      await pgServer.kill('SIGTERM');
    } else {
      console.log(
        'PostgreSQL skipped: no server at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)',
      );
    }
  } finally {
    for (const s of servers) await s.kill();
    await database?.drop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  requireTools('bench/stall.ts', ['wrk']);
  console.log(
    `read-your-writes abuse: ${connections} connections send x-lectio-min-position: ${BOGUS} to GET /api/bible/books for ${seconds} s`,
  );
  for (const r of await runStallBench()) {
    console.log(
      `${r.engine}: health p50 ${r.healthP50.toFixed(1)} ms, p99 ${r.healthP99.toFixed(1)} ms; failed sign-in p50 ${r.writeP50.toFixed(0)} ms; books ${Math.round(r.booksPerSecond).toLocaleString('en-US')} req/s`,
    );
  }
}
