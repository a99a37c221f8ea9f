import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// `NODE_ENV=development npm start` shipped React's development build and no
// service worker registration. A build must be a production build whatever NODE_ENV says.
const webRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'lectio-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the web build', () => {
  it(
    'is a production build even with NODE_ENV=development: no development React, a service worker',
    { timeout: 180_000 },
    async () => {
      await promisify(execFile)(
        join(webRoot, '../node_modules/.bin/vite'),
        ['build', '--configLoader', 'runner', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
        {
          cwd: webRoot,
          env: { ...process.env, NODE_ENV: 'development' },
        },
      );
      expect(existsSync(join(outDir, 'sw.js'))).toBe(true);
      const scripts = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
      const all = scripts.map((f) => readFileSync(join(outDir, 'assets', f), 'utf8')).join('\n');
      // Present only in React's development build (its component stack frames).
      expect(all).not.toContain('react-stack-bottom-frame');
      // The app registers its service worker only in a production build.
      expect(all).toContain('/sw.js');
    },
  );
});
