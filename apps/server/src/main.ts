import { openDatabase } from '@portal/db';
import { buildApp } from './app.ts';
import { loadConfig, loadSecretsKey } from './config.ts';
import { createSsnSealer, sealStoredSsns } from './modules/customers/index.ts';
import { sealStoredMfaSecrets } from './modules/session/index.ts';
import { createSmtpMailer } from './platform/mail.ts';
import { systemClock } from './platform/clock.ts';
import { createSecretBox } from './platform/secret-box.ts';
import { createTwilioSmsSender } from './platform/sms.ts';
import { createDirectoryStorage } from './platform/storage.ts';
import { prepareDatabase } from './startup.ts';

const config = loadConfig();
const secretsKey = loadSecretsKey(config.secrets);
const database = await openDatabase(config.database);
// The demo (packages/demo), in dev only: its accounts have a published password, so no other stage
// loads it, and nothing else in the product imports it (eslint.config.js).
const demo = config.stage === 'dev' ? await import('@portal/demo') : null;
// Migrations, and on a first start in dev the demo data, so the Portal can be tried with no setup.
const seeded = await prepareDatabase(database, {
  stage: config.stage,
  seedEmpty:
    demo && config.seedCustomers > 0
      ? (tx) =>
          demo.seedDemoData(tx, {
            customers: config.seedCustomers,
            timeZone: config.businessTimeZone,
            sealSsn: createSsnSealer(secretsKey),
          })
      : undefined,
});
if (seeded) console.log(`Seeded demo data: ${seeded.counts.customers} customers.`);
// MFA secrets stored in plain text by an earlier version are sealed now, once.
const sealedSecrets = await sealStoredMfaSecrets(database.db, createSecretBox(secretsKey));
if (sealedSecrets > 0) console.log(`Sealed ${sealedSecrets} stored MFA secrets with the secrets key.`);
// So are customers' SSNs stored in plain text before migration 0011, in batches (decision 023).
const sealedSsns = await sealStoredSsns(database.db, secretsKey);
if (sealedSsns.sealed > 0)
  console.log(
    `Sealed ${sealedSsns.sealed.toLocaleString('en-US')} stored SSNs with the secrets key in ${sealedSsns.seconds.toFixed(1)} s.`,
  );

// Files in a directory or an S3 bucket; the AWS SDK is loaded only for S3.
const storage =
  config.storage.driver === 's3'
    ? (await import('./platform/s3-storage.ts')).createS3Storage(config.storage)
    : createDirectoryStorage(config.storage.dir);
// Dev with demo data: the first demo customers get a few transaction emails to show.
if (demo && config.seedCustomers > 0) await demo.seedDemoTransactionEmails(database.db, storage);
// The demo's first start: bankruptcy notices and dispute letters to work.
if (demo && seeded) {
  const backOffice = await demo.seedBackOfficeDemo({
    db: database.db,
    clock: systemClock,
    storage,
    secretsKey,
    businessTimeZone: config.businessTimeZone,
    flaggedRoutingNumbers: config.flaggedRoutingNumbers,
  });
  console.log(
    `Seeded demo work: ${backOffice.notices} bankruptcy notices, ${backOffice.disputes} disputes, ${backOffice.acdvs} ACDV requests, ${backOffice.identifications} identification cards, ${backOffice.incomes} loans with paystubs to review, ${backOffice.surveys} surveys with ${backOffice.surveyAnswers} answers, ${backOffice.blogPosts} blog posts.`,
  );
}

const app = await buildApp({
  database,
  settings: config,
  webDistDir: config.webDistDir,
  secretsKey,
  mailer: config.smtp ? createSmtpMailer(config.smtp.url, config.smtp.from) : null,
  sms:
    config.twilio.accountSid && config.twilio.authToken && config.twilio.fromNumber
      ? createTwilioSmsSender({
          accountSid: config.twilio.accountSid,
          authToken: config.twilio.authToken,
          from: config.twilio.fromNumber,
          ...(config.twilioApiBaseUrl ? { apiBaseUrl: config.twilioApiBaseUrl } : {}),
        })
      : null,
  storage,
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
const where =
  config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.dataDir}`;
console.log(`The Portal is running at http://localhost:${config.port} on ${where}.`);
if (demo) console.log(`Demo sign-in: ${demo.DEMO_EMAIL} / ${demo.DEMO_PASSWORD}`);
