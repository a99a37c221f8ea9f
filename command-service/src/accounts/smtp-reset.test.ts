import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLectio, unique } from '@lectio/standalone/testing';
import { readOutbox } from '../mail/dev-mailbox';

/** A real SMTP receiver (smtp-server), started in the test; Lectio is configured with SMTP_URL. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}
const received: Received[] = [];
const SMTP_PASSWORD = 's3cret-smtp-pass';
let smtp: SMTPServer;
let smtpPort: number;
let t: Awaited<ReturnType<typeof startTestLectio>>;

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    onAuth: (auth, _session, cb) => (auth.password === SMTP_PASSWORD ? cb(null, { user: auth.username }) : cb(new Error('bad credentials'))),
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
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  t = await startTestLectio({
    captureLogs: true,
    env: { SMTP_URL: `smtp://lectio:${SMTP_PASSWORD}@127.0.0.1:${smtpPort}`, MAIL_FROM: 'Lectio <no-reply@lectio.test>', PUBLIC_URL: 'https://lectio.example' },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Decodes a quoted-printable body enough to read a link (soft breaks and =XX escapes). */
const decodeQuotedPrintable = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

async function deliveredTo(email: string): Promise<Received> {
  for (let i = 0; i < 300; i++) {
    const m = received.find((r) => r.to.includes(email));
    if (m) return m;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`nothing delivered to ${email}`);
}

describe('password reset over SMTP', () => {
  it('delivers the link; following it sets the new password; sign-in works with it', async () => {
    const name = unique('phoebe');
    const email = `${name}@example.com`;
    const c = t.client();
    expect((await c.register(name, email, 'Romans-16:1 deacon')).status).toBe(201);

    const res = await t.client().post('/api/request-password-reset', { email });
    expect(res).toMatchObject({ status: 200, body: { message: 'If your email is registered, you will receive a password reset link' } });

    const mail = await deliveredTo(email);
    expect(mail.from).toBe('no-reply@lectio.test');
    expect(mail.raw).toMatch(/^Subject: Reset your Lectio password/m);
    const body = decodeQuotedPrintable(mail.raw);
    const link = /https:\/\/lectio\.example\/auth\?token=([A-Za-z0-9_-]+)/.exec(body);
    expect(link).not.toBeNull();
    const token = new URL(link![0]).searchParams.get('token')!;
    expect(token.length).toBeLessThanOrEqual(100);

    const reset = await t.client().post('/api/reset-password', { token, password: 'Acts-9:36 full of good works' });
    expect(reset.status).toBe(200);
    expect((await c.get('/api/user')).status).toBe(401); // every session ended
    const login = await t.client().login(email, 'Acts-9:36 full of good works');
    expect(login.status).toBe(200);
    expect(login.body.email).toBe(email);
  });

  it('the mailbox is not the outbox: nothing is written there when SMTP is configured', async () => {
    expect(await readOutbox(t.lectio.rt.db)).toEqual([]);
  });

  it('when the SMTP server is down, the request still answers 200 and the log names the error, not the credentials', async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const name = unique('tabitha');
    const email = `${name}@example.com`;
    expect((await t.client().register(name, email, 'Romans-16:1 deacon')).status).toBe(201);
    const res = await t.client().post('/api/request-password-reset', { email });
    expect(res.status).toBe(200);
    for (let i = 0; i < 300 && !t.logs.join('').includes('password-reset mail could not be sent'); i++) await new Promise((r) => setTimeout(r, 20));
    const logs = t.logs.join('');
    expect(logs).toContain('password-reset mail could not be sent');
    expect(logs).toContain('ECONNREFUSED');
    expect(logs).not.toContain(SMTP_PASSWORD);
    expect(logs).not.toMatch(/auth\?token=/);
    // Restart a receiver on another port so afterAll can close something.
    smtp = new SMTPServer({ disabledCommands: ['STARTTLS'], authOptional: true });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  });
});
