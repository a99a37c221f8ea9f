import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { fairTurn } from './fair-turn';
import { runTemplate, startFromTemplate } from './pglite-template';
import { sleep, withTimeout } from './time';
import { SerialQueue } from './serial-queue';

/** The one SQL surface the code uses, on PGlite (embedded) or a PostgreSQL server. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
}

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Multi-statement SQL without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * LISTEN on a channel; the returned function stops listening. A dropped connection is opened
   * again (with growing pauses) and LISTENs again; `onResumed` is then called, because whatever was
   * notified while it was down is lost and the caller should read the state afresh.
   */
  listen(channel: string, onNotify: (payload: string) => void, onResumed?: () => void): Promise<() => Promise<void>>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const QUERY_TIMEOUT_MS = 10_000;

/** PGlite's own start parameters (as 0.5 sets them), which passing any replaces. */
export const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
];
/**
 * PostgreSQL's default (128MB) is most of an idle embedded Lectio's memory, for a database of a
 * few megabytes whose files the operating system caches anyway: 32MB measured no slower.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/** `template`: an initialised cluster a new database is copied from instead of running initdb (pglite-template.ts). */
export async function openPglite(dataDir?: string, template = runTemplate()): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const startParams = [...PGLITE_START_PARAMS, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  const lite = await PGlite.create(dataDir, { startParams, ...startFromTemplate(template, dataDir) }).catch(
    (err: unknown) => {
      unlock();
      throw err;
    },
  );
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      // PGlite runs each statement in this thread and its promise settles at once, so a chain of
      // queries (a transaction, a projector's batch, an import) would never let the event loop
      // turn: every other request would wait for the whole chain.
      await fairTurn();
      const r = await q.query<T>(sql, params);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
  });
  const base = wrap(lite);
  // PGlite is one session: a plain query issued while another caller's transaction is open would
  // run inside that transaction and see its uncommitted rows. One lock orders them.
  const lock = new SerialQueue();
  return {
    engine: 'pglite',
    query: (sql, params) => lock.run(() => base.query(sql, params)),
    transaction: (fn) => lock.run(() => lite.transaction((tx) => fn(wrap(tx)))),
    exec: (sql) => lock.run(async () => void (await lite.exec(sql))),
    listen: async (channel, onNotify) => {
      const unlisten = await lite.listen(channel, onNotify);
      return () => unlisten();
    },
    ping: async () => {
      try {
        await lite.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      await lite.close();
      unlock();
    },
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    statement_timeout: QUERY_TIMEOUT_MS,
    // The server's statement_timeout cannot end a query the network lost on the way: this can.
    query_timeout: QUERY_TIMEOUT_MS + 2000,
    keepAlive: true,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  await withTimeout(pool.query('select 1'), 6000, 'Connecting to PostgreSQL');
  const breaker = new ConnectionBreaker();
  const listeners = new Set<pg.Client>();
  let closing = false;

  /** Runs `fn` on a pooled connection; a connection that failed is thrown away, never pooled again. */
  async function withClient<T>(fn: (query: Queryable['query']) => Promise<T>): Promise<T> {
    const client = await breaker.connect(() => pool.connect());
    // A checked-out client has no listener of the pool's: without one, a connection the server
    // ends between two statements (a restart, a failover, pg_terminate_backend) is an unhandled
    // 'error' event, and Node exits. The failure reaches the caller through the next query.
    let lost: Error | undefined;
    const onError = (err: Error) => (lost = err);
    client.on('error', onError);
    try {
      return await fn(async <R>(sql: string, params?: unknown[]) => {
        // After a loss (even a ROLLBACK) nothing more is sent on this connection.
        if (lost) throw new DatabaseUnavailableError(`PostgreSQL is unavailable: ${lost.message}`, { cause: lost });
        try {
          const r = await client.query(sql, params);
          // pg types rows as any: the caller names the columns its SQL selects.
          return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
        } catch (err) {
          if (isConnectionLoss(err))
            throw (lost = new DatabaseUnavailableError(`PostgreSQL is unavailable: ${err.message}`, { cause: err }));
          throw err;
        }
      });
    } finally {
      client.off('error', onError);
      client.release(lost);
    }
  }

  const query: Queryable['query'] = (sql, params) => withClient((q) => q(sql, params));
  return {
    engine: 'postgres',
    query,
    transaction: (fn) =>
      withClient(async (query) => {
        await query('BEGIN');
        try {
          const result = await fn({ query });
          await query('COMMIT');
          return result;
        } catch (err) {
          await query('ROLLBACK').catch(() => {});
          throw err;
        }
      }),
    exec: (sql) => withClient(async (query) => void (await query(sql))),
    async listen(channel, onNotify, onResumed) {
      let stopped = false;
      let client: pg.Client | undefined;
      const open = async () => {
        const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
        c.on('error', () => {});
        c.on('notification', (n) => {
          if (n.channel === channel) onNotify(n.payload ?? '');
        });
        try {
          await c.connect();
          await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (err) {
          await c.end().catch(() => {});
          throw err;
        }
        // Only a connection that was listening starts a reconnection when it ends: a failed attempt
        // is retried by the loop that made it, so outages never multiply the loops.
        listeners.add(c);
        c.once('end', () => {
          listeners.delete(c);
          if (!stopped && !closing) void reopen();
        });
        client = c;
      };
      // The server restarted or the connection was cut: listen again, pausing longer each time.
      const reopen = async () => {
        for (let pause = 250; !stopped && !closing; pause = Math.min(pause * 2, 5000)) {
          await sleep(pause);
          if (stopped || closing) return;
          try {
            await open();
            onResumed?.();
            return;
          } catch (err) {
            // The database itself was dropped: nothing will ever be notified again.
            if (typeof err === 'object' && err !== null && 'code' in err && err.code === '3D000') return;
            // still down; try again
          }
        }
      };
      await open();
      return async () => {
        stopped = true;
        if (client) {
          listeners.delete(client);
          await client.end().catch(() => {});
        }
      };
    },
    async ping() {
      try {
        await withTimeout(query('select 1'), 2000, 'PostgreSQL ping');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      closing = true;
      await Promise.all([...listeners].map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}

/**
 * The database cannot be reached or ended the connection: the caller may simply try again (the HTTP
 * edge answers 503). The code is PostgreSQL's connection_failure, so it is classified like the
 * server's own connection errors.
 */
/** PostgreSQL's unique_violation (23505), as pg and PGlite report it, with the index that refused. */
export const isUniqueViolation = (err: unknown): err is { code: string; constraint?: string } =>
  typeof err === 'object' && err !== null && 'code' in err && err.code === '23505';

export class DatabaseUnavailableError extends Error {
  readonly code = '08006';
}

/**
 * pg reports a lost connection as a plain Error without a SQLSTATE ('Connection terminated
 * unexpectedly', 'Client has encountered a connection error and is not queryable', 'Query read
 * timeout', a socket error); the server's own refusals (a DatabaseError) keep their code.
 */
function isConnectionLoss(err: unknown): err is Error {
  if (err instanceof pg.DatabaseError || !(err instanceof Error)) return false;
  const socketError = 'code' in err && typeof err.code === 'string' && /^E[A-Z]+$/.test(err.code);
  return socketError || /Connection terminated|not queryable|Query read timeout|Connection ended/i.test(err.message);
}

/**
 * While PostgreSQL cannot be reached, requests are answered at once (503) instead of each waiting
 * out a connection timeout: after a failed connection attempt, new ones fail at once for a moment,
 * then one at a time tries whether the database is back; the first that connects closes the breaker.
 */
class ConnectionBreaker {
  private downUntil?: number;
  private probing = false;
  constructor(private readonly pauseMs = 500) {}

  async connect<T>(attempt: () => Promise<T>): Promise<T> {
    const until = this.downUntil;
    const probe = until !== undefined;
    if (until !== undefined && (Date.now() < until || this.probing))
      throw new DatabaseUnavailableError('PostgreSQL is unavailable: it could not be reached a moment ago');
    if (probe) this.probing = true;
    try {
      const connected = await attempt();
      this.downUntil = undefined;
      return connected;
    } catch (err) {
      this.downUntil = Date.now() + this.pauseMs;
      if (err instanceof DatabaseUnavailableError) throw err;
      throw new DatabaseUnavailableError(
        `PostgreSQL is unavailable: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
    } finally {
      if (probe) this.probing = false;
    }
  }
}
