/**
 * The chapter API under load, next to nginx serving the same JSON from a file on this machine.
 *   npx tsx bench/chapter-api.ts [seconds=10] [connections=64]
 * Both single process (Node is one event loop; nginx gets worker_processes 1), wrk with 2 threads.
 */
import { execFile, spawn } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { promisify } from 'node:util';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, portOpen } from '../platform/src/testing/engines';
import Fastify from 'fastify';
import pino from 'pino';
import { startLectio } from '../standalone/src/server';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 64);
const path = '/api/bible/john/3';

// Asynchronous on purpose: the server under test runs in this process's event loop.
async function wrk(url: string) {
  const { stdout: out } = await promisify(execFile)('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99raw = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99 = p99raw ? Number(p99raw[1]) * (p99raw[2] === 'us' ? 0.001 : p99raw[2] === 's' ? 1000 : 1) : NaN;
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? '0';
  return { rps, p99, errors };
}

const dir = mkdtempSync(join(tmpdir(), 'lectio-bench-'));
chmodSync(dir, 0o755); // nginx workers run as an unprivileged user
// Production settings, including the default log level, logging to a file as a deployment would.
const app = await startLectio(
  { NODE_ENV: 'production', SESSION_SECRET: 'b'.repeat(32), PUBLIC_URL: 'http://127.0.0.1', DATA_DIR: join(dir, 'data'), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
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
const nginx = spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
while (!(await portOpen(nginxPort))) await new Promise((r) => setTimeout(r, 50));

console.log(`chapter API bench: GET ${path} (${body.length} bytes), ${connections} connections, ${seconds} s each, wrk -t2`);
const lectio = await wrk(app.url + path);
console.log(`Lectio (Node, 1 process): ${Math.round(lectio.rps).toLocaleString('en-US')} req/s, p99 ${lectio.p99.toFixed(2)} ms, non-2xx ${lectio.errors}`);
const ng = await wrk(`http://127.0.0.1:${nginxPort}${path}`);
console.log(`nginx (static file, 1 worker): ${Math.round(ng.rps).toLocaleString('en-US')} req/s, p99 ${ng.p99.toFixed(2)} ms, non-2xx ${ng.errors}`);
console.log(`Lectio reaches ${((lectio.rps / ng.rps) * 100).toFixed(0)}% of nginx's requests/s`);

// The ceiling for any Fastify app here: one route sending the same buffer, no hooks, no logging.
const bare = Fastify();
const buffer = Buffer.from(body);
bare.get('/api/bible/:bookId/:chapter', (_req, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(buffer);
});
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
const b = await wrk(bareUrl + path);
console.log(`bare Fastify (same buffer, no hooks): ${Math.round(b.rps).toLocaleString('en-US')} req/s, p99 ${b.p99.toFixed(2)} ms (${((b.rps / ng.rps) * 100).toFixed(0)}% of nginx)`);
await bare.close();

nginx.kill('SIGTERM');
await app.close();
rmSync(dir, { recursive: true, force: true });
