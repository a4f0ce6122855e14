import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@portal/db';
import { buildApp } from '../../app.ts';
import { signInAsStaff } from '../../testing/staff-session.ts';
import { createTestApp, testAppDeps, type TestApp } from '../../testing/test-app.ts';

// Two API processes on one database, each with its own session cache and listener. The race the
// probe found: process B reads a session just before process A commits its sign-out, the
// sign-out's notification reaches B while B's read is still on its way back, and B then caches
// what it read. Here B's reads can be held after the database has answered, to play that order out.
let t: TestApp;
let other: FastifyInstance;
let held: { readDone: () => void; release: Promise<void> } | null = null;

// The real database, with every select's rows held back while `held` is set.
function holdingSelects(db: Database): Database {
  const holdRows = (builder: object): object =>
    new Proxy(builder, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        if (property === 'then') {
          return (resolve: (rows: unknown) => void, reject: (error: unknown) => void) =>
            (value as (onFulfilled: (rows: unknown) => Promise<unknown>) => Promise<unknown>)
              .call(target, async (rows) => {
                const hold = held;
                if (hold) {
                  hold.readDone();
                  await hold.release;
                }
                return rows;
              })
              .then(resolve, reject);
        }
        return (...args: unknown[]) => {
          const result: unknown = (value as (...values: unknown[]) => unknown).apply(target, args);
          return typeof result === 'object' && result !== null ? holdRows(result) : result;
        };
      },
    });
  return new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (property === 'select')
        return (...args: unknown[]) => holdRows((value as (...values: unknown[]) => object).apply(target, args));
      return (value as (...values: unknown[]) => unknown).bind(target);
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp(testAppDeps({ ...t.database, db: holdingSelects(t.database.db) }, t.clock));
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a sign-out racing another process', () => {
  it('leaves no copy of the session there, even one read before the sign-out and kept after its notice', async () => {
    const staff = await signInAsStaff(t.app, t.database.db);
    const sessionOnOther = () =>
      other.inject({ method: 'GET', url: '/internal/api/employees/session', headers: staff.headers });

    let readDone = () => {};
    let release = () => {};
    const read = new Promise<void>((resolve) => (readDone = resolve));
    held = { readDone, release: new Promise<void>((resolve) => (release = resolve)) };
    const racing = sessionOnOther();
    await read;

    // The session is read (still live); now it is signed out, and the notice reaches B.
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/internal/api/employees/sign_out', headers: staff.headers }))
        .statusCode,
    ).toBe(200);
    await sleep(200);
    held = null;
    release();
    // The request that began before the sign-out may finish with what it read...
    expect((await racing).statusCode).toBe(200);
    // ...but B must not have kept it.
    expect((await sessionOnOther()).statusCode).toBe(401);
  });
});
