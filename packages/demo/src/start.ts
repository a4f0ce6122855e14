// First: traces, when configured, patch pg and Fastify as they load (apps/server/src/tracing.ts).
import '@portal/server/tracing';
import { readFileSync, watchFile } from 'node:fs';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from '@portal/demo-data';
import { createBankNumbersSealer, createSsnSealer, startPortal, systemClock, type Clock } from '@portal/server/seeding';
import { seedBackOfficeDemo } from './back-office/seed-back-office-demo.ts';
import { seedDemoTransactionEmails } from './back-office/demo-emails.ts';

// npm start: the Portal with the demo (README, Quick start). With STAGE=dev (the default) a first
// start fills an empty database with demo data (SEED_CUSTOMERS customers, their loans, payments and
// tickets), then the back office's work: notices and letters, ACDVs, reviews, surveys, posts; every
// start gives the first customers a few transaction emails. With any other stage the demo is left
// out entirely (startPortal runs none of this), as apps/server/src/main.ts would start it.
const DAY_MS = 24 * 60 * 60 * 1000;

function clockOffset(text: string, from: string): number {
  const milliseconds = Number(text);
  if (text === '' || !Number.isInteger(milliseconds) || Math.abs(milliseconds) > DAY_MS)
    throw new Error(`${from} must be a whole number of milliseconds within a day; it is '${text}'.`);
  return milliseconds;
}

// The demo's "now", this far from the real one: DEMO_CLOCK_OFFSET_MS (to show the contact gate's
// quiet hours in the afternoon), or the number in DEMO_CLOCK_FILE, followed within a quarter second
// as it changes (the end-to-end spec of the gate moves the clock to the customer's window instead of
// waiting for it). Neither set: the real clock.
function demoClock(env = process.env): Clock | undefined {
  const file = env.DEMO_CLOCK_FILE;
  const fixed = env.DEMO_CLOCK_OFFSET_MS;
  if (!file && !fixed) return undefined;
  let offset = fixed ? clockOffset(fixed, 'DEMO_CLOCK_OFFSET_MS') : 0;
  if (file) {
    const follow = () => {
      try {
        offset = clockOffset(readFileSync(file, 'utf8').trim(), `DEMO_CLOCK_FILE (${file})`);
      } catch (error) {
        console.error(error instanceof Error ? error.message : error);
      }
    };
    follow();
    watchFile(file, { interval: 250 }, follow).unref();
  }
  return { now: () => new Date(Date.now() + offset) };
}

await startPortal({
  clock: demoClock(),
  seedEmpty: async (tx, { config, secretsKey }) => {
    if (config.seedCustomers <= 0) return null;
    const seeded = await seedDemoData(tx, {
      customers: config.seedCustomers,
      timeZone: config.businessTimeZone,
      sealSsn: createSsnSealer(secretsKey),
      sealBankNumbers: createBankNumbersSealer(secretsKey),
    });
    console.log(`Seeded demo data: ${seeded.counts.customers} customers.`);
    return seeded;
  },
  afterPrepare: async ({ config, secretsKey, db, storage, seeded }) => {
    if (config.seedCustomers <= 0) return;
    await seedDemoTransactionEmails(db, storage);
    if (!seeded) return;
    const backOffice = await seedBackOfficeDemo({
      db,
      clock: systemClock,
      storage,
      secretsKey,
      businessTimeZone: config.businessTimeZone,
      flaggedRoutingNumbers: config.flaggedRoutingNumbers,
    });
    console.log(
      `Seeded demo work: ${backOffice.notices} bankruptcy notices, ${backOffice.disputes} disputes, ${backOffice.acdvs} ACDV requests, ${backOffice.identifications} identification cards, ${backOffice.incomes} loans with paystubs to review, ${backOffice.surveys} surveys with ${backOffice.surveyAnswers} answers, ${backOffice.blogPosts} blog posts.`,
    );
  },
  banner: `Demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`,
});
