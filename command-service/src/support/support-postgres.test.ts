import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@lectio/platform/testing';
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

  it('grant from the command line opens the support calls of a running service; revoke closes them', async () => {
    const c = t.client();
    const name = unique('pgstaff');
    expect((await c.register(name, `${name}@example.com`, 'Psalm-23:1 shepherd')).status).toBe(201);
    const run = async (...args: string[]) =>
      (
        await promisify(execFile)(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'command-service/src/support/cli.ts'), ...args], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: pg!.url, DATA_DIR: '/nonexistent-support-cli' },
        })
      ).stdout.trim();
    expect((await c.get(`/api/support/accounts?q=${name}`)).status).toBe(404);
    expect(await run('grant', `${name}@example.com`)).toBe(`${name}@example.com now has the support role`);
    expect(await run('list')).toContain(`${name}@example.com`);
    expect((await c.get(`/api/support/accounts?q=${name}`)).status).toBe(200);
    expect(await run('revoke', `${name}@example.com`)).toBe(`${name}@example.com no longer has the support role`);
    expect((await c.get(`/api/support/accounts?q=${name}`)).status).toBe(404);
  });
});
