import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { DEFAULT_BUSINESS_HOURS, parseBusinessHours } from '@portal/contracts';
import { bulkInsert, employees, hashPassword, macros, resetIdentitySequences, type Executor } from '@portal/db';
import { unsealedBankNumbers, type SealBankNumbers, type SealSsn } from '@portal/db/seed';
import { BUSINESS_TIME_ZONE, createClock, MINUTE_MS, todayInTimeZone } from './calendar.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, demoEmployeeIds, demoEmployees, insertDemoEmployees } from './demo-employees.ts';
import { addCustomerRows, describeCustomer } from './generate-customers.ts';
import { generateLoans } from './generate-loans.ts';
import { addCustomerTickets, addNotifications, addUnmatchedTickets } from './generate-tickets.ts';
import { insertDemoMacros } from './macros.ts';
import { createRandom, mixSeed } from './random.ts';
import type { SeedContext } from './seed-context.ts';
import {
  emptySeedRows,
  seedTableNames,
  seedTables,
  startIdCounters,
  type SeedRows,
  type SeedTableName,
} from './seed-rows.ts';

export { DEMO_EMAIL, DEMO_PASSWORD } from './demo-employees.ts';

export const DEFAULT_DEMO_SEED = 42;
// Customers generated and inserted at a time (about 50,000 payments): enough for full 5,000-row
// statements, small enough that memory stays flat however many customers are asked for.
const CUSTOMERS_PER_CHUNK = 5_000;
const YIELD_EVERY = 250;

export type DemoDataOptions = {
  customers: number;
  seed?: number;
  // The reference "today" (YYYY-MM-DD); all dates are placed relative to it. Default: today in timeZone.
  today?: string;
  timeZone?: string;
  onProgress?: (message: string) => void;
  // Seals each customer's SSN (the nine digits) with the server's key. Without it customers get no
  // SSN: the seed has no key, and never stores one in plain text.
  sealSsn?: SealSsn;
  // Seals each bank account's routing and account numbers with the server's key. Without it they
  // are stored as a value from before sealing is, which the server seals at its next start.
  sealBankNumbers?: SealBankNumbers;
};

export type DemoSummary = {
  seed: number;
  today: string;
  counts: Record<SeedTableName | 'employees' | 'employeeRoles' | 'macros' | 'macroTags', number>;
  signIn: { email: string; password: string };
};

export async function seedDemoData(db: Executor, options: DemoDataOptions): Promise<DemoSummary> {
  const customerCount = options.customers;
  if (!Number.isInteger(customerCount) || customerCount < 1)
    throw new Error('seedDemoData: customers must be a whole number of at least 1');
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const timeZone = options.timeZone ?? BUSINESS_TIME_ZONE;
  const today = options.today ?? todayInTimeZone(timeZone);
  const clock = createClock(today, timeZone);
  const progress = options.onProgress ?? (() => undefined);
  // One hash for everyone: scrypt is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // The Portal's default hours: the demo's after-hours macros name them.
  const hours = parseBusinessHours(DEFAULT_BUSINESS_HOURS);
  if (!hours) throw new Error('seedDemoData: DEFAULT_BUSINESS_HOURS does not parse');

  const ticketCount = Math.max(25, Math.round(customerCount / 5));
  const unmatchedTickets = Math.max(3, Math.round(ticketCount * 0.02));
  const ids = startIdCounters();
  const counts = Object.fromEntries(seedTableNames.map((name) => [name, 0])) as DemoSummary['counts'];

  await db.transaction(async (tx) => {
    const longAgo = new Date(clock.at(clock.today - 400, 9));
    await insertDemoEmployees(tx, passwordHash, longAgo);
    counts.employees = demoEmployees.length;
    counts.employeeRoles = demoEmployees.reduce((sum, employee) => sum + employee.roles.length, 0);
    const macroCounts = await insertDemoMacros(tx, longAgo);
    counts.macros = macroCounts.macros;
    counts.macroTags = macroCounts.macroTags;

    const base: Omit<SeedContext, 'rows'> = {
      seed,
      clock,
      businessHours: { hours, timeZone },
      customerCount,
      customerTicketCount: ticketCount - unmatchedTickets,
      employeeIds: demoEmployeeIds,
      ids,
      sealSsn: options.sealSsn ?? null,
      sealBankNumbers: options.sealBankNumbers ?? ((_id, numbers) => unsealedBankNumbers(numbers)),
    };
    // The next chunk is generated while PostgreSQL stores the previous one; at most one chunk
    // waits, so memory stays flat.
    let storing: Promise<void> = Promise.resolve();
    for (let start = 0; start < customerCount; start += CUSTOMERS_PER_CHUNK) {
      const end = Math.min(start + CUSTOMERS_PER_CHUNK, customerCount);
      const context: SeedContext = { ...base, rows: emptySeedRows() };
      for (let index = start; index < end; index += 1) {
        generateCustomer(context, index);
        // Let the pending inserts send their next statement.
        if (index % YIELD_EVERY === YIELD_EVERY - 1) await yieldToEventLoop();
      }
      await storing;
      storing = insertSeedRows(tx, context.rows, counts).then(() =>
        progress(`${end.toLocaleString('en-US')} of ${customerCount.toLocaleString('en-US')} customers`),
      );
      // Handled when awaited above; this keeps a failure meanwhile from counting as unhandled.
      storing.catch(() => undefined);
    }
    await storing;

    const rest: SeedContext = { ...base, rows: emptySeedRows() };
    // Its own stream, so the unmatched tickets do not depend on how many customers came before.
    addUnmatchedTickets(rest, createRandom(mixSeed(seed, 0x7fff_fff0)), unmatchedTickets);
    await insertSeedRows(tx, rest.rows, counts);

    await resetIdentitySequences(tx, [employees, macros, ...seedTableNames.map((name) => seedTables[name])]);
  });
  return { seed, today, counts, signIn: { email: DEMO_EMAIL, password: DEMO_PASSWORD } };
}

// Each customer draws from a stream of its own, so customer 7 and their loans and payments are
// the same in a demo of 300 customers and in one of 100,000.
function generateCustomer(context: SeedContext, index: number): void {
  const random = createRandom(mixSeed(context.seed, index + 1));
  const profile = describeCustomer(context, random, index);
  const loans = generateLoans(context, random, profile);
  const createdMs = loans.firstAppliedMs - random.int(10, 3 * 24 * 60) * MINUTE_MS;
  const { dnc } = addCustomerRows(context, random, profile, { createdMs, paidOffLoans: loans.paidOffLoans });
  addCustomerTickets(context, random, { ...profile, dnc }, loans);
  addNotifications(context, random, profile, loans);
}

async function insertSeedRows(db: Executor, rows: SeedRows, counts: DemoSummary['counts']): Promise<void> {
  for (const name of seedTableNames) {
    const tableRows = rows[name];
    await bulkInsert(db, seedTables[name], tableRows);
    counts[name] += tableRows.length;
  }
}
