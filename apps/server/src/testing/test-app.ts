import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '@portal/db';
import { openTestDatabase, type TestDatabase } from '@portal/db/testing';
import { buildApp, type AppDeps, type AppSettings } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Clock } from '../platform/clock.ts';

// A clock the test moves by hand.
export type ManualClock = Clock & { set: (at: Date) => void; advance: (milliseconds: number) => void };

export function createManualClock(start = new Date('2026-11-21T17:00:00Z')): ManualClock {
  let current = start;
  return {
    now: () => current,
    set: (at) => {
      current = at;
    },
    advance: (milliseconds) => {
      current = new Date(current.getTime() + milliseconds);
    },
  };
}

// A fixed secrets key, so a test can open what the app sealed.
export const TEST_SECRETS_KEY = Buffer.alloc(32, 0x5e);

export type TestApp = { app: FastifyInstance; database: TestDatabase; clock: ManualClock; close: () => Promise<void> };

// What a test may set: any setting (flat), and the adapters.
export type TestAppOptions = Partial<AppSettings> & Omit<AppDeps, 'database' | 'clock' | 'settings'>;

// The deps of an app for a test: silent, with the fixed secrets key, and the options given.
export function testAppDeps(database: DatabaseHandle, clock: ManualClock, options: TestAppOptions = {}): AppDeps {
  const { mailer, sms, storage, secretsKey, logStream, webDistDir, ...settings } = options;
  return {
    database,
    clock,
    // No outbox worker: a test delivers what is due with app.outbox.deliverDue(), on its manual clock.
    // Replies leave at once unless a test gives them an undo window (undo-send.test.ts).
    settings: { logLevel: 'silent', outbox: { ...loadConfig({}).outbox, pollMs: 0 }, undoSendSeconds: 0, ...settings },
    mailer,
    sms,
    storage,
    secretsKey: secretsKey ?? TEST_SECRETS_KEY,
    logStream,
    webDistDir,
  };
}

// The real app on a fresh database (PGlite in memory, or PostgreSQL when DATABASE_URL is set).
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = createManualClock();
  const app = await buildApp(testAppDeps(database, clock, options));
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
