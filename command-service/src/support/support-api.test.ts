import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForProjections } from '@lectio/platform/projections';
import { readModelNames } from '@lectio/projections';
import { startTestLectio, type TestClient, unique } from '../../test/test-lectio';

/** The support console's API on a whole Lectio (PGlite), the role granted by the real command line. */
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio({ commands: { support: { callsPerMinute: 1000 } } });
}, 180_000);
afterAll(() => t?.close());

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PASSWORD = 'Psalm-23:1 shepherd';

/** `npm run support -- <args>` as an operator runs it, beside the running server (same DATA_DIR). */
async function supportCli(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _, ...base } = process.env;
  const r = await promisify(execFile)(
    join(ROOT, 'node_modules/.bin/tsx'),
    [join(ROOT, 'command-service/src/support/cli.ts'), ...args],
    {
      cwd: ROOT,
      env: { ...base, ...env },
    },
  );
  return r.stdout.trim();
}
const cli = (...args: string[]) => supportCli(args, { DATA_DIR: t.lectio.rt.config.DATA_DIR });

async function person(prefix: string) {
  const c = t.client();
  const username = unique(prefix);
  const email = `${username}@example.com`;
  const r = await c.register(username, email, PASSWORD);
  expect(r.status).toBe(201);
  return { c, id: r.body.id as string, username, email };
}
const settled = async (c: TestClient) => {
  if (c.position) await waitForProjections(t.lectio.rt.progress, readModelNames(), BigInt(c.position), 60_000);
};

let staff: Awaited<ReturnType<typeof person>>;
let reader: Awaited<ReturnType<typeof person>>;

/** Every support read (the actions are checked in support-actions.test.ts). */
const supportCalls = (id: string) =>
  [
    `/api/support/accounts?q=a`,
    `/api/support/accounts/${id}/history`,
    `/api/support/accounts/${id}/history?kind=usage`,
    `/api/support/accounts/${id}/state`,
    `/api/support/accounts/${id}/state?position=1`,
    `/api/support/accounts/${id}/drift`,
    `/api/support/operations`,
    `/api/support/me`,
  ] as const;

describe('the support role, from the command line against the running embedded server', { timeout: 120_000 }, () => {
  it('grant, list and revoke are events on the staff member user stream; the role opens the support calls', async () => {
    staff = await person('staff');
    reader = await person('reader');
    await settled(reader.c);
    expect((await staff.c.get(`/api/support/accounts?q=${reader.email}`)).status).toBe(404);

    // PGlite is one process: the command line reaches the running server through its channel file.
    expect(existsSync(join(t.lectio.rt.config.DATA_DIR, 'support-channel.json'))).toBe(true);
    expect(await cli('grant', staff.email)).toBe(`${staff.email} now has the support role`);
    expect(await cli('grant', staff.email)).toBe(`${staff.email} already has the support role`);
    expect(await cli('list')).toContain(staff.email);
    const types = (await t.lectio.rt.store.readStream(`user-${staff.id}`)).map((e) => e.type);
    expect(types).toEqual(['UserRegistered', 'SupportRoleGranted']);

    expect((await staff.c.get(`/api/support/accounts?q=${reader.email}`)).status).toBe(200);
    // The account menu's question: staff are told so (the reader got the 404 above, in the loop of 'invisible').
    expect(await staff.c.get('/api/support/me')).toMatchObject({ status: 200, body: { staffId: staff.id } });
  });

  it('an unknown e-mail is refused with a message and exit code 1', async () => {
    await expect(cli('grant', 'nobody-here@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account has the e-mail'),
    });
  });
});

describe('support calls are invisible to everyone else', { timeout: 60_000 }, () => {
  it('signed out and a reader without the role get the 404 of an unknown route on every call', async () => {
    const other = await person('curious');
    for (const url of supportCalls(reader.id)) {
      for (const c of [t.client(), other.c]) {
        const r = await c.get(url);
        expect(r.status, url).toBe(404);
        expect(r.body).toEqual({ message: `No route for GET ${url.split('?')[0]}` });
      }
    }
    // The command line's channel answers only a loopback client holding the server's token.
    for (const c of [t.client(), other.c]) {
      const r = await c.post('/api/support/channel', { action: 'grant', email: other.email });
      expect(r).toMatchObject({ status: 404, body: { message: 'No route for POST /api/support/channel' } });
    }
    expect(await cli('list')).not.toContain(other.email);
  });

  it('a support sign-in older than 8 hours no longer opens support calls', async () => {
    const c = t.client();
    expect((await c.login(staff.email, PASSWORD)).status).toBe(200);
    await t.lectio.rt.db.query(
      `UPDATE sessions SET created_at = now() - interval '8 hours 1 minute' WHERE user_id = $1`,
      [staff.id],
    );
    t.lectio.app.sessions.forgetRemembered();
    const r = await c.get(`/api/support/accounts?q=${reader.email}`);
    expect(r).toMatchObject({
      status: 401,
      body: { message: 'Your support session has ended. Please sign in again.' },
    });
    expect((await staff.c.login(staff.email, PASSWORD)).status).toBe(200);
  });
});

describe('GET /api/support/accounts', { timeout: 60_000 }, () => {
  it('finds a reader by e-mail, username or id', async () => {
    const expected = {
      id: reader.id,
      username: reader.username,
      email: reader.email,
      subscriptionStatus: 'inactive',
      createdAt: expect.any(String),
    };
    for (const q of [reader.email.toUpperCase(), reader.username, reader.id]) {
      const r = await staff.c.get(`/api/support/accounts?q=${encodeURIComponent(q)}`);
      expect(r.status, q).toBe(200);
      expect(r.body.accounts[0], q).toEqual(expected);
    }
  });

  it('refuses a search without words (400)', async () => {
    expect((await staff.c.get('/api/support/accounts?q=')).status).toBe(400);
  });
});

describe('GET /api/support/accounts/:id/history', { timeout: 60_000 }, () => {
  it("tells the account's story oldest first, with summaries and actors, and records the look-up for the reader", async () => {
    const r = await staff.c.get(`/api/support/accounts/${reader.id}/history`);
    expect(r.status).toBe(200);
    const [registered] = r.body.events;
    const lookup = r.body.events.find((e: { data: { action?: string } }) => e.data.action === 'history');
    expect(registered).toMatchObject({
      stream: `user-${reader.id}`,
      kind: 'account',
      type: 'UserRegistered',
      actor: { kind: 'reader' },
      summary: `Registered as ${reader.username}`,
      data: { username: reader.username, email: reader.email },
      correlationId: expect.any(String),
    });
    expect(lookup).toMatchObject({
      stream: `support-${reader.id}`,
      kind: 'support',
      type: 'SupportLookupRecorded',
      actor: { kind: 'support', id: staff.id },
    });
    // A second page view within minutes is the same look-up.
    const again = await staff.c.get(`/api/support/accounts/${reader.id}/history`);
    expect(again.body.events.filter((e: { data: { action?: string } }) => e.data.action === 'history')).toHaveLength(1);
  });

  it('filters by kind and pages with next', async () => {
    const support = await staff.c.get(`/api/support/accounts/${reader.id}/history?kind=support`);
    expect(new Set(support.body.events.map((e: { kind: string }) => e.kind))).toEqual(new Set(['support']));
    const first = await staff.c.get(`/api/support/accounts/${reader.id}/history?limit=1`);
    expect(first.body.events).toHaveLength(1);
    const second = await staff.c.get(`/api/support/accounts/${reader.id}/history?limit=1&after=${first.body.next}`);
    expect(second.body.events[0].type).toBe('SupportLookupRecorded');
    expect((await staff.c.get(`/api/support/accounts/${reader.id}/history?kind=secrets`)).status).toBe(400);
  });

  it('an unknown account is a 404 with a message', async () => {
    const r = await staff.c.get(`/api/support/accounts/00000000-0000-4000-8000-000000000000/history`);
    expect(r).toMatchObject({ status: 404, body: { message: 'Account not found' } });
  });
});

describe('GET /api/user/support-access', { timeout: 60_000 }, () => {
  it('shows the reader every look-up of their account, newest first, without who', async () => {
    await staff.c.get(`/api/support/accounts/${reader.id}/state`);
    const r = await reader.c.get('/api/user/support-access');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      lookups: [
        { at: expect.any(String), action: 'state' },
        { at: expect.any(String), action: 'history' },
        // The searches that listed the account: by id, by username, by e-mail (in either case: the same shape, once).
        { at: expect.any(String), action: 'search' },
        { at: expect.any(String), action: 'search' },
        { at: expect.any(String), action: 'search' },
      ],
    });
    expect(JSON.stringify(r.body)).not.toContain(staff.id);
    expect((await t.client().get('/api/user/support-access')).status).toBe(401);
  });
});

describe('GET /api/support/operations', { timeout: 60_000 }, () => {
  it('shows each projection with its lag, the bus relay backlog, billing automation and the mail outbox', async () => {
    await settled(reader.c);
    const r = await staff.c.get('/api/support/operations');
    expect(r.status).toBe(200);
    expect(BigInt(r.body.headPosition)).toBeGreaterThan(0n);
    const names = r.body.projections.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['users', 'assistant-usage', 'payment-methods']));
    // The reader's writes were waited for: the read models are caught up with them.
    const users = r.body.projections.find((p: { name: string }) => p.name === 'users');
    expect(BigInt(users.position)).toBeGreaterThanOrEqual(BigInt(reader.c.position!));
    expect(r.body.busRelay).toMatchObject({
      position: expect.stringMatching(/^\d+$/),
      backlog: expect.stringMatching(/^\d+$/),
    });
    expect(r.body.billingAutomation).toMatchObject({
      consumer: 'billing-automation',
      handled: expect.any(Number),
      unsentMails: 0,
    });
    expect(r.body.mail).toEqual({ waiting: 0, failed: [] });
  });
});

describe('GET /api/user/export', { timeout: 60_000 }, () => {
  it('gives the reader every event of their account and their rows, as a download, without naming the staff', async () => {
    const r = await reader.c.get('/api/user/export');
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="lectio-my-data.json"');
    expect(r.body.user).toMatchObject({ id: reader.id, email: reader.email });
    const types = r.body.events.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(['UserRegistered', 'SupportLookupRecorded']));
    expect(JSON.stringify(r.body)).not.toContain(staff.id);
    expect((await t.client().get('/api/user/export')).status).toBe(401);
  });
});

describe('GET /api/events/asyncapi.json on a whole Lectio', { timeout: 60_000 }, () => {
  it("is public: billing automation outside Lectio reads the bus contract, subscription events included, with no one's sign-in", async () => {
    const r = await t.client().get('/api/events/asyncapi.json');
    expect(r.status).toBe(200);
    expect(r.body.asyncapi).toBe('3.0.0');
    expect(r.body.channels.TrialStarted.address).toBe('lectio.events.subscription.TrialStarted');
    expect(r.body.components.messages.TrialStarted.headers.required).toEqual(['Nats-Msg-Id']);
  });
});

describe('revoking the role', { timeout: 60_000 }, () => {
  it('closes the support calls again', async () => {
    expect(await cli('revoke', staff.email)).toBe(`${staff.email} no longer has the support role`);
    expect((await staff.c.get(`/api/support/accounts?q=${reader.email}`)).status).toBe(404);
    expect(await cli('grant', staff.email)).toBe(`${staff.email} now has the support role`);
  });
});
