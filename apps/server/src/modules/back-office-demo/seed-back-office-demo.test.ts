import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankruptcyNotices, customers, disputes } from '@portal/db';
import { seedDemoData } from '@portal/db/seed';
import { createSsnSealer } from '../customers/index.ts';
import { systemClock } from '../../platform/clock.ts';
import { createDirectoryStorage } from '../../platform/storage.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase, type TestDatabase } from '@portal/db/testing';
import { TEST_SECRETS_KEY } from '../../testing/test-app.ts';
import { seedBackOfficeDemo } from './seed-back-office-demo.ts';

describe('the demo work of the back-office dashboards', () => {
  let database: TestDatabase;
  let directory: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    directory = await mkdtemp(join(tmpdir(), 'portal-demo-'));
    await seedDemoData(database.db, { customers: 30, sealSsn: createSsnSealer(TEST_SECRETS_KEY) });
  });
  afterAll(async () => {
    await database.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('uploads notices naming demo customers and dispute letters, each stored and read', async () => {
    const storage = createDirectoryStorage(directory);
    const seeded = await seedBackOfficeDemo({
      db: database.db,
      clock: systemClock,
      storage,
      secretsKey: TEST_SECRETS_KEY,
      businessTimeZone: 'America/Los_Angeles',
      flaggedRoutingNumbers: ['123456780', '987654320'],
    });
    expect(seeded).toEqual({ notices: 5, disputes: 4, acdvs: 5, identifications: 5, incomes: 3 });

    const notices = await database.db.select().from(bankruptcyNotices);
    // Four readable notices, each matched to the demo customer it names; one scanned.
    expect(notices.filter((notice) => notice.hasText)).toHaveLength(4);
    for (const notice of notices.filter((candidate) => candidate.hasText)) {
      expect(notice.customerMatch).toBe('ssn_last4_and_name');
      const [customer] = await database.db.select().from(customers).where(eq(customers.id, notice.customerId!));
      expect((notice.parsedData as { debtor_name: string }).debtor_name).toBe(
        `${customer!.firstName} ${customer!.lastName}`,
      );
    }
    expect(notices.find((notice) => !notice.hasText)?.fileName).toBe('scanned-notice.pdf');

    const letters = await database.db.select().from(disputes);
    expect(letters.map((dispute) => dispute.type).sort()).toEqual([
      'Dispute::DebtValidation',
      'Dispute::GoodwillRequest',
      'Dispute::IdentityTheft',
      'Dispute::Other',
    ]);
    for (const row of [...notices, ...letters]) expect(await storage.read(row.storageKey)).not.toBeNull();
  });
});
