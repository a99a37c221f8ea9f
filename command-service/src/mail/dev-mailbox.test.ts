import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type Db, loadConfig, migrate, openPglite, platformMigrations } from '@lectio/platform';
import { installErrorHandler } from '@lectio/platform/http';
import { registerDevMailbox } from './dev-mailbox';
import { mailMigrations } from './migrations';
import { createOutboxMail } from './outbox';

let db: Db;
const app = Fastify();

beforeAll(async () => {
  db = await openPglite();
  await migrate(db, [...platformMigrations, ...mailMigrations]);
  installErrorHandler(app);
  await registerDevMailbox(app, { db, config: loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'm'.repeat(40) }) });
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('GET /api/dev/mailbox', () => {
  it('lists what the outbox adapter sent, newest first', async () => {
    const mail = createOutboxMail(db, createLogger({ level: 'silent' }));
    await mail.send({ to: 'a@example.com', subject: 'first', text: 'text', html: '<p>html</p>' });
    await new Promise((r) => setTimeout(r, 5));
    await mail.send({ to: 'a@example.com', subject: 'second', text: 'text', html: '<p>html</p>' });
    const res = await app.inject('/api/dev/mailbox');
    expect(res.statusCode).toBe(200);
    const { messages } = res.json();
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(['second', 'first']);
    expect(Object.keys(messages[0]).sort()).toEqual(['createdAt', 'html', 'id', 'subject', 'text', 'to']);
    expect(messages[0].to).toBe('a@example.com');
  });
});
