import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from '@portal/db';
import { openTestDatabase } from '@portal/db/testing';
import { seedDemoData } from '@portal/demo-data';
import { buildApp } from './app.ts';
import { BackupError, backupPortal, readManifest, restorePortal } from './backup.ts';
import { createBankNumbersSealer, createSsnSealer } from './modules/customers/index.ts';
import { insertUploadedDocuments, prepareUpload } from './modules/customer-documents/index.ts';
import { recordAuditEvent } from './platform/audit.ts';
import { createDirectoryStorage, type FileStorage } from './platform/storage.ts';
import { prepareDatabase } from './startup.ts';
import { createManualClock, TEST_SECRETS_KEY, testAppDeps } from './testing/test-app.ts';
import { signInAsStaff } from './testing/staff-session.ts';

// npm run backup and npm run restore (issue 42, decision 071): a seeded Portal backed up, restored
// into a fresh database and a fresh storage, and the restored Portal asked for a customer's
// evidence pack, which carries the customer, the loans, the documents' bytes and the audit: it must
// be the original's, file for file.

const tmp = (name: string) => mkdtempSync(join(tmpdir(), `portal-${name}-`));
const clock = createManualClock();
const PAYSTUB = Buffer.from('%PDF-1.4\n% a paystub kept for the restore drill\n%%EOF\n');

// What a Portal over a database and a storage answers for the customer's evidence pack, file by
// file, without the two files that name when and by whom the pack was made.
async function packFiles(
  handle: DatabaseHandle,
  storage: FileStorage,
  customerId: number,
  token: string,
): Promise<Map<string, string>> {
  const app = await buildApp(testAppDeps(handle, clock, { storage, secretsKey: TEST_SECRETS_KEY }));
  try {
    const response = await app.inject({
      method: 'GET',
      url: `/internal/api/users/evidence_pack?user_id=${customerId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    return new Map(
      Object.entries(files)
        .filter(([name]) => !/(manifest|README)/i.test(name))
        .map(([name, content]) => [name, Buffer.from(content).toString('base64')]),
    );
  } finally {
    await app.close();
  }
}

// A seeded Portal: demo customers, a document stored for one, an audited change of theirs, and a
// compliance officer signed in (whose session must survive the restore too).
async function seedPortal(handle: DatabaseHandle, storage: FileStorage) {
  await seedDemoData(handle.db, {
    customers: 6,
    timeZone: 'America/Los_Angeles',
    sealSsn: createSsnSealer(TEST_SECRETS_KEY),
    sealBankNumbers: createBankNumbersSealer(TEST_SECRETS_KEY),
  });
  const [row] = (
    (await handle.db.execute(
      sql`select c.id::int as id, l.id::int as loan from customers c join loans l on l.customer_id = c.id order by c.id limit 1`,
    )) as unknown as { rows: Array<{ id: number; loan: number }> }
  ).rows;
  const customerId = row!.id;
  const app = await buildApp(testAppDeps(handle, clock, { storage, secretsKey: TEST_SECRETS_KEY }));
  try {
    const officer = await signInAsStaff(app, handle.db, ['agent', 'compliance']);
    const prepared = await prepareUpload({ storage }, 'paystub', {
      fileName: 'paystub.pdf',
      content: PAYSTUB,
      contentType: 'application/pdf',
      exifDateTime: null,
    });
    await handle.db.transaction((tx) =>
      insertUploadedDocuments(tx, { customerId, loanId: row!.loan, kind: 'paystub', at: clock.now() }, [prepared]),
    );
    await recordAuditEvent(handle.db, {
      employeeId: officer.employeeId,
      action: 'customer.phone_number_changed',
      entityType: 'customer',
      entityId: customerId,
      before: { phone_number: '5035550100' },
      after: { phone_number: '5035550199' },
    });
    return { customerId, token: officer.token };
  } finally {
    await app.close();
  }
}

function expectSamePack(original: Map<string, string>, restored: Map<string, string>) {
  expect([...restored.keys()].sort()).toEqual([...original.keys()].sort());
  for (const [name, content] of original) expect(restored.get(name), name).toBe(content);
  const all = [...restored.values()].map((content) => strFromU8(Buffer.from(content, 'base64')));
  // Not a vacuous match: the document and the audited change are in it.
  expect(all.some((content) => content.includes('paystub.pdf'))).toBe(true);
  expect(all.some((content) => content.includes('5035550199'))).toBe(true);
}

// Every stored file, key by key, with its bytes.
async function storedFiles(storage: FileStorage): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  let continuation: string | null = null;
  do {
    const page = await storage.list('', { continuation });
    for (const key of page.keys) files.set(key, (await storage.read(key))!.toString('base64'));
    continuation = page.continuation;
  } while (continuation !== null);
  return files;
}

async function expectSameFiles(original: FileStorage, restored: FileStorage) {
  const files = await storedFiles(original);
  expect(await storedFiles(restored)).toEqual(files);
  expect([...files.values()]).toContain(PAYSTUB.toString('base64'));
}

describe('backup and restore', () => {
  it('brings back the embedded database (PGlite) and the files: the restored Portal answers the same pack', async () => {
    const source = { kind: 'pglite' as const, dataDir: join(tmp('source'), 'pglite') };
    const storage = createDirectoryStorage(tmp('files'));
    let handle = await openDatabase(source);
    await prepareDatabase(handle, { stage: 'dev' });
    const { customerId, token } = await seedPortal(handle, storage);
    // One process opens a PGlite directory: the Portal is stopped for its backup.
    await handle.close();

    const dir = join(tmp('backup'), 'drill');
    const manifest = await backupPortal(source, storage, dir);
    expect(manifest).toMatchObject({ database: { kind: 'pglite', migrations_pending: 0 }, files: { count: 1 } });
    expect(readdirSync(dir).sort()).toEqual(['database.tar', 'files', 'manifest.json']);
    await expect(backupPortal(source, storage, dir)).rejects.toThrow(BackupError);

    handle = await openDatabase(source);
    const original = await packFiles(handle, storage, customerId, token);
    await handle.close();

    const target = { kind: 'pglite' as const, dataDir: join(tmp('target'), 'pglite') };
    const restoredStorage = createDirectoryStorage(tmp('restored-files'));
    await restorePortal(dir, target, restoredStorage);
    const restored = await openDatabase(target);
    try {
      expectSamePack(original, await packFiles(restored, restoredStorage, customerId, token));
    } finally {
      await restored.close();
    }
    await expectSameFiles(storage, restoredStorage);
    // Never over what is there: the same target again is refused.
    await expect(restorePortal(dir, target, createDirectoryStorage(tmp('more-files')))).rejects.toThrow(/not empty/);
  }, 180_000);

  it('refuses a directory that is not a backup, or whose database file was changed', async () => {
    const dir = tmp('not-a-backup');
    await expect(readManifest(dir)).rejects.toThrow(`${dir} is not a backup: it has no manifest.json.`);
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({ format: 'portal-backup-1', database: { kind: 'pglite', file: 'database.tar', sha256: 'x' } }),
    );
    writeFileSync(join(dir, 'database.tar'), 'changed');
    await expect(readManifest(dir)).rejects.toThrow('is missing or not the file the backup wrote');
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'brings back PostgreSQL through pg_dump and pg_restore: the restored Portal answers the same pack',
    async () => {
      const handle = await openTestDatabase();
      const storage = createDirectoryStorage(tmp('pg-files'));
      const name = `portal_restore_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        const { customerId, token } = await seedPortal(handle, storage);
        const source: DatabaseTarget = { kind: 'postgres', url: handle.url! };
        const dir = join(tmp('pg-backup'), 'drill');
        const manifest = await backupPortal(source, storage, dir);
        expect(manifest).toMatchObject({ database: { kind: 'postgres', migrations_pending: 0 }, files: { count: 1 } });
        const original = await packFiles(handle, storage, customerId, token);

        await admin.query(`create database ${name}`);
        const url = new URL(process.env.DATABASE_URL!);
        url.pathname = `/${name}`;
        const restoredStorage = createDirectoryStorage(tmp('pg-restored-files'));
        await restorePortal(dir, { kind: 'postgres', url: url.toString() }, restoredStorage);
        const restored = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
        try {
          expectSamePack(original, await packFiles(restored, restoredStorage, customerId, token));
        } finally {
          await restored.close();
        }
        await expectSameFiles(storage, restoredStorage);
        // Into a database that is not empty: refused before anything is written.
        await expect(restorePortal(dir, source, createDirectoryStorage(tmp('pg-more-files')))).rejects.toThrow(
          'The database to restore into is not empty',
        );
      } finally {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    180_000,
  );
});
