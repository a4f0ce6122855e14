import { migrateDatabase, type DatabaseHandle } from '@portal/db';
import {
  ensureStandardRoles,
  findActiveDemoAccounts,
  isDatabaseEmpty,
  seedDemoData,
  type DemoSummary,
  type SealSsn,
} from '@portal/db/seed';
import type { Stage } from '@portal/contracts';

export type DatabaseStartOptions = {
  stage: Stage;
  seedCustomers: number;
  businessTimeZone: string;
  // Seals the demo customers' SSNs with the server's key (decision 023); without it they have none.
  sealSsn?: SealSsn;
};

// What a start does to the database before the API listens: migrate; in dev, seed the demo data
// into an empty database (under the migrations' lock, so two processes never both seed); and
// outside dev, refuse to run while a demo account with its published password can sign in.
export async function prepareDatabase(
  database: DatabaseHandle,
  options: DatabaseStartOptions,
): Promise<DemoSummary | null> {
  let seeded: DemoSummary | null = null;
  await migrateDatabase(database, async (tx) => {
    // The roles every installation has (a new one, staff_admin, reaches older databases this way).
    await ensureStandardRoles(tx);
    if (options.stage !== 'dev' || options.seedCustomers === 0 || !(await isDatabaseEmpty(tx))) return;
    seeded = await seedDemoData(tx, {
      customers: options.seedCustomers,
      timeZone: options.businessTimeZone,
      sealSsn: options.sealSsn,
    });
  });
  if (options.stage !== 'dev') {
    const demoAccounts = await findActiveDemoAccounts(database.db);
    if (demoAccounts.length > 0) throw new Error(demoAccountsRefusal(options.stage, demoAccounts));
  }
  return seeded;
}

function demoAccountsRefusal(stage: Stage, emails: string[]): string {
  const list = emails.map((email) => `'${email}'`).join(', ');
  return (
    `This database has demo accounts that can sign in (${emails.join(', ')}); their password is published, ` +
    `so the Portal does not start with STAGE=${stage}. Lock them out, then start again:\n` +
    `  update employees set active = false where lower(email) in (${list});`
  );
}
