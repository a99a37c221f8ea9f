import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@lectio/platform';

// The README says how to read without the dev login, which command is the
// front-end dev server, and that services started alone on PGlite each keep their own data; the
// code behind each sentence is checked too, so the README cannot drift from it.
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const viteConfig = readFileSync(new URL('../../web/vite.config.ts', import.meta.url), 'utf8');
const webPackage = JSON.parse(readFileSync(new URL('../../web/package.json', import.meta.url), 'utf8')) as {
  name: string;
  scripts: Record<string, string>;
};

describe('README: a first run', () => {
  it('says how to read without the dev login: register at /auth', () => {
    expect(readme).toContain('open http://localhost:3000/auth and register');
  });

  it('names the front-end dev server and where it sends /api, as web/vite.config.ts does', () => {
    expect(readme).toContain('`npm run dev -w @lectio/web` is the front-end dev server');
    expect(readme).toContain('proxies `/api` to http://127.0.0.1:3000');
    expect(webPackage.name).toBe('@lectio/web');
    // The config reads the book list from @lectio/contracts' TypeScript: Vite loads it with its module runner.
    expect(webPackage.scripts.dev).toBe('vite --configLoader runner');
    expect(viteConfig).toContain("process.env.LECTIO_API ?? 'http://127.0.0.1:3000'");
  });

  it('says that services started alone on PGlite each get their own data (a relative DATA_DIR per workspace)', () => {
    expect(readme).toContain('each service opens its own PGlite under its own folder');
    expect(loadConfig({}).DATA_DIR).toBe('./data');
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
  });
});
