import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run bench` named a file that did not exist, and bench/chapter-api.ts died
// with a stack trace (leaving nginx and a temp folder) when wrk was missing.
const root = fileURLToPath(new URL('..', import.meta.url));
// A PATH with node and sh only: no wrk, no nginx, no chromium.
const bin = mkdtempSync(join(tmpdir(), 'lectio-path-'));
symlinkSync(process.execPath, join(bin, 'node'));
symlinkSync('/bin/sh', join(bin, 'sh'));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

const benchFolders = () => readdirSync(tmpdir()).filter((f) => f.startsWith('lectio-bench-'));

function runTsx(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      join(root, 'node_modules/.bin/tsx'),
      [join(root, file)],
      { cwd: root, env: { ...process.env, PATH: bin }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('benchmarks check their tools first', () => {
  it('npm run bench names the missing tools, starts nothing and exits 2', async () => {
    const r = await runTsx('bench/run-all.ts');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('npm run bench needs wrk (apt-get install wrk) and nginx');
    expect(r.stderr).toContain('Nothing was started.');
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('bench/chapter-api.ts without wrk: a clear message, no stack trace, no folder left behind', async () => {
    const before = benchFolders();
    const r = await runTsx('bench/chapter-api.ts');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bench/chapter-api.ts needs wrk (apt-get install wrk)');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(benchFolders().filter((f) => !before.includes(f))).toEqual([]);
  });
});
