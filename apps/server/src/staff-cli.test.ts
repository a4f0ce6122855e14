import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@portal/db';
import { buildApp } from './app.ts';
import { createManualClock, testAppDeps } from './testing/test-app.ts';

// `npm run staff -- add ...` on a brand-new install (PGlite in a fresh directory): the first staff
// administrator, then their link works in the API. PGlite here whatever DATABASE_URL says, as the
// command is meant for the no-setup install too.
const dataDir = mkdtempSync(join(tmpdir(), 'portal-staff-cli-'));

function runCli(...args: string[]) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return spawnSync(process.execPath, [join(import.meta.dirname, 'staff-cli.ts'), ...args], {
    env: { ...env, DATA_DIR: dataDir, PUBLIC_URL: 'https://portal.example', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

describe('npm run staff -- add', () => {
  let close: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await close?.();
  });

  // A whole fresh install in child processes (every migration, a password hash, twice): 20-40 s
  // alone, two or three times that beside a CPU hog, so more than the suite's two minutes.
  it('makes the first staff administrator of a fresh install and prints a working set-password link', async () => {
    const run = runCli(
      'add',
      'first.admin@portal.example',
      '--name',
      'First Admin',
      '--role',
      'agent',
      '--role',
      'staff_admin',
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Employee 1 First Admin <first\.admin@portal\.example>: agent, staff_admin\./);
    const link = /https:\/\/portal\.example\/set-password#token=([\w-]+)/.exec(run.stdout);
    expect(link).not.toBeNull();

    const again = runCli('add', 'FIRST.ADMIN@portal.example', '--name', 'Twice', '--role', 'agent');
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('FIRST.ADMIN@portal.example already belongs to employee 1.');

    const database = await openDatabase({ kind: 'pglite', dataDir });
    const app = await buildApp(testAppDeps(database, createManualClock(new Date())));
    close = async () => {
      await app.close();
      await database.close();
    };
    const set = await app.inject({
      method: 'POST',
      url: '/internal/api/employees/set_password',
      payload: { token: link?.[1], password: 'the first admin password' },
    });
    expect(set.statusCode).toBe(200);
    const signIn = await app.inject({
      method: 'POST',
      url: '/internal/api/employees/sign_in',
      payload: { employee: { email: 'first.admin@portal.example', password: 'the first admin password' } },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().permissions).toEqual(['lists.export', 'staff.admin']);
  }, 300_000);

  it('says how to call it when the arguments are wrong', () => {
    const run = runCli('add', 'someone@portal.example', '--name', 'No Role');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('At least one --role is required.');
    expect(run.stderr).toContain('Usage: npm run staff -- add EMAIL --name NAME --role ROLE');
  });
});
