import { defineConfig } from 'vitest/config';

// One runner for the whole repo. Suites that need PostgreSQL, NATS or Chromium skip with a
// visible reason unless REQUIRE_POSTGRES / REQUIRE_NATS / REQUIRE_E2E turn the skip into a failure.
export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['**/node_modules/**', '**/dist/**', 'data/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for what a user would see; vitest's 1 s default is shorter than one page load
    // on a loaded CI machine (a highlight test failed there at 1 s).
    expect: { poll: { timeout: 10_000 } },
    // One initdb for the whole run: every test database is a copy of it (platform/src/pglite-template.ts).
    globalSetup: ['tools/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
  },
});
