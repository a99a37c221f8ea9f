import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@lectio/platform/testing';
import { startLectioServices, startTestLectio, TestClient, unique } from '../../test/test-lectio';
import { readOutbox } from '../mail/dev-mailbox';

/** What a real SMTP receiver (smtp-server) was handed. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}
const SMTP_PASSWORD = 's3cret-smtp-pass';

/** A real SMTP receiver on a fixed port, which a test stops (the mail server is down) and starts again. */
class SmtpReceiver {
  readonly received: Received[] = [];
  private server?: SMTPServer;
  constructor(readonly port: number) {}
  url() {
    return `smtp://lectio:${SMTP_PASSWORD}@127.0.0.1:${this.port}`;
  }
  async start() {
    const received = this.received;
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: true,
      onAuth: (auth, _session, cb) =>
        auth.password === SMTP_PASSWORD ? cb(null, { user: auth.username }) : cb(new Error('bad credentials')),
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }
  async stop() {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  async deliveredTo(email: string, timeoutMs = 6000): Promise<Received> {
    for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((r) => setTimeout(r, 20))) {
      const m = this.received.find((r) => r.to.includes(email));
      if (m) return m;
    }
    throw new Error(`nothing delivered to ${email} within ${timeoutMs} ms`);
  }
}

/** Decodes a quoted-printable body enough to read a link (soft breaks and =XX escapes). */
const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
const resetLink = (mail: Received) =>
  /https:\/\/lectio\.example\/auth\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(mail.raw));

let smtp: SmtpReceiver;
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  smtp = new SmtpReceiver(await freePort());
  await smtp.start();
  t = await startTestLectio({
    captureLogs: true,
    env: { SMTP_URL: smtp.url(), MAIL_FROM: 'Lectio <no-reply@lectio.test>', PUBLIC_URL: 'https://lectio.example' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const mailHealth = async () => (await t.client().get('/api/health')).body.ports.mail;

describe('password reset over SMTP', () => {
  it('delivers the link; following it sets the new password; sign-in works with it', async () => {
    const name = unique('phoebe');
    const email = `${name}@example.com`;
    const c = t.client();
    expect((await c.register(name, email, 'Romans-16:1 deacon')).status).toBe(201);

    const res = await t.client().post('/api/request-password-reset', { email });
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'If your email is registered, you will receive a password reset link' },
    });

    const mail = await smtp.deliveredTo(email);
    expect(mail.from).toBe('no-reply@lectio.test');
    expect(mail.raw).toMatch(/^Subject: Reset your Lectio password/m);
    const link = resetLink(mail);
    expect(link).not.toBeNull();
    const token = new URL(link![0]).searchParams.get('token')!;
    expect(token.length).toBeLessThanOrEqual(100);

    const reset = await t.client().post('/api/reset-password', { token, password: 'Acts-9:36 full of good works' });
    expect(reset.status).toBe(200);
    expect((await c.get('/api/user')).status).toBe(401); // every session ended
    const login = await t.client().login(email, 'Acts-9:36 full of good works');
    expect(login.status).toBe(200);
    expect(login.body.email).toBe(email);
    expect(await mailHealth()).toMatchObject({ engine: 'smtp', up: true });
  });

  it('the mailbox is not the outbox: nothing shows there when SMTP is configured', async () => {
    expect(await readOutbox(t.lectio.rt.db)).toEqual([]);
  });

  it('SMTP down: the request still answers 200, health says mail is down, and the link is delivered when SMTP returns', async () => {
    await smtp.stop();
    const name = unique('tabitha');
    const email = `${name}@example.com`;
    expect((await t.client().register(name, email, 'Romans-16:1 deacon')).status).toBe(201);
    const res = await t.client().post('/api/request-password-reset', { email });
    expect(res.status).toBe(200);

    await expect
      .poll(
        () =>
          t.logs.some((l) => l.includes('mail could not be sent; it will be retried') && l.includes('ECONNREFUSED')),
        { timeout: 30_000 },
      )
      .toBe(true);
    const health = await mailHealth();
    expect(health).toMatchObject({ engine: 'smtp', up: false });
    expect(health.detail.waiting).toBeGreaterThanOrEqual(1);
    const logs = t.logs.join('');
    expect(logs).not.toContain(SMTP_PASSWORD);
    expect(logs).not.toMatch(/auth\?token=/);

    await new Promise((r) => setTimeout(r, 2500)); // a few failed attempts
    await smtp.start();
    const mail = await smtp.deliveredTo(email, 60_000);
    expect(resetLink(mail)).not.toBeNull();
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    await expect
      .poll(mailHealth, { timeout: 30_000 })
      .toMatchObject({ engine: 'smtp', up: true, detail: { waiting: 0 } });
  }, 180_000);
});

describe('mail accepted while SMTP is down, then the process restarts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lectio-smtp-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is delivered by the next process once SMTP is back', async () => {
    const receiver = new SmtpReceiver(await freePort()); // not started: the mail server is down
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SMTP_URL: receiver.url(),
      PUBLIC_URL: 'https://lectio.example',
    };
    let lectio = await startLectioServices(env);
    const name = unique('lydia');
    const email = `${name}@example.com`;
    try {
      expect(
        (await new TestClient(lectio.app, '10.7.0.1').register(name, email, 'Acts-16:14 seller of purple')).status,
      ).toBe(201);
      expect((await new TestClient(lectio.app, '10.7.0.2').post('/api/request-password-reset', { email })).status).toBe(
        200,
      );
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      await lectio.close();
    }
    await receiver.start();
    lectio = await startLectioServices(env);
    try {
      const mail = await receiver.deliveredTo(email, 60_000);
      expect(resetLink(mail)).not.toBeNull();
    } finally {
      await lectio.close();
      await receiver.stop();
    }
  }, 180_000);
});
