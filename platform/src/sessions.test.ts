import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from './db';
import { installErrorHandler } from './http/errors';
import { migrate } from './migrations';
import { platformMigrations } from './platform-migrations';
import {
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
  Sessions,
  requireUser,
  sessionCookieName,
} from './sessions';

const USER = '0b6f0f0e-52f5-4a7a-9d3c-6a4a0f1a2b3c';
const OTHER = '1c7f1f1e-52f5-4a7a-9d3c-6a4a0f1a2b3c';
let db: Db;
let app: FastifyInstance;
let now = new Date('2025-01-05T10:00:00.000Z');

beforeAll(async () => {
  db = await openPglite();
  await migrate(db, platformMigrations);
  app = Fastify();
  installErrorHandler(app);
  await app.register(cookie, { secret: 's'.repeat(40), hook: 'onRequest' });
  app.decorate('sessions', new Sessions(db, { NODE_ENV: 'test' }, () => now));
  app.post<{ Body: { userId: string; link?: boolean } }>('/start', async (req, reply) => ({
    sessionId: (await app.sessions.start(req, reply, req.body.userId, { passwordChecked: !req.body.link })).sessionId,
  }));
  app.post('/recheck', async (req) => {
    await app.sessions.markPasswordChecked(await requireUser(req));
    return {};
  });
  app.post('/end', async (req, reply) => {
    await app.sessions.end(req, reply);
    return {};
  });
  app.get('/me', async (req) => requireUser(req));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

async function signIn(userId = USER, previous?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/start',
    payload: { userId },
    headers: previous ? { cookie: previous } : {},
  });
  const c = res.cookies[0]!;
  return { cookie: `${c.name}=${c.value}`, sessionId: res.json().sessionId as string, raw: c };
}
const me = (cookieHeader: string) => app.inject({ url: '/me', headers: { cookie: cookieHeader } });
const rows = async () => (await db.query<{ id: string }>('SELECT id FROM sessions ORDER BY id')).rows.map((r) => r.id);

describe('sessions', () => {
  it('names the cookie __Host-lectio_session in production only', () => {
    expect(sessionCookieName({ NODE_ENV: 'production' })).toBe('__Host-lectio_session');
    expect(sessionCookieName({ NODE_ENV: 'development' })).toBe('lectio_session');
  });

  it('signs in with a signed, HttpOnly, SameSite=Lax cookie; the row id is the token hash', async () => {
    const s = await signIn();
    expect(s.raw).toMatchObject({
      name: 'lectio_session',
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: SESSION_ABSOLUTE_LIFETIME_MS / 1000,
    });
    const token = decodeURIComponent(s.raw.value).split('.')[0]!;
    expect(s.sessionId).not.toContain(token);
    expect((await me(s.cookie)).json()).toMatchObject({
      sessionId: s.sessionId,
      userId: USER,
      createdAt: expect.any(String),
    });
  });

  it('refuses an unsigned or tampered cookie', async () => {
    const s = await signIn();
    const token = decodeURIComponent(s.raw.value).split('.')[0]!;
    expect((await me(`lectio_session=${token}`)).statusCode).toBe(401);
    expect((await me(s.cookie.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A')))).statusCode).toBe(401);
  });

  it('rotates: signing in again deletes the session the request came with', async () => {
    const first = await signIn();
    const second = await signIn(USER, first.cookie);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(await rows()).not.toContain(first.sessionId);
    expect((await me(first.cookie)).statusCode).toBe(401);
    expect((await me(second.cookie)).statusCode).toBe(200);
  });

  it('ends a session on sign-out and clears the cookie', async () => {
    const s = await signIn();
    const res = await app.inject({ method: 'POST', url: '/end', headers: { cookie: s.cookie } });
    expect(res.cookies[0]).toMatchObject({ name: 'lectio_session', value: '' });
    expect(await rows()).not.toContain(s.sessionId);
    expect((await me(s.cookie)).json()).toEqual({ message: 'Not authenticated' });
  });

  it('ends after the idle timeout; use keeps it alive until the absolute lifetime', async () => {
    const start = now;
    const s = await signIn();
    now = new Date(start.getTime() + SESSION_IDLE_TIMEOUT_MS - 1000);
    expect((await me(s.cookie)).statusCode).toBe(200); // used: last_seen_at moves
    now = new Date(now.getTime() + SESSION_IDLE_TIMEOUT_MS - 1000);
    expect((await me(s.cookie)).statusCode).toBe(200);
    for (let t = now.getTime(); t < start.getTime() + SESSION_ABSOLUTE_LIFETIME_MS; t += 5 * 86400_000) {
      now = new Date(t);
      expect((await me(s.cookie)).statusCode).toBe(200);
    }
    now = new Date(start.getTime() + SESSION_ABSOLUTE_LIFETIME_MS);
    expect((await me(s.cookie)).statusCode).toBe(401);
    expect(await rows()).not.toContain(s.sessionId);

    const idle = await signIn();
    now = new Date(now.getTime() + SESSION_IDLE_TIMEOUT_MS);
    expect((await me(idle.cookie)).statusCode).toBe(401);
  });

  it('ends every other session of one user, keeping the one asked for and other users', async () => {
    const a = await signIn();
    const b = await signIn();
    const other = await signIn(OTHER);
    expect(await app.sessions.endAllOf(USER, { keep: b.sessionId })).toBeGreaterThanOrEqual(1);
    expect((await me(a.cookie)).statusCode).toBe(401);
    expect((await me(b.cookie)).statusCode).toBe(200);
    expect((await me(other.cookie)).statusCode).toBe(200);
  });

  it('a session already in use is refused as soon as another part of the process ends it in a transaction', async () => {
    const a = await signIn();
    const b = await signIn(OTHER);
    expect((await me(a.cookie)).statusCode).toBe(200);
    expect((await me(b.cookie)).statusCode).toBe(200);
    // As a password change does: the process's Sessions, inside the command's transaction.
    await db.transaction((tx) => app.sessions.endAllOf(USER, { q: tx }));
    expect((await me(a.cookie)).statusCode).toBe(401);
    expect((await me(b.cookie)).statusCode).toBe(200);
  });

  it('a request read while its session is being ended does not bring the session back', async () => {
    const a = await signIn();
    const racing = me(a.cookie);
    await app.sessions.endAllOf(USER);
    await racing;
    expect((await me(a.cookie)).statusCode).toBe(401);
    expect(await rows()).not.toContain(a.sessionId);
  });

  it('reads a session row once on the embedded database, and again after sign-out', async () => {
    let reads = 0;
    const counted: Db = {
      ...db,
      query: (sql, params) => {
        if (sql.startsWith('SELECT') && sql.includes('FROM sessions WHERE id')) reads++;
        return db.query(sql, params);
      },
    };
    const own = Fastify();
    await own.register(cookie, { secret: 's'.repeat(40), hook: 'onRequest' });
    own.decorate('sessions', new Sessions(counted, { NODE_ENV: 'test' }, () => now));
    own.get('/me', async (req) => ({ signedIn: (await own.sessions.current(req)) !== undefined }));
    own.post('/end', async (req, reply) => {
      await own.sessions.end(req, reply);
      return {};
    });
    const s = await signIn();
    for (let i = 0; i < 5; i++)
      expect((await own.inject({ url: '/me', headers: { cookie: s.cookie } })).json()).toEqual({ signedIn: true });
    expect(reads).toBe(1);
    await own.inject({ method: 'POST', url: '/end', headers: { cookie: s.cookie } });
    expect((await own.inject({ url: '/me', headers: { cookie: s.cookie } })).json()).toEqual({ signedIn: false });
    expect(reads).toBe(2);
    await own.close();
  });

  it('keeps when the password was last checked in the session: at sign-in with it, never for a mailed link, again after a re-check', async () => {
    const withPassword = await signIn();
    expect((await me(withPassword.cookie)).json()).toMatchObject({ passwordCheckedAt: now.toISOString() });
    const res = await app.inject({ method: 'POST', url: '/start', payload: { userId: OTHER, link: true } });
    const link = `${res.cookies[0]!.name}=${res.cookies[0]!.value}`;
    expect((await me(link)).json()).toMatchObject({ passwordCheckedAt: null });
    now = new Date(now.getTime() + 60_000);
    expect((await app.inject({ method: 'POST', url: '/recheck', headers: { cookie: link } })).statusCode).toBe(200);
    // Kept in the table (another process reads it there), and this one's memory of the row follows.
    const row = await db.query<{ password_checked_at: Date | string }>(
      'SELECT password_checked_at FROM sessions WHERE id = $1',
      [res.json().sessionId],
    );
    expect(new Date(row.rows[0]!.password_checked_at).toISOString()).toBe(now.toISOString());
    expect((await me(link)).json()).toMatchObject({ passwordCheckedAt: now.toISOString() });
  });
});
