/**
 * The chapter API under load, next to nginx serving the same JSON from a file on this machine.
 *   npx tsx bench/chapter-api.ts [seconds=10] [connections=64]
 * Both single process (Node is one event loop; nginx gets worker_processes 1), wrk with 2 threads.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, portOpen } from '@lectio/platform/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { startLectio } from '@lectio/standalone';
import { requireTools } from './tools';

// Before anything starts: a clear message, not a stack trace, when wrk or nginx is missing.
requireTools('bench/chapter-api.ts', ['wrk', 'nginx']);

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 64);
const path = '/api/bible/john/3';
const ROUNDS = 3;
const roundSeconds = Math.max(2, Math.round(seconds / 2));

// Asynchronous on purpose: the server under test runs in this process's event loop.
async function wrk(url: string, duration = seconds) {
  const { stdout: out } = await promisify(execFile)(
    'wrk',
    ['-t2', `-c${connections}`, `-d${duration}s`, '--latency', url],
    { encoding: 'utf8' },
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99raw = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99 = p99raw ? Number(p99raw[1]) * (p99raw[2] === 'us' ? 0.001 : p99raw[2] === 's' ? 1000 : 1) : NaN;
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? '0';
  return { rps, p99, errors };
}

const dir = mkdtempSync(join(tmpdir(), 'lectio-bench-'));
let nginx: ChildProcess | undefined;
let app: Awaited<ReturnType<typeof startLectio>> | undefined;
let bare: FastifyInstance | undefined;
// nginx and the temporary folder go on every way out: success, an error, Ctrl-C, a kill.
function cleanUpNow() {
  if (nginx && nginx.exitCode === null) nginx.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
process.once('exit', cleanUpNow);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    cleanUpNow();
    process.exit(130);
  });
}

try {
  chmodSync(dir, 0o755); // nginx workers run as an unprivileged user
  // Production settings, including the default log level, logging to a file as a deployment would.
  app = await startLectio(
    {
      NODE_ENV: 'production',
      BILLING_SANDBOX: '1',
      SESSION_SECRET: 'b'.repeat(32),
      PUBLIC_URL: 'http://127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    { logDestination: pino.destination({ dest: join(dir, 'lectio.log'), sync: false }) },
  );
  const body = await (await fetch(app.url + path)).text();

  mkdirSync(join(dir, 'www/api/bible/john'), { recursive: true });
  writeFileSync(join(dir, 'www/api/bible/john/3'), body);
  const nginxPort = await freePort();
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; default_type application/json; etag on;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp; uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  server { listen 127.0.0.1:${nginxPort}; root ${dir}/www; add_header Cache-Control "public, max-age=86400"; } }`,
  );
  mkdirSync(join(dir, 'tmp'));
  const started = spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  nginx = started;
  await new Promise<void>((resolve, reject) => {
    started.once('error', (err) => reject(new Error(`nginx could not start: ${err.message}`)));
    const wait = async () => {
      const deadline = Date.now() + 10_000;
      while (!(await portOpen(nginxPort))) {
        if (started.exitCode !== null)
          return reject(new Error(`nginx exited with ${started.exitCode}; see ${dir}/error.log`));
        if (Date.now() > deadline) return reject(new Error('nginx did not listen within 10 s'));
        await new Promise((r) => setTimeout(r, 50));
      }
      resolve();
    };
    void wait();
  });

  // Rounds taken in turn, each paired with the nginx round after it: on a shared 2-core machine the
  // speed it gives changes from minute to minute, and a ratio of runs minutes apart measures that.
  console.log(
    `chapter API bench: GET ${path} (${body.length} bytes), ${connections} connections, ${ROUNDS} rounds of ${roundSeconds} s each in turn, wrk -t2`,
  );
  const rounds: Array<{ lectio: Awaited<ReturnType<typeof wrk>>; nginx: Awaited<ReturnType<typeof wrk>> }> = [];
  for (let r = 0; r < ROUNDS; r++) {
    rounds.push({
      lectio: await wrk(app.url + path, roundSeconds),
      nginx: await wrk(`http://127.0.0.1:${nginxPort}${path}`, roundSeconds),
    });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const lectio = { rps: median(rounds.map((r) => r.lectio.rps)), p99: median(rounds.map((r) => r.lectio.p99)) };
  const ng = { rps: median(rounds.map((r) => r.nginx.rps)), p99: median(rounds.map((r) => r.nginx.p99)) };
  const errors = (side: 'lectio' | 'nginx') => rounds.reduce((n, r) => n + Number(r[side].errors), 0);
  const ratios = rounds.map((r) => r.lectio.rps / r.nginx.rps);
  console.log(
    `Lectio (Node, 1 process): ${Math.round(lectio.rps).toLocaleString('en-US')} req/s, p99 ${lectio.p99.toFixed(2)} ms, non-2xx ${errors('lectio')}`,
  );
  console.log(
    `nginx (static file, 1 worker): ${Math.round(ng.rps).toLocaleString('en-US')} req/s, p99 ${ng.p99.toFixed(2)} ms, non-2xx ${errors('nginx')}`,
  );
  console.log(
    `Lectio reaches ${(median(ratios) * 100).toFixed(0)}% of nginx's requests/s (median of the rounds: ${ratios.map((x) => `${(x * 100).toFixed(0)}%`).join(', ')})`,
  );

  // The ceiling for any Fastify app here: one route sending the same buffer, no hooks, no logging.
  const bareApp = Fastify();
  bare = bareApp;
  const buffer = Buffer.from(body);
  bareApp.get('/api/bible/:bookId/:chapter', (_req, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').send(buffer);
  });
  const bareUrl = await bareApp.listen({ port: 0, host: '127.0.0.1' });
  const b = await wrk(bareUrl + path);
  console.log(
    `bare Fastify (same buffer, no hooks): ${Math.round(b.rps).toLocaleString('en-US')} req/s, p99 ${b.p99.toFixed(2)} ms (${((b.rps / ng.rps) * 100).toFixed(0)}% of nginx)`,
  );
} catch (err) {
  console.error(`bench/chapter-api.ts failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await bare?.close().catch(() => {});
  await app?.close().catch(() => {});
  cleanUpNow();
}
