import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, freePort, portOpen, required, sharedNatsUrl } from '@lectio/platform/testing';

/**
 * The docker-compose topology without Docker: command-service, query-service and projections as
 * separate processes on PostgreSQL and NATS, behind nginx with deploy/nginx.conf (GETs to the query
 * side, everything else to the command side). EventStoreDB is the one part left out (no engine here).
 */
const root = fileURLToPath(new URL('../', import.meta.url));
const NGINX = '/usr/sbin/nginx';
const pg = await createTestDatabase();
const nats = await sharedNatsUrl();
const nginxPresent = existsSync(NGINX) && existsSync(join(root, 'web/dist/index.html'));
if (!nginxPresent) {
  const reason = 'deployment topology: needs /usr/sbin/nginx and a built web app (npm run build:web)';
  if (required('E2E')) throw new Error(`REQUIRE_E2E=1 but ${reason}`);
  console.warn(`[skipped] ${reason}`);
}

describe.skipIf(!pg || !nats || !nginxPresent)('deployment topology: three services behind nginx', () => {
  const children: ChildProcess[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'lectio-topology-'));
  let base = '';

  async function waitHealthy(url: string) {
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(url)).ok) return;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${url} never became healthy`);
  }

  beforeAll(async () => {
    chmodSync(dir, 0o755);
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: pg!.url,
      NATS_URL: nats!,
      SESSION_SECRET: 's'.repeat(40),
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      DATA_DIR: join(dir, 'data'),
      HOST: '127.0.0.1',
    };
    const ports: Record<string, number> = {};
    for (const service of ['command-service', 'query-service', 'projections']) {
      ports[service] = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', `${service}/src/main.ts`], {
        cwd: root,
        env: { ...env, PORT: String(ports[service]) },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
    }
    await Promise.all(Object.values(ports).map((p) => waitHealthy(`http://127.0.0.1:${p}/api/health`)));

    const port = await freePort();
    const site = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8')
      .replaceAll('http://query-service:3000', `http://127.0.0.1:${ports['query-service']}`)
      .replaceAll('http://command-service:3000', `http://127.0.0.1:${ports['command-service']}`)
      .replace('listen 80;', `listen 127.0.0.1:${port};`)
      .replace('/usr/share/nginx/html', join(root, 'web/dist'))
      .replace('/var/log/nginx/access.log', join(dir, 'access.log'))
      .replace(/resolver [^;]+;/, '');
    writeFileSync(join(dir, 'site.conf'), site);
    writeFileSync(
      join(dir, 'nginx.conf'),
      `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
       events { worker_connections 256; }
       http { include /etc/nginx/mime.types; client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
              include ${dir}/site.conf; }`,
    );
    children.push(spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' }));
    for (let i = 0; i < 100 && !(await portOpen(port)); i++) await new Promise((r) => setTimeout(r, 50));
    base = `http://127.0.0.1:${port}`;
  }, 120_000);

  afterAll(async () => {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('nginx serves the app and routes reads to query-service, writes to command-service', async () => {
    const page = await fetch(`${base}/home`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const health = await (await fetch(`${base}/api/health`)).json();
    expect(health).toMatchObject({
      status: 'ok',
      service: 'query-service',
      ports: { eventStore: { engine: 'postgres' }, bus: { engine: 'nats' } },
    });
    const write = await fetch(`${base}/api/no-such-command`, { method: 'POST' });
    expect(await write.json()).toEqual({ message: 'No route for POST /api/no-such-command' });
    expect((await fetch(`${base}/api/bible/john/3`)).status).toBe(200);
  });

  it('register through nginx, then read it back from the other process (read-your-writes across services)', async () => {
    const res = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        username: 'tabitha',
        email: 'tabitha@example.com',
        password: 'full of good works',
        confirmPassword: 'full of good works',
      }),
    });
    expect(res.status).toBe(201);
    const position = res.headers.get('x-lectio-position')!;
    expect(BigInt(position)).toBeGreaterThan(0n);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = await fetch(`${base}/api/user`, { headers: { cookie, 'x-lectio-min-position': position } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      username: 'tabitha',
      email: 'tabitha@example.com',
      subscriptionStatus: 'inactive',
    });
    // The development login is a GET that changes state: nginx sends it to command-service.
    const dev = await fetch(`${base}/api/dev-login`);
    expect(dev.status).toBe(200);
    expect(dev.headers.getSetCookie().length).toBeGreaterThan(0);
  });

  it('notes across the services: saves and deletions to command-service, the chapter and the export from query-service', async () => {
    const dev = await fetch(`${base}/api/dev-login`);
    const cookie = dev.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { 'content-type': 'application/json', origin: base, cookie };
    const id = '5b0f3c2a-7d1e-4f6a-9c3b-8e2d1f0a4b6c';
    const saved = await fetch(`${base}/api/notes`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        id,
        kind: 'note',
        book: 'acts',
        chapter: 9,
        verse: 36,
        text: 'Tabitha, full of good works',
      }),
    });
    expect(saved.status).toBe(200);
    const read = (path: string, position: string) =>
      fetch(`${base}${path}`, { headers: { cookie, 'x-lectio-min-position': position } });
    const chapter = await read('/api/notes?book=acts&chapter=9', saved.headers.get('x-lectio-position')!);
    expect((await chapter.json()).notes).toMatchObject([{ id, text: 'Tabitha, full of good works' }]);
    expect(await (await read('/api/notes/export?format=markdown', '0')).text()).toContain(
      '- **Acts 9:36**, Note: Tabitha, full of good works',
    );
    const deleted = await fetch(`${base}/api/notes/${id}`, { method: 'DELETE', headers: { origin: base, cookie } });
    expect(deleted.status).toBe(200);
    expect(
      (await (await read('/api/notes?book=acts&chapter=9', deleted.headers.get('x-lectio-position')!)).json()).notes,
    ).toEqual([]);
  });

  it('billing across the services: trial sign-up, checkout success (a GET that writes) and the cancellation mail over NATS', async () => {
    const json = { 'content-type': 'application/json', origin: base };
    const post = (path: string, body: unknown, cookie = '') =>
      fetch(`${base}${path}`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(body) });
    const { clientSecret } = await (await post('/api/trial-setup-intent', {})).json();
    const card = await (
      await post('/api/sandbox/confirm-setup', {
        clientSecret,
        card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' },
      })
    ).json();
    const userData = {
      username: 'dorcas',
      email: 'dorcas@example.com',
      password: 'full of good works',
      confirmPassword: 'full of good works',
    };
    const signUp = await post('/api/register-with-payment', { userData, paymentMethodId: card.paymentMethodId });
    expect(signUp.status).toBe(201);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const read = async (path: string, position: string) =>
      (await fetch(`${base}${path}`, { headers: { cookie, 'x-lectio-min-position': position } })).json();
    expect(await read('/api/user', signUp.headers.get('x-lectio-position')!)).toMatchObject({
      subscriptionStatus: 'trial',
      paymentMethodProvided: true,
    });

    const { url } = await (await post('/api/stripe-checkout', { productId: 'premium' }, cookie)).json();
    const sessionId = new URL(url, base).searchParams.get('session_id')!;
    // A GET that activates: nginx must send it to command-service.
    const success = await fetch(`${base}/api/subscription-success?session_id=${sessionId}`, { headers: { cookie } });
    expect(await success.json()).toMatchObject({ subscriptionStatus: 'active' });
    expect(await read('/api/user', success.headers.get('x-lectio-position')!)).toMatchObject({
      subscriptionStatus: 'active',
    });

    const cancelled = await post('/api/cancel-subscription', {}, cookie);
    expect(cancelled.status).toBe(200);
    // Billing automation in command-service, fed by the relay in projections through JetStream.
    for (let i = 0; i < 100; i++) {
      const { messages } = await (await fetch(`${base}/api/dev/mailbox`)).json();
      if (
        messages.some(
          (m: { to: string; subject: string }) =>
            m.to === 'dorcas@example.com' && m.subject === 'Your Lectio subscription is cancelled',
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the cancellation mail never arrived');
  });

  it('reading plans across the services: started and marked on command-service, read back from query-service', async () => {
    const json = { 'content-type': 'application/json', origin: base };
    const res = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        username: 'lydia',
        email: 'lydia@example.com',
        password: 'seller of purple',
        confirmPassword: 'seller of purple',
      }),
    });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const post = (path: string, body?: unknown) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(body ?? {}) });
    const current = async (position: string) =>
      (await fetch(`${base}/api/plans/current`, { headers: { cookie, 'x-lectio-min-position': position } })).json();
    expect((await (await fetch(`${base}/api/plans`)).json()).plans).toContainEqual(
      expect.objectContaining({ id: 'gospels-30', name: 'The Gospels in 30 days' }),
    );
    const started = await post('/api/plans/gospels-30/start');
    expect(started.status).toBe(200);
    expect(await current(started.headers.get('x-lectio-position')!)).toMatchObject({ planId: 'gospels-30', day: 1 });
    const marked = await post('/api/plans/gospels-30/progress', { day: 1 });
    expect(marked.status).toBe(200);
    expect(await current(marked.headers.get('x-lectio-position')!)).toMatchObject({ day: 2, completedDays: [1] });
  });
});
