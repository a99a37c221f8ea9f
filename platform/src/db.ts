import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sleep, withTimeout } from './time';

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

export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir);
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await q.query<T>(sql, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
  });
  const base = wrap(lite);
  // PGlite is one session: a plain query issued while another caller's transaction is open would
  // run inside that transaction and see its uncommitted rows. One lock orders them.
  const lock = new Mutex();
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
    close: () => lite.close(),
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    statement_timeout: QUERY_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  await withTimeout(pool.query('select 1'), 6000, 'Connecting to PostgreSQL');
  const listeners = new Set<pg.Client>();
  let closing = false;
  return {
    engine: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      const r = await pool.query(sql, params).catch(asUnavailable);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect().catch(asUnavailable);
      // A checked-out client has no listener of the pool's: without one, a connection the server
      // ends between two statements (a restart, a failover, pg_terminate_backend) is an unhandled
      // 'error' event, and Node exits. The failure reaches the caller through the next query.
      let lost: Error | undefined;
      const onError = (err: Error) => (lost = err);
      client.on('error', onError);
      try {
        const tx: Queryable = {
          async query<R>(sql: string, params?: unknown[]) {
            const r = await client.query(sql, params).catch(asUnavailable);
            return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
          },
        };
        await tx.query('BEGIN');
        const result = await fn(tx);
        await tx.query('COMMIT');
        return result;
      } catch (err) {
        if (!lost) await client.query('ROLLBACK').catch((e: Error) => (lost = e));
        throw err;
      } finally {
        client.off('error', onError);
        // A broken connection is thrown away, never handed to the next caller.
        client.release(lost);
      }
    },
    async exec(sql) {
      await pool.query(sql).catch(asUnavailable);
    },
    async listen(channel, onNotify, onResumed) {
      let stopped = false;
      let client: pg.Client | undefined;
      const open = async () => {
        const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
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
            if ((err as { code?: string }).code === '3D000') return;
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
        await withTimeout(pool.query('select 1'), 2000, 'PostgreSQL ping');
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
export class DatabaseUnavailableError extends Error {
  readonly code = '08006';
}

/**
 * pg reports a lost connection as a plain Error without a SQLSTATE ('Connection terminated
 * unexpectedly', 'Client has encountered a connection error and is not queryable', a connect
 * timeout, a socket error); the server's own refusals (a DatabaseError) keep their code.
 */
function asUnavailable(err: unknown): never {
  if (err instanceof pg.DatabaseError || !(err instanceof Error)) throw err;
  const socketError = 'code' in err && typeof err.code === 'string' && /^E[A-Z]+$/.test(err.code);
  if (socketError || /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended/i.test(err.message))
    throw new DatabaseUnavailableError(`PostgreSQL is unavailable: ${err.message}`, { cause: err });
  throw err;
}

/** A FIFO async lock. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.catch(() => {});
    return result;
  }
}
