import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createDirectoryStorage, type FileStorage } from '../platform/storage.ts';
import { createSignedInStaff, type SignedInStaff } from './staff-helpers.ts';
import { signInAsStaff, type StaffSession } from './staff-session.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

// The set-up most test files share: the app on a fresh database before the file's tests, closed
// after them. The handle is filled in by beforeAll, so read its fields inside tests and hooks.
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    Object.assign(handle, await createTestApp(options));
  });
  afterAll(async () => {
    await handle.close();
  });
  return handle;
}

// A signed-in (offline) employee of that app, made after it, before the file's tests.
export function useStaffSession(t: TestApp, roles?: string[]): StaffSession {
  const staff = {} as StaffSession;
  beforeAll(async () => {
    Object.assign(staff, await signInAsStaff(t.app, t.database.db, roles));
  });
  return staff;
}

// A signed-in employee of that app who is online (so tickets can be given to them), made after it,
// before the file's tests.
export function useSignedInStaff(t: TestApp, options: Parameters<typeof createSignedInStaff>[2] = {}): SignedInStaff {
  const staff = {} as SignedInStaff;
  beforeAll(async () => {
    Object.assign(staff, await createSignedInStaff(t.app, t.database.db, options));
  });
  return staff;
}

// File storage in a directory of the file's own, removed after its tests: made at once, so it can be
// given to useTestApp({ storage }).
export function useDirectoryStorage(name: string): FileStorage {
  const dir = mkdtempSync(join(tmpdir(), `portal-${name}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return createDirectoryStorage(dir);
}
