// The demo: what a dev start puts in an empty database so the Portal can be tried with no setup.
// apps/server/src/main.ts loads this package with a dynamic import when STAGE=dev, and nothing else
// in the product imports it (eslint.config.js): its accounts have a published password.
// `npm run db:seed` (seed-cli.ts) seeds the same data into the configured database.
export * from './data/index.ts';
export { seedBackOfficeDemo, type BackOfficeDemoSummary } from './back-office/seed-back-office-demo.ts';
export { seedDemoTransactionEmails } from './back-office/demo-emails.ts';
