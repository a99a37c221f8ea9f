import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { Queryable } from './db';
import { HttpError } from './http/errors';
import type { Migration } from './migrations';
import { DAY_MS } from '@lectio/contracts/time';

/**
 * Sessions, shared by the command and query services: a row per session in `sessions`, a random
 * 256-bit token in a signed, HttpOnly, SameSite=Lax cookie. The row's id is the SHA-256 of the
 * token, so the table alone opens no session.
 */

export const sessionMigrations: Migration[] = [
  {
    // Until the split by owner this was part of 010_accounts; IF NOT EXISTS makes it a no-op there.
    id: '003_sessions',
    sql: `
-- The id is the SHA-256 of the random token in the cookie, so a leaked table opens nothing.
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  user_id UUID NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  last_seen_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);`,
  },
  {
    // When the password was last checked in this session: null for one opened with a mailed link.
    id: '005_sessions_password_checked',
    sql: `ALTER TABLE sessions ADD COLUMN IF NOT EXISTS password_checked_at TIMESTAMPTZ;`,
  },
];

/** A session unused for this long is over. */
export const SESSION_IDLE_TIMEOUT_MS = 7 * DAY_MS;
/** A session is over this long after sign-in, however much it is used. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * DAY_MS;
/** last_seen_at is written at most this often per session (not on every request). */
const TOUCH_AFTER_MS = 5 * 60 * 1000;

export const NOT_AUTHENTICATED = 'Not authenticated';

/** `__Host-` in production: the browser then insists on Secure, Path=/ and no Domain. */
export function sessionCookieName(config: Pick<Config, 'NODE_ENV'>): string {
  return config.NODE_ENV === 'production' ? '__Host-lectio_session' : 'lectio_session';
}

export interface SessionUser {
  /** The row id (SHA-256 of the token). */
  sessionId: string;
  userId: string;
  /** When this session was signed in (support work is limited by it). */
  createdAt: Date;
  /** When the password was last checked in this session (null: opened without it, e.g. a mailed link). */
  passwordCheckedAt: Date | null;
}

/** How a session was opened: with the password checked (sign-in, registration, a change), or without (a mailed link). */
export interface SessionStart {
  passwordChecked: boolean;
  q?: Queryable;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface SessionRow {
  userId: string;
  createdAt: Date;
  passwordCheckedAt: Date | null;
  lastSeen: number;
  expiresAt: number;
}

/** Sessions remembered between requests; beyond this many the least recently read are dropped. */
const MAX_REMEMBERED_SESSIONS = 50_000;

/**
 * The session rows a process has read, so a signed-in request does not ask the database again.
 * Only for the embedded database, whose one process makes every change to `sessions` (through
 * Sessions): on a PostgreSQL server another service may end a session, and this process would not
 * know. Every ending forgets before it deletes, and bumps `epoch`: a row read before an ending
 * (the read raced it) is not remembered, so an ended session is refused from the next request on.
 */
class RememberedSessions {
  private readonly rows = new Map<string, SessionRow>();
  epoch = 0;

  get(id: string): SessionRow | undefined {
    const row = this.rows.get(id);
    if (row) {
      this.rows.delete(id);
      this.rows.set(id, row);
    }
    return row;
  }

  /** Keeps a row read when `epoch` was `readAt`, unless a session ended since. */
  remember(id: string, row: SessionRow, readAt: number) {
    if (readAt !== this.epoch) return;
    this.rows.set(id, row);
    if (this.rows.size > MAX_REMEMBERED_SESSIONS) this.rows.delete(this.rows.keys().next().value!);
  }

  forget(id: string) {
    this.epoch++;
    this.rows.delete(id);
  }

  forgetUser(userId: string, keep?: string) {
    this.epoch++;
    for (const [id, row] of this.rows) if (row.userId === userId && id !== keep) this.rows.delete(id);
  }

  forgetAll() {
    this.epoch++;
    this.rows.clear();
  }
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** One per process and database (the runtime's `sessions`): the rows it remembers are its own. */
export class Sessions {
  private readonly resolved = new WeakMap<FastifyRequest, Promise<SessionUser | undefined>>();
  private readonly memory: RememberedSessions | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly config: Pick<Config, 'NODE_ENV'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.memory = 'engine' in db && db.engine === 'pglite' ? new RememberedSessions() : undefined;
  }

  get cookieName() {
    return sessionCookieName(this.config);
  }

  private cookieOptions() {
    return {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.config.NODE_ENV === 'production',
    };
  }

  /** The token of the request's cookie if its signature is valid (the row may be gone). */
  private tokenOf(req: FastifyRequest): string | undefined {
    const raw = req.cookies?.[this.cookieName];
    if (!raw) return undefined;
    const unsigned = req.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value || !TOKEN_PATTERN.test(unsigned.value)) return undefined;
    return unsigned.value;
  }

  /**
   * Signs `userId` in: a new session and cookie. Rotation: the session the request came with (if
   * any, whoever it belonged to) is deleted, so a fixed or stolen earlier id is worth nothing.
   */
  async start(
    req: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    { passwordChecked, q = this.db }: SessionStart,
  ): Promise<SessionUser> {
    const previous = this.tokenOf(req);
    if (previous) {
      this.memory?.forget(hashToken(previous));
      await q.query('DELETE FROM sessions WHERE id = $1', [hashToken(previous)]);
    }
    const token = randomBytes(32).toString('base64url');
    const sessionId = hashToken(token);
    const now = this.now();
    const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_LIFETIME_MS);
    const passwordCheckedAt = passwordChecked ? now : null;
    await q.query(
      'INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, password_checked_at) VALUES ($1, $2, $3, $3, $4, $5)',
      [sessionId, userId, now, expiresAt, passwordCheckedAt],
    );
    reply.setCookie(this.cookieName, token, {
      ...this.cookieOptions(),
      signed: true,
      maxAge: Math.floor(SESSION_ABSOLUTE_LIFETIME_MS / 1000),
    });
    const user = { sessionId, userId, createdAt: now, passwordCheckedAt };
    this.resolved.set(req, Promise.resolve(user));
    return user;
  }

  /** The signed-in user of this request, or undefined. Expired sessions are deleted on sight. */
  current(req: FastifyRequest): Promise<SessionUser | undefined> {
    let found = this.resolved.get(req);
    if (!found) {
      found = this.lookup(req);
      this.resolved.set(req, found);
    }
    return found;
  }

  private async lookup(req: FastifyRequest): Promise<SessionUser | undefined> {
    const token = this.tokenOf(req);
    if (!token) return undefined;
    const sessionId = hashToken(token);
    const row = this.memory?.get(sessionId) ?? (await this.read(sessionId));
    if (!row) return undefined;
    const now = this.now().getTime();
    if (row.expiresAt <= now || row.lastSeen + SESSION_IDLE_TIMEOUT_MS <= now) {
      this.memory?.forget(sessionId);
      await this.db.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
      return undefined;
    }
    if (now - row.lastSeen > TOUCH_AFTER_MS) {
      row.lastSeen = now;
      await this.db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [sessionId, new Date(now)]);
    }
    return { sessionId, userId: row.userId, createdAt: row.createdAt, passwordCheckedAt: row.passwordCheckedAt };
  }

  private async read(sessionId: string): Promise<SessionRow | undefined> {
    const readAt = this.memory?.epoch ?? 0;
    const r = await this.db.query<{
      user_id: string;
      created_at: Date | string;
      last_seen_at: Date | string;
      expires_at: Date | string;
      password_checked_at: Date | string | null;
    }>(
      'SELECT user_id::text AS user_id, created_at, last_seen_at, expires_at, password_checked_at FROM sessions WHERE id = $1',
      [sessionId],
    );
    const found = r.rows[0];
    if (!found) return undefined;
    const row: SessionRow = {
      userId: found.user_id,
      createdAt: new Date(found.created_at),
      passwordCheckedAt: found.password_checked_at === null ? null : new Date(found.password_checked_at),
      lastSeen: new Date(found.last_seen_at).getTime(),
      expiresAt: new Date(found.expires_at).getTime(),
    };
    this.memory?.remember(sessionId, row, readAt);
    return row;
  }

  /** Records that the password was just checked again in this session (a step-up before sensitive work). */
  async markPasswordChecked(session: SessionUser): Promise<void> {
    const now = this.now();
    this.memory?.forget(session.sessionId);
    await this.db.query('UPDATE sessions SET password_checked_at = $2 WHERE id = $1', [session.sessionId, now]);
    session.passwordCheckedAt = now;
  }

  /** The signed-in user, or a 401 `{ message: 'Not authenticated' }`. */
  async require(req: FastifyRequest): Promise<SessionUser> {
    const user = await this.current(req);
    if (!user) throw new HttpError(401, NOT_AUTHENTICATED);
    return user;
  }

  /** Signs out: the row is deleted (the old cookie no longer works anywhere) and the cookie cleared. */
  async end(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = this.tokenOf(req);
    if (token) {
      this.memory?.forget(hashToken(token));
      await this.db.query('DELETE FROM sessions WHERE id = $1', [hashToken(token)]);
    }
    this.resolved.set(req, Promise.resolve(undefined));
    reply.clearCookie(this.cookieName, this.cookieOptions());
  }

  /** Ends every session of `userId` except `keep` (after a password change or reset). */
  async endAllOf(userId: string, options: { keep?: string; q?: Queryable } = {}): Promise<number> {
    const q = options.q ?? this.db;
    this.memory?.forgetUser(userId, options.keep);
    const r = options.keep
      ? await q.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, options.keep])
      : await q.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
    return r.rowCount;
  }

  /** Forgets every remembered row: for a change made to `sessions` without Sessions (a test moving a session back in time). */
  forgetRemembered() {
    this.memory?.forgetAll();
  }

  /** Deletes sessions past their idle timeout or lifetime (housekeeping; lookups refuse them anyway). */
  async sweep(): Promise<number> {
    const now = this.now();
    this.memory?.forgetAll();
    const r = await this.db.query('DELETE FROM sessions WHERE expires_at <= $1 OR last_seen_at <= $2', [
      now,
      new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS),
    ]);
    return r.rowCount;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
  }
}

/** For routes: the signed-in user, or a 401 `{ message: 'Not authenticated' }`. */
export function requireUser(req: FastifyRequest): Promise<SessionUser> {
  return req.server.sessions.require(req);
}

/**
 * A hook that checks the session before the request's input: as onRequest, before the body is read
 * (a route that takes a large body: no one signed out can make the server read and parse
 * megabytes); as preValidation, before the route's schemas (a signed-out caller gets the 401, not
 * a 400 about its input). The handler's requireUser then reuses the same look-up.
 */
export async function signedInFirst(req: FastifyRequest): Promise<void> {
  await requireUser(req);
}
