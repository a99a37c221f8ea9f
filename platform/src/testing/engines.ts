import { randomBytes } from 'node:crypto';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * Finding the real engines for tests. Absent engines skip their suites with a visible reason,
 * unless REQUIRE_POSTGRES / REQUIRE_NATS / REQUIRE_E2E make the absence a failure (CI).
 */
export const required = (name: 'POSTGRES' | 'NATS' | 'E2E') => process.env[`REQUIRE_${name}`] === '1';

function unavailable(name: 'POSTGRES' | 'NATS' | 'E2E', reason: string): undefined {
  if (required(name)) throw new Error(`REQUIRE_${name}=1 but ${reason}`);
  console.warn(`[skipped] ${reason}`);
  return undefined;
}

const adminUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh, empty database on the PostgreSQL server, or undefined (skip) when there is none.
 * `prefix` names it (benchmarks use their own, so a left-over one is recognisable).
 */
export async function createTestDatabase(
  prefix = 'lectio_test',
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  // Where PostgreSQL is required (CI) it is there: give a connection slowed by a loaded machine time
  // (a 3 s limit once failed a whole file under CI's parallel load); elsewhere skip quickly.
  const admin = new pg.Client({
    connectionString: adminUrl(),
    connectionTimeoutMillis: required('POSTGRES') ? 20_000 : 3000,
  });
  try {
    await admin.connect();
  } catch (err) {
    return unavailable('POSTGRES', `PostgreSQL is not reachable at ${adminUrl()} (${(err as Error).message})`);
  }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function portOpen(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ port, host });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

/** Where initdb and pg_ctl are: POSTGRES_BIN_DIR, or the newest of Debian's /usr/lib/postgresql/<major>/bin. */
const PG_BIN =
  process.env.POSTGRES_BIN_DIR ??
  (existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => `/usr/lib/postgresql/${v}/bin`)[0]
    : undefined) ??
  '/usr/lib/postgresql/15/bin';

/**
 * A private PostgreSQL server (initdb + pg_ctl) on its own port and a temporary data directory,
 * which a test may stop, restart and throw away without touching the machine's cluster. PostgreSQL
 * refuses to run as root, so under root it runs as the `postgres` user.
 */
export class PostgresCluster {
  readonly dataDir: string;
  private readonly owner?: { uid: number; gid: number };
  private constructor(readonly port: number) {
    this.dataDir = mkdtempSync(join(tmpdir(), 'lectio-pg-'));
    if (process.getuid?.() === 0) {
      const { uid, gid } = postgresUser();
      this.owner = { uid, gid };
      chownSync(this.dataDir, uid, gid);
    }
  }
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }
  static available(): boolean {
    if (existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_ctl'))) return true;
    unavailable('POSTGRES', `no initdb and pg_ctl in ${PG_BIN} (POSTGRES_BIN_DIR)`);
    return false;
  }
  /** Initialises the cluster and starts it. */
  static async create(port: number): Promise<PostgresCluster> {
    const c = new PostgresCluster(port);
    await c.run('initdb', ['-D', c.dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    await c.start();
    return c;
  }
  private run(tool: string, args: string[]) {
    return promisify(execFile)(join(PG_BIN, tool), args, { ...this.owner, cwd: tmpdir(), timeout: 60_000 });
  }
  async start() {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off -c max_connections=60`;
    await this.run('pg_ctl', [
      'start',
      '-w',
      '-D',
      this.dataDir,
      '-l',
      join(this.dataDir, 'server.log'),
      '-o',
      options,
    ]);
  }
  /** 'fast' ends every session (57P01) and shuts down cleanly; 'immediate' is a crash. */
  async stop(mode: 'fast' | 'immediate' = 'fast') {
    await this.run('pg_ctl', ['stop', '-w', '-D', this.dataDir, '-m', mode]);
  }
  async dispose() {
    await this.stop('immediate').catch(() => {});
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

function postgresUser(): { uid: number; gid: number } {
  // Node has no getpwnam; `id` is everywhere PostgreSQL's packages are.
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

const NATS_BINARY = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

/** A private nats-server with JetStream on its own port, which a test may stop and start again. */
export class NatsServerProcess {
  private child?: ChildProcess;
  readonly storeDir = mkdtempSync(join(tmpdir(), 'lectio-nats-'));
  constructor(readonly port: number) {}
  get url() {
    return `nats://127.0.0.1:${this.port}`;
  }
  static available(): boolean {
    if (existsSync(NATS_BINARY)) return true;
    unavailable('NATS', `no nats-server binary at ${NATS_BINARY}`);
    return false;
  }
  async start() {
    this.child = spawn(NATS_BINARY, ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      if (await portOpen(this.port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('nats-server did not start');
  }
  async stop() {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
  async dispose() {
    await this.stop();
    rmSync(this.storeDir, { recursive: true, force: true });
  }
}

/** The machine's shared NATS (NATS_URL or 127.0.0.1:4222), or undefined (skip). */
export async function sharedNatsUrl(): Promise<string | undefined> {
  const url = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const u = new URL(url);
  if (await portOpen(Number(u.port || 4222), u.hostname)) return url;
  return unavailable('NATS', `NATS is not reachable at ${url}`);
}

export function freePort(): Promise<number> {
  return import('node:net').then(
    ({ createServer }) =>
      new Promise((resolve, reject) => {
        const srv = createServer();
        srv.listen(0, '127.0.0.1', () => {
          const port = (srv.address() as { port: number }).port;
          srv.close(() => resolve(port));
        });
        srv.on('error', reject);
      }),
  );
}
