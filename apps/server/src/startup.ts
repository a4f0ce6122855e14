import { migrateDatabase, type DatabaseHandle, type Executor } from '@portal/db';
import { ensureStandardRoles, findActiveDemoAccounts, isDatabaseEmpty } from '@portal/db/seed';
import type { Stage } from '@portal/contracts';

export type DatabaseStartOptions<Seeded> = {
  stage: Stage;
  // Fills an empty database in dev: the demo data (main.ts passes @portal/demo's seed, loaded only
  // with STAGE=dev). Runs under the migrations' lock, so two processes never both seed.
  seedEmpty?: (tx: Executor) => Promise<Seeded>;
};

// What a start does to the database before the API listens: migrate; in dev, seed an empty
// database; and outside dev, refuse to run while a demo account with its published password can
// sign in.
export async function prepareDatabase<Seeded>(
  database: DatabaseHandle,
  options: DatabaseStartOptions<Seeded>,
): Promise<Seeded | null> {
  let seeded: Seeded | null = null;
  const { seedEmpty } = options;
  await migrateDatabase(database, async (tx) => {
    // The roles every installation has (a new one, staff_admin, reaches older databases this way).
    await ensureStandardRoles(tx);
    if (options.stage !== 'dev' || !seedEmpty || !(await isDatabaseEmpty(tx))) return;
    seeded = await seedEmpty(tx);
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
