import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type TestDatabase } from '@portal/db/testing';
import { buildApp, type AppDeps } from '../app.ts';
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

export type TestApp = { app: FastifyInstance; database: TestDatabase; clock: ManualClock; close: () => Promise<void> };

// The real app on a fresh database (PGlite in memory, or PostgreSQL when DATABASE_URL is set).
export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = createManualClock();
  const app = await buildApp({ database, clock, ...overrides });
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
