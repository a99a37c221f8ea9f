import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@lectio/platform/testing';
import { SUPPORT_CALLS_PER_MINUTE, supportMessages } from '@lectio/contracts/support';
import { startTestLectio, unique } from '../../test/test-lectio';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** `npm run support` against DATABASE_URL: it writes to the database itself, the running services see the role. */
const pg = await createTestDatabase();
describe.skipIf(!pg)('the support role on PostgreSQL', { timeout: 120_000 }, () => {
  let t: Awaited<ReturnType<typeof startTestLectio>>;
  beforeAll(async () => {
    t = await startTestLectio({ env: { DATABASE_URL: pg!.url } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await pg?.drop();
  });

  const run = async (...args: string[]) =>
    (
      await promisify(execFile)(
        join(ROOT, 'node_modules/.bin/tsx'),
        [join(ROOT, 'command-service/src/support/cli.ts'), ...args],
        {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: pg!.url, DATA_DIR: '/nonexistent-support-cli' },
        },
      )
    ).stdout.trim();

  it('grant from the command line opens the support calls of a running service; revoke closes them', async () => {
    const c = t.client();
    const name = unique('pgstaff');
    expect((await c.register(name, `${name}@example.com`, 'Psalm-23:1 shepherd')).status).toBe(201);
    expect((await c.get(`/api/support/accounts?q=${name}`)).status).toBe(404);
    expect(await run('grant', `${name}@example.com`)).toBe(`${name}@example.com now has the support role`);
    expect(await run('list')).toContain(`${name}@example.com`);
    expect((await c.get(`/api/support/accounts?q=${name}`)).status).toBe(200);
    expect(await run('revoke', `${name}@example.com`)).toBe(`${name}@example.com no longer has the support role`);
    expect((await c.get(`/api/support/accounts?q=${name}`)).status).toBe(404);
  });

  it('support calls are rate limited per staff member: past the limit a minute, 429 with when to try again', async () => {
    const staff = async () => {
      const c = t.client();
      const name = unique('pgbusy');
      const r = await c.register(name, `${name}@example.com`, 'Psalm-23:1 shepherd');
      expect(r.status).toBe(201);
      expect(await run('grant', `${name}@example.com`)).toBe(`${name}@example.com now has the support role`);
      return { c, name, id: r.body.id as string };
    };
    const busy = await staff();
    for (let i = 0; i < SUPPORT_CALLS_PER_MINUTE; i++)
      expect((await busy.c.get(`/api/support/accounts?q=${busy.name}`)).status, `call ${i + 1}`).toBe(200);
    const refused = await busy.c.get(`/api/support/accounts?q=${busy.name}`);
    expect(refused).toMatchObject({ status: 429, body: { message: supportMessages.tooManyCalls } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Actions count in the same window.
    expect((await busy.c.post(`/api/support/accounts/${busy.id}/sign-out-everywhere`, { reason: 'busy' })).status).toBe(
      429,
    );
    // Another staff member is not held up.
    const other = await staff();
    expect((await other.c.get(`/api/support/accounts?q=${busy.name}`)).status).toBe(200);
  });
});
