import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from '@portal/demo-data';
import { createSsnSealer, startPortal, systemClock } from '@portal/server/seeding';
import { seedBackOfficeDemo } from './back-office/seed-back-office-demo.ts';
import { seedDemoTransactionEmails } from './back-office/demo-emails.ts';

// npm start: the Portal with the demo (README, Quick start). With STAGE=dev (the default) a first
// start fills an empty database with demo data (SEED_CUSTOMERS customers, their loans, payments and
// tickets), then the back office's work: notices and letters, ACDVs, reviews, surveys, posts; every
// start gives the first customers a few transaction emails. With any other stage the demo is left
// out entirely (startPortal runs none of this), as apps/server/src/main.ts would start it.
await startPortal({
  seedEmpty: async (tx, { config, secretsKey }) => {
    if (config.seedCustomers <= 0) return null;
    const seeded = await seedDemoData(tx, {
      customers: config.seedCustomers,
      timeZone: config.businessTimeZone,
      sealSsn: createSsnSealer(secretsKey),
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
