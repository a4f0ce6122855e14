import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Timeouts catch a test that hangs; they do not time the machine (issue 38). A test that takes 20 s
// alone takes two or three times that beside a CPU hog on two cores, and must still pass: speed is
// measured by the benchmarks (npm run bench), never by a timeout.
const TEST_TIMEOUT_MS = 120_000;
const HOOK_TIMEOUT_MS = 180_000;
// The Node test workers' young generation at 64 MB semi-spaces, above V8's default: an API test
// file allocates request after request (light-my-request, fast-json-stringify, drizzle), and the
// default's many small collections took an eighth of a worker's time. 8 % less CPU over the API
// suite (decision 056).
const NODE_WORKER_ARGS = ['--max-semi-space-size=64'];

// The API's tests (apps/server) on a migrated template database copied for each test file.
const serverProject = {
  root: 'apps/server',
  execArgv: NODE_WORKER_ARGS,
  include: ['src/**/*.test.ts'],
  globalSetup: ['../../packages/db/src/testing/template-database.ts'],
  testTimeout: TEST_TIMEOUT_MS,
  hookTimeout: HOOK_TIMEOUT_MS,
};
// Server test files that replace a module with vi.mock.
const mockingServerTests = ['src/modules/staff/set-password-guards.test.ts'];
const demoDataProject = {
  name: 'demo-data',
  isolate: false,
  execArgv: NODE_WORKER_ARGS,
  root: 'packages/demo-data',
  include: ['src/**/*.test.ts'],
  globalSetup: ['../db/src/testing/template-database.ts'],
  testTimeout: TEST_TIMEOUT_MS,
  hookTimeout: HOOK_TIMEOUT_MS,
};

// One runner for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The database
    // tests spend most of their time waiting (on the database, on password hashing), so more
    // workers than cores finish sooner. VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism() + 1,
    projects: [
      // Node projects share their workers' module cache between test files (isolate: false): each
      // file still builds its own app on its own database, but the app's modules load once per
      // worker instead of once per file. The web project keeps a fresh DOM per file.
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], isolate: false } },
      // The project's own guards (lint rules, package declarations), run on the tree as it is.
      { test: { name: 'tooling', root: '.', include: ['scripts/**/*.test.ts'], testTimeout: TEST_TIMEOUT_MS } },
      {
        test: {
          name: 'db',
          isolate: false,
          execArgv: NODE_WORKER_ARGS,
          root: 'packages/db',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/testing/template-database.ts'],
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: HOOK_TIMEOUT_MS,
        },
      },
      { test: demoDataProject },
      {
        test: {
          name: 'demo',
          isolate: false,
          execArgv: NODE_WORKER_ARGS,
          root: 'packages/demo',
          include: ['src/**/*.test.ts'],
          globalSetup: ['../db/src/testing/template-database.ts'],
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: HOOK_TIMEOUT_MS,
        },
      },
      {
        test: {
          ...serverProject,
          name: 'server',
          isolate: false,
          exclude: [...configDefaults.exclude, ...mockingServerTests],
        },
      },
      // vi.mock replaces a module in the worker's cache, so these files keep a cache of their own.
      { test: { ...serverProject, name: 'server-mocking', include: mockingServerTests } },
      'apps/*/vitest.config.ts',
    ],
  },
});
