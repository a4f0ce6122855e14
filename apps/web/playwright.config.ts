import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';

// Runs against the built app (npm run build) served by the real server, in Debian's Chromium. Each
// worker has a server of its own on its own copy of a freshly seeded database (e2e/fixtures.ts;
// e2e/global-setup.ts seeds it once), so the specs run on two workers and none sees another
// worker's changes; every spec picks or makes data no other spec changes, so none depends on
// which specs ran before it.
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './e2e/global-setup.ts',
  workers: 2,
  // A file's tests run in order on one worker (some share a signed-in page, or build on each other).
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Timeouts bound a hang, not the machine's speed (issue 38): beside a CPU hog an ACDV import (a
  // low-priority reader process, then the rows) took more than 10 s to show. An assertion that
  // something happens at once says so with its own short timeout.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    // baseURL is the worker's server (e2e/fixtures.ts).
    viewport: { width: 1440, height: 900 },
    // Recording a trace of every action took a quarter of the specs' time (200 s without the build,
    // 151 s with none, on 2 cores); a failure still leaves its screenshot and its page's snapshot
    // (error-context.md). E2E_TRACE=1 records them again, kept for the specs that fail.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // Installed by scripts/ensure-chromium.ts when missing (npm run test:e2e).
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium' }],
});
