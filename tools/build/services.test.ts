import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@lectio/platform/testing';
import { buildServices } from './services';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Inside the repository, so the bundles find node_modules as they do in place.
mkdirSync(join(root, 'tmp'), { recursive: true });
const out = mkdtempSync(join(root, 'tmp', 'build-'));
let built: Awaited<ReturnType<typeof buildServices>>;
let server: ChildProcess | undefined;
let base = '';

/** What `npm ci --omit=dev` installs: the dependencies (not devDependencies) of the production packages. */
function productionDependencies(): Set<string> {
  const names = new Set<string>();
  for (const pkg of [
    'contracts',
    'library',
    'platform',
    'command-service',
    'query-service',
    'projections',
    'standalone',
  ]) {
    const manifest: unknown = JSON.parse(readFileSync(join(root, pkg, 'package.json'), 'utf8'));
    if (
      typeof manifest === 'object' &&
      manifest &&
      'dependencies' in manifest &&
      typeof manifest.dependencies === 'object' &&
      manifest.dependencies
    )
      for (const name of Object.keys(manifest.dependencies)) names.add(name);
  }
  return names;
}

beforeAll(async () => {
  built = await buildServices(out);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // Plain node on the bundle: no TypeScript loader.
  server = spawn(process.execPath, [join(out, 'standalone/dist/main.js')], {
    cwd: out,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(out, 'data'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 900; i++) {
    if (server.exitCode !== null) throw new Error(`the built server exited with ${server.exitCode}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the built server never answered /api/health');
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(out, { recursive: true, force: true });
});

describe('npm run build:services', () => {
  it('bundles each service into one JavaScript file', () => {
    expect(built.files.map((f) => f.file.slice(out.length + 1)).sort()).toEqual([
      'command-service/dist/main.js',
      'projections/dist/main.js',
      'projections/dist/rebuild-cli.js',
      'query-service/dist/main.js',
      'standalone/dist/main.js',
    ]);
    for (const f of built.files) expect(readFileSync(f.file, 'utf8')).not.toMatch(/from ["']@lectio\//);
  });

  it('imports only packages a production install has', () => {
    const installed = productionDependencies();
    expect(built.npmImports.filter((name) => !installed.has(name))).toEqual([]);
    expect(built.npmImports).toContain('@electric-sql/pglite');
  });

  it('runs on plain node and reads the data kept beside the sources', async () => {
    const chapter = await fetch(`${base}/api/bible/john/3?translation=web`);
    expect(chapter.status).toBe(200);
    const body: unknown = await chapter.json();
    // The chapter titles come from query-service/data, the text from library/data.
    expect(body).toMatchObject({ bookName: 'John', chapterTitle: 'Jesus and Nicodemus: born from above' });
    expect(JSON.stringify(body)).toContain('born of water and Spirit');
  });
});
