import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, PGLITE_START_PARAMS } from './db';
import { migrate } from './migrations';
import { addMigratedTemplate, makePgliteTemplate, templateFor } from './pglite-template';

describe('a test run initialises PGlite once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lectio-template-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes the template once, and new databases, in a folder or in memory, start as copies of it', async () => {
    const template = await makePgliteTemplate(PGLITE_START_PARAMS);
    expect(await makePgliteTemplate(PGLITE_START_PARAMS)).toBe(template);

    const db = await openPglite(join(dir, 'pglite'), template);
    // The copy is there before PGlite opens it: initdb never ran here.
    expect(existsSync(join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
    await db.query('CREATE TABLE notes (id int)');
    await db.query('INSERT INTO notes VALUES (1)');
    await db.close();
    const reopened = await openPglite(join(dir, 'pglite'), template);
    expect((await reopened.query('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 1 }]);
    await reopened.close();

    const memory = await openPglite(undefined, template);
    expect((await memory.query("SELECT to_regclass('notes') AS t")).rows).toEqual([{ t: null }]);
    await memory.close();
  });

  it('keeps a migrated cluster for a set of migrations, and starts from it only a database whose migrations it holds unchanged', async () => {
    const template = await makePgliteTemplate(PGLITE_START_PARAMS);
    const a = { id: '900_test_a', sql: 'CREATE TABLE IF NOT EXISTS template_a (id int)' };
    const b = { id: '901_test_b', sql: 'CREATE TABLE IF NOT EXISTS template_b (id int)' };
    const migrated = await addMigratedTemplate(template, [a, b], async (dataDir) => {
      const db = await openPglite(dataDir, template);
      await migrate(db, [a, b]);
      await db.close();
    });
    expect(templateFor([a], template)).toBe(migrated);
    expect(templateFor([a, b], template)).toBe(migrated);
    // A migration it does not hold, or one whose SQL was edited since: the bare cluster, migrated as usual.
    expect(templateFor([a, { id: '902_test_c', sql: 'SELECT 1' }], template)).toBe(template);
    expect(templateFor([{ ...a, sql: 'CREATE TABLE template_a2 (id int)' }], template)).toBe(template);

    const db = await openPglite(join(dir, 'migrated'), migrated);
    expect(await migrate(db, [a, b])).toEqual([]);
    expect((await db.query("SELECT to_regclass('template_b')::text AS t")).rows).toEqual([{ t: 'template_b' }]);
    await db.close();
  });
});
