import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';
import { INBOUND_EMAIL_SECRET } from './e2e/fixtures.ts';

const port = 3100;
const baseURL = `http://localhost:${port}`;
// A fresh database for every run: the server migrates and seeds it on first start.
const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));

// Runs against the built app (npm run build) served by the real server, in Debian's Chromium.
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Installed by scripts/ensure-chromium.ts when missing (npm run test:e2e).
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // The Node 24 binary of the repository, not the machine's Node.
    command: '../../node_modules/.bin/node ../server/src/main.ts',
    cwd: import.meta.dirname,
    url: `${baseURL}/internal/api/health`,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      STAGE: 'dev',
      LOG_LEVEL: 'warn',
      // Lets a spec deliver an inbound email (POST webhooks/email), e.g. from an unknown sender.
      INBOUND_EMAIL_SECRET: INBOUND_EMAIL_SECRET,
    },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
