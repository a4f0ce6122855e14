// npm run db:seed -- [--users 200] [--seed 42] [--today YYYY-MM-DD] [--reset]
// Fills the database the server would open (DATABASE_URL, else PGlite in DATA_DIR) with demo data.
// seed-cli.ts runs it with the server's secrets key, which seals the customers' SSNs (decision 023).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { customers, migrateDatabase, openDatabase, type DatabaseHandle, type Executor } from '@portal/db';
import * as portalDb from '@portal/db';
import { isDatabaseEmpty, type SealBankNumbers, type SealSsn } from '@portal/db/seed';
import {
  BUSINESS_TIME_ZONE,
  DEFAULT_DEMO_SEED,
  seedDemoData,
  todayInTimeZone,
  type DemoSummary,
} from '@portal/demo-data';

export type SeedCommandOptions = {
  sealSsn: SealSsn;
  // Seals bank accounts' numbers with the server's key (decision 070).
  sealBankNumbers: SealBankNumbers;
  // Printed after the summary (how long sealing the SSNs took).
  afterwards?: () => string;
};

const usage = 'Usage: npm run db:seed -- [--users 200] [--seed 42] [--today YYYY-MM-DD] [--reset]';

type Arguments = { users: number; seed: number; today: string | undefined; reset: boolean };

function readArguments(): Arguments {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '200' },
      seed: { type: 'string', default: String(DEFAULT_DEMO_SEED) },
      today: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const users = Number(values.users);
  if (!Number.isInteger(users) || users < 1 || users > 2_000_000)
    throw new UsageError('--users must be a whole number from 1 to 2,000,000.');
  const seed = Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffff_ffff)
    throw new UsageError('--seed must be a whole number from 0 to 4294967295.');
  if (values.today !== undefined && !isIsoDate(values.today))
    throw new UsageError('--today must be a date written YYYY-MM-DD.');
  return { users, seed, today: values.today, reset: values.reset };
}

class UsageError extends Error {}

function isIsoDate(value: string): boolean {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(value);
}

// parseArgs reports unknown or malformed options with codes like ERR_PARSE_ARGS_UNKNOWN_OPTION.
function isUsageError(error: unknown): error is Error {
  return (
    error instanceof UsageError ||
    (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
  );
}

// The same choice as the server's config: PostgreSQL when DATABASE_URL is set, else PGlite in
// DATA_DIR, relative to where npm was started (INIT_CWD), so `npm run db:seed` at the root uses ./.data.
function openConfiguredDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (url) return openDatabase({ kind: 'postgres', url, poolSize: 2 });
  const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR || '.data');
  return openDatabase({ kind: 'pglite', dataDir });
}

async function hasCustomers(db: Executor): Promise<boolean> {
  return (await db.select({ id: customers.id }).from(customers).limit(1)).length > 0;
}

// Empties every table of the schema and restarts the id sequences (drizzle's migration journal,
// in its own schema, stays).
async function truncateAllTables(db: Executor): Promise<void> {
  const names = Object.values(portalDb)
    .filter((value) => is(value, PgTable))
    .map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
}

function printSummary(summary: DemoSummary, seconds: number, where: string): void {
  console.log(`\nSeeded ${where} (seed ${summary.seed}, today ${summary.today}) in ${seconds.toFixed(1)} s:`);
  const width = Math.max(...Object.keys(summary.counts).map((name) => name.length));
  for (const [name, count] of Object.entries(summary.counts))
    console.log(`  ${name.padEnd(width)}  ${count.toLocaleString('en-US').padStart(10)}`);
  console.log(`\nDemo sign-in: ${summary.signIn.email} / ${summary.signIn.password}`);
}

// Runs the command with the process's arguments and environment; sets the exit code on failure.
export async function runSeedCommand(options: SeedCommandOptions): Promise<void> {
  await main(options).catch((error: unknown) => {
    console.error(isUsageError(error) ? `${error.message}\n${usage}` : error);
    process.exitCode = 1;
  });
}

async function main(options: SeedCommandOptions): Promise<void> {
  const args = readArguments();
  const handle = await openConfiguredDatabase();
  const where =
    handle.kind === 'postgres'
      ? 'PostgreSQL'
      : `PGlite in ${resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR || '.data')}`;
  try {
    await migrateDatabase(handle);
    const hasData = !(await isDatabaseEmpty(handle.db)) || (await hasCustomers(handle.db));
    if (hasData && !args.reset) {
      console.error(
        `The database (${where}) already has data. Run again with --reset to empty it and seed afresh:\n  npm run db:seed -- --reset`,
      );
      process.exitCode = 1;
      return;
    }
    const timeZone = process.env.BUSINESS_TIME_ZONE || BUSINESS_TIME_ZONE;
    const today = args.today ?? todayInTimeZone(timeZone);
    const started = performance.now();
    console.log(`Seeding ${args.users.toLocaleString('en-US')} customers into ${where}...`);
    // Reset and seed in one transaction: a failed seed leaves the old data in place.
    const summary = await handle.db.transaction(async (tx) => {
      if (hasData) await truncateAllTables(tx);
      return seedDemoData(tx, {
        customers: args.users,
        seed: args.seed,
        today,
        timeZone,
        sealSsn: options.sealSsn,
        sealBankNumbers: options.sealBankNumbers,
        onProgress: (message) => console.log(`  ${message} (${((performance.now() - started) / 1000).toFixed(1)} s)`),
      });
    });
    printSummary(summary, (performance.now() - started) / 1000, where);
    if (options.afterwards) console.log(options.afterwards());
  } finally {
    await handle.close();
  }
}
