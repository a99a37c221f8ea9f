/**
 * The layers of ARCHITECTURE.md, enforced in CI (`npm run lint`):
 *   contracts <- library <- platform <- command-service | query-service | projections <- standalone
 *   web <- contracts
 *   testing (the test doubles and builders) <- contracts; only tests use it
 * Tests follow the layers too, so no two packages depend on each other even through their tests:
 * a package's tests use the packages below it, @lectio/testing, and (command-service's API tests
 * only) the query side and projections; only standalone's own tests, the browser tests of web/e2e
 * and the benchmarks start the composition root.
 */
const pkg = (name) => `^(${name})/`;
const TESTS = '(\\.test\\.tsx?$|/e2e/|/testing/|^[\\w-]+/test/)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import', 'type-only', 'type-import'] } },
    },
    {
      name: 'contracts-import-nothing',
      comment: 'contracts/ is what both sides agree on: no I/O, no other package.',
      severity: 'error',
      from: { path: pkg('contracts') },
      to: { path: pkg('library|platform|testing|command-service|query-service|projections|standalone|web') },
    },
    {
      name: 'library-imports-contracts-only',
      severity: 'error',
      from: { path: pkg('library') },
      to: { path: pkg('platform|command-service|query-service|projections|standalone|web') },
    },
    {
      name: 'testing-imports-contracts-only',
      comment:
        'testing/ holds the doubles every package tests with, so it can depend on none of them (or their tests would form a cycle).',
      severity: 'error',
      from: { path: pkg('testing') },
      to: { path: pkg('library|platform|command-service|query-service|projections|standalone|web') },
    },
    {
      name: 'production-code-uses-no-test-double',
      comment: 'Fakes and builders are for tests; production code reaches the outside world through its ports.',
      severity: 'error',
      from: {
        path: pkg('contracts|library|platform|command-service|query-service|projections|standalone|web/src'),
        pathNot: TESTS,
      },
      to: { path: pkg('testing') },
    },
    {
      name: 'platform-is-domain-free',
      comment: 'platform/ is the kit the services run on; it knows no service.',
      severity: 'error',
      from: { path: pkg('platform') },
      to: { path: pkg('library|command-service|query-service|projections|standalone|web') },
    },
    {
      name: 'web-imports-contracts-only',
      comment: 'The browser bundle may share types and constants, never server code.',
      severity: 'error',
      from: { path: pkg('web/src') },
      to: { path: pkg('library|platform|command-service|query-service|projections|standalone') },
    },
    {
      name: 'services-do-not-import-each-other',
      comment:
        'Services and workers meet only through events and the read models their owners export (@lectio/projections).',
      severity: 'error',
      from: { path: pkg('command-service|query-service|projections'), pathNot: TESTS },
      to: { path: pkg('command-service|query-service'), pathNot: '^$1/' },
    },
    {
      name: 'projections-serve-the-services',
      comment: 'Read models know events, not the services that read them.',
      severity: 'error',
      from: { path: pkg('projections') },
      to: { path: pkg('command-service|query-service') },
    },
    {
      name: 'only-through-public-entries',
      comment:
        'Another package is reached through its package.json exports (index.ts, or a grouped entry such as @lectio/platform/http), never a file inside it.',
      severity: 'error',
      from: { path: '^([\\w-]+)/' },
      to: {
        path: pkg('library|platform|testing|command-service|query-service|projections|standalone'),
        pathNot: [
          '^$1/',
          '/src/(index|http/index|eventstore/index|bus/index|projections/index|testing/index)\\.ts$',
          '^testing/src/[\\w-]+/index\\.ts$',
        ],
      },
    },
    {
      name: 'web-features-meet-through-their-index',
      comment:
        "A web feature uses another feature only through that feature's index.ts; App.tsx, the composition root, routes the pages.",
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-features-form-no-cycle',
      comment:
        'Features depend on each other one way (billing on accounts and the assistant, the assistant on the reader): a feature that needs one which depends on it gets it as a slot from App.tsx (pages/ReaderScreen.tsx, pages/AccountScreen.tsx).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^web/src/features/[^/]+/?$' },
      to: { path: '^web/src/features/[^/]+/?$', circular: true },
    },
    {
      name: 'web-shared-code-imports-no-feature',
      comment: 'web/src/components and web/src/lib are shared by every feature: they never import one.',
      severity: 'error',
      from: { path: '^web/src/(components|lib)/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'the-query-side-never-reaches-the-command-side',
      comment:
        "command-service's API tests run the query side to read back what a command did, so query-service (tests included) never imports command-service: the package graph has no cycle, tests counted. Support's reads, which record each look-up and replay with the deciders, are the command side's.",
      severity: 'error',
      from: { path: pkg('query-service') },
      to: { path: pkg('command-service') },
    },
    {
      name: 'only-standalone-tests-reach-the-composition-root',
      comment:
        "standalone depends on every service: a service (or its tests) importing it would close a cycle. Whole-app tests are standalone's, the browser tests of web/e2e, or benchmarks.",
      severity: 'error',
      from: { pathNot: '^(standalone|web/e2e|bench)/' },
      to: { path: pkg('standalone') },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/dist/)' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
