import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@lectio/platform/testing';

type Measure = (engine: string, env: Record<string, string>, dir: string) => Promise<void>;

/**
 * Runs a benchmark's `measure` on the embedded default, then on PostgreSQL (a bench_* database,
 * dropped afterwards) when a server answers; a failure is one line on stderr and exit code 1.
 */
export async function onBothEngines(
  bench: string,
  what: string,
  measure: Measure,
  cleanup?: () => Promise<void> | void,
) {
  const dir = mkdtempSync(join(tmpdir(), 'lectio-bench-'));
  const database = await createTestDatabase('bench').catch(() => undefined);
  try {
    await measure('PGlite', { DATA_DIR: join(dir, 'data') }, dir);
    if (database) await measure('PostgreSQL', { DATA_DIR: join(dir, 'data-pg'), DATABASE_URL: database.url }, dir);
    else
      console.log(
        `${what} PostgreSQL: skipped, no server at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)`,
      );
  } catch (err) {
    console.error(`bench/${bench} failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  } finally {
    await cleanup?.();
    await database?.drop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}
